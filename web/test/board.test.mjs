// The board is drawn from its description alone: every region with its squares and every arrow of
// the board the service gives, and, where the board changes in play (Martian Coaster Chaturanga's
// AIM, TIP and SWAP), the board as the position carries it after each change.
import { test, describe, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, apiClient, launchBrowser, openPage, closePage, idle, positionText, rollManual, cssEscape } from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

/** The regions and arrows drawn, in a form to compare with a board description. */
async function drawnBoard(page) {
  return page.evaluate(() => ({
    regions: [...document.querySelectorAll("svg#board [data-region]")]
      .map((g) => `${g.getAttribute("data-region")} ${g.getAttribute("data-kind")}: ${g.getAttribute("data-squares")}`)
      .sort(),
    arrows: [...document.querySelectorAll("svg#board line.arrow")]
      .map((l) => `${l.getAttribute("data-from")}>${l.getAttribute("data-to")} ${l.getAttribute("data-direction")}`)
      .sort(),
  }));
}

function described(board) {
  const squares = new Set((board.squares ?? []).map((s) => s.name));
  return {
    regions: (board.regions ?? []).map((r) => `${r.name} ${r.kind}: ${(r.squares ?? []).join(" ")}`).sort(),
    arrows: (board.connections ?? [])
      .filter((c) => squares.has(c.from))
      .map((c) => `${c.from}>${c.to ?? ""} ${c.direction ?? ""}`)
      .sort(),
  };
}

describe("boards", { concurrency: 4 }, () => {
  for (const v of variants) {
    test(`${v.name}: every region and arrow of the described board is drawn`, async () => {
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        const start = await api.start(v.name);
        assert.deepEqual(await drawnBoard(page), described(start.board ?? v.board));
      } finally {
        await closePage(page);
      }
    });
  }

  const mcc = variants.find((v) => v.name === "martian_coaster_chaturanga");
  for (const [value, action] of [
    [1, "aim 1"],
    [5, "tip 1"],
    [4, "swap tl br"],
  ]) {
    test(`martian_coaster_chaturanga: the table is redrawn after ${action}`, async () => {
      assert.ok(mcc, "martian_coaster_chaturanga is not served");
      const page = await openPage(browser, server.url, { variant: "martian_coaster_chaturanga" });
      try {
        const start = await positionText(page);
        await rollManual(page, [value]);
        await page.click(`#actions button[data-notation="${cssEscape(action)}"]`);
        await idle(page);
        const rolled = (await api.resolve(mcc.name, start, [value])).position.text;
        const want = (await api.apply(mcc.name, rolled, [action])).position;
        assert.equal(await positionText(page), want.text, `#position-text after ${action}`);
        const drawn = await drawnBoard(page);
        assert.deepEqual(drawn, described(want.board), `the table drawn after ${action}`);
        assert.notDeepEqual(drawn, described(mcc.board), `${action} left the table drawn as it was`);
      } finally {
        await closePage(page);
      }
    });
  }
});

describe("the address", () => {
  test("names the position as it stands, so a reload opens it", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      const start = await positionText(page);
      const move = (await api.list("chaturanga", start)).moves.find((m) => m.from && m.to);
      await page.click(`svg#board [data-square="${move.from}"]:not([data-piece])`);
      await idle(page);
      await page.click(`svg#board [data-square="${move.to}"]:not([data-piece])`);
      await idle(page);
      const after = await positionText(page);
      assert.notEqual(after, start, "the move was not played");
      assert.equal(new URL(page.url()).searchParams.get("position"), after, "the address after the move");
      await page.reload();
      await idle(page);
      await page.waitForSelector("svg#board [data-square]");
      assert.equal(await positionText(page), after, "the position after a reload");
    } finally {
      await closePage(page);
    }
  });
});
