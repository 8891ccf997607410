// The controls around the board: seeded rolls, dice rolled by hand, rolls that call for another,
// the result line, scores, the move list, drag and drop, the focus ring and the page's icon. Every
// expectation is the service's answer to the same question, asked through the JSON API.
import { test, describe, after } from "node:test";
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
  clickSquare,
  squareLocator,
  openManualDice,
  rollManual,
  playStep,
  clickable,
  ending,
  cssEscape,
} from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
const variant = (name) => variants.find((v) => v.name === name);
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

const statusText = async (page) => ((await page.textContent("#status")) ?? "").trim();
const seedUsed = (page) => page.getAttribute("#seed-used", "data-seed");

/** Rolls with #roll and waits until the position changed. */
async function roll(page) {
  const before = await positionText(page);
  await page.click("button#roll");
  await until(page, (t) => document.querySelector("#position-text")?.value.trim() !== t, before);
}

/** Plays the first action of the position that is a move by clicks, else the first action from #actions. */
async function playSomething(page, variantName) {
  const text = await positionText(page);
  const { moves } = await api.list(variantName, text);
  const move = clickable(moves)[0];
  if (move) {
    await clickSquare(page, move.from);
    await idle(page);
    await clickSquare(page, move.to);
  } else {
    await page.click(`#actions button[data-notation="${cssEscape(moves[0].notation)}"]`);
  }
  await until(page, (t) => document.querySelector("#position-text")?.value.trim() !== t, text);
  const notation = move?.notation ?? moves[0].notation;
  assert.equal(await positionText(page), (await api.apply(variantName, text, [notation])).position.text, `${notation} played on the page`);
  return notation;
}

