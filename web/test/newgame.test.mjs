// A new game costs one package and one import line: Hexapawn (engine/enginetest/hexapawn), which
// only a server built with -tags testgame serves (cmd/ashtapada/testgame.go), is drawn and played
// by the playground with no line of web/ written for it. Every expectation is the service's answer.
//
//   cd web && node --test test/newgame.test.mjs
import { test, after } from "node:test";
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
} from "./harness.mjs";

const server = await startServer({ tags: "testgame" });
const api = apiClient(server.url);
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

const drawn = (pos) => sortPieces(pos.pieces.map((p) => ({ square: p.square, kind: p.kind, player: p.player ?? "", color: p.color ?? "" })));

test("hexapawn, served by one import line, is drawn and played by the playground", async () => {
  const names = (await api.variants()).map((v) => v.name);
  assert.ok(names.includes("hexapawn"), `the server built with -tags testgame does not list hexapawn: ${names}`);
  const variant = await api.variant("hexapawn");
  const start = await api.start("hexapawn");
  assert.equal(start.text, "ppp/3/PPP w");

  // The page opens on its default game; hexapawn is chosen in select#variant.
  const page = await openPage(browser, server.url, {});
  try {
    const offered = await page.$$eval("select#variant option", (els) => els.map((e) => e.value));
    assert.ok(offered.includes("hexapawn"), `select#variant does not offer hexapawn: ${offered}`);
    await page.selectOption("select#variant", "hexapawn");
    await idle(page);
    await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, start.text).catch(() => {});
    assert.equal(await positionText(page), start.text, "#position-text after choosing hexapawn");
    assert.equal(await toMove(page), "white", "#to-move");

    // The board: 3x3 squares, the six pawns where the service puts them, each one drawn.
    const squares = await page.$$eval("svg#board [data-square]:not([data-piece])", (els) => [...new Set(els.map((e) => e.getAttribute("data-square")))].sort());
    assert.deepEqual(squares, variant.board.squares.map((s) => s.name).sort(), "the squares drawn");
    assert.equal(squares.length, 9, "a 3x3 board");
    const pieces = await boardPieces(page);
    assert.equal(pieces.length, 6, "six pawns drawn");
    assert.deepEqual(pieces, drawn(start), "the pawns drawn are not the start position's");
    // Each is drawn from what GetVariant says of it: as a figure where the playground has one for
    // its kind ("pawn" has one), else as a disc with its letter (P). Either way it is visible.
    const looks = await page.$$eval("svg#board [data-piece]", (els) =>
      els.map((e) => {
        const box = e.getBoundingClientRect();
        return {
          glyph: e.classList.contains("glyph") && e.querySelectorAll("path.part-body").length > 0,
          disc: e.querySelector("circle") !== null && (e.querySelector("text")?.textContent ?? "") === "P",
          visible: box.width > 10 && box.height > 10,
        };
      }),
    );
    for (const l of looks) assert.ok((l.glyph || l.disc) && l.visible, `a pawn is neither a figure nor a lettered disc: ${JSON.stringify(l)}`);
    const legend = await page.$$eval("#piece-legend li[data-kind]", (els) => els.map((e) => `${e.getAttribute("data-kind")} ${e.textContent.trim()}`));
    assert.deepEqual(legend, ["pawn Pawn"], "#piece-legend");

    // A move by two clicks: the service's moves are the targets, and its answer is what is shown.
    const list = await api.list("hexapawn", start.text);
    assert.deepEqual(list.moves.map((m) => m.notation), ["a1a2", "b1b2", "c1c2"], "the service's moves at the start");
    await clickSquare(page, "b1");
    await idle(page);
    const targets = await page.$$eval("svg#board [data-square].target:not([data-piece])", (els) => [...new Set(els.map((e) => e.getAttribute("data-square")))]);
    assert.deepEqual(targets, ["b2"], "squares marked as targets of b1");
    await clickSquare(page, "b2");
    await idle(page);
    const applied = await api.apply("hexapawn", start.text, ["b1b2"]);
    await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, applied.position.text).catch(() => {});
    assert.equal(await errorText(page), "", "#error after b1b2");
    assert.equal(await positionText(page), applied.position.text, "#position-text after b1b2 is not the service's");
    assert.equal(applied.position.text, "ppp/1P1/P1P b");
    assert.deepEqual(await boardPieces(page), drawn(applied.position), "the pawns after b1b2");
    assert.deepEqual(await moveList(page), ["b1b2"], "#move-list");
    assert.equal(await toMove(page), "black", "#to-move after b1b2");
    for (const sq of ["b1", "b2"]) {
      assert.ok(await squareLocator(page, sq).evaluate((e) => e.classList.contains("last")), `square ${sq} of the last move is not marked "last"`);
    }

    // An illegal click is refused with the service's reason: black's a3 cannot step to... a1.
    await clickSquare(page, "a3");
    await idle(page);
    await clickSquare(page, "a1");
    await until(page, () => (document.querySelector("#error")?.textContent ?? "").trim() !== "").catch(() => {});
    const { reason } = await api.validate("hexapawn", applied.position.text, { from: "a3", to: "a1" });
    assert.ok(reason, "the service gives no reason for a3a1");
    assert.equal((await errorText(page)).toLowerCase(), reason.toLowerCase(), "#error after a3 then a1");
    assert.equal(await positionText(page), applied.position.text, "an illegal click changed the position");

    // Black captures, and the game is played on to its end on the page: black reaches rank 1.
    for (const [from, to] of [["a3", "b2"], ["c1", "b2"], ["c3", "c2"], ["a1", "a2"], ["c2", "c1"]]) {
      const before = await positionText(page);
      await clickSquare(page, from);
      await idle(page);
      await clickSquare(page, to);
      await idle(page);
      const want = (await api.apply("hexapawn", before, [from + to])).position.text;
      await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, want).catch(() => {});
      assert.equal(await positionText(page), want, `#position-text after ${from}${to}`);
    }
    const score = await api.score("hexapawn", await positionText(page));
    assert.equal(score.status, "GAME_STATUS_FINISHED");
    assert.ok(await page.isVisible("#result"), "#result is not shown at the end");
    assert.equal(await page.getAttribute("#result", "data-reason"), score.reason, "#result data-reason");
    const winners = await page.$$eval("#result [data-player]", (els) => els.map((e) => e.getAttribute("data-player")));
    assert.deepEqual(winners, score.winners, "#result winners");
    assert.deepEqual(score.winners, ["black"]);
    assert.deepEqual(page.errors, [], "uncaught errors on the page");
  } finally {
    await closePage(page);
  }
});
