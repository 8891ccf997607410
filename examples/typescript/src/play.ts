// Plays a random game of every variant the server lists (ListVariants) against Ashtapada's
// HTTP/JSON API, one call per move: StartPosition, one ListLegalMoves, then RollDice (when the
// position waits for the dice) or ApplyMoves (a random legal action) with include_next, so that
// every answer carries the next turn. A game ends at its end or at the move limit; then
// ScorePosition must agree with the last answer. Last, a SearchStream reads the newline-delimited
// answer of a server stream. Exits non-zero on any failed call or inconsistent answer.
//
//   node dist/play.js [--url http://127.0.0.1:8080] [--seed 7] [--variant chaturaji ...]
//                     [--options '{"teams":true,"dice":2}'] [--max-actions 3000] [--verbose]

import { parseArgs } from "node:util";

import {
  ApiError,
  connect,
  ok,
  ref,
  type Action,
  type ApiClient,
  type GameHistory,
  type NextTurn,
  type Position,
  type Schemas,
  type SearchStreamLine,
  type Variant,
} from "./client.js";

/** An option bound (max_turns, max_rounds) set in every game that has one, so that random games end. */
const OPTION_BOUND = 30;

class Inconsistent extends Error {
  override name = "Inconsistent";
}

function check(cond: unknown, what: string, ...context: unknown[]): asserts cond {
  if (!cond) {
    throw new Inconsistent([what, ...context.map((c) => JSON.stringify(c)?.slice(0, 2000))].join(" | "));
  }
}

/** mulberry32: a small seeded generator, so that a seed replays the same games. */
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
function rollSeed(random: () => number): string {
  const hi = BigInt(Math.floor(random() * 2 ** 31));
  const lo = BigInt(Math.floor(random() * 2 ** 32));
  return ((hi << 32n) | lo).toString();
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  check(item !== undefined, "nothing to choose from");
  return item;
}

/**
 * The history for the repetition rule: the keys of the earlier positions or, when there are none,
 * the position itself as the start (an empty list of keys would be read as no history at all).
 */
