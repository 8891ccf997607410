// Package search chooses actions for every variant through the engine.Position contract: iterative
// deepening alpha-beta for two sides, expectimax with Star1 pruning at the dice, paranoid and
// max^n for more sides, seeded playouts, and bots for match play.
//
// # Sides
//
// Players on one side share a value. A node that implements Sider (Sides() []int, asked once at
// the root) groups players into teams; otherwise every player is a side. Two sides (chaturanga,
// team chaturaji) search by negamax; more sides (chaturaji without teams) by paranoid or max^n.
//
// # Alpha-beta
//
// Values are in pawns, as engine.Judge.Evaluate gives them. A node's value is for the side of
// its ToMove: the mean of that side's players' values less the other side's mean, halved, which
// is zero-sum even where an evaluation is not and equals Evaluate's own value where it is. Dice
// games give one player several actions a turn, so a child's value is negated only when the
// child belongs to the other side. The search is fail-soft negamax with
//
//   - a transposition table of fixed size (entries of 48 bytes: key, value vector, move, depth,
//     bound) that keeps the deeper entry of the current search and replaces older ones;
//   - principal variation search: after the first action every action is tried with a null
//     window, (alpha, the next float64 above alpha), and searched again if it fails high;
//     principal variation nodes take no cut-offs from the table, so lines reach the horizon;
//   - ordering: the table's move, then actions that win material (engine.Tactics.Gain, largest
//     first), two killer moves per ply, the counter-move (the quiet action that last refuted the
//     action before), then a history counter of quiet actions that refuted positions (depth
//     squared, as much taken from the quiet actions tried before the refutation, halved before
//     each search);
//   - quiescence at the horizon when the node implements engine.Tactics: stand pat, or follow
//     the noisy actions (every action when in check); a chance node at the horizon stands pat;
//   - in the games whose search hints say so (engine.SearchHints.Selective; prune.go), unless Options.FullWidth: null move
//     (engine.Passer, reduced more the further the static value stands above beta), late-move
//     reductions (less for actions with a good history and for killers, more while the side's
//     static value is not improving on its last turn's), late-move pruning, reverse futility and
//     futility pruning (from the table's bound where it is tighter than the static value),
//     internal iterative reduction, check and singular extensions, aspiration windows at the
//     root, the table and delta pruning in quiescence, and the exchange (engine.Exchanger):
//     losing captures ordered last and left out of quiescence, and near the horizon actions that
//     lose material pruned, each kept for a match's gain (docs/measurements.md);
//   - a finished game worth Utility×engine.WinValue moved one pawn toward zero per ply from the
//     root, so that a sooner win and a later loss are preferred; static values are clamped
//     below the win range. Wins are stored in the table relative to their node.
//
// # Chance nodes
//
// A position in engine.PhaseRoll is worth Σ Probability(roll)×value(child); it does not count as
// depth, like perft. Star1 (Ballard 1983) prunes it: every value lies in [-WinValue, WinValue],
// so with the outcomes sorted most likely first, each is searched with the window that would
// decide the node whatever the remaining ones give, and the node fails low or high as soon as
// that bound crosses the window. A value averaging wins and losses at several distances cannot
// be moved exactly to another ply, so in variants with dice the table also keys positions by
// their ply: the values stay exact, and tests compare them with plain expectimax bit for bit.
//
// # More than two sides
//
// Paranoid is the alpha-beta code with the root player's side maximising its mean value and
// every other player minimising it. Max^n (Luckhardt and Irani) values a node by the vector of
// all players' values: the mover picks the child best for its side, a chance node averages the
// vectors; nothing is pruned, the table saves transpositions, and the horizon is the static
// evaluation without quiescence. Both search chaturaji equally deep for a given node budget
// (3.5 actions at 2,000 nodes and 4.5 at 20,000, from the start).
// Where the variant's search hints name no algorithm (see Auto), Auto runs paranoid, which did at least as well in
// matches of chaturaji without teams (two seats each, swapped every other game, the same dice
// seeds; TestMeasureParanoidMaxN):
//
//	budget        games  win share (paranoid / max^n)  points per seat, paranoid − max^n
//	2,000 nodes    197   0.266 / 0.234                 +0.90 ± 1.31 (95%)
//	20,000 nodes    96   0.281 / 0.219                 +1.25 ± 1.76
//
// The mean ranks were equal (2.44 / 2.46 and 2.46 / 2.46): the difference is within the noise,
// but always for paranoid. AlphaBeta asked of more than two sides searches as paranoid. Lines
// report the root side's value to its players and its negation to everyone else; max^n reports
// the whole vector.
//
// # Monte Carlo tree search
//
// MCTS (mcts.go; its answers in mctslines.go, its chances in chances.go) is UCT over a pool of
// nodes: every node sums each player's value, the mover picks the child best for its side plus
// sqrt(log N / n) (explore 1), a chance node takes the outcome furthest behind its share of the
// visits, a leaf is scored by a greedy playout of 8 actions (the variant's SideHints.Playout: 30 in chaturaji, to the
// end in martian_coaster_chaturanga) valued by tanh(evaluation / 3 pawns), and a finished game by
// its Utility. With more than two sides a playout is valued by each player's lead over the best
// other side ("lead"), not over their mean: over the mean, the search settles for second places.
//
// MCTSGreedy models the other sides instead of searching them: below the root, a player of
// another side picks among the actions that win the most material (engine.Tactics.Gain) at
// random, as GreedyBot and the playouts do, and only the root's side chooses by UCT. Against
// greedy players it sees what they will do; in four-player Martian Chess, where games turn on a
// few captures, it also beat MCTS head to head, and in Chaturaji paranoid, so Auto runs it there
// (below). In a game that is a FirstChancer with more than two sides (four-player Martian Coaster
// Chaturanga), it cuts its playouts after 8 actions and values them by each player's chance of
// finishing first, a model fitted to games of this search against greedy players: first places
// against three greedy players rose from 0.615 [0.593, 0.636] (to the end) to 0.642 and 0.649
// (seeds 31 and 33, 2,000 games each), where the evaluation's score, which says little about who
// will be first, had lost to playing out to the end. Where the game is an Ender (the same game),
// the model's player also takes an action that ends the game with him first, or one after which
// another action of his turn does: head to head against paranoid that took 0.216 of the first
// places where the greedy model took 0.163 (1,600 games), against greedy players 0.634 against
// 0.645 (4,000 games, within the noise).
//
// A line of MCTS in a game with dice and two sides also carries every player's chance of
// winning (Line.Chances), (1 + his side's mean) / 2, which self-play results follow
// (TestMeasureChances); in a search valued by chances of first place, those chances, the
// players of other sides sharing what the root's side leaves in proportion to their estimates.
// In four-player chaturaji, whose MCTSGreedy values positions by each player's lead, a logistic
// fitted to self-play of that search reads the chance of first place from a side's mean
// (SideHints.FirstPlace, TestMeasureFirstChances), shared the same way.
//
// # Auto
//
// Auto reads the variant's search hints for its number of sides (engine.SideHints.Algorithm), set from matches
// at 20 ms a move, 200 games, seed 31, seats rotating from game to game. First places (shared ones
// count) with 95% intervals against three greedy players:
//
//	ashtapada match --variant V [--options players=4] --seed 31 --games 200 --jobs 1 \
//	  --players search:movetime=20ms:alg=A,greedy,greedy,greedy
//
//	variant (sides)                 paranoid                max^n                 mcts
//	chaturaji (4)                   0.64                    -                     0.605 [0.536, 0.670] *
//	martian_chess (4)               0.420 [0.354, 0.489]    0.350 [0.287, 0.418]  0.605 [0.536, 0.670]
//	coaster_chess (4)               0.655 [0.587, 0.717]    0.580 [0.511, 0.646]  0.760 [0.696, 0.814]
//	martian_coaster_chaturanga (4)  0.445 [0.378, 0.514]    0.470 [0.402, 0.539]  0.485 [0.417, 0.554]
//	martian_chaturaji (2)           0.690 [0.623, 0.750] †  -                     0.760 [0.696, 0.814]
//
// (* without lead, see below; with it 0.555 [0.486, 0.622]; † alpha-beta, today's default for two
// sides; chaturaji's paranoid figure is the earlier measurement.) MCTSGreedy, on a quiet machine:
//
//	variant (sides)                 mcts                  mcts-greedy
//	martian_chess (4)               0.575 [0.506, 0.641]  0.740 [0.675, 0.796]
//	coaster_chess (4)               0.760 [0.696, 0.814]  0.800 [0.739, 0.850]
//	martian_coaster_chaturanga (4)  0.570 (paranoid)      0.500 [0.431, 0.569]
//
// Playout lengths, mcts-greedy, seed 31 (chaturaji also seed 32), 200 games (400 in
// martian_coaster_chaturanga), first places against three greedy players:
//
//	chaturaji (4)                   16: 0.625   30: 0.705, 0.670   50: 0.680, 0.675
//	                                100: 0.670   to the end: 0.630   (paranoid: 0.595)
//	martian_coaster_chaturanga (4)  8: 0.525   20: 0.522   to the end: 0.608 (mcts 0.557)
//	                                (paranoid: 0.525)
//
// A Chaturaji game lasts about 880 actions, so a playout to its end is long and noisy; a Martian
// Coaster Chaturanga game about 38, and the evaluation's score says little about who will be first
// when it ends: there, only the end does.
//
// Head to head at equal time, two seats each (--players mcts,other,mcts,other), the share of
// first places (won or shared):
//
//	martian_chess (4)               mcts 0.595 [0.546, 0.642], paranoid 0.463
//	martian_chess (4)               mcts-greedy 0.525 [0.476, 0.573], mcts 0.417 (--open 4)
//	coaster_chess (4)               mcts-greedy 0.645, mcts 0.660 (--open 4)
//	coaster_chess (4)               every game a 4-way draw (without lead: mcts 0.752, paranoid 0.510)
//	martian_coaster_chaturanga (4)  mcts 0.200, paranoid 0.300; score 0.434 [0.386, 0.483]
//	martian_coaster_chaturanga (4)  mcts-greedy (to the end) 0.163 [0.130, 0.202], paranoid 0.338 (--open 4)
//	chaturaji (4)                   mcts-greedy (30) 0.335 [0.273, 0.403], paranoid 0.185 (--open 4,
//	                                max_rounds=20, 100 games)
//
// and MCTS against alpha-beta (expectimax) in two-side games with dice:
//
//	martian_chaturaji               178 of 200 games won, 0.89 [0.839, 0.926]
//	martian_coaster_chaturanga      95 of 200 won, 0.475 [0.407, 0.544] (--options players=2, partners
//	                                then searched as opponents; since they are one side, mcts-greedy
//	                                won 72 of 200, docs/measurements.md)
//	martian_chaturanga              score 0.595 [0.526, 0.661], +67 Elo [+19, +118];
//	                                seed 32: 0.670 [0.602, 0.731], +123 Elo [+74, +177]
//
// So the hints run MCTSGreedy in four-player chaturaji, martian_chess and
// martian_coaster_chaturanga, MCTS in four-player coaster_chess, martian_chaturaji and
// martian_chaturanga, and alpha-beta between the partnerships in martian_coaster_chaturanga's
// two-player game. In four-player martian_coaster_chaturanga the choice depends on the other
// players (20 ms, first places; docs/measurements.md):
//
//	field                                       mcts-greedy            paranoid
//	three greedy players (2,000 games each)     0.634 (seeds 31, 33)   0.518 (seed 31)
//	both, beside two greedy players (1,000)     0.594                  0.239
//	one against three of the other (600 each)   0.218                  0.232
//	two seats each (--open 4, 1,600 games)      0.216                  0.284
//
// MCTSGreedy is far ahead wherever a player who does not search sits at the table, and
// paranoid only among searching bots, so Auto runs MCTSGreedy. Valued by chances of first place
// (FirstChancer), it explores with 0.5 instead of 1 (firstChanceExplore): against three greedy
// players, 2,000 games at each of seeds 31, 33, 35 and 37 on a machine making 2.2-2.7 M nodes a
// second, 0.624 of the first places against 0.606 (+0.018 [+0.002, +0.033]). Its playouts are
// worth the mean of the leaf's own chances and those where the playout stops (firstChanceLeaf):
// 0.631 against 0.614 over 14,000 games (+0.017 [+0.005, +0.028]).
//
// Lead was kept because it gained in the chess games: 611 first places in 1,000 games against
// 565 without it (martian_chess and coaster_chess at seeds 31 and 32,
// martian_coaster_chaturanga), and head to head in martian_chess MCTS had 0.035 of the first
// places without it. Other settings moved martian_chess within the noise (0.45 to 0.58:
// explore 0.25, 0.5 or 2, playouts of 0, 4 or 16 actions, scale 1.5 or 6, finished games valued
// by first place alone, priors). In coaster_chess a 4-way draw (the clock called at once, then
// seven quiet moves) is a first place for everyone: 91 of MCTS's 200 games with lead, 54 without,
// 83 of paranoid's; MCTS still won more games alone or shared with fewer (61, 86 and 48).
//
// # Iterative deepening and limits
//
// Depth counts actions. Each iteration searches every root action; with MultiPV k an action is
// searched against the k-th best exact value so far, so the k reported values are exact. The
// clock, the node budget and the context are checked every 1024 nodes; when one stops the
// search, Search returns the last completed iteration, or, if none completed, the actions the
// first one valued (or the first action in search order). A search ends early, Complete, when
// an iteration met no horizon: the tree is solved. With Options.Repetition, a position whose key
// occurs Repetition-1 times before it on the game's History and the search path is a draw.
//
// # Allocation
//
// A Searcher keeps its table, its history counters and its stack (one engine.NewNode position,
// move buffer and principal variation per ply, made on first use) from search to search, so a
// search allocates only its Result: a constant 3 to 4 allocations at any depth. Rollout allocates
// its two positions per call and each finished playout's Outcome.
//
// # Measurements
//
// Null windows (PVS) saved 9% of the nodes of depth-7 chaturanga searches on five positions
// (1,128,327 against 1,237,784); Star1 saved 57% on depth-5 team chaturaji searches from ten
// starts (197,708 against 454,706 nodes). On a shared 2-core AMD EPYC (go test -bench Search,
// 16 MiB table cleared before each search; load 3-4 from a match running beside it):
//
//	BenchmarkSearchChaturanga/start/depth=6        1.1-1.4 ms/op      2,530 nodes/op   1.9-2.3 M nodes/s   3 allocs/op
//	BenchmarkSearchChaturanga/middlegame/depth=6   4.6-6.0 ms/op      8,971 nodes/op   1.5-2.0 M nodes/s   3 allocs/op
//	BenchmarkSearchChaturaji/paranoid/depth=4     0.95-1.05 ms/op     2,572 nodes/op   2.4-2.7 M nodes/s   4 allocs/op
//	BenchmarkSearchChaturaji/maxn/depth=4         1.17-1.27 ms/op     3,456 nodes/op   2.7-3.0 M nodes/s   4 allocs/op
//	BenchmarkSearchChaturaji/teams/depth=4        0.71-0.97 ms/op     2,141 nodes/op   2.2-3.0 M nodes/s   4 allocs/op
//
// The chaturanga searches visit far fewer nodes at a depth than before the late-move and
// exchange pruning (16,184 and 139,287), and each node costs more, mostly in the evaluation.
//
// Playouts (BenchmarkRollout, 10 playouts an op) run at 4.3-4.6 M actions/s in chaturanga and
// 6.9-7.4 M in chaturaji with the random policy, with 21 and 39 allocations for about 5,700 and
// 25,500 actions: the playouts' outcomes, nothing per action.
//
// Most of the time goes to the variants' move generation and evaluation. TestMeasureEffort
// (-measure) reports the depth, the effective branching factor and the first-action cut-off rate
// of chaturanga searches to a node budget.
//
// # Playouts and bots
//
// Rollout plays seeded random or greedy games (PCG from the seed, rolls drawn by probability)
// and sums up wins, draws, utilities, points and Wilson intervals. RandomBot, GreedyBot (the
// action winning the most material at once, as the greedy policy), OnePlyBot (one action ahead
// on the variant's evaluation, averaging over a roll that follows) and SearchBot play matches
// through PlayGame.
package search
