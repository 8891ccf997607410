// Plays one random game against Ashtapada's HTTP/JSON API, one call per move: StartPosition, one
// ListLegalMoves, then RollDice (when the position waits for the dice) or ApplyMoves (a random
// legal action) with include_next, so that every answer carries the next turn. Exits non-zero
// on any failed call or inconsistent answer.
//
//   node dist/play.js [--url http://127.0.0.1:8080] [--seed 7] [--variant chaturaji]
//                     [--options '{"teams":true,"dice":2,"max_rounds":20}'] [--verbose]

import { parseArgs } from "node:util";

import {
  ApiError,
  RulesClient,
  type GameStatus,
  type Int64,
  type NextTurn,
  type OptionValue,
  type GameHistory,
  type Position,
  type ScorePositionResponse,
  ref,
} from "./api.js";

const MAX_ACTIONS = 20_000;

class Inconsistent extends Error {
  override name = "Inconsistent";
}

function check(cond: unknown, what: string, ...context: unknown[]): asserts cond {
  if (!cond) {
    throw new Inconsistent([what, ...context.map((c) => JSON.stringify(c)?.slice(0, 2000))].join(" | "));
  }
}

/** mulberry32: a small seeded generator, so that a seed replays the same game. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 63-bit roll seed from the generator, as the decimal string JSON uses for uint64. */
function rollSeed(random: () => number): Int64 {
  const hi = BigInt(Math.floor(random() * 2 ** 31));
  const lo = BigInt(Math.floor(random() * 2 ** 32));
  return ((hi << 32n) | lo).toString();
}

/**
 * The history for the repetition rule: the keys of the earlier positions or, when there are none,
 * the position itself as the start (an empty list of keys would be read as no history at all).
 */
function gameHistory(keys: Int64[], position: Position): GameHistory {
  return keys.length > 0 ? { keys } : { start: ref(position) };
}

function checkNext(next: NextTurn | undefined, position: Position): asserts next is NextTurn {
  check(next, "the answer has no next turn although include_next was set");
  if (next.status === "GAME_STATUS_ONGOING") {
    check(next.moves.length > 0, "the game goes on but next.moves is empty", next);
    check(next.to_move !== "", "the game goes on but next.to_move is empty", next);
    check(next.phase !== "PHASE_FINISHED", "ongoing status with phase PHASE_FINISHED", next);
    check(next.chance === (next.phase === "PHASE_ROLL"), "next.chance disagrees with next.phase", next);
    check(position.phase === next.phase, "next.phase differs from the position's", next, position.phase);
    check(next.winners.length === 0, "winners while the game goes on", next);
  } else {
    check(next.status === "GAME_STATUS_FINISHED", `next.status is ${next.status}`);
    check(next.moves.length === 0, "the game is over but next.moves is not empty", next);
    check(next.phase === "PHASE_FINISHED", "finished status with another phase", next);
    check(next.reason !== "", "the game is over without a reason", next);
  }
}

interface Result {
  actions: number;
  rolls: number;
  position: Position;
  score: ScorePositionResponse;
}

