// Game records in the playground: Save and Copy write the game through ExportGame, Load reads one
// through ImportGame (its variant, options, start and actions), and a short game's record rides in
// the address. Every expectation is the service's own answer for the same game.
import { test, describe, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
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
  boardPieces,
  planTurn,
  playStep,
  STEP_TIMEOUT,
} from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

async function post(path, body) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { ok: res.ok, json: await res.json() };
}
async function exportGame(req) {
  const r = await post("/v1/games:export", req);
  if (!r.ok) throw new Error(`ExportGame: ${JSON.stringify(r.json)}`);
  return r.json.record;
}
async function importGame(record) {
  const r = await post("/v1/games:import", { record });
  if (!r.ok) throw new Error(`ImportGame: ${JSON.stringify(r.json)}`);
  return r.json;
}

// The tags the game decides; the rest are the page's own.
const COMPUTED = new Set(["Variant", "Options", "SetUp", "FEN", "Result", "Termination", "PlyCount"]);

/**
 * Plays a few turns on the page as planned through the API, and returns the game as ExportGame
 * takes it: the start and the actions' notations (a roll's as the service writes it).
 */
async function playTurns(page, v, turns) {
  const start = await positionText(page);
  const actions = [];
  const texts = [start]; // the position before each action, and the last
  let text = start;
  for (let t = 0; t < turns; t++) {
    const plan = await planTurn(api, v, text);
    if (!plan.steps.length) break;
    for (const step of plan.steps) {
      await playStep(page, step);
      assert.equal(await positionText(page), step.after, `${v.name}: the page did not reach the planned position`);
      if (step.roll) {
        const r = await api.resolve(v.name, text, step.roll);
        actions.push(r.position.last_action?.notation || `roll ${step.roll.join(" ")}`);
      } else actions.push(step.action.notation);
      text = step.after;
      texts.push(text);
    }
    if (plan.next.phase === "PHASE_FINISHED") break;
  }
  return { start, actions, text, texts };
}

async function saveByDownload(page) {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: STEP_TIMEOUT }), page.click("#save-record")]);
  assert.match(download.suggestedFilename(), /\.pgn$/, "the saved file's name");
  const path = await download.path();
  await idle(page);
  return readFile(path, "utf8");
}

async function loadByPaste(page, record) {
  await page.fill("#record-text", record);
  await page.click("#load-record");
  await idle(page);
}

/** A page opened at an address of its own (a hash), drawn and idle. */
async function openAt(address) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.errors = [];
  page.on("pageerror", (err) => page.errors.push(String(err)));
  await page.goto(address);
  await page.waitForSelector("svg#board [data-square]");
  await idle(page);
  return page;
}

const hashRecord = (url) => {
  const hash = new URL(url).hash;
  return hash.startsWith("#record=") ? Buffer.from(hash.slice("#record=".length), "base64url").toString("utf8") : null;
};

