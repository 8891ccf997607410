// Browser tests of the playground, for every variant the service lists (GET /v1/variants), so
// that a new variant is covered without a change here. Every expectation is the service's own
// answer to the same question, asked through the JSON API.
//
//   cd web && npm test
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startServer,
  apiClient,
  launchBrowser,
  openPage,
  closePage,
  idle,
  until,
  positionText,
  moveList,
  errorText,
  toMove,
  boardPieces,
  sortPieces,
  clickSquare,
  squareLocator,
  rollManual,
  planTurn,
  playStep,
  clickable,
  chooseRoll,
  ending,
  STEP_TIMEOUT,
  BOT_TURN_TIMEOUT,
} from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const names = (await api.variants()).map((v) => v.name);
const variants = await Promise.all(names.map((n) => api.variant(n)));
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

const isDice = (v) => (v.die_types ?? []).length > 0;
const apiPieces = (pos) =>
  sortPieces(pos.pieces.map((p) => ({ square: p.square, kind: p.kind, player: p.player ?? "", color: p.color ?? "" })));

/** Compares the pieces drawn with the API's, on square, kind and player (and colour where the API gives one). */
function assertPieces(drawn, pos, what) {
  const want = apiPieces(pos);
  const strip = (ps, keepColor) => ps.map((p) => `${p.square} ${p.kind} ${p.player}${keepColor ? " " + p.color : ""}`);
  const colored = want.some((p) => p.color);
  assert.deepEqual(strip(drawn, colored), strip(want, colored), `${what}: the pieces drawn are not the position's`);
}

/** The page's state is the given position: its text, whose turn, the pieces drawn. */
async function assertShows(page, pos, what) {
  assert.equal(await positionText(page), pos.text, `${what}: #position-text`);
  assert.equal(await toMove(page), pos.to_move, `${what}: #to-move data-player`);
  assertPieces(await boardPieces(page), pos, what);
}

/** Scores (#scores [data-score]), held pieces (#held [data-held]) and check are the service's.
 * Scores are hidden only in a game that keeps none, where every score is 0. */
async function assertSides(page, variant, text, what) {
  const score = await api.score(variant, text);
  if (!(await page.isVisible("#scores"))) {
    assert.deepEqual((score.standings ?? []).filter((st) => st.score), [], `${what}: #scores hidden while someone scored`);
  }
  for (const st of (await page.isVisible("#scores")) ? (score.standings ?? []) : []) {
    const el = page.locator(`#scores [data-score="${st.player}"]`);
    assert.equal(await el.count(), 1, `${what}: #scores [data-score=${st.player}]`);
    assert.equal(Number(await el.getAttribute("data-value")), st.score, `${what}: ${st.player}'s score`);
  }
  const pos = (await api.apply(variant, text, [])).position;
  for (const pl of pos.players ?? []) {
    if (!pl.held?.length) continue;
    const n = await page.locator(`#held [data-held="${pl.name}"] [data-piece]`).count();
    assert.equal(n, pl.held.length, `${what}: #held [data-held=${pl.name}] shows ${n} pieces, the position ${JSON.stringify(pl.held)}`);
    // Where held pieces have colours of their own (Martian Coaster Chaturanga), the chips show them.
    const chips = await page.$$eval(`#held [data-held="${pl.name}"] [data-piece]`, (els) =>
      els.map((e) => `${e.getAttribute("data-color") ?? ""} ${e.getAttribute("data-kind")}`),
    );
    const want = (pl.held_pieces ?? []).map((hp) => `${hp.color ?? ""} ${hp.kind}`);
    assert.deepEqual(chips, want, `${what}: the held pieces of ${pl.name} drawn`);
  }
  const checked = await page.$$eval("svg#board [data-square].check:not([data-piece])", (els) => els.map((e) => e.getAttribute("data-square")));
  if (pos.in_check) {
    const royal = new Set((await api.variant(variant)).piece_types.filter((t) => t.royal).map((t) => t.kind));
    const kings = pos.pieces.filter((p) => p.player === pos.to_move && royal.has(p.kind)).map((p) => p.square);
    assert.ok(checked.length > 0 && checked.every((sq) => kings.includes(sq)), `${what}: squares marked "check" ${JSON.stringify(checked)}, the king in check on ${kings}`);
  } else {
    assert.deepEqual(checked, [], `${what}: squares marked "check" when no one is in check`);
  }
}