async function play(
  client: RulesClient,
  variant: string,
  options: Record<string, OptionValue>,
  random: () => number,
  verbose: boolean,
): Promise<Result> {
  const { variant: info } = await client.getVariant(variant);
  let { position } = await client.startPosition(variant, options);
  for (const [name, value] of Object.entries(options)) {
    check(position.options[name] === value, `option ${name} not in the start position`, position.options);
  }

  // The one ListLegalMoves of the game; from here on every answer brings the next turn.
  const listed = await client.listLegalMoves({ position: ref(position) });
  let next: NextTurn = { ...listed, status: "GAME_STATUS_ONGOING" as GameStatus, winners: [], standings: [], teams: [] };
  checkNext(next, position);

  // Keys of the positions since the last irreversible action, for the repetition rule.
  let history: Int64[] = [];
  let actions = 0;
  let rolls = 0;
  while (next.status === "GAME_STATUS_ONGOING") {
    check(actions < MAX_ACTIONS, `no end after ${MAX_ACTIONS} actions`);
    const before = position;
    let label: string;
    let answer: { position: Position; next?: NextTurn };
    if (next.chance) {
      const seed = rollSeed(random);
      const roll = await client.rollDice({ position: ref(position), seed, include_next: true });
      check(roll.seed === seed, "the roll did not use our seed", roll.seed, seed);
      check(roll.values.length > 0, "a roll without values", roll);
      label = `roll ${roll.values.join(" ")}`;
      rolls++;
      answer = roll;
    } else {
      const move = next.moves[Math.floor(random() * next.moves.length)];
      check(move, "no move chosen");
      const applied = await client.applyMoves({
        position: ref(position),
        moves: [{ notation: move.notation }],
        include_next: true,
        ...(info.repetition > 0 ? { history: gameHistory(history, position) } : {}),
      });
      check(!applied.failure, "a listed action was refused", move, applied.failure);
      check(applied.applied === 1, "applied is not 1", applied.applied);
      const last = applied.position.last_action;
      check(last?.notation === move.notation, "position.last_action is not the action sent", move, last);
      check(last.san === move.san, "the SAN of the action differs from the listed one", move, last);
      label = move.san || move.notation;
      answer = applied;
    }
    actions++;
    position = answer.position;
    checkNext(answer.next, position);
    next = answer.next;
    if (info.repetition > 0) {
      const clock = position.counters.find((c) => c.name === "halfmove_clock");
      history = clock?.value === "0" ? [] : [...history, before.key];
    }
    if (verbose) {
      const who = next.to_move === position.to_move ? next.to_move : `${next.to_move} for ${position.to_move}`;
      console.log(`  ${label.padEnd(18)} ${position.text}   next: ${who}`);
    }
  }

  const score = await client.scorePosition({
    position: ref(position),
    ...(info.repetition > 0 ? { history: gameHistory(history, position) } : {}),
  });
  check(score.status === "GAME_STATUS_FINISHED", "ScorePosition: not finished", score.status);
  check(score.reason === next.reason, "ScorePosition: another reason", score.reason, next.reason);
  check(
    [...score.winners].sort().join() === [...next.winners].sort().join(),
    "ScorePosition: other winners",
    score.winners,
    next.winners,
  );
  check(
    JSON.stringify(score.standings) === JSON.stringify(next.standings),
    "ScorePosition: other standings",
    score.standings,
    next.standings,
  );
  return { actions, rolls, position, score };
}

async function checkErrors(client: RulesClient): Promise<void> {
  try {
    await client.listLegalMoves({ position: { variant: "chaturanga", text: "8/8 w" } });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    check(e.httpStatus === 400 && e.status === "INVALID_ARGUMENT", "a bad position is not INVALID_ARGUMENT", e.status);
    check(e.reason === "INVALID_POSITION", "reason is not INVALID_POSITION", e.reason);
    check(
      e.fieldViolations.some((v) => v.field === "position.text"),
      "no field violation for position.text",
      e.fieldViolations,
    );
    return;
  }
  throw new Inconsistent("a malformed position was accepted");
}

async function main(): Promise<number> {
  const { values: args } = parseArgs({
    options: {
      url: { type: "string", default: process.env["ASHTAPADA_URL"] ?? "http://127.0.0.1:8080" },
      seed: { type: "string" },
      variant: { type: "string", default: "chaturaji" },
      options: { type: "string", default: '{"teams":true,"dice":2,"max_rounds":20}' },
      verbose: { type: "boolean", short: "v", default: false },
    },
  });
  const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 32);
  const options = JSON.parse(args.options) as Record<string, OptionValue>;
  const client = new RulesClient(args.url);
  console.log(`play.ts: ${args.url}, ${args.variant} ${JSON.stringify(options)}, seed ${seed}`);
  try {
    await checkErrors(client);
    const r = await play(client, args.variant, options, rng(seed), args.verbose);
    const standings = r.score.standings.map((s) => `${s.player} ${s.score} (#${s.place})`).join(", ");
    const teams = r.score.teams.map((t) => `${t.team} ${t.score} (#${t.place})`).join(", ");
    console.log(
      `${args.variant}: ${r.actions} actions (${r.rolls} rolls), ${r.score.reason}, ` +
        `winners: ${r.score.winners.join(", ") || "none (draw)"}; ${standings}` +
        (teams ? `; teams: ${teams}` : ""),
    );
  } catch (e) {
    const why = e instanceof Error ? `${e.name}: ${e.message}${e.cause ? ` (${String(e.cause)})` : ""}` : String(e);
    console.error(`play.ts: FAILED (seed ${seed}): ${why}`);
    return 1;
  }
  console.log(`play.ts: ok, ${client.calls} calls`);
  return 0;
}

process.exitCode = await main();
