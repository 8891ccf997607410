// Plays a game of every variant against a real server (ASHTAPADA_URL) and prints the game log
// summary. The bot searches (depth 1, a few hundred nodes) every eighth choice and otherwise
// plays a random legal action; choices and rolls come from one seed, so a run replays.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client, ref, type GameHistory, type NextTurn, type Position } from "../src/index.js";

const url = process.env["ASHTAPADA_URL"] ?? "";
const seed = Number(process.env["ASHTAPADA_SEED"] ?? "1");
const MAX_ACTIONS = 3000;
const SEARCH_EVERY = 8;

// An integer option named max_... whose default is 0 (no limit), such as max_turns or max_rounds,
// is set to this, so that a game of random play ends in a few minutes at most.
const BOUND = 20;

/**
 * The games to play, [variant, options], as the server describes them: every variant
 * ListVariants gives, at its default options and under each of its option boards' options (the
 * other boards and seats, such as four players), with any max_... limit bound to BOUND.
 */
async function games(client: Client): Promise<[string, Record<string, unknown>][]> {
  const out: [string, Record<string, unknown>][] = [];
  for (const summary of (await client.listVariants()).variants) {
    const { variant } = await client.getVariant(summary.name);
    const bounds: Record<string, unknown> = {};
    for (const o of variant.options) {
      if (o.name.startsWith("max_") && o.type === "OPTION_TYPE_INT" && Number(o.default_value ?? 0) === 0) {
        bounds[o.name] = Math.min(BOUND, Number(o.max || BOUND));
      }
    }
    out.push([variant.name, { ...bounds }]);
    for (const board of variant.option_boards) {
      out.push([variant.name, { ...board.options, ...bounds }]);
    }
  }
  return out;
}

/** mulberry32: a small seeded generator, so that the same seed plays the same games. */
function rng(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  assert.ok(item !== undefined, "nothing to choose from");
  return item;
}

async function play(client: Client, variant: string, options: Record<string, unknown>, random: () => number) {
  const start = (await client.startPosition(variant, options)).position;
  let pos = start;
  const listed = await client.legalMoves(pos, { view: "MOVE_VIEW_NOTATION" });
  // The first turn; every later one comes with the answer to the action.
  let next: Pick<NextTurn, "chance" | "moves" | "status" | "reason" | "winners"> = { ...listed, status: "GAME_STATUS_ONGOING", reason: "", winners: [] };
  const repetition = (await client.getVariant(variant)).variant.repetition > 0;
  const keys: string[] = [];
  const stats = { actions: 0, rolls: 0, searches: 0, record: 0 };
  // Every action's notation, dice rolls included, for the record.
  const played: string[] = [];
  let choices = 0;
  while (next.status === "GAME_STATUS_ONGOING" && stats.actions < MAX_ACTIONS) {
    const history: GameHistory = keys.length > 0 ? { keys } : { start: ref(pos) };
    let ans;
    if (next.chance) {
      ans = await client.rollDice(pos, Math.floor(random() * 2 ** 52), { next_view: "MOVE_VIEW_NOTATION" });
      stats.rolls++;
    } else {
      let move: string;
      if (choices++ % SEARCH_EVERY === 0) {
        const best = await client.search(pos, { depth: 1, max_nodes: "500", ...(repetition ? { history } : {}) });
        assert.ok(best.best_action, `${variant}: no best action`);
        move = best.best_action.notation;
        stats.searches++;
      } else {
        // Calling the clock (Martian Chess) ends a random game within a few moves.
        const quiet = next.moves.filter((m) => !m.notation.endsWith("+clock"));
        move = pick(quiet.length > 0 ? quiet : next.moves, random).notation;
      }
      ans = await client.apply(pos, move, { next_view: "MOVE_VIEW_NOTATION", ...(repetition ? { history } : {}) });
      assert.equal(ans.failure, undefined, `${variant}: a legal action was refused`);
    }
    keys.push(pos.key);
    assert.ok(ans.next, "no next turn");
    pos = ans.position;
    next = ans.next;
    assert.ok(pos.last_action, "no last action");
    played.push(pos.last_action.notation);
    stats.actions++;
  }
  const score = await client.score(pos, repetition ? { history: { keys } } : {});
  if (next.status === "GAME_STATUS_FINISHED") {
    assert.equal(score.status, "GAME_STATUS_FINISHED");
    assert.equal(score.reason, next.reason);
    assert.deepEqual([...score.winners].sort(), [...next.winners].sort());
  }
  stats.record = await checkRecord(client, variant, start, played, pos);
  return { stats, score };
}

/** Exports the game played and imports it back: the same actions reach the same position. Answers the record's size in bytes. */
async function checkRecord(client: Client, variant: string, start: Position, played: string[], last: Position): Promise<number> {
  const { record } = await client.exportGame(start, played, { Event: "client test" });
  const back = await client.importGame(record);
  assert.equal(back.failure, undefined, `${variant}: the record does not read back`);
  assert.equal(back.actions.length, played.length, `${variant}: actions read back`);
  assert.equal(back.tags["Event"], "client test");
  assert.ok(back.position, `${variant}: no position read back`);
  assert.deepEqual([back.position.key, back.position.text], [last.key, last.text], `${variant}: the record reaches another position`);
  return new TextEncoder().encode(record).length;
}

test("a game of every variant", { skip: url ? false : "set ASHTAPADA_URL to a running server" }, async () => {
  const client = new Client(url);
  const GAMES = await games(client);
  assert.ok(GAMES.length >= (await client.listVariants()).variants.length, "a game for every variant served");
  const random = rng(seed);
  const lines: string[] = [];
  const t0 = performance.now();
  for (const [variant, options] of GAMES) {
    const t = performance.now();
    const { stats, score } = await play(client, variant, options, random);
    const secs = ((performance.now() - t) / 1000).toFixed(1);
    const label = variant + (Object.keys(options).length ? " " + Object.entries(options).map(([k, v]) => `${k}=${String(v)}`).join(",") : "");
    const result =
      score.status === "GAME_STATUS_FINISHED"
        ? `${score.reason}, winners: ${score.winners.join(", ") || "none (draw)"}`
        : `unfinished after ${stats.actions} actions`;
    const standings = score.standings.map((s) => `${s.player}:${s.score}`).join(" ");
    lines.push(
      `${label.padEnd(40)} ${String(stats.actions).padStart(5)} actions ${String(stats.rolls).padStart(4)} rolls ${String(stats.searches).padStart(4)} searches ${String(stats.record).padStart(6)} B record ${secs.padStart(5)}s  ${result}; ${standings}`,
    );
  }
  console.log(`game log (seed ${seed}, ${client.requests} requests, ${((performance.now() - t0) / 1000).toFixed(1)}s):`);
  console.log(lines.join("\n"));
  assert.equal(lines.length, GAMES.length);
});