function gameHistory(keys: string[], position: Position): GameHistory {
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

type OptionValue = boolean | number | string;

/** The options of a game: the given ones, and every bound the variant has that they leave out. */
function gameOptions(info: Variant, given: Record<string, OptionValue>): Record<string, OptionValue> {
  const options = { ...given };
  for (const o of info.options) {
    if (o.type === "OPTION_TYPE_INT" && o.name.startsWith("max_") && !(o.name in options)) {
      options[o.name] = Math.min(Math.max(OPTION_BOUND, Number(o.min)), Number(o.max));
    }
  }
  return options;
}

interface Result {
  actions: number;
  rolls: number;
  position: Position;
  score: Schemas["ScorePositionResponse"];
}

async function play(
  client: ApiClient,
  info: Variant,
  options: Record<string, OptionValue>,
  maxActions: number,
  random: () => number,
  verbose: boolean,
): Promise<Result> {
  const { api } = client;
  const variant = info.name;
  let { position } = await ok(
    api.POST("/v1/variants/{variant}:start", { params: { path: { variant } }, body: { options } }),
  );
  for (const [name, value] of Object.entries(options)) {
    check(position.options[name] === value, `option ${name} not in the start position`, position.options);
  }

  // The one ListLegalMoves of the game; from here on every answer brings the next turn.
  const listed = await ok(api.POST("/v1/moves:list", { body: { position: ref(position) } }));
  let next: NextTurn = {
    ...listed,
    status: "GAME_STATUS_ONGOING",
    winners: [],
    standings: [],
    teams: [],
    decided_by: "",
  };
  checkNext(next, position);

  // Keys of the positions since the last irreversible action, for the repetition rule.
  let history: string[] = [];
  const withHistory = (): { history?: GameHistory } =>
    info.repetition > 0 ? { history: gameHistory(history, position) } : {};
  let actions = 0;
  let rolls = 0;
  while (next.status === "GAME_STATUS_ONGOING" && actions < maxActions) {
    const before = position;
    let label: string;
    let answer: { position: Position; next?: NextTurn };
    if (next.chance) {
      const seed = rollSeed(random);
      const roll = await ok(api.POST("/v1/dice:roll", { body: { position: ref(position), seed, include_next: true } }));
      check(roll.seed === seed, "the roll did not use our seed", roll.seed, seed);
      check(roll.values.length > 0, "a roll without values", roll);
      label = `roll ${roll.values.join(" ")}`;
      rolls++;
      answer = roll;
    } else {
      const move: Action = pick(next.moves, random);
      const applied = await ok(
        api.POST("/v1/moves:apply", {
          body: { position: ref(position), moves: [{ notation: move.notation }], include_next: true, ...withHistory() },
        }),
      );
      check(applied.failure === undefined, "a listed action was refused", move, applied.failure);
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

  const score = await ok(api.POST("/v1/positions:score", { body: { position: ref(position), ...withHistory() } }));
  check(score.status === next.status, "ScorePosition: another status", score.status, next.status);
  check(score.reason === next.reason, "ScorePosition: another reason", score.reason, next.reason);
  check(
    [...score.winners].sort().join() === [...next.winners].sort().join(),
    "ScorePosition: other winners",
    score.winners,
    next.winners,
  );
  check(
    JSON.stringify(score.standings) === JSON.stringify(next.standings) || next.status === "GAME_STATUS_ONGOING",
    "ScorePosition: other standings",
    score.standings,
    next.standings,
  );
  return { actions, rolls, position, score };
}

async function checkErrors(client: ApiClient): Promise<void> {
  try {
    await ok(client.api.POST("/v1/moves:list", { body: { position: { variant: "chaturanga", text: "8/8 w" } } }));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    check(e.httpStatus === 400 && e.status === "INVALID_ARGUMENT", "a bad position is not INVALID_ARGUMENT", e.body);
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

/** Reads SearchStream's answer, newline-delimited JSON, line by line as it comes. */
async function searchStream(client: ApiClient, position: Position): Promise<SearchStreamLine[]> {
  const { data, error, response } = await client.api.POST("/v1/analysis:searchStream", {
    body: { position: ref(position), depth: 3 },
    parseAs: "stream",
  });
  if (error !== undefined) throw new ApiError(response.status, error.error);
  check(response.headers.get("Content-Type") === "application/x-ndjson", "SearchStream is not NDJSON", response.headers.get("Content-Type"));
  check(data, "SearchStream has no body");
  const lines: SearchStreamLine[] = [];
  let buffered = "";
  const decoder = new TextDecoder();
  const take = (text: string) => {
    buffered += text;
    for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (line) lines.push(JSON.parse(line) as SearchStreamLine);
    }
  };
  for await (const chunk of data) take(decoder.decode(chunk, { stream: true }));
  take(decoder.decode() + "\n");
  return lines;
}

async function checkSearchStream(client: ApiClient, position: Position): Promise<string> {
  const lines = await searchStream(client, position);
  const results = lines.map((l) => {
    if ("error" in l) throw new ApiError(l.error.code, l.error);
    return l.result;
  });
  const last = results.at(-1);
  check(last?.final === true, "the stream's last message is not final", last);
  check(
    results.slice(0, -1).every((r) => !r.final),
    "a message before the last is final",
    results.map((r) => r.final),
  );
  check(last.depth === 3 && last.complete, "the final message is not the completed depth 3", last);
  const best = last.best_action;
  check(best !== undefined, "a completed search without a best action", last);
  return `searchStream ${position.variant}: ${results.length} lines, depth ${last.depth}, best ${best.san || best.notation}`;
}

async function main(): Promise<number> {
  const { values: args } = parseArgs({
    options: {
      url: { type: "string", default: process.env["ASHTAPADA_URL"] ?? "http://127.0.0.1:8080" },
      seed: { type: "string" },
      variant: { type: "string", multiple: true },
      options: { type: "string" },
      "max-actions": { type: "string", default: "3000" },
      verbose: { type: "boolean", short: "v", default: false },
    },
  });
  const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 32);
  const maxActions = Number(args["max-actions"]);
  const given = args.options !== undefined ? (JSON.parse(args.options) as Record<string, OptionValue>) : {};
  const client = connect(args.url);
  console.log(`play.ts: ${args.url}, seed ${seed}, at most ${maxActions} actions a game`);
  const random = rng(seed);
  let games = 0;
  try {
    await checkErrors(client);
    const { variants } = await ok(client.api.GET("/v1/variants"));
    const only = args.variant ?? [];
    for (const name of only) {
      check(
        variants.some((v) => v.name === name),
        `--variant ${name}: no such variant`,
        variants.map((v) => v.name),
      );
    }
    check(args.options === undefined || only.length === 1, "--options needs exactly one --variant");
    for (const summary of variants) {
      if (only.length > 0 && !only.includes(summary.name)) continue;
      const { variant: info } = await ok(client.api.GET("/v1/variants/{name}", { params: { path: { name: summary.name } } }));
      const options = gameOptions(info, given);
      const r = await play(client, info, options, maxActions, random, args.verbose);
      games++;
      const standings = r.score.standings.map((s) => `${s.player} ${s.score} (#${s.place})`).join(", ");
      const teams = r.score.teams.map((t) => `${t.team} ${t.score} (#${t.place})`).join(", ");
      const end =
        r.score.status === "GAME_STATUS_FINISHED"
          ? `${r.score.reason}, winners: ${r.score.winners.join(", ") || "none (draw)"}`
          : `stopped at the move limit`;
      console.log(
        `${info.name} ${JSON.stringify(options)}: ${r.actions} actions (${r.rolls} rolls), ${end}` +
          (standings ? `; ${standings}` : "") +
          (teams ? `; teams: ${teams}` : ""),
      );
    }
    check(games > 0, "no game played");
    const { position } = await ok(
      client.api.POST("/v1/variants/{variant}:start", { params: { path: { variant: "chaturanga" } }, body: {} }),
    );
    console.log(await checkSearchStream(client, position));
  } catch (e) {
    const why = e instanceof Error ? `${e.name}: ${e.message}${e.cause ? ` (${String(e.cause)})` : ""}` : String(e);
    console.error(`play.ts: FAILED (seed ${seed}): ${why}`);
    return 1;
  }
  console.log(`play.ts: ok, ${games} games, ${client.calls()} calls`);
  return 0;
}

process.exitCode = await main();