describe("dice", { concurrency: 3 }, () => {
  test("a seed makes a game's rolls reproducible, and each roll of the game has a seed of its own", async () => {
    const start = await api.start("chaturaji");
    const games = [];
    for (let i = 0; i < 2; i++) {
      const page = await openPage(browser, server.url, { variant: "chaturaji" });
      try {
        await page.fill("input#seed", "7");
        const game = { seeds: [], texts: [] };
        let text = start.text;
        for (let turn = 0; turn < 3; turn++) {
          await roll(page);
          const seed = await seedUsed(page);
          const rolled = await api.roll("chaturaji", text, seed);
          assert.equal(await positionText(page), rolled.position.text, `roll ${turn + 1}: not the service's roll with the seed shown (${seed})`);
          game.seeds.push(seed);
          game.texts.push(rolled.position.text);
          await playSomething(page, "chaturaji");
          text = await positionText(page);
        }
        assert.equal(await page.inputValue("input#seed"), "7", "the seed entered is kept for the game");
        games.push(game);
      } finally {
        await closePage(page);
      }
    }
    assert.equal(new Set(games[0].seeds).size, games[0].seeds.length, `the rolls of one game repeat a seed: ${games[0].seeds}`);
    assert.deepEqual(games[1], games[0], "the same game with the same seed rolled other dice");
  });

  test("a 6 rolled by hand in chaturaji says: roll again", async () => {
    const start = await api.start("chaturaji");
    const again = await api.resolve("chaturaji", start.text, [6]);
    assert.equal(again.roll_again, true, "the service does not call a 6 a roll again");
    const page = await openPage(browser, server.url, { variant: "chaturaji" });
    try {
      await rollManual(page, [6]);
      await until(page, () => document.querySelector("#status")?.hasAttribute("data-roll-again"));
      const said = await statusText(page);
      assert.match(said, /rolled 6/, `#status after a 6: ${JSON.stringify(said)}`);
      assert.match(said, /roll again/, `#status after a 6: ${JSON.stringify(said)}`);
      assert.equal(await page.isVisible("#status"), true, "#status is not shown");
      assert.equal(await positionText(page), start.text, "the position changed after a 6");
      assert.deepEqual(await moveList(page), [], "a roll that does not count is listed");
      assert.equal(await page.isVisible("button#roll"), true, "#roll gone while the player must roll again");
      // The next roll counts, and the note goes.
      await rollManual(page, [3]);
      await until(page, (t) => document.querySelector("#position-text")?.value.trim() !== t, start.text);
      assert.equal(await positionText(page), (await api.resolve("chaturaji", start.text, [3])).position.text, "the roll after a 6");
      assert.doesNotMatch(await statusText(page), /roll again/, "#status still says roll again");
      // Undo after a roll that did not count takes back the last action, and the note with it.
      const rolled = await positionText(page);
      await playSomething(page, "chaturaji");
      await rollManual(page, [1]);
      await until(page, () => document.querySelector("#status")?.hasAttribute("data-roll-again"));
      await page.click("button#undo");
      await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, rolled);
      assert.doesNotMatch(await statusText(page), /roll again/, "#status says roll again after undo");
    } finally {
      await closePage(page);
    }
  });

  for (const name of ["chaturaji", "martian_coaster_chaturanga"]) {
    test(`${name}: Roll only while rolling; the dice rolled by hand in a control of their own`, async () => {
      const start = await api.start(name);
      const outcomes = (await api.list(name, start.text)).moves;
      const page = await openPage(browser, server.url, { variant: name });
      try {
        assert.equal(await page.isVisible("button#roll"), true, "#roll in the roll phase");
        // No outcome is offered beside Roll: the hand-rolled dice are closed until asked for.
        assert.equal(await page.locator("#actions button").count(), 0, "#actions offers buttons in the roll phase");
        assert.equal(await page.$eval("#manual-dice", (d) => d.tagName === "DETAILS" && !d.open), true, "#manual-dice is not a closed details");
        assert.equal(await page.isVisible("#roll-values"), false, "#roll-values shown before it is asked for");
        await openManualDice(page);
        const offered = await page.$$eval("#roll-outcomes button", (bs) => bs.map((b) => b.getAttribute("data-notation")));
        assert.deepEqual(offered, outcomes.map((m) => m.notation), "#roll-outcomes buttons");
        const choice = outcomes.at(-1);
        await page.click(`#roll-outcomes button[data-notation="${cssEscape(choice.notation)}"]`);
        await until(page, (t) => document.querySelector("#position-text")?.value.trim() !== t, start.text);
        assert.equal(await positionText(page), (await api.apply(name, start.text, [choice.notation])).position.text, `${choice.notation} from #roll-outcomes`);
        // After the roll: no Roll, no dice by hand, until the next roll phase.
        assert.equal(await page.isVisible("button#roll"), false, "#roll shown after the roll");
        assert.equal(await page.isVisible("#manual-dice"), false, "#manual-dice shown after the roll");
        assert.equal(await errorText(page), "");
      } finally {
        await closePage(page);
      }
    });
  }
});

