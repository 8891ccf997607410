// The playground as an analysis board: SAN and move numbers, the PV from the first player's side,
// chances that add up, die meanings, the layout at a laptop's and a phone's size, records' tags
// and names, bots kept over a reload, every bot move drawn, analysis until stopped, and the
// game review with its graph in every variant. Every expectation is the service's answer.
//
//   cd web && node --test test/analysisboard.test.mjs
//   PLAYGROUND_VIEWPORT=390x844 node --test test/analysisboard.test.mjs
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
  chooseRoll,
  playStep,
  VIEWPORT,
  STEP_TIMEOUT,
} from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
const browser = await launchBrowser();
const wide = VIEWPORT.width >= 900;

after(async () => {
  await browser.close();
  await server.stop();
});

const post = (path, body) => api.post(path, body);

/** A game of n actions from the start: the service's legal actions, every kth, rolls included. */
async function shortGame(v, n, k = 3) {
  const start = await api.start(v.name);
  let text = start.text;
  const actions = [];
  for (let i = 0; i < n; i++) {
    const list = await api.list(v.name, text);
    if (list.status === "GAME_STATUS_FINISHED" || !(list.moves ?? []).length) break;
    const a = list.moves[(i * k + 1) % list.moves.length];
    actions.push(a.notation);
    text = (await api.apply(v.name, text, [a.notation])).position.text;
  }
  const { record } = await post("/v1/games:export", { start: { variant: v.name, text: start.text }, actions: actions.map((notation) => ({ notation })) });
  return { start: start.text, actions, record, end: text };
}

async function loadRecord(page, record) {
  await page.fill("#record-text", record);
  await page.click("#load-record");
  await idle(page);
}

/** Where an element is in the window: whether all of it can be seen without scrolling. */
const inView = (page, sel) =>
  page.$eval(sel, (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, visible: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 };
  });