describe("save and load", { concurrency: 4 }, () => {
  variants.forEach((v, i) => {
    const dice = (v.die_types ?? []).length > 0;
    test(`${v.name}: a game saved is ExportGame's record, and loaded by paste it is the same game`, async () => {
      const page = await openPage(browser, server.url, { variant: v.name });
      let saved, shown, pieces, list, texts;
      try {
        const game = await playTurns(page, v, 3);
        assert.ok(game.actions.length >= 3, `${v.name}: only ${game.actions.length} actions played`);
        if (dice) assert.ok(game.actions.some((a) => a.startsWith("roll")), `${v.name}: no roll among ${game.actions}`);
        saved = await saveByDownload(page);
        const read = await importGame(saved);
        const tags = Object.fromEntries(Object.entries(read.tags).filter(([k]) => !COMPUTED.has(k)));
        assert.match(tags.Date ?? "", /^\d{4}\.\d\d\.\d\d$/, "the Date tag");
        const players = (await api.start(v.name)).players.map((p) => p.name);
        for (const p of players) {
          const tag = p.split(/[_ ]+/).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
          assert.equal(tags[tag], "human", `the ${tag} tag`);
        }
        const want = await exportGame({ start: { variant: v.name, text: game.start }, actions: game.actions.map((notation) => ({ notation })), tags });
        assert.equal(saved, want, "the saved record");
        await page.click("#copy-record");
        await idle(page);
        assert.equal(await page.inputValue("#record-text"), want, "the copied record");
        shown = await positionText(page);
        assert.equal(shown, game.text, "the position before saving");
        pieces = await boardPieces(page);
        list = await moveList(page);
        texts = game.texts;
      } finally {
        await closePage(page);
      }

      // A fresh page of another variant: the record brings its own.
      const other = variants[(i + 1) % variants.length];
      const again = await openPage(browser, server.url, { variant: other.name });
      try {
        await loadByPaste(again, saved);
        assert.equal(await errorText(again), "", "#error after loading");
        assert.equal(await again.inputValue("select#variant"), v.name, "select#variant after loading");
        assert.equal(await positionText(again), shown, "the position loaded");
        assert.deepEqual(await boardPieces(again), pieces, "the pieces loaded");
        assert.deepEqual(await moveList(again), list, "the move list loaded");
        assert.equal(await again.getAttribute("#record-status", "data-index"), null, "a failure shown");
        // Undo goes back through the loaded game, and the game goes on from there.
        await again.click("#undo");
        await idle(again);
        const back = texts.at(-2);
        assert.equal(await positionText(again), back, "the position after Undo");
        assert.equal((await moveList(again)).length, list.length - 1, "the move list after Undo");
        const plan = await planTurn(api, v, back);
        await playStep(again, plan.steps[0]);
        assert.equal(await positionText(again), plan.steps[0].after, "the move after loading");
        assert.equal((await moveList(again)).length, list.length, "the move list after the move");
        assert.deepEqual(again.errors, [], "page errors");
      } finally {
        await closePage(again);
      }
    });
  });

  for (const name of ["chaturanga", "chaturaji"]) {
    test(`${name}: a short game's record is in the address, and the address opens the game`, async () => {
      const v = variants.find((x) => x.name === name);
      assert.ok(v, `${name} is not served`);
      const page = await openPage(browser, server.url, { variant: name });
      let address, shown, list;
      try {
        assert.equal(hashRecord(page.url()), null, "a record in the address before any action");
        await playTurns(page, v, 2);
        await page.click("#copy-record");
        await idle(page);
        const record = await page.inputValue("#record-text");
        await until(page, () => location.hash.startsWith("#record="));
        assert.equal(hashRecord(page.url()), record, "the address's record");
        address = page.url();
        shown = await positionText(page);
        list = await moveList(page);
      } finally {
        await closePage(page);
      }
      const again = await openAt(address);
      try {
        assert.equal(await errorText(again), "", "#error");
        assert.equal(await again.inputValue("select#variant"), name);
        assert.equal(await positionText(again), shown, "the position from the address");
        assert.deepEqual(await moveList(again), list, "the move list from the address");
        assert.deepEqual(again.errors, [], "page errors");
      } finally {
        await closePage(again);
      }
    });
  }

  test("a long game leaves its record out of the address", async () => {
    const v = variants.find((x) => x.name === "chaturanga");
    // A seeded random game through the API, long enough that its record is no short link.
    const start = await api.start(v.name);
    let text = start.text;
    let seed = 7;
    let actions = [];
    for (let ply = 0; ply < 400; ply++) {
      const l = await api.list(v.name, text);
      if (l.phase === "PHASE_FINISHED" || !l.moves?.length) break;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const m = l.moves[seed % l.moves.length];
      actions.push(m.notation);
      text = (await api.apply(v.name, text, [m.notation])).position.text;
    }
    const req = () => ({ start: { variant: v.name, text: start.text }, actions: actions.map((notation) => ({ notation })) });
    let r = await post("/v1/games:export", req());
    const cut = /actions\[(\d+)\]/.exec(JSON.stringify(r.json))?.[1];
    if (!r.ok && cut) {
      // A draw by repetition ends the game there.
      actions = actions.slice(0, Number(cut));
      r = await post("/v1/games:export", req());
    }
    assert.ok(r.ok, JSON.stringify(r.json));
    const record = r.json.record;
    assert.ok(record.length > 2500, `the record is only ${record.length} characters`);
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      await loadByPaste(page, record);
      const read = await importGame(record);
      assert.equal(await positionText(page), read.position.text);
      assert.equal((await moveList(page)).length, actions.length);
      assert.equal(hashRecord(page.url()), null, "a long record in the address");
    } finally {
      await closePage(page);
    }
  });

  test("a record with an action that cannot be played loads up to it and says why", async () => {
    const record = '[Variant "Chaturanga"]\n\n1. e3 e6 {a comment} 2. Nf3 $1 Ke7 3. Nxe5 Nf6 4. Nc3 *';
    const want = await importGame(record);
    assert.ok(want.failure, "the service reads the record without a failure");
    const page = await openPage(browser, server.url, { variant: "martian_chess" });
    try {
      await loadByPaste(page, record);
      const status = page.locator("#record-status");
      assert.equal(await status.getAttribute("data-index"), String(want.failure.index), "the failure's index");
      assert.equal(await status.getAttribute("data-notation"), want.failure.notation, "the failure's notation");
      assert.equal(await status.getAttribute("data-reason"), want.failure.reason, "the failure's reason");
      const text = (await status.textContent()) ?? "";
      assert.ok(text.includes(want.failure.notation) && text.includes(want.failure.reason), `#record-status: ${text}`);
      assert.equal(await page.inputValue("select#variant"), "chaturanga");
      assert.equal(await positionText(page), want.position.text, "the position before the failure");
      assert.equal((await moveList(page)).length, want.failure.index, "the actions loaded");
    } finally {
      await closePage(page);
    }
  });

  test("a record chosen as a file loads at once; the controls work by keyboard", async () => {
    const chaturaji = '[Variant "chaturaji"]\n\n1. roll-2 a1c3 2. roll-2 a8c6 *';
    const chaturanga = '[Variant "Chaturanga"]\n\n1. e3 e6 2. Nf3 *';
    const [a, b] = [await importGame(chaturaji), await importGame(chaturanga)];
    const page = await openPage(browser, server.url, { variant: "martian_chess" });
    try {
      await page.setInputFiles("#record-file", { name: "game.pgn", mimeType: "application/x-chess-pgn", buffer: Buffer.from(chaturaji) });
      await until(page, (t) => document.querySelector("#position-text")?.value.trim() === t, a.position.text);
      assert.equal(await page.inputValue("select#variant"), "chaturaji");
      assert.deepEqual(await moveList(page), a.actions.map((x) => x.notation), "the move list of the file's game");

      await page.fill("#record-text", chaturanga);
      await page.focus("#record-text");
      await page.keyboard.press("Tab"); // the file's chooser
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "load-record", "Tab from the record reaches Load record");
      await page.keyboard.press("Enter");
      await idle(page);
      assert.equal(await positionText(page), b.position.text, "the record loaded by Enter");
      for (const id of ["save-record", "copy-record", "load-record", "record-text", "record-file"]) {
        const name = await page.evaluate((i) => {
          const e = document.getElementById(i);
          return e.getAttribute("aria-label") || (e.labels?.[0]?.textContent ?? "").trim() || e.textContent.trim();
        }, id);
        assert.ok(name, `#${id} has no accessible name`);
      }
    } finally {
      await closePage(page);
    }
  });

  test("a malformed record shows the service's error and leaves the game", async () => {
    const record = '[Variant "chaturaji"]\n[Options "castling"]\n';
    const r = await post("/v1/games:import", { record });
    assert.equal(r.ok, false, "the service read the malformed record");
    const page = await openPage(browser, server.url, { variant: "chaturanga" });
    try {
      const before = await positionText(page);
      await loadByPaste(page, record);
      assert.equal(await errorText(page), r.json.error.message, "#error");
      assert.equal(await positionText(page), before, "the position after a malformed record");
      assert.equal(await page.inputValue("select#variant"), "chaturanga");
    } finally {
      await closePage(page);
    }
  });

  for (const [what, code, wantText] of [
    ["not base64url", "!!not*base64", "not base64url"],
    ["a malformed record", Buffer.from('[Variant "chaturaji"]\n[Options "castling"]\n').toString("base64url"), 'unknown option "castling"'],
  ]) {
    test(`an address whose record is ${what} opens the page with an error`, async () => {
      const page = await openAt(`${server.url}/?variant=martian_chess#record=${code}`);
      try {
        const err = await errorText(page);
        assert.ok(err.includes("the record in the address cannot be loaded") && err.includes(wantText), `#error: ${err}`);
        assert.equal(await page.inputValue("select#variant"), "martian_chess", "the variant of the address's query");
        assert.deepEqual(page.errors, [], "page errors");
      } finally {
        await closePage(page);
      }
    });
  }
});
