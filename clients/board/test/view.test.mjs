// What the board draws and what it does not do: every variant's start position in every
// orientation, names, view-only boards, illegal drops, refusals, updates without rebuilding,
// themes, motion and size.
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, openPage, mountElement, drawnPieces, clickSquare, squareBox, waitEvent, events, idle } from "./harness.mjs";

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

const sq = (s) => `ashtapada-board [data-square="${s}"]:not([data-piece])`;

describe("drawing", () => {
  test("the service serves the eight games", () => {
    assert.equal(variants.length, 8, variants.map((v) => v.name).join(","));
  });
  for (const v of variants) {
    test(`${v.name}: one [data-piece] per piece of the start position, in each seat's orientation`, async () => {
      const start = await api.start(v.name);
      const want = start.pieces.map((p) => `${p.square} ${p.kind}`).sort();
      const board = start.board ?? v.board;
      const seats = (v.seats ?? []).map((s) => s.seat);
      assert.ok(seats.length >= 2, `${v.name} has seats`);
      await mountElement(page, { server: env.server.url, variant: v.name, mode: "view" });
      for (const seat of seats) {
        await page.evaluate((seat) => window.board.setAttribute("orientation", seat), seat);
        await idle(page);
        assert.deepEqual(await drawnPieces(page), want, `${v.name} seen from ${seat}`);
        const squares = await page.evaluate(() => window.board.shadowRoot.querySelectorAll("[data-square]:not([data-piece])").length);
        assert.equal(squares, board.squares.length, `${v.name} squares from ${seat}`);
        const turns = await page.evaluate(() => window.board.shadowRoot.querySelector("svg").dataset.turns);
        const expected = /^(north|top|t[lr]$)/.test(seat) ? "2" : seat === "west" ? "3" : seat === "east" ? "1" : "0";
        assert.equal(turns, expected, `${v.name} turned for ${seat}`);
      }
      assert.deepEqual(page.errors, []);
    });
  }

  test("chaturanga from the north: rank 8 at the bottom; names of squares and pieces", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturanga", orientation: "north" });
    const a1 = await squareBox(page, "a1");
    const a8 = await squareBox(page, "a8");
    const h1 = await squareBox(page, "h1");
    assert.ok(a8.y > a1.y, "a8 below a1");
    assert.ok(h1.x < a1.x, "h1 left of a1");
    const names = await page.evaluate(() => {
      const r = window.board.shadowRoot;
      return {
        piece: r.querySelector('[data-piece][data-square="g8"]').getAttribute("aria-label"),
        square: r.querySelector('[data-square="g8"]:not([data-piece])').getAttribute("aria-label"),
        empty: r.querySelector('[data-square="e4"]:not([data-piece])').getAttribute("aria-label"),
      };
    });
    assert.deepEqual(names, { piece: "black horse on g8", square: "black horse on g8", empty: "e4, empty" });
  });
});

