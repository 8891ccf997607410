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
// seeds; go run ./cmd/experiments paranoid-maxn):
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
// winning (Line.Chances), (1 + his side's mean) / 2, which self-play results follow (go run
// ./cmd/experiments chances); in a search valued by chances of first place, those chances, the
// players of other sides sharing what the root's side leaves in proportion to their estimates.
// In four-player chaturaji, whose MCTSGreedy values positions by each player's lead, a logistic
// fitted to self-play of that search reads the chance of first place from a side's mean
// (SideHints.FirstPlace, go run ./cmd/experiments first-chances), shared the same way.
//
// # Auto
//
// Auto runs what the variant's search hints name for its number of sides
// (engine.SideHints.Algorithm), chosen by matches at equal time: MCTSGreedy in four-player
// chaturaji, martian_chess and martian_coaster_chaturanga, MCTS in four-player coaster_chess,
// martian_chaturaji and martian_chaturanga, otherwise alpha-beta (two sides) or paranoid (more).
// Valued by chances of first place (FirstChancer), MCTSGreedy explores with
// firstChanceExplore and values a playout by the mean of the leaf's chances and those where it
// stops (firstChanceLeaf). docs/measurements.md ("How the search hints were chosen") has the
// matches behind each choice.
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
// docs/measurements.md ("The search's own figures") has the nodes saved by null windows and
// Star1, the benchmarks' speed and allocations, and the playouts' rate.
//
// # Playouts and bots
//
// Rollout plays seeded random or greedy games (PCG from the seed, rolls drawn by probability)
// and sums up wins, draws, utilities, points and Wilson intervals. RandomBot, GreedyBot (the
// action winning the most material at once, as the greedy policy), OnePlyBot (one action ahead
// on the variant's evaluation, averaging over a roll that follows) and SearchBot play matches
// through PlayGame.
package search