describe("results and scores", { concurrency: 3 }, () => {
  /** What the result line says, from the service's answer: why, who, and by how much on points. */
  function expectedResult(next, scored) {
    const nice = (s) => s.replace(/_/g, " ");
    const winners = next.winners ?? [];
    let s = `Game over (${nice(next.reason)}): `;
    s += winners.length ? `${winners.map(nice).join(" and ")} ${winners.length > 1 ? "win" : "wins"}` : "a draw";
    if (next.decided_by === "score") {
      const won = next.standings.filter((st) => winners.includes(st.player) || st.place === 1).map((st) => st.score);
      const rest = next.standings.filter((st) => !(winners.includes(st.player) || st.place === 1)).map((st) => st.score);
      s += ` on points, ${Math.max(...won)} ${rest.length ? `to ${Math.max(...rest)}` : "each"}`;
    } else if (scored) {
      s += "; points: " + [...next.standings].sort((a, b) => b.score - a.score).map((st) => `${nice(st.player)} ${st.score}`).join(", ");
    }
    return s;
  }

  for (const [name, decidedBy] of [
    ["chaturaji", "score"],
    ["chaturanga", "reason"],
  ]) {
    test(`${name}: the result says why the game ended, who won and, on points, by how much`, async () => {
      const end = await ending(api, variant(name));
      assert.ok(end, `no ending for ${name}`);
      const finished = await api.apply(name, end.text, [end.action.notation]);
      assert.equal(finished.next.decided_by, decidedBy, `the service's decided_by for the ${name} ending`);
      const page = await openPage(browser, server.url, { variant: name, position: end.after });
      try {
        const result = ((await page.textContent("#result")) ?? "").trim();
        assert.equal(result, expectedResult(finished.next, name === "chaturaji"), "#result");
        assert.equal(await page.getAttribute("#result", "data-decided-by"), decidedBy);
        assert.equal(await page.isVisible("#dice-panel"), false, "the dice are offered in a finished game");
      } finally {
        await closePage(page);
      }
    });
  }

  test("scores are shown in the games that keep them, and only there", async () => {
    for (const [name, shown] of [
      ["chaturanga", false],
      ["martian_chaturanga", false],
      ["ramayana", false],
      ["chaturaji", true],
      ["martian_chess", true],
      ["coaster_chess", true],
      ["martian_coaster_chaturanga", true],
    ]) {
      const page = await openPage(browser, server.url, { variant: name });
      try {
        assert.equal(await page.isVisible("#scores"), shown, `${name}: #scores ${shown ? "hidden" : "shown"}`);
        const players = (await api.start(name)).players.length;
        assert.equal(await page.locator("#scores [data-score]").count(), shown ? players : 0, `${name}: #scores rows`);
      } finally {
        await closePage(page);
      }
    }
  });
});

describe("the move list", () => {
  test("a number where the first player begins a round, and bots roll with the game's seed", async () => {
    const games = [];
    for (let i = 0; i < 2; i++) {
      const page = await openPage(browser, server.url, { variant: "chaturaji" });
      try {
        await page.fill("input#seed", "2024");
        await page.fill("input#bot-depth", "1");
        for (const seat of ["green", "red", "yellow", "black"]) await page.selectOption(`#seats select[data-seat="${seat}"]`, "bot");
        await page.waitForFunction(() => document.querySelectorAll("#move-list li").length >= 120 || !document.body.dataset.busy, null, { timeout: 120000, polling: 100 });
        await page.selectOption('#seats select[data-seat="black"]', "human");
        await page.waitForFunction(() => !document.body.dataset.busy, null, { timeout: 30000 });
        const listed = await moveList(page);
        assert.ok(listed.length >= 120, `the bots' game ended after ${listed.length} actions`);
        games.push(listed.slice(0, 120));
        // Each entry's number and who acted (the roller of a roll): a number exactly where black,
        // the first player, begins a turn after another player's, counting up from 1.
        const entries = await page.$$eval("#move-list li", (lis) => lis.map((li) => ({ number: li.querySelector(".ply").textContent, player: li.dataset.player })));
        let round = 0;
        let prev = "";
        entries.forEach((e, k) => {
          const mover = e.player || prev; // a roll is its roller's
          const begins = mover === "black" && prev !== "black";
          if (begins) round++;
          assert.equal(e.number, begins ? `${round}.` : "", `entry ${k} (${JSON.stringify(e)})`);
          prev = mover;
        });
        assert.ok(round >= 10, `${round} rounds numbered`);
      } finally {
        await closePage(page);
      }
    }
    assert.deepEqual(games[1], games[0], "two bot games with the same seed differ");
  });

  test("move numbers of 1000 and more are shown whole, from the position's own move number", async () => {
    const start = await api.start("chaturanga");
    const text = start.text.replace(/ \d+$/, " 998");
    const page = await openPage(browser, server.url, { variant: "chaturanga", position: text });
    try {
      const moves = ["e2e3", "e7e6", "g1f3", "g8f6", "f1d3"];
      let at = text;
      for (const notation of moves) {
        const applied = await api.apply("chaturanga", at, [notation]);
        const action = applied.position.last_action;
        await playStep(page, { action, click: [action.from, action.to], after: applied.position.text });
        at = applied.position.text;
      }
      const entries = await page.$$eval("#move-list li", (lis) => {
        const list = document.querySelector("#move-list").getBoundingClientRect();
        return lis.map((li) => {
          const ply = li.querySelector(".ply");
          const p = ply.getBoundingClientRect();
          const n = li.querySelector(".notation").getBoundingClientRect();
          return { number: ply.textContent, text: li.querySelector(".notation").textContent, fits: !ply.textContent || (ply.scrollWidth <= ply.clientWidth + 1 && p.left >= list.left && p.right <= n.left) };
        });
      });
      assert.deepEqual(entries.map((e) => [e.number, e.text]), [["998.", "e3"], ["", "e6"], ["999.", "Nf3"], ["", "Nf6"], ["1000.", "Bd3"]]);
      for (const e of entries) assert.ok(e.fits, `move number ${e.number} is cut or overlaps its move: ${JSON.stringify(e)}`);
    } finally {
      await closePage(page);
    }
  });
});