describe(`the analysis board at ${VIEWPORT.width}x${VIEWPORT.height}`, { concurrency: 1 }, () => {
  test("chaturanga's move list and last action in SAN, numbered by moves: 1. e3 e6 2. Nf3", async () => {
    const record = `[Variant "Chaturanga"]\n\n1. e3 e6 2. Nf3 *`;
    const imported = await post("/v1/games:import", { record });
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      await loadRecord(page, record);
      const entries = await page.$$eval("#move-list li", (lis) => lis.map((li) => [li.querySelector(".ply").textContent, li.querySelector(".notation").textContent, li.dataset.notation]));
      const san = imported.actions.map((a) => a.san);
      assert.deepEqual(san, ["e3", "e6", "Nf3"], "the service's SAN");
      assert.deepEqual(entries, [["1.", san[0], "e2e3"], ["", san[1], "e7e6"], ["2.", san[2], "g1f3"]]);
      assert.equal((await page.textContent("#last-action")).trim(), "Nf3");
      assert.deepEqual(page.errors, []);
    } finally {
      await closePage(page);
    }
  });

  test("the best line from the first player's side with move numbers: 1... e6 2. Nf3", async () => {
    const record = `[Variant "Chaturanga"]\n\n1. e3 *`;
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      await loadRecord(page, record);
      const text = await positionText(page);
      await page.fill("#analysis-depth", "4");
      await page.dispatchEvent("#analysis-depth", "change");
      await page.click("#analyse");
      await until(page, () => document.querySelector("#analysis")?.dataset.state === "done");
      const line = await page.$eval("#pv-lines li", (li) => ({
        value: li.querySelector(".pv-value").textContent,
        side: li.dataset.player,
        words: [...li.querySelectorAll(".pv-moves > span")].map((s) => s.textContent),
      }));
      const final = (await api.searchStream("chaturanga", text, 4, { time_limit: "600s" })).at(-1);
      const white = final.lines[0].values.find((x) => x.player === "white").value;
      assert.equal(line.side, "white");
      assert.equal(line.value, white > 0 ? `+${white.toFixed(2)}` : white.toFixed(2), "white's value, though black is to move");
      // Black moves first in the line: "1..." before it, then a number before each white move.
      const want = [];
      let n = 1;
      final.lines[0].pv.forEach((a, i) => {
        if (i === 0) want.push("1...");
        else if (a.player === "white") want.push(`${++n}.`);
        want.push(a.san || a.notation);
      });
      assert.deepEqual(line.words, want);
      assert.deepEqual(page.errors, []);
    } finally {
      await closePage(page);
    }
  });

  test("four players' win chances add up to 1, and each die says what it means beside it", async () => {
    const v = variants.find((x) => x.name === "chaturaji");
    const start = await api.start("chaturaji");
    const values = await chooseRoll(api, v, start.text);
    const rolled = (await api.resolve("chaturaji", start.text, values)).position;
    const page = await openPage(browser, server.url, { variant: "chaturaji", position: rolled.text });
    try {
      const dice = await page.$$eval("#dice .die-with-meaning", (els) => els.map((e) => [e.querySelector(".die").dataset.value, e.querySelector(".die-meaning")?.textContent ?? ""]));
      assert.deepEqual(dice, rolled.dice.map((d) => [String(d.value), d.means.replace(/_/g, " ")]), "the dice and their meanings, written out");
      for (const [, meaning] of dice) assert.ok(meaning.length > 0);
      if (wide) for (const d of await page.$$("#dice .die-meaning")) assert.ok(await d.isVisible());
      await page.fill("#analysis-depth", "2");
      await page.dispatchEvent("#analysis-depth", "change");
      await page.click("#analyse");
      await until(page, () => document.querySelector("#analysis")?.dataset.state === "done");
      const chances = await page.$$eval("#eval-values .eval", (els) => els.map((e) => Number(e.dataset.winChance)));
      assert.equal(chances.length, 4);
      const sum = chances.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 0.0025, `the chances ${chances} add up to ${sum} (each given to 3 places)`);
      assert.ok(new Set(chances.map((c) => c.toFixed(3))).size > 1, `the chances are not all alike: ${chances}`);
      assert.deepEqual(page.errors, []);
    } finally {
      await closePage(page);
    }
  });

  test("the board and its controls are in view, before and after a roll, in every game", async () => {
    for (const v of variants) {
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        const board = await inView(page, "svg#board");
        if (wide) {
          assert.ok(board.visible, `${v.name}: the board ${JSON.stringify(board)} is not all in a ${VIEWPORT.width}x${VIEWPORT.height} window`);
          const analyse = await inView(page, "#analyse");
          assert.ok(analyse.visible, `${v.name}: Analyse ${JSON.stringify(analyse)}`);
          assert.ok(analyse.left >= board.right, `${v.name}: the controls are beside the board`);
        } else {
          // A phone: the board as wide as the window allows, none of it beyond the window's sides.
          assert.ok(board.left >= 0 && board.right <= VIEWPORT.width + 0.5, `${v.name}: the board ${JSON.stringify(board)}`);
          assert.ok(board.right - board.left >= VIEWPORT.width * 0.85, `${v.name}: the board is ${board.right - board.left} px wide`);
        }
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, `${v.name}: no sideways scrolling`);
        if ((v.die_types ?? []).length && (await page.isVisible("#roll"))) {
          if (wide) assert.ok((await inView(page, "#roll")).visible, `${v.name}: Roll is in view`);
          await page.click("#roll");
          await idle(page);
          assert.equal(await page.evaluate(() => scrollY), 0, `${v.name}: the page scrolled after Roll`);
          if (wide) {
            assert.ok((await inView(page, "svg#board")).visible, `${v.name}: the board after Roll`);
            if (await page.$("#dice .die")) assert.ok((await inView(page, "#dice")).visible, `${v.name}: the dice after Roll`);
          }
        }
        assert.deepEqual(page.errors, [], v.name);
      } finally {
        await closePage(page);
      }
    }
  });

  test("Ramayana's squares: larger at a laptop's size than they were (38 px), as wide as a phone allows", async () => {
    const page = await openPage(browser, server.url, { variant: "ramayana" });
    try {
      const size = await page.$eval('svg#board [data-square="e5"]:not([data-piece])', (e) => e.getBoundingClientRect().width);
      // A phone: ten files and the coordinates across the window.
      assert.ok(size >= (wide ? 44 : (VIEWPORT.width - 40) / 11), `a square is ${size} px`);
    } finally {
      await closePage(page);
    }
  });

  test("Martian Coaster Chaturanga's alignment dots: one mark, explained in the legend", async () => {
    const v = variants.find((x) => x.name === "martian_coaster_chaturanga");
    const page = await openPage(browser, server.url, { variant: v.name });
    try {
      const marks = await page.$$eval("svg#board [data-mark]", (els) => els.map((e) => [e.dataset.mark, e.dataset.markStyle]));
      const dot = marks.filter(([name]) => name === "dot");
      assert.ok(dot.length > 0, `the alignment dots are drawn: ${JSON.stringify(marks)}`);
      assert.deepEqual([...new Set(dot.map(([, style]) => style))], ["alignment"]);
      const legend = await page.textContent('#legend li[data-mark="dot"]');
      const described = v.board.marks.find((m) => m.name === "dot").description;
      assert.ok(legend.includes(described), `the legend says ${JSON.stringify(legend)}`);
    } finally {
      await closePage(page);
    }
  });

  test("a record's tags survive loading and saving, and its players' names are shown", async () => {
    const record = `[Event "Club night"]\n[Site "Pune"]\n[Date "2025.01.02"]\n[White "Alice"]\n[Black "Bob"]\n[Variant "Chaturanga"]\n\n1. e3 e6 *`;
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      await loadRecord(page, record);
      const names = await page.$$eval("#seats [data-player-name]", (els) => els.map((e) => [e.dataset.playerName, e.textContent]));
      assert.deepEqual(names, [["white", "Alice"], ["black", "Bob"]]);
      // And beside the board.
      assert.deepEqual(await page.$$eval("#player-names [data-player]", (els) => els.map((e) => [e.dataset.player, e.querySelector("strong").textContent])), [["white", "Alice"], ["black", "Bob"]]);
      assert.ok(await page.isVisible("#player-names"));
      await page.click("#copy-record");
      await idle(page);
      const copied = await page.inputValue("#record-text");
      const read = await post("/v1/games:import", { record: copied });
      for (const [k, val] of Object.entries({ Event: "Club night", Site: "Pune", Date: "2025.01.02", White: "Alice", Black: "Bob" })) assert.equal(read.tags[k], val, `tag ${k}`);
      assert.deepEqual(read.actions.map((a) => a.notation), ["e2e3", "e7e6"]);
      // A new game is a game of the page's own again.
      await page.click("#new-game");
      await idle(page);
      assert.deepEqual(await page.$$eval("#seats [data-player-name]", (els) => els.length), 0);
      assert.equal(await page.isVisible("#player-names"), false);
    } finally {
      await closePage(page);
    }
  });

  test("a reload keeps the bots' seats, and the record box empties with another variant", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      await page.fill("input#bot-depth", "1");
      await page.selectOption('#seats select[data-seat="black"]', "bot");
      await idle(page);
      assert.match(page.url(), /[?&]bots=black(&|#|$)/);
      await page.reload();
      await until(page, () => document.querySelector('#seats select[data-seat="black"]')?.value === "bot");
      assert.equal(await page.inputValue('#seats select[data-seat="white"]'), "human");
      await page.fill("#record-text", `[Variant "Chaturanga"]\n\n1. e3 *`);
      await page.selectOption("#variant", "chaturaji");
      await until(page, () => document.querySelector("#variant")?.value === "chaturaji" && document.querySelectorAll("#seats select").length === 4);
      assert.equal(await page.inputValue("#record-text"), "");
      assert.deepEqual(page.errors, []);
    } finally {
      await closePage(page);
    }
  });

  test("every move of three bots is drawn, and players' colours are edged to show on the page", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturaji" });
    try {
      await page.fill("input#seed", "11");
      await page.fill("input#bot-depth", "1");
      await page.selectOption("#bot-time", "0.1s");
      for (const s of ["green", "red", "yellow"]) await page.selectOption(`#seats select[data-seat="${s}"]`, "bot");
      // Black rolls and plays a few turns by the buttons the page offers; the bots answer.
      for (let turn = 0; turn < 3; turn++) {
        await until(page, () => document.querySelector("#to-move")?.dataset.player === "black" && !document.body.dataset.busy, undefined, 60000);
        if (await page.isVisible("#roll")) await page.click("#roll");
        await idle(page);
        const text = await positionText(page);
        const list = await api.list("chaturaji", text);
        if (list.chance || list.to_move !== "black") continue;
        const a = list.moves[0];
        const applied = await api.apply("chaturaji", text, [a.notation]);
        await playStep(page, { action: a, click: Boolean(a.from && a.to && a.from !== a.to), after: applied.position.text });
      }
      await until(page, () => document.querySelector("#to-move")?.dataset.player === "black" && !document.body.dataset.busy, undefined, 60000);
      // The bots' moves since black's: from the move list, back to black's last action.
      const entries = await page.$$eval("#move-list li", (lis) => lis.map((li) => ({ player: li.dataset.player, notation: li.dataset.notation })));
      const since = [];
      for (let i = entries.length - 1; i >= 0 && entries[i].player !== "black"; i--) {
        const m = /^([a-h][1-8])([a-h][1-8])$/.exec(entries[i].notation);
        if (m) since.unshift(`${m[1]}${m[2]}`);
      }
      const arrows = await page.$$eval("svg#board line.bot-move", (ls) => ls.map((l) => `${l.dataset.from}${l.dataset.to}`));
      assert.deepEqual(arrows, since, "an arrow for every bot move since black's");
      assert.ok(arrows.length >= 2, `the bots moved ${arrows.length} pieces`);
      // Swatches: a dark edge, whatever the fill.
      const edges = await page.$$eval(".swatch", (els) =>
        els.map((e) => {
          const cs = getComputedStyle(e);
          return { border: cs.borderTopColor, width: parseFloat(cs.borderTopWidth) };
        }),
      );
      assert.ok(edges.length > 0);
      for (const e of edges) {
        const [r, g, b] = e.border.match(/\d+/g).map(Number);
        assert.ok(e.width >= 1 && r + g + b < 200, `a swatch edge ${JSON.stringify(e)}`);
      }
      assert.deepEqual(page.errors, []);
    } finally {
      await closePage(page);
    }
  });

  test("the bot menu offers levels 1 to 8 with their Elo in the game, level 4 by default", async () => {
    for (const name of ["chaturanga", "chaturaji"]) {
      const v = variants.find((x) => x.name === name);
      const page = await openPage(browser, server.url, { variant: name });
      try {
        const options = await page.$$eval("#bot-level option", (os) => os.map((o) => [o.value, o.textContent]));
        assert.deepEqual(
          options,
          [1, 2, 3, 4, 5, 6, 7, 8].map((l) => {
            const r = (v.levels ?? []).find((x) => x.level === l);
            return [String(l), r ? `level ${l} · Elo ${Math.round(r.elo)}` : `level ${l}`];
          }),
        );
        assert.equal(await page.inputValue("#bot-level"), "4");
        if (name === "chaturanga") {
          // The level plays, and the record names it.
          await page.selectOption("#bot-level", "2");
          await page.selectOption('#seats select[data-seat="white"]', "bot");
          await until(page, () => document.querySelectorAll("#move-list li").length > 0);
          await page.click("#copy-record");
          await idle(page);
          const read = await post("/v1/games:import", { record: await page.inputValue("#record-text") });
          assert.match(read.tags.White, /^bot \(level 2, /);
        }
      } finally {
        await closePage(page);
      }
    }
  });

  test("the analysis deepens until stopped, showing its depth", async () => {
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      assert.equal(await page.inputValue("#analysis-depth"), "", "no depth by default");
      await page.click("#analyse");
      await until(page, () => Number(document.querySelector("#analysis")?.dataset.depth ?? 0) >= 8, undefined, 20000);
      assert.equal(await page.getAttribute("#analysis", "data-state"), "running");
      assert.match(await page.textContent("#analysis-status"), /depth \d+/);
      await page.click("#analyse");
      await idle(page);
      const depth = await page.getAttribute("#analysis", "data-state");
      assert.equal(depth, "off");
      assert.equal(await page.isVisible("#analysis-body"), false);
    } finally {
      await closePage(page);
    }
  });
});

