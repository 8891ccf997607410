// <ashtapada-board> in play mode against a real server: one action of every kind each game offers,
// made with the pointer and with the keyboard, each checked against the service's own answer.
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, openPage, mountElement, drawnPieces, clickSquare, arrowTo, tabIntoBoard, waitEvent, events, idle } from "./harness.mjs";

const env = await setup();
const { api } = env;
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
let page;
before(async () => {
  page = await openPage(env);
});
after(async () => {
  await env.close();
});

const PASS_OR_END = ["chaturaji", "martian_chaturanga", "martian_chaturaji", "martian_coaster_chaturanga"];

/** What a player does to choose an action on the board. */
function category(a, moves) {
  if (a.kind === "ACTION_KIND_ROLL") return "roll";
  if (a.from && a.to && a.from !== a.to) return moves.filter((m) => m.from === a.from && m.to === a.to).length > 1 ? "choice" : "move";
  if (!a.from && a.to) return "choice";
  if (!a.from && !a.to) return `control:${a.name}`;
  return `other:${a.name}`;
}

/** Positions where an action of each category is the player's to choose, found by playing random
 * games through the API (seeded, so the same positions every run). */
async function findPositions(v) {
  const found = new Map();
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let g = 0; g < 3; g++) {
    let text = (await api.start(v.name)).text;
    for (let ply = 0; ply < 160; ply++) {
      const l = await api.list(v.name, text);
      const moves = l.moves ?? [];
      if (!moves.length || l.phase === "PHASE_FINISHED") break;
      if (l.chance) {
        if (!found.has("roll")) found.set("roll", { text, action: null });
        text = (await api.roll(v.name, text, Math.floor(rnd() * 1e9))).position.text;
        continue;
      }
      for (const a of moves) {
        const c = category(a, moves);
        if (!found.has(c)) found.set(c, { text, action: a });
      }
      const a = moves[Math.floor(rnd() * moves.length)];
      text = (await api.apply(v.name, text, [a.notation])).position.text;
    }
  }
  return found;
}

async function focusedNotation() {
  return page.evaluate(() => {
    const a = window.board.shadowRoot.activeElement;
    return a ? a.getAttribute("data-notation") ?? a.getAttribute("data-control") ?? "" : "";
  });
}

/** Presses Tab until the focused element of the board is the wanted button. */
async function tabTo(want) {
  for (let i = 0; i < 80; i++) {
    if ((await focusedNotation()) === want) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${want}`);
}

async function perform(c, action, how) {
  const { from, to, notation } = action ?? {};
  if (how === "pointer") {
    if (c === "roll") return page.locator('ashtapada-board [data-control="roll"]').click();
    if (c.startsWith("control:")) return page.locator(`ashtapada-board .ab-controls [data-notation="${notation}"]`).click();
    if (from) await clickSquare(page, from);
    await clickSquare(page, to);
    if (c === "choice") await page.locator(`ashtapada-board .ab-choices [data-notation="${notation}"]`).click();
    return;
  }
  if (c === "roll" || c.startsWith("control:")) {
    await page.evaluate(() => document.activeElement?.blur());
    await tabTo(c === "roll" ? "roll" : notation);
    return page.keyboard.press("Enter");
  }
  await tabIntoBoard(page);
  if (from) {
    await arrowTo(page, from);
    await page.keyboard.press("Enter");
  }
  await arrowTo(page, to);
  await page.keyboard.press(" ");
  if (c === "choice") {
    await tabTo(notation);
    await page.keyboard.press("Enter");
  }
}

describe("play", () => {
  test("chaturanga: the horse on g1 to f3 fires action g1f3 and leaves a piece on f3", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturanga", mode: "play" });
    const start = await api.start("chaturanga");
    await clickSquare(page, "g1");
    await clickSquare(page, "f3");
    const [ev] = await waitEvent(page, "action");
    assert.equal(ev.detail.notation, "g1f3");
    assert.equal(ev.detail.position.text, (await api.apply("chaturanga", start.text, ["g1f3"])).position.text);
    const pieces = await drawnPieces(page);
    assert.ok(pieces.includes("f3 horse"), pieces.join(","));
    assert.ok(!pieces.some((p) => p.startsWith("g1 ")));
    assert.equal(await page.evaluate(() => window.board.position.text), ev.detail.position.text);
    assert.deepEqual(await page.evaluate(() => window.board.game.actions), ["g1f3"]);
    // The live region says what was played.
    assert.match(await page.evaluate(() => window.board.shadowRoot.querySelector("[aria-live]").textContent), /g1f3/);
  });

  test("chaturaji: Roll fires roll with the values the service rolled", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturaji", mode: "play" });
    const start = await api.start("chaturaji");
    const outcomes = (await api.list("chaturaji", start.text)).moves.map((m) => JSON.stringify(m.dice));
    await page.locator('ashtapada-board [data-control="roll"]').click();
    const [ev] = await waitEvent(page, "roll");
    assert.ok(ev.detail.values.length > 0 && ev.detail.values.every(Number.isInteger), JSON.stringify(ev.detail.values));
    assert.ok(outcomes.includes(JSON.stringify(ev.detail.values)), `${ev.detail.values} not among ${outcomes}`);
    assert.deepEqual((ev.detail.position.dice ?? []).map((d) => d.value), ev.detail.values);
    assert.equal(page.errors.length, 0, page.errors.join("\n"));
  });

  for (const v of variants) {
    test(`${v.name}: one action of each kind, by pointer and by keyboard`, async () => {
      const found = await findPositions(v);
      assert.ok(found.has("move"), `no move found in ${v.name}`);
      if ((v.die_types ?? []).length) assert.ok(found.has("roll"), `no roll found in ${v.name}`);
      // The games whose play reaches a pass or an end of turn in a few random games (Martian Chess
      // and Coaster Chess declare a pass too, for a player with no move at all, which random play
      // does not reach): there, one of them is found and played.
      if (PASS_OR_END.includes(v.name)) assert.ok([...found.keys()].some((c) => /^control:(pass|end|end_turn)$/.test(c)), `${v.name}: no pass or end found: ${[...found.keys()]}`);
      const done = [];
      for (const [c, { text, action }] of found) {
        if (c.startsWith("other:")) continue;
        for (const how of ["pointer", "keyboard"]) {
          await mountElement(page, { server: env.server.url, variant: v.name, mode: "play", position: text });
          assert.deepEqual(await events(page), [], `${c}: events before any input`);
          await perform(c, action, how);
          if (c === "roll") {
            const [ev] = await waitEvent(page, "roll");
            assert.ok(ev.detail.values.length > 0, `${how} ${c}`);
          } else {
            const [ev] = await waitEvent(page, "action");
            const want = await api.apply(v.name, text, [action.notation]);
            assert.equal(ev.detail.notation, want.position.last_action?.notation || action.notation, `${how} ${c}`);
            assert.equal(ev.detail.position.text, want.position.text, `${how} ${c}`);
          }
          done.push(`${c} by ${how}`);
        }
      }
      assert.deepEqual(page.errors, []);
      console.log(`  ${v.name}: ${done.join(", ")}`);
    });
  }
});