describe("bots", () => {
  test("a bot plays at its level (the middle one unless chosen) for the bot time, or searches to the depth given", async () => {
    for (const [depth, time, level] of [["", "0.1s", ""], ["", "0.1s", "2"], ["1", "2s", ""]]) {
      const page = await openPage(browser, server.url, { variant: "chaturanga" });
      try {
        const start = await positionText(page);
        const asked = [];
        page.on("request", (r) => {
          if (r.url().endsWith("/v1/analysis:search")) asked.push(JSON.parse(r.postData() ?? "{}"));
        });
        await page.selectOption("select#bot-time", time);
        await page.fill("input#bot-depth", depth);
        if (level) await page.selectOption("select#bot-level", level);
        await page.selectOption('#seats select[data-seat="white"]', "bot");
        await until(page, () => document.querySelectorAll("#move-list li").length > 0 && !document.body.dataset.busy);
        assert.equal(await errorText(page), "", "#error after the bot's action");
        assert.equal(asked.length, 1, `searches asked for: ${JSON.stringify(asked)}`);
        const [req] = asked;
        assert.equal(req.time_limit, time, "the search's time_limit is the bot time");
        if (depth === "") {
          assert.ok(!("depth" in req) && !("algorithm" in req), `with no depth the server picks the search: ${JSON.stringify(req)}`);
          assert.equal(req.level, Number(level || 4), "the bot's level");
        } else {
          assert.equal(req.depth, Number(depth), "the search's depth");
          assert.ok(!("level" in req), `a depth, no level: ${JSON.stringify(req)}`);
        }
        const listed = await moveList(page);
        const replay = await api.apply("chaturanga", start, listed);
        assert.equal(await positionText(page), replay.position.text, `the bot's action ${JSON.stringify(listed)}`);
      } finally {
        await closePage(page);
      }
    }
  });
});

