// The analysis board, for every variant: off by default, then the values, the best line by depth,
// the best-move arrow and the win chances, each checked against the service's own answers for the
// same position (SearchStream and Search at a fixed depth, Rollout with the seed the page used);
// a change of position or switching it off cancels the running stream.
import { test, describe, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, apiClient, launchBrowser, openPage, closePage, until, idle, chooseRoll, chooseAction, playStep, positionText, ENDINGS, STEP_TIMEOUT } from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

const DEPTH = 3; // shallow enough for every variant in milliseconds, deep enough for several messages
const TIME_LIMIT = "600s"; // what the page asks for (the service's own limit ends it first); never reached at DEPTH

/** A position of the variant waiting for a player's choice: the start, after a roll where it waits for one. */
async function searchable(v) {
  const start = await api.start(v.name);
  const list = await api.list(v.name, start.text);
  if (!list.chance) return { text: start.text, start: start.text };
  const values = await chooseRoll(api, v, start.text);
  return { text: (await api.resolve(v.name, start.text, values)).position.text, start: start.text };
}

/** The page's formatting of a value, as web/README.md describes it. */
function formatValue(v, chance = true) {
  let text;
  if (v.win_in !== undefined) {
    if (v.win_in > 0) text = `win in ${v.win_in}`;
    else if (v.win_in < 0) text = `loss in ${-v.win_in}`;
    else text = v.value > 0 ? "won" : v.value < 0 ? "lost" : "drawn";
  } else text = v.value > 0 ? `+${v.value.toFixed(2)}` : v.value.toFixed(2);
  if (chance && v.win_chance !== undefined) text += ` (${(v.win_chance * 100).toFixed(1)}%)`;
  return text;
}

/** Every request the page makes to an analysis call, and those that failed (cancelled ones too). */
function watchAnalysis(page) {
  const seen = { requests: [], failed: [] };
  page.on("request", (r) => {
    if (r.url().includes("/v1/analysis:")) seen.requests.push({ path: new URL(r.url()).pathname, body: r.postDataJSON() });
  });
  page.on("requestfailed", (r) => {
    if (r.url().includes("/v1/analysis:")) seen.failed.push({ path: new URL(r.url()).pathname, text: r.postDataJSON()?.position?.text, error: r.failure()?.errorText ?? "" });
  });
  return seen;
}

async function startAnalysis(page, depth) {
  await page.fill("#analysis-depth", String(depth));
  await page.dispatchEvent("#analysis-depth", "change");
  await page.click("#analyse");
}

const analysisDone = (page) => until(page, () => document.querySelector("#analysis")?.dataset.state === "done");

/** What the analysis board shows. */
async function shown(page) {
  return page.evaluate(() => {
    const box = document.querySelector("#analysis");
    const bar = document.querySelector("#eval-bar");
    return {
      state: box.dataset.state,
      position: box.dataset.position,
      depth: box.dataset.depth,
      bodyHidden: document.querySelector("#analysis-body").hidden,
      pressed: document.querySelector("#analyse").getAttribute("aria-pressed"),
      source: document.querySelector("#eval-values").dataset.source,
      values: [...document.querySelectorAll("#eval-values .eval")].map((e) => ({
        player: e.dataset.player,
        value: Number(e.dataset.value),
        winIn: e.dataset.winIn === undefined ? undefined : Number(e.dataset.winIn),
        winChance: e.dataset.winChance === undefined ? undefined : Number(e.dataset.winChance),
        text: e.querySelector(".eval-value").textContent,
      })),
      bar: bar.hidden ? null : { player: bar.dataset.player, share: Number(bar.dataset.share), width: bar.children[0].style.width },
      // The deepest is listed first; read back in the order of the search.
      lines: [...document.querySelectorAll("#pv-lines li")].reverse().map((li) => ({
        depth: Number(li.dataset.depth),
        final: li.dataset.final === "true",
        value: li.querySelector(".pv-value").textContent,
        pv: [...li.querySelectorAll(".pv-moves [data-notation]")].map((s) => s.dataset.notation),
        pvText: [...li.querySelectorAll(".pv-moves [data-notation]")].map((s) => s.textContent),
      })),
      arrows: [...document.querySelectorAll("svg#board line.best-move")].map((l) => {
        // The arrow's ends on the screen, and the squares it names.
        const m = l.getScreenCTM();
        const at = (x, y) => new DOMPoint(x, y).matrixTransform(m);
        const p1 = at(l.x1.baseVal.value, l.y1.baseVal.value);
        const p2 = at(l.x2.baseVal.value, l.y2.baseVal.value);
        const inside = (p, sq) => {
          const r = document.querySelector(`svg#board [data-square="${CSS.escape(sq)}"]:not([data-piece])`)?.getBoundingClientRect();
          return Boolean(r && p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom);
        };
        return { from: l.dataset.from, to: l.dataset.to, notation: l.dataset.notation, startsOnFrom: inside(p1, l.dataset.from), endsOnTo: inside(p2, l.dataset.to) };
      }),
    };
  });
}

