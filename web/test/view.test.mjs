// The board seen from any seat, its coordinates, and clicks made while the page waits.
import { test, describe, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, apiClient, launchBrowser, openPage, closePage, idle, positionText, errorText, clickSquare, squareLocator } from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

/** The middle of each of a player's pieces, relative to the board's middle (y grows downwards). */
async function pieceOffsets(page, player) {
  return page.evaluate((who) => {
    const board = document.querySelector("svg#board").getBoundingClientRect();
    const mx = board.x + board.width / 2;
    const my = board.y + board.height / 2;
    return [...document.querySelectorAll(`svg#board [data-piece][data-player="${CSS.escape(who)}"]`)].map((e) => {
      const r = e.getBoundingClientRect();
      return { square: e.getAttribute("data-square"), dx: r.x + r.width / 2 - mx, dy: r.y + r.height / 2 - my };
    });
  }, player);
}

/** The middle of each of the given squares, relative to the board's middle. */
async function squareOffsets(page, squares) {
  return page.evaluate((names) => {
    const board = document.querySelector("svg#board").getBoundingClientRect();
    return names.map((n) => {
      const r = document.querySelector(`svg#board [data-square="${CSS.escape(n)}"]:not([data-piece])`).getBoundingClientRect();
      return { square: n, dx: r.x + r.width / 2 - board.x - board.width / 2, dy: r.y + r.height / 2 - board.y - board.height / 2 };
    });
  }, squares);
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("the view", { concurrency: 4 }, () => {
  for (const v of variants) {
    test(`${v.name}: seen from each player, that player's pieces are at the bottom`, async () => {
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        const start = await api.start(v.name);
        const players = start.players.map((p) => p.name);
        const options = await page.$$eval("select#view option", (os) => os.map((o) => o.value));
        assert.deepEqual(options, players, "select#view offers the position's players");
        assert.equal(await page.inputValue("select#view"), players[0], "the first player's view by default");
        let checked = 0;
        for (const player of players) {
          const seat = (v.seats ?? []).find((s) => s.player === player)?.seat ?? "";
          await page.selectOption("select#view", player);
          // Where a seat's colour is the coaster in front of it (Martian Coaster Chaturanga), that
          // coaster is its side; elsewhere its pieces are.
          const color = start.players.find((p) => p.name === player)?.color;
          const coaster = color && (start.board?.regions ?? []).find((r) => r.name === color);
          const offsets = coaster ? await squareOffsets(page, coaster.squares) : await pieceOffsets(page, player);
          if (!offsets.length) continue;
          checked++;
          assert.ok(mean(offsets.map((o) => o.dy)) > 0, `${v.name} seen from ${player} (${seat}): its side ${JSON.stringify(offsets)} is not below the middle`);
          // The pieces stay upright: every piece's drawing is scaled but not turned on the screen.
          const turned = await page.$$eval("svg#board [data-piece]", (ps) =>
            ps
              .filter((p) => {
                const m = p.querySelector(":scope > g, :scope > text, :scope > circle").getScreenCTM();
                return !(Math.abs(m.b) < 1e-6 && Math.abs(m.c) < 1e-6 && m.a > 0 && m.d > 0);
              })
              .map((p) => p.getAttribute("data-square")),
          );
          assert.deepEqual(turned, [], `${v.name} seen from ${player}: pieces drawn turned`);
        }
        assert.equal(checked, players.length, `${v.name}: only ${checked} of the players have a side to check`);
      } finally {
        await closePage(page);
      }
    });
  }

  test("chaturanga seen from black: a1 is at the top right, h8 at the bottom left, and the coordinates follow", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturanga", view: "black" });
    try {
      assert.equal(await page.inputValue("select#view"), "black", "?view=black");
      const a1 = await squareLocator(page, "a1").boundingBox();
      const h8 = await squareLocator(page, "h8").boundingBox();
      assert.ok(a1.x > h8.x && a1.y < h8.y, `a1 ${JSON.stringify(a1)} is not above and right of h8 ${JSON.stringify(h8)}`);
      // The file letters under the board run h to a from the left.
      const bottom = await page.evaluate(() => {
        const b = document.querySelector("svg#board").getBoundingClientRect();
        return [...document.querySelectorAll("svg#board .coords text")]
          .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
          .filter((x) => x.r.y > b.y + b.height * 0.9)
          .sort((p, q) => p.r.x - q.r.x)
          .map((x) => x.text)
          .join("");
      });
      assert.equal(bottom, "hgfedcba", "the file letters under the board");
      // A move is still made by clicking its squares, and the view is kept in the address.
      const start = await positionText(page);
      await clickSquare(page, "b1");
      await idle(page);
      await clickSquare(page, "c3");
      await idle(page);
      assert.notEqual(await positionText(page), start, "b1c3 by clicks on the turned board");
      assert.equal(new URL(page.url()).searchParams.get("view"), "black", "the address keeps the view");
    } finally {
      await closePage(page);
    }
  });

  test("every file and rank is named around the board", async () => {
    for (const name of ["chaturanga", "ramayana", "martian_coaster_chaturanga"]) {
      const v = variants.find((x) => x.name === name);
      const page = await openPage(browser, server.url, { variant: name });
      try {
        const texts = new Set(await page.$$eval("svg#board .coords text", (ts) => ts.map((t) => t.textContent)));
        for (const s of v.board.squares) {
          const [, file, rank] = /^([a-z]+)(\d+)$/.exec(s.name);
          assert.ok(texts.has(file) && texts.has(rank), `${name}: ${s.name}'s file or rank is not named (${[...texts]})`);
        }
      } finally {
        await closePage(page);
      }
    }
  });

  test("the board does not turn when other seats become bots", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturaji" });
    try {
      await page.fill("input#bot-depth", "1");
      // Hold the bots' turns, so that the board is looked at before anyone plays.
      await page.route("**/v1/dice:roll", () => {});
      const before = await squareOffsets(page, ["a1", "h8"]);
      // Black is to move; green, red and yellow become bots, leaving black alone, then black too.
      for (const seat of ["green", "red", "yellow"]) await page.selectOption(`#seats select[data-seat="${seat}"]`, "bot");
      assert.equal(await page.inputValue("select#view"), "black", "the view after green, red and yellow became bots");
      assert.deepEqual(await squareOffsets(page, ["a1", "h8"]), before, "the board turned when green, red and yellow became bots");
      await page.selectOption("select#view", "yellow");
      const yellow = await squareOffsets(page, ["a1", "h8"]);
      await page.selectOption('#seats select[data-seat="green"]', "human");
      await page.selectOption('#seats select[data-seat="black"]', "bot");
      assert.equal(await page.inputValue("select#view"), "yellow", "the view chosen is kept when seats change");
      assert.deepEqual(await squareOffsets(page, ["a1", "h8"]), yellow, "the board turned when black became a bot");
    } finally {
      await closePage(page);
    }
  });
});

describe("clicks while the page waits", () => {
  test("are refused with a reason, and the board is not changed by them", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      const start = await positionText(page);
      // Hold the service's answer to the bot's search until the click has been made.
      let release;
      const held = new Promise((r) => (release = r));
      await page.route("**/v1/analysis:search", async (route) => {
        await held;
        await route.continue();
      });
      await page.fill("input#bot-depth", "1");
      await page.selectOption('#seats select[data-seat="white"]', "bot");
      await page.waitForFunction(() => document.body.dataset.busy === "true");
      await clickSquare(page, "e2");
      const said = await errorText(page);
      assert.match(said, /wait/, `#error after a click while the bot thinks: ${JSON.stringify(said)}`);
      assert.equal(await squareLocator(page, "e2").evaluate((e) => e.classList.contains("selected")), false, "the click selected e2");
      release();
      await idle(page);
      assert.notEqual(await positionText(page), start, "the bot did not play");
      assert.equal(await errorText(page), "", "#error once the bot has played");
    } finally {
      await closePage(page);
    }
  });
});