describe("the board", { concurrency: 3 }, () => {
  /** The middle of a square on the screen. */
  async function centre(page, square) {
    const box = await squareLocator(page, square).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  test("a piece is dragged to a legal square, showing its targets on the way; the last move stays marked", async () => {
    const start = await api.start("chaturanga");
    const { moves } = await api.list("chaturanga", start.text);
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      const a = await centre(page, "b1");
      const b = await centre(page, "c3");
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
      // While the horse is carried: its legal squares marked, a dot on each, the horse under the pointer.
      const targets = await page.$$eval("svg#board [data-square].target:not([data-piece])", (els) => els.map((e) => e.getAttribute("data-square")).sort());
      assert.deepEqual(targets, moves.filter((m) => m.from === "b1").map((m) => m.to).sort(), "targets while dragging b1");
      const hints = await page.$$eval("svg#board [data-hint]", (els) => els.map((e) => e.getAttribute("data-hint")).sort());
      assert.deepEqual(hints, targets, "the dots on the targets");
      assert.equal(await page.locator("svg#board [data-piece].dragging").count(), 1, "no piece follows the pointer");
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up();
      await until(page, (t) => document.querySelector("#position-text")?.value.trim() !== t, start.text);
      const after = (await api.apply("chaturanga", start.text, ["b1c3"])).position;
      assert.equal(await positionText(page), after.text, "b1 dragged to c3");
      assert.equal(await page.locator("svg#board [data-piece].dragging").count(), 0, "the dragged piece is left behind");
      const tinted = await page.$$eval("svg#board .tint-last", (els) => els.map((e) => e.getAttribute("data-tint")).sort());
      assert.deepEqual(tinted, ["b1", "c3"], "the last move's squares");
      // A drop on a square the piece cannot reach changes nothing and says why, in the service's words.
      const e7 = await centre(page, "e7");
      const e5 = await centre(page, "e5");
      await page.mouse.move(e7.x, e7.y);
      await page.mouse.down();
      await page.mouse.move(e5.x, e5.y, { steps: 6 });
      await page.mouse.up();
      await until(page, () => (document.querySelector("#error")?.textContent ?? "").trim() !== "");
      const { reason } = await api.validate("chaturanga", after.text, { from: "e7", to: "e5" });
      assert.equal((await errorText(page)).toLowerCase(), reason.toLowerCase(), "#error after dropping e7 on e5");
      assert.equal(await positionText(page), after.text, "an illegal drop changed the position");
    } finally {
      await closePage(page);
    }
  });

  test("a click focuses no ring; the keyboard's focus shows one", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      await clickSquare(page, "e2");
      await idle(page);
      const clicked = await page.evaluate(() => {
        const e = document.activeElement;
        return { square: e?.getAttribute("data-square"), visible: e?.matches(":focus-visible"), stroke: e ? getComputedStyle(e).strokeWidth : "" };
      });
      assert.equal(clicked.square, "e2", "the square clicked has the focus");
      assert.ok(!clicked.visible, `the square clicked is :focus-visible: ${JSON.stringify(clicked)}`);
      assert.equal(await squareLocator(page, "e2").evaluate((e) => getComputedStyle(e).stroke), "none", "the square clicked shows a focus ring");
      assert.equal(await page.locator("svg#board [data-square]:focus-visible").count(), 0, "a square shows a focus ring after a click");
      await page.keyboard.press("Tab");
      const ring = () =>
        page.evaluate(() => {
          const e = document.activeElement;
          return { square: e?.getAttribute("data-square"), visible: e?.matches(":focus-visible"), ring: e ? getComputedStyle(e).stroke !== "none" : false };
        });
      const tabbed = await ring();
      assert.ok(tabbed.square && tabbed.visible && tabbed.ring, `Tab to a square shows no focus ring: ${JSON.stringify(tabbed)}`);
      // Enter redraws the board; the ring stays on the square reached by the keyboard.
      await page.keyboard.press("Enter");
      await idle(page);
      assert.deepEqual(await ring(), tabbed, "the keyboard's square after Enter");
    } finally {
      await closePage(page);
    }
  });
});

describe("the page", () => {
  test("has an icon and asks for nothing the server does not have", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const failed = [];
      page.on("response", (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      page.on("console", (m) => {
        if (m.type() === "error") failed.push(m.text());
      });
      await page.goto(`${server.url}/?variant=chaturanga`);
      await page.waitForSelector("svg#board [data-square]");
      await idle(page);
      const href = await page.getAttribute('link[rel="icon"]', "href");
      assert.ok(href, "no link rel=icon");
      const icon = await fetch(new URL(href, server.url));
      assert.equal(icon.status, 200, `GET ${href}`);
      assert.match(icon.headers.get("content-type") ?? "", /^image\//, `GET ${href} content type`);
      assert.deepEqual(failed, [], "requests that failed, or errors in the console");
    } finally {
      await context.close();
    }
  });
});