/** SearchStream's messages merged by depth, as the page lists them: the final answer replaces its depth's message. */
function byDepth(messages) {
  const out = new Map();
  for (const m of messages) out.set(m.depth, m);
  return [...out.values()];
}

function expectedValues(players, values) {
  return players.map((p) => values.find((v) => v.player === p)).filter(Boolean);
}

function checkValues(got, want, what) {
  assert.deepEqual(
    got.map((v) => ({ player: v.player, value: v.value, winIn: v.winIn, winChance: v.winChance, text: v.text })),
    want.map((v) => ({ player: v.player, value: v.value, winIn: v.win_in, winChance: v.win_chance, text: formatValue(v) })),
    what,
  );
}

function share(v) {
  if (v.win_in !== undefined && v.win_in !== 0) return v.win_in > 0 ? 100 : 0;
  if (v.win_chance !== undefined) return v.win_chance * 100;
  return 50 + 50 * Math.tanh(v.value / 4);
}

/** Waits (bounded) for a condition of the test's own, such as an event of the page seen. */
async function eventually(fn) {
  for (const t0 = Date.now(); !fn(); ) {
    if (Date.now() - t0 > STEP_TIMEOUT) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

// One at a time: the service runs as many analyses at once as it has processors less one, and
// the tests compare the page's analysis with the service's own answers.
describe("the analysis board", { concurrency: 1 }, () => {
  for (const v of variants) {
    test(`${v.name}: off by default; Analyse shows SearchStream's values, lines and best move, and Rollout's win chances`, async () => {
      const { text } = await searchable(v);
      const page = await openPage(browser, server.url, { variant: v.name, position: text });
      try {
        const seen = watchAnalysis(page);
        let s = await shown(page);
        assert.equal(s.state, "off", "analysis is off until asked for");
        assert.equal(s.bodyHidden, true);
        assert.equal(s.pressed, "false");
        assert.deepEqual(s.arrows, [], "no best move drawn while analysis is off");

        await startAnalysis(page, DEPTH);
        await analysisDone(page);
        s = await shown(page);
        const messages = await api.searchStream(v.name, text, DEPTH, { time_limit: TIME_LIMIT });
        const final = messages.at(-1);
        assert.equal(final.final, true, "the stream ends with its final answer");
        const players = (await api.apply(v.name, text, [])).position.players.map((p) => p.name);

        assert.equal(s.pressed, "true");
        assert.equal(s.position, text, "the analysis is of the position shown");
        assert.equal(s.depth, String(final.depth));
        assert.equal(s.source, "search");
        // The page asked for exactly this: the position, the depth, the time limit.
        const asked = seen.requests.filter((r) => r.path === "/v1/analysis:searchStream");
        assert.equal(asked.length, 1, `one stream asked for: ${JSON.stringify(seen.requests)}`);
        assert.deepEqual(asked[0].body, { position: { variant: v.name, text }, depth: DEPTH, time_limit: TIME_LIMIT });

        // One entry per depth the stream reported, each with its principal variation and the value
        // from the first player's side with two players (lichess's), the mover's with more.
        const want = byDepth(messages);
        assert.deepEqual(
          s.lines.map((l) => ({ depth: l.depth, final: l.final, pv: l.pv, pvText: l.pvText, value: l.value })),
          want.map((m) => {
            const line = m.lines[0];
            const mover = players.length === 2 ? players[0] : line.move.player;
            return {
              depth: m.depth,
              final: Boolean(m.final),
              pv: line.pv.map((a) => a.notation),
              pvText: line.pv.map((a) => a.san || a.notation),
              value: formatValue(line.values.find((x) => x.player === mover), false),
            };
          }),
          `${v.name}: the lines by depth`,
        );
        assert.ok(s.lines.length >= 2, `${v.name}: the stream reported ${s.lines.length} depths`);

        // Every player's value is the final answer's, which is Search's.
        checkValues(s.values, expectedValues(players, final.lines[0].values), `${v.name}: the values shown`);
        const search = await api.search(v.name, text, DEPTH, { time_limit: TIME_LIMIT });
        assert.deepEqual(search.lines[0].values, final.lines[0].values, "Search and SearchStream's final answer agree");
        assert.equal(search.best_action.notation, final.best_action.notation);

        // Two players: a bar, the first player's share; more: the row alone.
        if (players.length === 2) {
          const first = final.lines[0].values.find((x) => x.player === players[0]);
          assert.ok(s.bar, `${v.name}: a two-player game has the bar`);
          assert.equal(s.bar.player, players[0]);
          assert.equal(s.bar.share, Math.round(share(first) * 10) / 10);
          assert.equal(s.bar.width, `${s.bar.share}%`);
        } else assert.equal(s.bar, null, `${v.name}: no bar for ${players.length} players`);

        // The best action as an arrow from its square to its square, where it has both.
        const best = final.best_action;
        if (best.from && best.to && best.from !== best.to) {
          assert.deepEqual(s.arrows, [{ from: best.from, to: best.to, notation: best.notation, startsOnFrom: true, endsOnTo: true }], `${v.name}: the arrow of ${best.notation}`);
        } else assert.deepEqual(s.arrows, [], `${v.name}: ${best.notation} has no arrow`);

        // Win chances: the page's Rollout, with the game's seed where dice have one (else the
        // service's, which the page shows), played again through the API.
        const dice = (v.die_types ?? []).length > 0;
        if (dice) await page.fill("#seed", "4242");
        await page.click("#rollout");
        await until(page, () => ["done", "error"].includes(document.querySelector("#win-chances")?.dataset.state));
        const wc = await page.evaluate(() => {
          const box = document.querySelector("#win-chances");
          return {
            state: box.dataset.state,
            seed: box.dataset.seed,
            playouts: Number(box.dataset.playouts),
            players: [...box.querySelectorAll(".chance")].map((e) => ({ player: e.dataset.player, rate: Number(e.dataset.winRate), text: e.querySelector("strong").textContent })),
          };
        });
        assert.equal(wc.state, "done");
        if (dice) assert.equal(wc.seed, "4242", "the game's seed, a number, is the rollout's");
        else {
          // Without a seed of the game's, the position's own: the same position, the same chances.
          await page.click("#rollout");
          await until(page, () => document.querySelector("#win-chances")?.dataset.state === "done");
          assert.equal(await page.getAttribute("#win-chances", "data-seed"), wc.seed);
        }
        assert.match(wc.seed, /^\d+$/);
        const r = await api.rollout(v.name, text, { playouts: wc.playouts, policy: "ROLLOUT_POLICY_GREEDY", seed: wc.seed });
        assert.equal(r.playouts, wc.playouts);
        assert.deepEqual(wc.players, r.players.map((p) => ({ player: p.player, rate: p.win_rate, text: `${(p.win_rate * 100).toFixed(1)}%` })), `${v.name}: win chances`);
        assert.ok(wc.playouts > 0 && wc.playouts <= 1000, `a bounded count of playouts: ${wc.playouts}`);
        // Wins, draws and losses as bars: two players' in one bar (the first's wins, the draws,
        // the unfinished, the second's wins), more players' one bar each; every segment as wide as
        // its share of the playouts.
        const bars = await page.$$eval("#win-chances .wdl", (els) =>
          els.map((bar) => ({
            width: bar.getBoundingClientRect().width,
            segments: [...bar.children].map((seg) => ({ kind: seg.dataset.kind, player: seg.dataset.player ?? "", count: Number(seg.dataset.count), width: seg.getBoundingClientRect().width })),
          })),
        );
        const wantBars =
          r.players.length === 2
            ? [[["win", r.players[0].player, r.players[0].wins], ["draw", "", r.players[0].draws], ["unfinished", "", r.unfinished ?? 0], ["win", r.players[1].player, r.players[1].wins]]]
            : r.players.map((p) => [["win", p.player, p.wins], ["draw", "", p.draws], ["loss", "", p.losses]]);
        assert.deepEqual(bars.map((b) => b.segments.map((x) => [x.kind, x.player, x.count])), wantBars, `${v.name}: the win/draw/loss bars`);
        for (const b of bars) for (const x of b.segments) assert.ok(Math.abs(x.width - (b.width - 2) * (x.count / r.playouts)) <= 1.5, `${v.name}: segment ${JSON.stringify(x)} of a ${b.width} px bar`);
        assert.deepEqual(page.errors, []);
      } finally {
        await closePage(page);
      }
    });

    test(`${v.name}: a move cancels the running analysis and analyses the new position; Analyse again switches it off`, async () => {
      const { text } = await searchable(v);
      const page = await openPage(browser, server.url, { variant: v.name, position: text });
      try {
        const seen = watchAnalysis(page);
        // Deep enough to be still searching when the move is played.
        await startAnalysis(page, 64);
        await until(page, () => document.querySelectorAll("#pv-lines li").length > 0);
        assert.equal((await shown(page)).state, "running");
        const list = await api.list(v.name, text);
        const { action, click } = chooseAction(list.moves);
        const applied = await api.apply(v.name, text, [action.notation]);
        await playStep(page, { action, click, after: applied.position.text });
        assert.equal(await positionText(page), applied.position.text);
        await until(page, (t) => document.querySelector("#analysis")?.dataset.position === t && document.querySelector("#analysis")?.dataset.state !== "off", applied.position.text);
        const streamsOf = (t) => seen.failed.filter((f) => f.path === "/v1/analysis:searchStream" && f.text === t);
        await eventually(() => streamsOf(text).length > 0);
        assert.equal(streamsOf(text).length, 1, `the first stream was cancelled: ${JSON.stringify(seen.failed)}`);
        assert.match(streamsOf(text)[0].error, /ABORTED/);
        // One analysis per position (a call refused while the service's slot is taken is asked again).
        const asked = seen.requests.filter((r) => r.path === "/v1/analysis:searchStream" || r.path === "/v1/analysis:evaluate");
        assert.deepEqual([...new Set(asked.map((r) => r.body.position.text))], [text, applied.position.text], JSON.stringify(asked.map((r) => r.path)));
        // The old position's arrow is gone at once; a new one may come for the new position.
        const arrows = (await shown(page)).arrows;
        if (arrows.length) assert.ok(applied.next.moves.some((m) => m.from === arrows[0].from && m.to === arrows[0].to), `the arrow ${JSON.stringify(arrows)} is a move of the new position`);

        await page.click("#analyse");
        await idle(page);
        const s = await shown(page);
        assert.equal(s.state, "off");
        assert.equal(s.pressed, "false");
        assert.equal(s.bodyHidden, true);
        assert.deepEqual(s.arrows, []);
        assert.deepEqual(s.lines, []);
        if (!applied.next.chance && applied.next.phase !== "PHASE_FINISHED") {
          // The second stream, at depth 64, was still running: switching off cancelled it too.
          await eventually(() => streamsOf(applied.position.text).length > 0);
          assert.equal(streamsOf(applied.position.text).length, 1, `switching off cancels the stream: ${JSON.stringify(seen.failed)}`);
        }
        assert.deepEqual(page.errors, []);
      } finally {
        await closePage(page);
      }
    });

    if ((v.die_types ?? []).length) {
      test(`${v.name}: waiting for a roll, the analysis shows the static evaluation and no best move`, async () => {
        const start = await api.start(v.name);
        const page = await openPage(browser, server.url, { variant: v.name });
        try {
          await startAnalysis(page, DEPTH);
          await analysisDone(page);
          const s = await shown(page);
          const ev = await api.evaluate(v.name, start.text);
          assert.equal(s.source, "evaluate");
          checkValues(s.values, expectedValues(start.players.map((p) => p.name), ev.values), `${v.name}: Evaluate's values`);
          assert.deepEqual(s.arrows, []);
          assert.deepEqual(s.lines, []);
          assert.match(await page.textContent("#analysis-status"), /roll/);
        } finally {
          await closePage(page);
        }
      });
    }
  }

  test("chaturanga: a proven mate is shown as win in 1 and loss in 1, the bar full", async () => {
    const { text, action } = ENDINGS.chaturanga;
    const page = await openPage(browser, server.url, { variant: "chaturanga", position: text });
    try {
      await startAnalysis(page, DEPTH);
      await analysisDone(page);
      const s = await shown(page);
      const final = (await api.searchStream("chaturanga", text, DEPTH, { time_limit: TIME_LIMIT })).at(-1);
      assert.deepEqual(final.lines[0].values.map((x) => x.win_in), [1, -1], "the service proves the mate");
      assert.deepEqual(s.values.map((x) => x.text), ["win in 1", "loss in 1"]);
      assert.equal(s.bar.share, 100);
      assert.equal(s.arrows[0].notation, action);
      assert.equal(s.lines.at(-1).value, "win in 1");
    } finally {
      await closePage(page);
    }
  });

  test("chaturanga: a finished game shows Evaluate's result as won and lost", async () => {
    const { text, action } = ENDINGS.chaturanga;
    const over = (await api.apply("chaturanga", text, [action])).position.text;
    const page = await openPage(browser, server.url, { variant: "chaturanga", position: over });
    try {
      await startAnalysis(page, DEPTH);
      await analysisDone(page);
      const s = await shown(page);
      const ev = await api.evaluate("chaturanga", over);
      assert.equal(s.source, "evaluate");
      assert.deepEqual(s.values.map((x) => [x.player, x.value]), ev.values.map((x) => [x.player, x.value]));
      assert.deepEqual(s.values.map((x) => x.text), ["won", "lost"]);
      assert.match(await page.textContent("#analysis-status"), /game is over/);
      assert.deepEqual(s.arrows, []);
    } finally {
      await closePage(page);
    }
  });

  test("chaturanga: with a bot seated, the analysis leaves the bot's turns alone", async () => {
    const start = await api.start("chaturanga");
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      const seen = watchAnalysis(page);
      await startAnalysis(page, DEPTH);
      await analysisDone(page);
      await page.selectOption('#seats select[data-seat="black"]', "bot");
      await idle(page);
      const { action } = chooseAction((await api.list("chaturanga", start.text)).moves);
      await playStep(page, { action, click: true });
      await until(page, () => document.querySelectorAll("#move-list li").length === 2);
      await analysisDone(page);
      const streams = seen.requests.filter((r) => r.path === "/v1/analysis:searchStream");
      // The start, then the position after the bot's reply: never the bot's own turn.
      assert.equal(streams.length, 2, JSON.stringify(streams.map((r) => r.body.position.text)));
      for (const r of streams) assert.match(r.body.position.text, / w /, `analysed a position with white to move: ${r.body.position.text}`);
      assert.equal((await shown(page)).position, await positionText(page));
    } finally {
      await closePage(page);
    }
  });
});