describe(`the game review at ${VIEWPORT.width}x${VIEWPORT.height}`, { concurrency: 1 }, () => {
  for (const v of variants) {
    test(`${v.name}: Review shows the service's review: marks, graph, accuracy, luck; the graph walks through the game`, async () => {
      const game = await shortGame(v, 10);
      assert.ok(game.actions.length >= 4, `${v.name}: ${game.actions.length} actions`);
      const page = await openPage(browser, server.url, { variant: v.name });
      try {
        await loadRecord(page, game.record);
        assert.equal((await moveList(page)).length, game.actions.length);
        // What the service answered the page, line by line.
        let body = "";
        let asked = null;
        page.on("request", (r) => {
          if (r.url().endsWith("/v1/games:review")) asked = r.postDataJSON();
        });
        const answered = page.waitForResponse((r) => r.url().endsWith("/v1/games:review"), { timeout: STEP_TIMEOUT });
        await page.getByRole("button", { name: "Review", exact: true }).click();
        body = await (await answered).text();
        await until(page, () => ["done", "error"].includes(document.querySelector("#review-section")?.dataset.state), undefined, 30000);
        assert.equal(await page.getAttribute("#review-section", "data-state"), "done", await page.textContent("#review-status"));
        assert.deepEqual(asked.position, { variant: v.name, text: game.start });
        assert.deepEqual(asked.moves.map((m) => m.notation), game.actions);
        const lines = body.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l).result);
        const reviews = lines.filter((m) => m.action).map((m) => m.action);
        const summary = lines.find((m) => m.summary).summary;
        assert.equal(reviews.length, game.actions.length);

        // The marks in the move list are the judgements.
        const marks = { JUDGEMENT_INACCURACY: "?!", JUDGEMENT_MISTAKE: "?", JUDGEMENT_BLUNDER: "??" };
        const listed = await page.$$eval("#move-list li", (lis) => lis.map((li) => li.querySelector(".mark")?.textContent ?? ""));
        assert.deepEqual(listed, reviews.map((r) => marks[r.judgement] ?? ""));

        // The graph: the first side's chance with two sides, every side's with more; partners,
        // who share a chance all game, are one side.
        const players = summary.players.map((p) => p.player);
        const graph = await page.$$eval("#review-graph .graph-line", (ls) => ls.map((l) => ({ players: l.dataset.player, chances: l.dataset.chances.split(",").map(Number) })));
        const chance = (values, p) => Math.max(0, Math.min(1, values.find((x) => x.player === p)?.win_chance ?? 0.5));
        const sides = [];
        for (const p of players) {
          const ys = [chance(reviews[0].before, p), ...reviews.map((r) => chance(r.after, p))];
          const same = sides.find((s) => s.ys.every((c, i) => c === ys[i]));
          if (same) same.players.push(p);
          else sides.push({ players: [p], ys });
        }
        if (v.name === "martian_chaturaji") assert.equal(sides.length, 2, "partners are one side");
        const drawn = sides.length === 2 ? [sides[0]] : sides;
        assert.deepEqual(
          graph,
          drawn.map((s) => ({ players: s.players.join(","), chances: s.ys.map((c) => Number(c.toFixed(4))) })),
          `${v.name}: the graph's lines`,
        );
        for (let i = 0; i <= reviews.length; i++) {
          const sum = sides.reduce((a, s) => a + s.ys[i], 0);
          assert.ok(Math.abs(sum - 1) < 0.0025, `${v.name}: the sides' chances after ${i} actions add up to ${sum}`);
        }

        // Accuracy, counts and luck, as the summary says.
        const rows = await page.$$eval("#review-summary tbody tr", (trs) =>
          trs.map((tr) => ({ player: tr.dataset.player, accuracy: tr.dataset.accuracy, inaccuracies: tr.dataset.inaccuracies, mistakes: tr.dataset.mistakes, blunders: tr.dataset.blunders, luck: tr.dataset.luck })),
        );
        assert.deepEqual(
          rows,
          summary.players.map((p) => ({
            player: p.player,
            accuracy: p.accuracy === undefined ? undefined : String(p.accuracy),
            inaccuracies: String(p.inaccuracies),
            mistakes: String(p.mistakes),
            blunders: String(p.blunders),
            luck: p.luck === undefined ? undefined : String(p.luck),
          })),
        );
        const dice = (v.die_types ?? []).length > 0;
        assert.equal(rows.every((r) => r.luck !== undefined), dice, `${v.name}: luck shown exactly in dice games`);

        // A click on the graph shows the position after that many actions.
        const at = Math.floor(game.actions.length / 2);
        const want = (await api.apply(v.name, game.start, game.actions.slice(0, at))).position.text;
        await page.click(`#review-graph rect[data-index="${at}"]`, { force: true });
        await until(page, (t) => document.querySelector("#position-text").value.trim() === t, want);
        assert.equal(await page.$$eval("#move-list li", (lis) => lis.findIndex((li) => li.getAttribute("aria-current") === "true")), at - 1);
        const cursor = await page.$eval("#review-graph .graph-cursor", (l) => Number(l.getAttribute("x1")));
        const hit = await page.$eval(`#review-graph rect[data-index="${at}"]`, (r) => [Number(r.getAttribute("x")), Number(r.getAttribute("x")) + Number(r.getAttribute("width"))]);
        assert.ok(cursor >= hit[0] && cursor <= hit[1], `the graph's cursor ${cursor} is on the position shown ${hit}`);
        // At a judged mistake: lichess's words, and the best action's arrow.
        const judged = reviews.findIndex((r) => marks[r.judgement]);
        if (judged >= 0) {
          const r = reviews[judged];
          await page.click(`#move-list li[data-index="${judged + 1}"]`);
          await idle(page);
          const words = { JUDGEMENT_INACCURACY: "Inaccuracy", JUDGEMENT_MISTAKE: "Mistake", JUDGEMENT_BLUNDER: "Blunder" }[r.judgement];
          const bestText = r.best_action.san || r.best_action.notation;
          assert.equal((await page.textContent("#review-comment")).trim(), `${r.action.san || r.action.notation}${marks[r.judgement]} ${words}. ${bestText} was best.`);
          const arrows = await page.$$eval("svg#board line.review-best", (ls) => ls.map((l) => [l.dataset.from, l.dataset.to]));
          const b = r.best_action;
          assert.deepEqual(arrows, b.from && b.to && b.from !== b.to ? [[b.from, b.to]] : []);
        }
        assert.deepEqual(page.errors, []);
      } finally {
        await closePage(page);
      }
    });
  }
});