describe("input", () => {
  test("a view-only board emits nothing on clicks or drags", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturanga", mode: "view" });
    await clickSquare(page, "g1");
    await clickSquare(page, "f3");
    const g1 = await squareBox(page, "g1");
    const f3 = await squareBox(page, "f3");
    await page.mouse.move(g1.x + g1.width / 2, g1.y + g1.height / 2);
    await page.mouse.down();
    await page.mouse.move(f3.x + f3.width / 2, f3.y + f3.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.press("Enter");
    await idle(page);
    assert.deepEqual(await events(page), []);
    assert.equal(await page.locator("ashtapada-board .selected").count(), 0);
    assert.ok((await drawnPieces(page)).includes("g1 horse"));
    // The pure view too, even with legal actions, when viewOnly is set.
    const calls = await page.evaluate(async () => {
      const start = window.board.position;
      const v = window.board.board.config.variant;
      const host = document.createElement("div");
      host.style.width = "400px";
      document.body.append(host);
      const calls = [];
      const b = window.AB.createBoard(host, { variant: v, position: start, legal: [{ notation: "g1f3", from: "g1", to: "f3", kind: "ACTION_KIND_MOVE" }], viewOnly: true, onAction: (a) => calls.push(a), onSelect: (s) => calls.push(s) });
      for (const s of ["g1", "f3"]) {
        const r = host.querySelector(`[data-square="${s}"]:not([data-piece])`).getBoundingClientRect();
        const opts = { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
        host.querySelector("svg").dispatchEvent(new MouseEvent("click", opts));
      }
      b.set({ viewOnly: false });
      for (const s of ["g1", "f3"]) {
        const r = host.querySelector(`[data-square="${s}"]:not([data-piece])`).getBoundingClientRect();
        host.querySelector("svg").dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 }));
      }
      b.destroy();
      host.remove();
      return calls.map((c) => (typeof c === "string" || c === null ? c : c.notation));
    });
    // Nothing while view-only; once playable, the same clicks select g1, then play g1f3.
    assert.deepEqual(calls, ["g1", null, "g1f3"]);
  });

  test("an illegal drop snaps back and emits nothing; a legal drag plays", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturanga", mode: "play" });
    const before = await page.evaluate(() => window.board.position.text);
    const drag = async (from, to) => {
      const a = await squareBox(page, from);
      const b = await squareBox(page, to);
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
      await page.mouse.up();
    };
    await drag("g1", "g4");
    await idle(page);
    assert.deepEqual(await events(page), []);
    assert.equal(await page.evaluate(() => window.board.position.text), before);
    assert.ok((await drawnPieces(page)).includes("g1 horse"));
    // Back on its own square: the piece's box is the square's.
    const piece = await page.locator('ashtapada-board [data-piece][data-square="g1"]').boundingBox();
    const g1 = await squareBox(page, "g1");
    await page.waitForTimeout(300); // the slide back
    const settled = await page.locator('ashtapada-board [data-piece][data-square="g1"]').boundingBox();
    assert.ok(Math.abs(settled.x + settled.width / 2 - (g1.x + g1.width / 2)) < 2 && Math.abs(settled.y + settled.height / 2 - (g1.y + g1.height / 2)) < 2, JSON.stringify({ piece, settled, g1 }));
    await drag("g1", "f3");
    const [ev] = await waitEvent(page, "action");
    assert.equal(ev.detail.notation, "g1f3");
    assert.ok((await drawnPieces(page)).includes("f3 horse"));
  });

  test("a refusal of the service is shown and dispatched as error", async () => {
    const bad = "rnbqkbnr/pppppppp/8/8 w - - 0 1";
    let refusal = "";
    try {
      await api.apply("chaturanga", bad, []);
    } catch (err) {
      refusal = err.body.error.message;
    }
    assert.ok(refusal, "the service refuses the text");
    await mountElement(page, { server: env.server.url, variant: "chaturanga", mode: "play", position: bad });
    const errs = (await events(page)).filter((e) => e.type === "error");
    assert.equal(errs.length, 1);
    assert.equal(errs[0].detail.message, refusal);
    assert.equal(errs[0].detail.httpStatus, 400);
    const shown = page.locator("ashtapada-board .ab-message");
    assert.equal(await shown.isVisible(), true);
    assert.equal((await shown.textContent()).trim(), refusal);
    assert.equal(await shown.getAttribute("role"), "alert");
  });

  test("a bot seat is played by the service's search", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturanga", mode: "play", bots: "black" });
    await clickSquare(page, "e2");
    await clickSquare(page, "e3");
    const evs = await waitEvent(page, "action", 2);
    assert.equal(evs[0].detail.notation, "e2e3");
    const legal = (await api.list("chaturanga", evs[0].detail.position.text)).moves.map((m) => m.notation);
    assert.ok(legal.includes(evs[1].detail.notation), `${evs[1].detail.notation} is legal for black`);
    assert.equal(await page.evaluate(() => window.board.position.to_move), "white");
  });

  test("the game property replays a game; gameover carries ScorePosition's answer", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturanga", mode: "play" });
    // Two chariots against a king: the moves that end the game, found by the API, then one replayed.
    const text = "7k/R7/1R6/8/8/8/8/K7 w - - 0 1";
    const l = await api.list("chaturanga", text);
    const ends = [];
    for (const m of l.moves) {
      const r = await api.call("POST", "/v1/moves:apply", { position: { variant: "chaturanga", text }, moves: [{ notation: m.notation }], include_next: true });
      if (r.next?.phase === "PHASE_FINISHED" || r.next?.status === "GAME_STATUS_FINISHED") ends.push(m.notation);
    }
    assert.ok(ends.length, "some move ends the game");
    await page.evaluate(([text, a]) => (window.board.game = { start: text, actions: [a] }), [text, ends[0]]);
    const [over] = await waitEvent(page, "gameover");
    const want = await api.call("POST", "/v1/positions:score", { position: { variant: "chaturanga", text: (await api.apply("chaturanga", text, [ends[0]])).position.text } });
    assert.deepEqual(over.detail.winners, want.winners);
    assert.equal(over.detail.status, want.status);
    assert.deepEqual(await page.evaluate(() => window.board.game.actions), [ends[0]]);
  });
});

