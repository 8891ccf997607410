// Pieces a player recognises: figurines in the Indian games, Icehouse pyramids with their pips in
// the pyramid games, Martian Chaturanga's stacks of pyramids; each named on hover and in a legend
// with the names GetVariant gives. And Martian Chess's canal, drawn between the zones.
import { test, describe, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, apiClient, launchBrowser, openPage, closePage } from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

/** Every piece drawn on the board: its kind, whether it is a figure or a lettered disc, its hover
 * text, the pyramids and pips it is made of, and a fingerprint of its drawing. */
function drawnPieces(page) {
  return page.$$eval("svg#board [data-piece]", (ps) =>
    ps.map((p) => ({
      square: p.getAttribute("data-square"),
      kind: p.getAttribute("data-kind"),
      figure: p.classList.contains("glyph") && !p.querySelector(":scope > text"),
      title: p.querySelector(":scope > title")?.textContent ?? "",
      pyramids: [...p.querySelectorAll(".part-pyramid")].map((e) => e.getBBox().height),
      pips: p.querySelectorAll(".part-pip").length,
      drawing: [...p.querySelectorAll("path")].map((e) => e.getAttribute("d")).join(" "),
    })),
  );
}

const PYRAMID_GAMES = ["martian_chess", "coaster_chess", "martian_coaster_chaturanga"];
// Martian Chaturanga's pieces as its rules build them: pips of the pyramids, bottom up.
const TREES = { monarch: [3, 2, 1], paladin: [3, 1], raven: [3, 2], squire: [2, 1], keep: [], throne: [3, 3] };

describe("pieces", { concurrency: 4 }, () => {
  for (const v of variants) {
    test(`${v.name}: every piece is a figure of its own, named on hover and in the legend`, async () => {
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        const drawn = await drawnPieces(page);
        const start = await api.start(v.name);
        assert.equal(drawn.length, start.pieces.length, "pieces drawn");
        const titles = new Map(v.piece_types.map((t) => [t.kind, t.title]));
        for (const p of drawn) {
          assert.ok(p.figure, `${p.kind} on ${p.square} is drawn as a lettered disc`);
          assert.ok(p.title.includes(titles.get(p.kind)), `${p.kind} on ${p.square}: hover text ${JSON.stringify(p.title)} lacks ${titles.get(p.kind)}`);
          const square = await page.$eval(`svg#board [data-square="${p.square}"]:not([data-piece]) > title`, (t) => t.textContent);
          assert.ok(square.includes(titles.get(p.kind)), `square ${p.square}: hover text ${JSON.stringify(square)}`);
        }
        // One drawing per kind, and no two kinds alike.
        const byKind = new Map();
        for (const p of drawn) byKind.set(p.kind, p.drawing);
        assert.equal(new Set(byKind.values()).size, byKind.size, `kinds drawn alike: ${[...byKind.keys()]}`);
        // The legend: every piece type, drawn, with its name.
        const legend = await page.$$eval("#piece-legend li", (lis) => lis.map((li) => ({ kind: li.getAttribute("data-kind"), text: li.textContent.trim(), drawn: li.querySelectorAll("svg path").length > 0 })));
        assert.deepEqual(legend.map((l) => l.kind), v.piece_types.map((t) => t.kind), "#piece-legend kinds");
        for (const l of legend) {
          assert.equal(l.text, titles.get(l.kind), `#piece-legend ${l.kind}`);
          assert.ok(l.drawn, `#piece-legend ${l.kind} is not drawn`);
        }

        if (PYRAMID_GAMES.includes(v.name)) {
          const pips = new Map(v.piece_types.map((t) => [t.kind, t.value]));
          for (const p of drawn) {
            assert.equal(p.pyramids.length, 1, `${p.kind} on ${p.square}: one pyramid`);
            assert.equal(p.pips, pips.get(p.kind), `${p.kind} on ${p.square}: pips`);
          }
          // Bigger pyramids for more pips.
          const heights = [...new Map(drawn.map((p) => [p.pips, p.pyramids[0]])).entries()].sort((a, b) => a[0] - b[0]);
          for (let i = 1; i < heights.length; i++) assert.ok(heights[i][1] > heights[i - 1][1], `pyramid heights by pips: ${JSON.stringify(heights)}`);
        }
        if (v.name === "martian_chaturanga" || v.name === "martian_chaturaji") {
          for (const p of drawn) {
            const tree = TREES[p.kind];
            assert.equal(p.pyramids.length, tree.length, `${p.kind} on ${p.square}: pyramids in the stack`);
            assert.equal(p.pips, tree.reduce((a, b) => a + b, 0), `${p.kind} on ${p.square}: pips of the stack`);
          }
        }
      } finally {
        await closePage(page);
      }
    });
  }
});

describe("the canal", () => {
  for (const options of [undefined, { players: 4 }]) {
    test(`martian_chess${options ? " (4 players)" : ""}: a line between the zones, no shapes on the squares`, async () => {
      const page = await openPage(browser, server.url, options ? { variant: "martian_chess", options } : { variant: "martian_chess" });
      try {
        const drawn = await page.evaluate(() => {
          const mark = document.querySelector('svg#board [data-mark="canal"]');
          const box = (e) => {
            const r = e.getBoundingClientRect();
            return { x: r.x, y: r.y, w: r.width, h: r.height };
          };
          return {
            shapes: mark.querySelectorAll("circle, path:not(.bank):not(.water)").length,
            water: [...mark.querySelectorAll(".water")].map(box),
            square: box(document.querySelector('svg#board [data-square="a1"]:not([data-piece])')),
            board: box(document.querySelector('svg#board [data-square="a1"]:not([data-piece])').parentNode),
          };
        });
        assert.equal(drawn.shapes, 0, "shapes drawn on the canal's squares");
        assert.equal(drawn.water.length, 1, "the canal's line");
        const [w] = drawn.water;
        const s = drawn.square.w;
        const mid = { x: drawn.board.x + drawn.board.w / 2, y: drawn.board.y + drawn.board.h / 2 };
        // Across the board's middle: the whole width along it (and with four players its whole height too), and thin where it runs.
        assert.ok(Math.abs(w.y + w.h / 2 - mid.y) < s * 0.1 || w.h > drawn.board.h * 0.9, `the canal ${JSON.stringify(w)} is not on the middle rank line ${mid.y}`);
        assert.ok(w.w > drawn.board.w * 0.9, `the canal ${JSON.stringify(w)} does not cross the board ${JSON.stringify(drawn.board)}`);
        if (options) assert.ok(w.h > drawn.board.h * 0.9, `the canal ${JSON.stringify(w)} does not run between the west and east zones`);
        else assert.ok(w.h < s * 0.3, `the canal ${JSON.stringify(w)} is not a line`);
      } finally {
        await closePage(page);
      }
    });
  }
});
