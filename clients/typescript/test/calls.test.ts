// Every call once against a real server (ASHTAPADA_URL), and the errors read into AshtapadaError.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { AshtapadaError, Client, type ReviewGameResponse } from "../src/index.js";

const url = process.env["ASHTAPADA_URL"] ?? "";
const START = { variant: "chaturanga", text: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" };
const MATED = { variant: "chaturanga", text: "R3k3/8/4K3/8/8/8/8/8 b - - 0 1" };

async function refusal(p: Promise<unknown>): Promise<AshtapadaError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AshtapadaError) return e;
    throw e;
  }
  assert.fail("the call succeeded");
}

describe("calls", { skip: url ? false : "set ASHTAPADA_URL to a running server" }, () => {
  const client = new Client(url);

  test("variants and start", async () => {
    const names = (await client.listVariants()).variants.map((v) => v.name);
    assert.ok(names.includes("chaturaji"));
    assert.equal((await client.getVariant("chaturanga")).variant.board.files, 8);
    const pos = (await client.startPosition("chaturaji", { teams: true })).position;
    assert.equal(pos.options["teams"], true);
    assert.equal(pos.phase, "PHASE_ROLL");
  });

  test("moves, validate, apply", async () => {
    const listed = await client.legalMoves(START);
    assert.equal(listed.moves.length, 16);
    const v = await client.validate(START, "g1f3", { include_next: true });
    assert.equal(v.legal, true);
    assert.equal(v.next?.to_move, "black");
    const ans = await client.apply(START, "g1f3");
    assert.equal(ans.position.last_action?.san, "Nf3");
    assert.equal(ans.next?.status, "GAME_STATUS_ONGOING");
    const structured = await client.apply(START, { from: "b1", to: "c3" }, { include_next: false });
    assert.equal(structured.position.last_action?.notation, "b1c3");
    assert.equal(structured.next, undefined);
    // An illegal action is an answer, not an error.
    const stopped = await client.applyMoves(START, ["e2e3", "e7e6", "e3e5"]);
    assert.equal(stopped.applied, 2);
    assert.equal(stopped.failure?.index, 2);
  });

  test("dice and score", async () => {
    const pos = (await client.startPosition("martian_chaturanga")).position;
    const a = await client.rollDice(pos, 7);
    assert.deepEqual((await client.rollDice(pos, 7n)).values, a.values);
    assert.equal(a.seed, "7");
    const r = await client.resolveDice(pos, [1, 3]);
    assert.deepEqual([...(r.position.last_action?.dice ?? [])].sort(), [1, 3]);
    const s = await client.score(MATED);
    assert.deepEqual([s.status, s.winners, s.reason], ["GAME_STATUS_FINISHED", ["white"], "checkmate"]);
  });

  test("analysis", async () => {
    const s = await client.search({ variant: "chaturanga", text: "4k3/8/4K3/8/8/8/8/R7 w - - 0 1" }, { depth: 3 });
    assert.equal(s.best_action?.san, "Ra8#");
    const depths: [number, boolean][] = [];
    for await (const r of await client.searchStream(START, { depth: 3 })) depths.push([r.depth, r.final]);
    assert.deepEqual(depths, [[1, false], [2, false], [3, false], [3, true]]);
    // Leaving the loop early ends the call.
    const stream = await client.searchStream(START, { depth: 4 });
    for await (const r of stream) {
      assert.equal(r.depth, 1);
      break;
    }
    assert.deepEqual(await stream.next(), { value: undefined, done: true });
    const review: ReviewGameResponse[] = [];
    const record = '[Variant "Chaturanga"]\n\n1. e3 e6 2. Nf3 Ne7 3. Ne5 d6 4. Nxf7 Kxf7 *';
    for await (const r of await client.reviewGame({ record, depth: 3 })) review.push(r);
    assert.equal(review.length, 9);
    assert.equal(review[6]?.action?.judgement, "JUDGEMENT_BLUNDER"); // Nxf7 gives a horse for a pawn
    assert.deepEqual(review[8]?.summary?.players.map((p) => p.blunders), [1, 0]);
    const e = await client.evaluate(START);
    assert.deepEqual(e.values.map((v) => v.player), ["white", "black"]);
    const ro = await client.rollout(START, 4, { seed: "3", policy: "ROLLOUT_POLICY_GREEDY" });
    assert.equal(ro.playouts, 4);
    const p = await client.perft(START, 3, { divide: true });
    assert.equal(p.nodes, "4176");
    assert.equal(p.divide.length, 16);
  });

  test("records", async () => {
    const { record } = await client.exportGame(START, ["e2e3", "e7e6"], { White: "a", Black: "b" });
    assert.match(record, /\[Variant "Chaturanga"\]/);
    const back = await client.importGame(record);
    assert.deepEqual(back.actions.map((a) => a.notation), ["e2e3", "e7e6"]);
    assert.equal(back.failure, undefined);
    // The record reads, but its fifth action cannot be played: the answer stops before it.
    const ans = await client.importGame('[Variant "Chaturanga"]\n\n1. e3 e6 2. Nf3 Ke7 3. Nxe5 Nf6 *', { include_positions: true });
    assert.deepEqual(ans.actions.map((a) => a.san), ["e3", "e6", "Nf3", "Ke7"]);
    assert.equal(ans.positions.length, 4);
    assert.deepEqual([ans.failure?.index, ans.failure?.notation], [4, "Nxe5"]);
    assert.ok(ans.failure?.reason.startsWith("line 3: "), ans.failure?.reason);
    assert.equal(ans.position?.key, ans.positions[3]?.key);
    let e = await refusal(client.importGame('[Variant "shatranj"]\n\n*'));
    assert.deepEqual([e.httpStatus, e.status, e.reason], [400, "INVALID_ARGUMENT", "INVALID_RECORD"]);
    assert.deepEqual(e.fieldViolations.map((v) => v.field), ["record"]);
    assert.match(e.fieldViolations[0]?.description ?? "", /shatranj/);
    e = await refusal(client.exportGame(START, ["e2e3", "e3e5"]));
    assert.deepEqual([e.reason, e.fieldViolations[0]?.field], ["ILLEGAL_ACTION", "actions[1]"]);
  });

  test("errors", async () => {
    let e = await refusal(client.startPosition("shatranj"));
    assert.deepEqual([e.httpStatus, e.status, e.reason, e.domain], [404, "NOT_FOUND", "VARIANT_NOT_FOUND", "ashtapada"]);
    assert.ok(e.fieldViolations.some((v) => v.field === "variant"));
    assert.equal(e.retryable, false);
    e = await refusal(client.legalMoves({ variant: "chaturanga", text: "8/8 w" }));
    assert.deepEqual([e.httpStatus, e.code, e.status, e.reason], [400, 400, "INVALID_ARGUMENT", "INVALID_POSITION"]);
    assert.deepEqual(e.fieldViolations.map((v) => v.field), ["position.text"]);
    e = await refusal(client.apply(START, "e2e"));
    assert.deepEqual([e.reason, e.fieldViolations[0]?.field], ["MALFORMED_ACTION", "moves[0].notation"]);
    e = await refusal(client.apply(MATED, "e8d8"));
    assert.deepEqual([e.status, e.reason], ["FAILED_PRECONDITION", "GAME_OVER"]);
    e = await refusal(client.searchStream(MATED, { depth: 2 }));
    assert.equal(e.reason, "GAME_OVER");
    e = await refusal(client.search(START, { time_limit: "2s" }, { timeoutMs: 50 }));
    assert.deepEqual([e.httpStatus, e.status], [0, "DEADLINE_EXCEEDED"]);
    const nobody = new Client("http://127.0.0.1:9", { attempts: 2 });
    e = await refusal(nobody.listVariants());
    assert.deepEqual([e.httpStatus, e.status, e.retryable], [0, "UNAVAILABLE", true]);
    assert.equal(nobody.requests, 2);
  });
});