describe("the view", () => {
  test("set diffs pieces by square and does not rebuild the board; 1,000 sets are timed", async () => {
    for (const name of ["chaturanga", "ramayana"]) {
      // Positions of a game played by the API: the board's input.
      let text = (await api.start(name)).text;
      const positions = [];
      for (let i = 0; i < 40; i++) {
        const l = await api.list(name, text);
        if (!l.moves?.length) break;
        const r = await api.call("POST", "/v1/moves:apply", { position: { variant: name, text }, moves: [{ notation: l.moves[(i * 7) % l.moves.length].notation }] });
        positions.push(r.position);
        text = r.position.text;
      }
      const variant = await api.variant(name);
      const start = await api.start(name);
      const result = await page.evaluate(({ variant, start, positions }) => {
        const host = document.createElement("div");
        host.style.width = "480px";
        document.body.append(host);
        const b = window.AB.createBoard(host, { variant, position: start });
        const squares = [...host.querySelectorAll("[data-square]:not([data-piece])")];
        const first = positions[0];
        const moved = first.last_action;
        const stay = start.pieces.find((p) => p.square !== moved.from && p.square !== moved.to);
        const stayEl = host.querySelector(`[data-piece][data-square="${stay.square}"]`);
        const movingEl = host.querySelector(`[data-piece][data-square="${moved.from}"]`);
        b.set({ position: first });
        const same = squares.every((s) => s.isConnected) && host.querySelectorAll("[data-square]:not([data-piece])").length === squares.length;
        const stayed = host.querySelector(`[data-piece][data-square="${stay.square}"]`) === stayEl;
        const slid = host.querySelector(`[data-piece][data-square="${moved.to}"]`) === movingEl;
        const t0 = performance.now();
        for (let i = 0; i < 1000; i++) b.set({ position: positions[i % positions.length] });
        const ms = performance.now() - t0;
        const last = positions[999 % positions.length];
        const drawn = [...host.querySelectorAll("[data-piece]")].map((e) => `${e.getAttribute("data-square")} ${e.getAttribute("data-piece")}`).sort();
        const want = last.pieces.map((p) => `${p.square} ${p.kind}`).sort();
        b.destroy();
        host.remove();
        return { same, stayed, slid, ms, drawnOk: JSON.stringify(drawn) === JSON.stringify(want) };
      }, { variant, start, positions });
      assert.ok(result.same, `${name}: the squares were not rebuilt`);
      assert.ok(result.stayed, `${name}: a piece that did not move kept its element`);
      assert.ok(result.slid, `${name}: the moved piece is the same element on its new square`);
      assert.ok(result.drawnOk, `${name}: the last position is drawn`);
      console.log(`  ${name}: 1000 set calls with new positions in ${result.ms.toFixed(0)} ms (${(result.ms / 1000).toFixed(3)} ms each)`);
      assert.ok(result.ms < 20000, `${name}: 1000 sets took ${result.ms} ms`);
    }
  });

  test("themes, reduced motion, 280 px and controlsElement", async () => {
    await mountElement(page, { server: env.server.url, variant: "chaturaji", mode: "play" });
    const fill = () => page.evaluate(() => getComputedStyle(window.board.shadowRoot.querySelector(".sq.light")).fill);
    await page.evaluate(() => window.board.board.set({ theme: "light" }));
    const light = await fill();
    await page.evaluate(() => window.board.board.set({ theme: "dark" }));
    const dark = await fill();
    assert.notEqual(light, dark);
    // A page restyles the board through custom properties on the element.
    await page.evaluate(() => window.board.style.setProperty("--ab-light", "rgb(1, 2, 3)"));
    assert.equal(await fill(), "rgb(1, 2, 3)");
    const transition = () => page.evaluate(() => getComputedStyle(window.board.shadowRoot.querySelector(".pc")).transitionDuration);
    assert.notEqual(await transition(), "0s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    assert.equal(await transition(), "0s");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    // 280 px wide: the whole board and its Roll button within it.
    await page.evaluate(() => (document.getElementById("host").style.width = "280px"));
    const box = await page.locator("ashtapada-board svg").boundingBox();
    assert.ok(box.width <= 280.5 && box.width > 250, JSON.stringify(box));
    const roll = await page.locator('ashtapada-board [data-control="roll"]').boundingBox();
    assert.ok(roll.x + roll.width <= box.x + 281);
    // The controls where the host wants them.
    const placed = await page.evaluate(() => {
      const host = document.createElement("div");
      const bar = document.createElement("div");
      document.body.append(host, bar);
      const b = window.AB.createBoard(host, { variant: window.board.board.config.variant, position: window.board.position, legal: [{ notation: "pass", kind: "ACTION_KIND_PASS", name: "pass" }], controlsElement: bar });
      const ok = bar.contains(b.controls) && !!bar.querySelector('[data-notation="pass"]');
      b.destroy();
      host.remove();
      bar.remove();
      return ok;
    });
    assert.ok(placed);
    await page.evaluate(() => (document.getElementById("host").style.width = "480px"));
  });
});

describe("examples/board/index.html", () => {
  test("draws a playable board and plays a move", async () => {
    const p = await env.browser.newPage();
    try {
      p.setDefaultTimeout(15000);
      const errors = [];
      p.on("pageerror", (e) => errors.push(String(e)));
      await p.goto(`${env.pages.origin}/examples/board/index.html?server=${encodeURIComponent(env.server.url)}`);
      await p.waitForFunction(() => document.getElementById("board").shadowRoot?.querySelectorAll("[data-piece]").length === 32 && !document.getElementById("board").hasAttribute("data-busy"));
      for (const s of ["e2", "e3"]) {
        const box = await p.locator(`#board [data-square="${s}"]:not([data-piece])`).boundingBox();
        await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      }
      await p.waitForFunction(() => document.getElementById("log").textContent.includes("e2e3"));
      assert.ok(await p.locator('#board [data-piece][data-square="e3"]').count());
      assert.deepEqual(errors, []);
    } finally {
      await p.close();
    }
  });
});