function assertNoPageErrors(page) {
  assert.deepEqual(page.errors, [], "uncaught errors on the page");
}

/** From the start position: the steps up to the first move made by clicking (rolls before it). */
async function firstClickMove(v, start) {
  const plan = await planTurn(api, v, start.text);
  const i = plan.steps.findIndex((s) => s.action && s.click);
  assert.ok(i >= 0, `${v.name}: the API offers no move to click from the start (${JSON.stringify(plan.steps.map((s) => s.roll ?? s.action?.notation))})`);
  return plan.steps.slice(0, i + 1);
}

for (const v of variants) {
  // The tests of a variant are independent (a page each), so they run side by side.
  describe(v.name, { concurrency: 5 }, () => {
    let start;
    before(async () => {
      start = await api.start(v.name);
    });

    test("loads and draws the start position", async () => {
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        assert.equal(await page.inputValue("select#variant"), v.name, "select#variant");
        await assertShows(page, start, "start");
        assert.equal(await errorText(page), "", "#error at the start");
        assert.notEqual(((await page.textContent("#status")) ?? "").trim(), "", "#status is empty at the start");
        await assertSides(page, v.name, start.text, "start");
        assert.equal(await page.isVisible("#result"), false, "#result shown at the start");
        assert.deepEqual(await moveList(page), [], "#move-list at the start");
        // Every square of the board is drawn, focusable, a button with a label.
        const squares = await page.$$eval("svg#board [data-square]:not([data-piece])", (els) =>
          els.map((e) => ({
            name: e.getAttribute("data-square"),
            tabindex: e.getAttribute("tabindex"),
            role: e.getAttribute("role"),
            label: e.getAttribute("aria-label") ?? "",
          })),
        );
        const want = v.board.squares.map((s) => s.name).sort();
        assert.deepEqual([...new Set(squares.map((s) => s.name))].sort(), want, "the squares drawn are not the board's");
        for (const s of squares) {
          assert.ok(s.tabindex !== null && Number(s.tabindex) >= 0, `square ${s.name} is not focusable`);
          assert.equal(s.role, "button", `square ${s.name} role`);
          assert.ok(s.label.includes(s.name), `square ${s.name} aria-label ${JSON.stringify(s.label)} does not name it`);
        }
        for (const p of start.pieces) {
          const label = (squares.find((s) => s.name === p.square)?.label ?? "").toLowerCase();
          const title = (v.piece_types.find((t) => t.kind === p.kind)?.title ?? p.kind).toLowerCase();
          const names = [p.kind.toLowerCase(), p.kind.toLowerCase().replace(/_/g, " "), title];
          assert.ok(names.some((n) => label.includes(n)), `square ${p.square} aria-label ${JSON.stringify(label)} does not name its ${p.kind}`);
        }
        assertNoPageErrors(page);
      } finally {
        await closePage(page);
      }
    });

    test("a legal move made by clicking is applied", async () => {
      const steps = await firstClickMove(v, start);
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        for (const step of steps) {
          const { before: listBefore, after: listAfter } = await playStep(page, step);
          const what = step.roll ? `roll ${step.roll.join(" ")}` : `move ${step.action.notation}`;
          assert.equal(await errorText(page), "", `${what}: #error`);
          assert.equal(await positionText(page), step.after, `${what}: #position-text is not the API's`);
          if (step.action) {
            assert.equal(listAfter.length, listBefore.length + 1, `${what}: #move-list did not grow by one`);
            const last = listAfter.at(-1);
            assert.ok(
              last === step.action.notation || (step.action.san && last === step.action.san),
              `${what}: the last #move-list entry is ${JSON.stringify(last)}`,
            );
            assert.equal(await page.textContent("#last-action").then((t) => t.trim()).catch(() => ""), step.action.san || step.action.notation, `${what}: #last-action`);
          }
        }
        const applied = await api.apply(v.name, steps.at(-2)?.after ?? start.text, [steps.at(-1).action.notation]);
        await assertShows(page, applied.position, "after the move");
        // The squares of the last action are marked.
        const last = steps.at(-1).action;
        for (const sq of [last.from, last.to]) {
          assert.ok(
            await squareLocator(page, sq).evaluate((e) => e.classList.contains("last")),
            `square ${sq} of the last action has no class "last"`,
          );
        }
        // #undo takes the move back.
        await page.click("button#undo");
        await idle(page);
        await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, steps.at(-2)?.after ?? start.text).catch(() => {});
        assert.equal(await positionText(page), steps.at(-2)?.after ?? start.text, "#undo did not take the move back");
        assert.equal((await moveList(page)).includes(last.san || last.notation), false, "#move-list still holds the move taken back");
        assertNoPageErrors(page);
      } finally {
        await closePage(page);
      }
    });

    const optionChoice = async () => {
      // The first option value, other than the default, that changes the start position.
      for (const o of v.options) {
        const candidates =
          o.type === "OPTION_TYPE_BOOL"
            ? [!o.default_value]
            : o.type === "OPTION_TYPE_INT"
              ? [Number(o.default_value) + 1, Number(o.min), Number(o.max)].filter((x) => x !== Number(o.default_value) && x >= Number(o.min) && x <= Number(o.max))
              : o.allowed.filter((x) => x !== o.default_value);
        for (const value of candidates) {
          try {
            const pos = await api.start(v.name, { [o.name]: value });
            if (pos.text !== start.text) return { option: o, value, pos };
          } catch {
            // not a start option on its own
          }
        }
      }
      return null;
    };

    if (v.options.length > 0) {
      test("options: from the URL and from #options with #new-game", async () => {
        const choice = await optionChoice();
        assert.ok(choice, `no option of ${v.name} changes its start position`);
        const { option, value, pos } = choice;
        const page = await openPage(browser, server.url, { variant: v.name, options: { [option.name]: value } });
        try {
          await assertShows(page, pos, `?options={${option.name}: ${value}}`);
          const input = page.locator(`#options [data-option="${option.name}"]`);
          assert.equal(await input.count(), 1, `#options [data-option=${option.name}]`);
          if (option.type === "OPTION_TYPE_BOOL") assert.equal(await input.isChecked(), value, `#options ${option.name}`);
          else assert.equal(String(await input.inputValue()), String(value), `#options ${option.name}`);
          assertNoPageErrors(page);
        } finally {
          await closePage(page);
        }
        const page2 = await openPage(browser, server.url, { variant: v.name });
        try {
          const input = page2.locator(`#options [data-option="${option.name}"]`);
          if (option.type === "OPTION_TYPE_BOOL") await input.setChecked(value);
          else if (await input.evaluate((e) => e.tagName === "SELECT")) await input.selectOption(String(value));
          else await input.fill(String(value));
          await page2.click("button#new-game");
          await idle(page2);
          await until(page2, (t) => document.querySelector("#position-text")?.value.trim() === t, pos.text).catch(() => {});
          await assertShows(page2, pos, `#new-game with ${option.name} = ${value}`);
          assertNoPageErrors(page2);
        } finally {
          await closePage(page2);
        }
      });
    }

    test("an illegal click is refused", async () => {
      const steps = await firstClickMove(v, start);
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        for (const step of steps.slice(0, -1)) await playStep(page, step); // the rolls
        const textBefore = await positionText(page);
        const list = await api.list(v.name, textBefore);
        const from = steps.at(-1).action.from;
        const reach = new Set(list.moves.filter((m) => m.from === from).map((m) => m.to));
        const starts = new Set(list.moves.map((m) => m.from));
        const occupied = new Set((await boardPieces(page)).map((p) => p.square));
        const target = v.board.squares.map((s) => s.name).find((s) => s !== from && !reach.has(s) && !starts.has(s) && !occupied.has(s));
        assert.ok(target, "no empty square out of the piece's reach");
        const listBefore = await moveList(page);
        await clickSquare(page, from);
        await idle(page);
        // The legal destinations of the selected piece are marked, and only they.
        assert.ok(await squareLocator(page, from).evaluate((e) => e.classList.contains("selected")), `${from} not "selected"`);
        const targets = await page.$$eval("svg#board [data-square].target:not([data-piece])", (els) => els.map((e) => e.getAttribute("data-square")));
        assert.deepEqual([...new Set(targets)].sort(), [...reach].sort(), `squares marked "target" after selecting ${from}`);
        await clickSquare(page, target);
        await until(page, () => (document.querySelector("#error")?.textContent ?? "").trim() !== "").catch(() => {});
        // The reason is the service's own for that piece and square ("a pawn on e2 cannot move to e4").
        const { reason } = await api.validate(v.name, textBefore, { from, to: target });
        assert.ok(reason, `the service gives no reason for ${from} to ${target}`);
        assert.equal((await errorText(page)).toLowerCase(), reason.toLowerCase(), `clicking ${from} then ${target}: #error`);
        assert.equal(await positionText(page), textBefore, "the position changed after an illegal click");
        assert.deepEqual(await moveList(page), listBefore, "#move-list changed after an illegal click");
        // A legal move afterwards clears the error.
        await playStep(page, steps.at(-1));
        assert.equal(await positionText(page), steps.at(-1).after, "the legal move after the refused one");
        assert.equal(await errorText(page), "", "#error not cleared by a legal move");
        assertNoPageErrors(page);
      } finally {
        await closePage(page);
      }
    });

    if (isDice(v)) {
      test("a dice turn completes", async () => {
        const plan = await planTurn(api, v, start.text);
        assert.notEqual(plan.next.to_move, plan.mover, `the planned turn does not end: ${JSON.stringify(plan.steps.map((s) => s.roll ?? s.action.notation))}`);
        const page = await openPage(browser, server.url, { variant: v.name });
        try {
          // The roll by the service, seeded, shows dice too (on another page, to keep this one's plan).
          for (const step of plan.steps) {
            await playStep(page, step);
            const what = step.roll ? `roll ${step.roll.join(" ")}` : `action ${step.action.notation}`;
            assert.equal(await errorText(page), "", `${what}: #error`);
            assert.equal(await positionText(page), step.after, `${what}: #position-text is not the API's`);
            if (step.roll) {
              const dice = await page.$$eval("#dice [data-die]", (els) => els.map((e) => Number(e.getAttribute("data-value"))));
              assert.deepEqual([...dice].sort(), [...step.roll].sort(), `${what}: #dice data-value`);
            }
          }
          assert.equal(await toMove(page), plan.next.to_move, "#to-move after the turn");
          assert.notEqual(await toMove(page), plan.mover);
          assertNoPageErrors(page);
        } finally {
          await closePage(page);
        }
      });

      test("#roll rolls by the service", async () => {
        const page = await openPage(browser, server.url, { variant: v.name });
        try {
          await page.fill("input#seed", "12345");
          await page.click("button#roll");
          await idle(page);
          await until(page, () => document.querySelectorAll("#dice [data-die]").length > 0).catch(() => {});
          assert.equal(await errorText(page), "", "#error after #roll");
          // The roll is the service's for the seed the page says it used.
          const seed = await page.getAttribute("#seed-used", "data-seed");
          assert.match(seed ?? "", /^\d+$/, "#seed-used data-seed");
          const rolled = await api.roll(v.name, start.text, seed);
          assert.equal(await positionText(page), rolled.position.text, `#roll with seed ${seed}: not the service's roll`);
          const dice = await page.$$eval("#dice [data-die]", (els) => els.map((e) => Number(e.getAttribute("data-value"))));
          assert.deepEqual(dice, rolled.position.dice.map((d) => d.value), "#dice data-value");
          assertNoPageErrors(page);
        } finally {
          await closePage(page);
        }
      });
    }

    test("a bot seat replies", async () => {
      const plan = await planTurn(api, v, start.text);
      const botSeat = plan.next.to_move;
      assert.notEqual(botSeat, plan.mover, "the planned turn does not end");
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        if (await page.locator("input#bot-depth").count()) await page.fill("input#bot-depth", "1");
        await page.selectOption(`#seats select[data-seat="${botSeat}"]`, "bot");
        await idle(page);
        for (const step of plan.steps) await playStep(page, step);
        // The bot plays its turn (it may already have): wait until the position moved on from the
        // human's turn and the bot is no longer to move or has ended the game (its dice are the
        // page's own, so it may win within the turn), or the page says why not.
        await until(
          page,
          ([bot, after]) =>
            !document.body.dataset.busy &&
            (document.querySelector("#error")?.textContent.trim() ||
              (document.querySelector("#position-text")?.value.trim() !== after &&
                (document.querySelector("#to-move")?.getAttribute("data-player") !== bot ||
                  document.querySelector("#result")?.checkVisibility()))),
          [botSeat, plan.after],
          BOT_TURN_TIMEOUT,
        );
        assert.equal(await errorText(page), "", "#error after the bot's turn");
        // The actions listed, the human's and the bot's, lead from the start to the page's position.
        const listed = await moveList(page);
        const humanActions = plan.steps.filter((s) => s.action).length;
        assert.ok(listed.length > humanActions, `#move-list ${JSON.stringify(listed)} holds no action of the bot`);
        const replay = await api.apply(v.name, start.text, listed);
        assert.equal(await positionText(page), replay.position.text, `the actions listed ${JSON.stringify(listed)} do not lead to the page's position`);
        // ... through the human's position, after which the bot acted.
        let k = 0;
        while (k < listed.length && (await api.apply(v.name, start.text, listed.slice(0, k))).position.text !== plan.after) k++;
        assert.ok(k < listed.length, `the actions listed ${JSON.stringify(listed)} do not pass through the human's position, or the bot listed nothing`);
        await assertShows(page, replay.position, "after the bot");
        assertNoPageErrors(page);
      } finally {
        await closePage(page);
      }
    });

    test("a finished game shows its result", async () => {
      const end = await ending(api, v);
      assert.ok(end, `no position one action from the end known or found for ${v.name}`);
      const endPos = (await api.apply(v.name, end.text, [])).position;
      // Loaded from the URL.
      const page = await openPage(browser, server.url, { variant: v.name, position: end.text });
      try {
        await assertShows(page, endPos, "loaded by ?position=");
        assert.equal(await page.isVisible("#result"), false, "#result shown before the game is over");
        await assertSides(page, v.name, endPos.text, "the position one action from the end");
        const plan = { action: end.action, click: end.click, after: end.after };
        await playStep(page, plan);
        assert.equal(await errorText(page), "", "#error after the finishing action");
        assert.equal(await positionText(page), end.after, "#position-text after the finishing action");
        await until(page, () => {
          const r = document.querySelector("#result");
          return r && r.checkVisibility() && r.getAttribute("data-reason");
        }).catch(() => {});
        assert.equal(await page.isVisible("#result"), true, "#result not shown when the game is over");
        assert.equal(await page.getAttribute("#result", "data-reason"), end.reason, "#result data-reason");
        assert.equal(await page.getAttribute("#result", "data-decided-by"), end.decidedBy ?? "", "#result data-decided-by");
        assert.notEqual(((await page.textContent("#result")) ?? "").trim(), "", "#result is empty");
        await assertSides(page, v.name, end.after, "the finished game");
        for (const w of end.winners) {
          const text = ((await page.textContent("#result")) ?? "").toLowerCase();
          const marked = await page.locator(`#result [data-player="${w}"]`).count();
          assert.ok(text.includes(w.toLowerCase()) || marked > 0, `#result does not name the winner ${w}: ${JSON.stringify(text)}`);
        }
        assertNoPageErrors(page);
      } finally {
        await closePage(page);
      }
      // Loaded by pasting into #position-text.
      const page2 = await openPage(browser, server.url, { variant: v.name });
      try {
        await page2.fill("textarea#position-text", end.text);
        await page2.click("button#load-position");
        await idle(page2);
        await assertShows(page2, endPos, "loaded by #load-position");
        await playStep(page2, { action: end.action, click: end.click, after: end.after });
        assert.equal(await positionText(page2), end.after);
        await until(page2, () => document.querySelector("#result")?.checkVisibility()).catch(() => {});
        assert.equal(await page2.isVisible("#result"), true, "#result not shown when the game is over (pasted position)");
        assert.equal(await page2.getAttribute("#result", "data-reason"), end.reason);
        assertNoPageErrors(page2);
      } finally {
        await closePage(page2);
      }
    });

    test("fits a phone's width (390x844)", async () => {
      const page = await openPage(browser, server.url, { variant: v.name }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        const m = await page.evaluate(() => {
          const b = document.querySelector("svg#board").getBoundingClientRect();
          return {
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
            left: b.left,
            right: b.right,
            width: b.width,
          };
        });
        assert.ok(m.scrollWidth <= m.innerWidth, `the page scrolls sideways: scrollWidth ${m.scrollWidth} > ${m.innerWidth}`);
        assert.ok(m.left >= 0 && m.right <= m.innerWidth + 0.5, `the board [${m.left}, ${m.right}] does not fit in ${m.innerWidth}`);
        assert.ok(m.width >= 200, `the board is only ${m.width}px wide`);
        assertNoPageErrors(page);
      } finally {
        await closePage(page);
      }
    });

    test("keyboard: Tab reaches a square, Enter selects it and plays", async () => {
      const steps = await firstClickMove(v, start);
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        for (const step of steps.slice(0, -1)) await playStep(page, step); // the rolls
        const move = steps.at(-1).action;
        // Tab through the page until the move's square has the focus.
        await page.evaluate(() => document.activeElement?.blur());
        let reached = false;
        let sawSquare = false;
        for (let i = 0; i < 400 && !reached; i++) {
          await page.keyboard.press("Tab");
          const sq = await page.evaluate(() => {
            const e = document.activeElement;
            return e && e.hasAttribute("data-square") && !e.hasAttribute("data-piece") ? e.getAttribute("data-square") : null;
          });
          if (sq) sawSquare = true;
          reached = sq === move.from;
        }
        assert.ok(sawSquare, "Tab never reaches a square of the board");
        assert.ok(reached, `Tab never reaches square ${move.from}`);
        await page.keyboard.press("Enter");
        await idle(page);
        assert.ok(await squareLocator(page, move.from).evaluate((e) => e.classList.contains("selected")), `Enter on ${move.from} does not select it`);
        // Then Enter on a destination plays the move.
        await squareLocator(page, move.to).focus();
        await page.keyboard.press("Enter");
        await idle(page);
        if ((await positionText(page)) !== steps.at(-1).after) {
          // A move sharing its squares with another action is chosen in #actions, by keyboard too.
          const choice = page.locator(`#actions button[data-notation="${move.notation.replace(/["\\]/g, "\\$&")}"]`);
          if (await choice.count()) {
            await choice.first().focus();
            await page.keyboard.press("Enter");
            await idle(page);
          }
        }
        await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, steps.at(-1).after).catch(() => {});
        assert.equal(await positionText(page), steps.at(-1).after, `Enter on ${move.from} then ${move.to} does not play ${move.notation}`);
        assertNoPageErrors(page);
      } finally {
        await closePage(page);
      }
    });
  });
}

describe("the page", () => {
  test("opens chaturanga without ?variant=, and select#variant switches to every variant", async () => {
    const page = await openPage(browser, server.url, {});
    try {
      assert.equal(await page.inputValue("select#variant"), "chaturanga", "select#variant without ?variant=");
      await assertShows(page, await api.start("chaturanga"), "no ?variant=");
      const options = await page.$$eval("select#variant option", (els) => els.map((e) => e.value));
      assert.deepEqual([...options].sort(), [...names].sort(), "select#variant does not offer the service's variants");
      for (const v of variants) {
        if (v.name === "chaturanga") continue;
        const start = await api.start(v.name);
        await page.selectOption("select#variant", v.name);
        await idle(page);
        await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, start.text).catch(() => {});
        await assertShows(page, start, `select#variant ${v.name}`);
        assert.deepEqual(await moveList(page), [], `#move-list after switching to ${v.name}`);
      }
      assertNoPageErrors(page);
    } finally {
      await closePage(page);
    }
  });
});
