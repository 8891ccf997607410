// Test harness for the playground's browser tests: builds and starts a real `ashtapada serve` on
// free loopback ports, calls its JSON API directly (the tests' oracle: every expectation is the
// service's answer, never a rule written here), and drives Debian's Chromium through
// playwright-core against the page it serves at `/`.
//
// Only the stable structure of web/README.md is used to find things on the page.
import { spawn, execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = join(here, "..");
export const repoDir = join(webDir, "..");

// How long one wait on the page may take: the service answers in milliseconds, a bot at depth 1
// in well under a second; this only bounds a broken page.
export const STEP_TIMEOUT = 15000;
/** A bot's whole turn: several calls, each of which may wait for the analysis slot. */
export const BOT_TURN_TIMEOUT = 45000;

/**
 * Builds ashtapada into a temporary directory and starts `serve`; resolves once it logged
 * "serving". ASHTAPADA_BIN names a binary already built to start instead (it must embed this
 * checkout's web/dist). tags are Go build tags for the build ("testgame" adds the test-only
 * games of cmd/ashtapada/testgame.go); ASHTAPADA_BUILD_TAGS gives them to every test file.
 */
export async function startServer({ tags = process.env.ASHTAPADA_BUILD_TAGS ?? "" } = {}) {
  const dir = await mkdtemp(join(tmpdir(), "ashtapada-web-test-"));
  let bin = join(dir, "ashtapada");
  if (process.env.ASHTAPADA_BIN) bin = process.env.ASHTAPADA_BIN;
  else {
    try {
      const tagArgs = tags ? ["-tags", tags] : [];
      await promisify(execFile)("go", ["build", ...tagArgs, "-o", bin, "./cmd/ashtapada"], { cwd: repoDir, maxBuffer: 1 << 24 });
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`go build ${tags ? "-tags " + tags + " " : ""}./cmd/ashtapada failed:\n${err.stderr || err.message}`);
    }
  }
  const proc = spawn(bin, ["serve", "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--shutdown-drain", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = [];
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  const addr = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ashtapada serve did not report its address:\n${log.join("\n")}`)), 30000);
    const onLine = (line) => {
      log.push(line);
      if (log.length > 200) log.shift();
      let rec;
      try {
        rec = JSON.parse(line);
      } catch {
        return;
      }
      if (rec.msg === "serving" && rec.http_addr) {
        clearTimeout(timer);
        resolve(rec.http_addr);
      }
    };
    createInterface({ input: proc.stdout }).on("line", onLine);
    createInterface({ input: proc.stderr }).on("line", onLine);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`ashtapada serve exited (${code ?? signal}):\n${log.join("\n")}`));
    });
  });
  const url = `http://${addr}`;
  return {
    url,
    log,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      const { code, signal } = await exited;
      await rm(dir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`ashtapada serve did not stop cleanly (${code ?? signal}):\n${log.slice(-20).join("\n")}`);
    },
  };
}

/** A client of the JSON API: the tests' oracle. */
export function apiClient(url) {
  async function call(method, path, body) {
    const res = await fetch(url + path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) {
      const err = new Error(`${method} ${path}: ${res.status} ${json?.error?.message ?? JSON.stringify(json)}`);
      err.status = res.status;
      err.body = json;
      throw err;
    }
    return json;
  }
  const api = {
    /** Any POST of the JSON API, by its path. */
    post: (path, body) => call("POST", path, body),
    variants: async () => (await call("GET", "/v1/variants")).variants,
    variant: async (name) => (await call("GET", `/v1/variants/${encodeURIComponent(name)}`)).variant,
    start: async (variant, options) => (await call("POST", `/v1/variants/${encodeURIComponent(variant)}:start`, options ? { options } : {})).position,
    list: (variant, text) => call("POST", "/v1/moves:list", { position: { variant, text } }),
    apply: (variant, text, notations) =>
      call("POST", "/v1/moves:apply", { position: { variant, text }, moves: notations.map((notation) => ({ notation })), include_next: true }),
    resolve: (variant, text, values) => call("POST", "/v1/dice:resolve", { position: { variant, text }, values, include_next: true }),
    roll: (variant, text, seed) => call("POST", "/v1/dice:roll", { position: { variant, text }, seed: String(seed), include_next: true }),
    score: (variant, text) => call("POST", "/v1/positions:score", { position: { variant, text } }),
    validate: (variant, text, move) => call("POST", "/v1/moves:validate", { position: { variant, text }, move }),
    evaluate: (variant, text) => call("POST", "/v1/analysis:evaluate", { position: { variant, text } }),
    search: (variant, text, depth, extra = {}) => call("POST", "/v1/analysis:search", { position: { variant, text }, depth, ...extra }),
    rollout: (variant, text, req) => call("POST", "/v1/analysis:rollout", { position: { variant, text }, ...req }),
    /** SearchStream's messages (the `result` of each line of its newline-delimited answer). */
    async searchStream(variant, text, depth, extra = {}) {
      const res = await fetch(url + "/v1/analysis:searchStream", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ position: { variant, text }, depth, ...extra }),
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`POST /v1/analysis:searchStream: ${res.status} ${body}`);
      return body
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => {
          const m = JSON.parse(l);
          if (m.error) throw new Error(`searchStream: ${JSON.stringify(m.error)}`);
          return m.result;
        });
    },
  };
  return api;
}

export const launchArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: launchArgs });
}

// ---------------------------------------------------------------------------------------------
// The page.

/**
 * Opens the playground with the given URL parameters on a new page and waits until it is drawn
 * and idle. Uncaught errors of the page are collected in page.errors.
 */
const boardMissing = new Map();

/** The window the pages open in: a common laptop's 1400x900, or PLAYGROUND_VIEWPORT ("390x844",
 * a phone) to run every test at another size. */
export const VIEWPORT = (() => {
  const m = /^(\d+)x(\d+)$/.exec(process.env.PLAYGROUND_VIEWPORT ?? "");
  return m ? { width: Number(m[1]), height: Number(m[2]) } : { width: 1400, height: 900 };
})();

export async function openPage(browser, url, params = {}, contextOptions = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...contextOptions });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.errors = [];
  page.on("pageerror", (err) => page.errors.push(String(err)));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, typeof v === "string" ? v : JSON.stringify(v));
  const qs = q.toString();
  try {
    // A page that draws no board for a variant fails the variant's later tests at once instead of
    // after a timeout each.
    const plain = Object.keys(params).every((k) => k === "variant");
    if (plain && boardMissing.has(params.variant)) throw boardMissing.get(params.variant);
    await page.goto(`${url}/${qs ? "?" + qs : ""}`);
    await page.waitForSelector("svg#board [data-square]").catch((err) => {
      const e = new Error(`the page (?${qs}) draws no svg#board [data-square]: ${err.message.split("\n")[0]}; page errors: ${JSON.stringify(page.errors)}`);
      if (plain) boardMissing.set(params.variant, e);
      throw e;
    });
    await idle(page);
  } catch (err) {
    await context.close();
    throw err;
  }
  return page;
}

export async function closePage(page) {
  await page.context().close();
}

/** Waits until the page is not waiting for the service (document.body.dataset.busy unset). */
export async function idle(page) {
  await page.waitForFunction(() => !document.body.dataset.busy, null, { timeout: STEP_TIMEOUT });
}

/** Waits (bounded, STEP_TIMEOUT unless timeout is given) for a condition on the page, then for
 * the page to be idle. */
export async function until(page, fn, arg, timeout = STEP_TIMEOUT) {
  await page.waitForFunction(fn, arg, { timeout, polling: 20 });
  await idle(page);
}

export const positionText = async (page) => (await page.inputValue("#position-text")).trim();
export const moveList = (page) => page.$$eval("#move-list li .notation", (els) => els.map((e) => e.textContent.trim()));
export const errorText = async (page) => ((await page.textContent("#error")) ?? "").trim();
export const toMove = (page) => page.getAttribute("#to-move", "data-player");

/** The pieces drawn on the board: [{square, kind, player, color}], sorted by square. */
export async function boardPieces(page) {
  const pieces = await page.$$eval("svg#board [data-piece]", (els) =>
    els.map((e) => ({
      square: e.getAttribute("data-square"),
      kind: e.getAttribute("data-kind"),
      player: e.getAttribute("data-player") ?? "",
      color: e.getAttribute("data-color") ?? "",
    })),
  );
  return sortPieces(pieces);
}

export function sortPieces(pieces) {
  const key = (p) => `${p.square}|${p.kind}|${p.player}|${p.color}`;
  return [...pieces].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Clicks a square of the board (the element carrying data-square, not a piece inside it). */
export async function clickSquare(page, square) {
  // A click where a player would click: the middle of the square, whatever is drawn on top of it
  // (the piece), as a mouse does; the element itself must exist and be visible.
  const sq = squareLocator(page, square);
  await sq.waitFor({ state: "visible" });
  await sq.scrollIntoViewIfNeeded();
  const box = await sq.boundingBox();
  if (!box) throw new Error(`square ${square} has no box`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The element of a square (not a piece standing on it). */
export function squareLocator(page, square) {
  return page.locator(`svg#board [data-square="${square}"]:not([data-piece])`).first();
}

/** Opens the dice rolled by hand (details#manual-dice) as a player does, by its summary. */
export async function openManualDice(page) {
  if (!(await page.$eval("#manual-dice", (d) => d.open))) await page.click("#manual-dice > summary");
}

/** Rolls by hand through #roll-values and #roll-manual and waits for the dice to be shown. */
export async function rollManual(page, values) {
  await openManualDice(page);
  await page.fill("#roll-values", values.join(" "));
  await page.click("#roll-manual");
  await idle(page);
}

// ---------------------------------------------------------------------------------------------
// Planning a turn through the API. The choices depend only on the position, so a plan made with
// the API is what the page is then asked to play, step by step.

/** The faces each die of the variant can show, one list per die thrown. */
export function diceFaces(variant) {
  const dice = [];
  for (const d of variant.die_types ?? []) for (let i = 0; i < d.count; i++) dice.push(d.faces.map((f) => f.value));
  return dice;
}

function* combos(lists, i = 0, acc = []) {
  if (i === lists.length) {
    yield [...acc];
    return;
  }
  for (const v of lists[i]) {
    acc.push(v);
    yield* combos(lists, i + 1, acc);
    acc.pop();
  }
}

/** The legal actions whose from and to are those of no other legal action: one click each way. */
export function clickable(moves) {
  const count = new Map();
  for (const m of moves) if (m.from && m.to) count.set(`${m.from}${m.to}`, (count.get(`${m.from}${m.to}`) ?? 0) + 1);
  return moves.filter((m) => m.from && m.to && m.from !== m.to && count.get(`${m.from}${m.to}`) === 1);
}

/**
 * Picks the roll values for a position waiting for a roll: the first outcome (in face order) that
 * needs no roll again and leaves a clickable move.
 */
export async function chooseRoll(api, variant, text) {
  let fallback;
  for (const values of combos(diceFaces(variant))) {
    let r;
    try {
      r = await api.resolve(variant.name, text, values);
    } catch {
      continue;
    }
    if (r.roll_again) continue;
    fallback ??= values;
    if (clickable(r.next?.moves ?? []).some((m) => m.kind === "ACTION_KIND_MOVE")) return values;
  }
  if (!fallback) throw new Error(`${variant.name}: no roll fits ${text}`);
  return fallback;
}

/** Picks the action to play in a position waiting for a choice: a clickable move, else end, pass, or the first. */
export function chooseAction(moves) {
  const click = clickable(moves).find((m) => m.kind === "ACTION_KIND_MOVE");
  if (click) return { action: click, click: true };
  // A move sharing its squares with another action (Martian Chess's b2a1 and b2a1+clock): the
  // clicks, then the choice in #actions.
  const shared = moves.find((m) => m.kind === "ACTION_KIND_MOVE" && m.from && m.to && m.from !== m.to);
  if (shared) return { action: shared, click: true };
  const other =
    moves.find((m) => m.kind === "ACTION_KIND_END_TURN") ?? moves.find((m) => m.kind === "ACTION_KIND_PASS") ?? moves[0];
  return { action: other, click: false };
}

/**
 * Plans one whole turn from a position through the API: the steps ({roll: values} or {action,
 * click}) with the position text after each, until another player is to move or the game ends.
 */
export async function planTurn(api, variant, text, maxSteps = 12) {
  const steps = [];
  const first = await api.list(variant.name, text);
  const mover = first.to_move;
  let cur = first;
  let curText = text;
  for (let i = 0; i < maxSteps; i++) {
    if (cur.phase === "PHASE_FINISHED") break;
    if (cur.to_move !== mover && i > 0) break;
    let step;
    if (cur.chance) {
      const values = await chooseRoll(api, variant, curText);
      const r = await api.resolve(variant.name, curText, values);
      step = { roll: values, after: r.position.text, next: r.next };
    } else {
      const { action, click } = chooseAction(cur.moves);
      const r = await api.apply(variant.name, curText, [action.notation]);
      step = { action, click, after: r.position.text, next: r.next };
    }
    steps.push(step);
    curText = step.after;
    cur = await api.list(variant.name, curText);
    if (cur.to_move !== mover) break;
  }
  return { mover, steps, after: curText, next: cur };
}

/** Plays one planned step on the page and checks that the page reached the planned position. */
export async function playStep(page, step) {
  const before = await moveList(page);
  const textBefore = await positionText(page);
  if (step.roll) {
    await rollManual(page, step.roll);
  } else if (step.click) {
    await clickSquare(page, step.action.from);
    await idle(page);
    await clickSquare(page, step.action.to);
    await idle(page);
    // A click naming several actions (a move and its variant) is settled by a choice in #actions.
    if ((await positionText(page)) !== step.after) {
      const choice = page.locator(`#actions button[data-notation="${cssEscape(step.action.notation)}"]`);
      if (await choice.count()) {
        await choice.first().click();
        await idle(page);
      }
    }
  } else {
    await page.click(`#actions button[data-notation="${cssEscape(step.action.notation)}"]`);
    await idle(page);
  }
  // The page answered: the position moved on (to the planned one, or already past it when a bot
  // plays next), or it says why not. The callers check which.
  await until(
    page,
    (t) => document.querySelector("#position-text")?.value.trim() !== t || (document.querySelector("#error")?.textContent ?? "").trim() !== "",
    textBefore,
  ).catch(() => {});
  return { before, after: await moveList(page) };
}

export function cssEscape(s) {
  return s.replace(/["\\]/g, "\\$&");
}

// ---------------------------------------------------------------------------------------------
// Positions one action from the end of the game.

/**
 * Known positions one action from the end, found by playing random games through the API and
 * checked against it: the position text and the finishing action (a move clicked from-to).
 * Every test checks an entry with the API before using it; a variant missing here, or whose entry
 * no longer finishes the game, gets one found by findEnding.
 */
export const ENDINGS = {
  chaturanga: { text: "k7/8/1K6/8/8/8/8/7R w - - 0 1", action: "h1h8" }, // checkmate
  martian_chaturanga: { text: "rpmpr/kMk1k/3S1/K1K1K/sPR2 d 4s,2p ae PRSs 0 6", action: "d5b4" }, // monarch_captured
  martian_chaturaji: { text: "gM5yT1/gT7/7yM/7bR/8/8/7bT/1rT1bM4 b 3r,4- - rM 0 1", action: "h5h6" }, // monarchs_captured
  chaturaji: { text: "7,gPb/8/2,gB,5/8/3,bH,gK,3/8/8/8 g 5 - 16,22,15,18 11 241", action: "e4d4" }, // last_player_standing
  martian_chess: { text: "qq1d/qdpp/1p2/d3/3d/1pp1/1qdq/pd1q s -,- 6 - 6", action: "d4d3" }, // clock
  coaster_chess: { text: "3d1q/5p/6/6/p2d2/q5 s q,q 6 - 8", action: "a1c2" }, // clock
  ramayana: { text: "10/10/10/10/10/10/4r1m3/1K4M3/10/3K6/10/10/10/10/6R3/10 y 16 159", action: "g9g10" }, // bare_rajah
  martian_coaster_chaturanga: {
    text: "r0b1y2g3 rq3gd1/6/4gp1/6/1gq4/bp5 -,ypbd,ydyqrpbq,rd bl hop:d!clear 24",
    action: "b2a1",
  }, // colour_gone
};

/**
 * Checks that action finishes the game from text; returns {text, action (the API's), reason,
 * winners, after} or null.
 */
export async function checkEnding(api, variant, text, notation) {
  let list, applied;
  try {
    list = await api.list(variant, text);
    if (list.phase === "PHASE_FINISHED" || list.chance) return null;
    applied = await api.apply(variant, text, [notation]);
  } catch {
    return null;
  }
  const action = list.moves.find((m) => m.notation === notation);
  if (!action || applied.next?.phase !== "PHASE_FINISHED") return null;
  return {
    text,
    action,
    click: Boolean(action.from && action.to && action.from !== action.to),
    reason: applied.next.reason,
    decidedBy: applied.next.decided_by,
    winners: applied.next.winners,
    after: applied.position.text,
  };
}

/** A seeded random game through the API (captures preferred) up to one action before its end. */
export async function findEnding(api, variant, seed = 1, maxPlies = 3000) {
  let x = seed >>> 0 || 1;
  const rand = (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
  const faces = diceFaces(variant);
  let text = (await api.start(variant.name)).text;
  for (let i = 0; i < maxPlies; i++) {
    const list = await api.list(variant.name, text);
    if (list.phase === "PHASE_FINISHED" || (!list.chance && list.moves.length === 0)) {
      text = (await api.start(variant.name)).text; // ended by a roll or with nothing to play: again
      continue;
    }
    if (list.chance) {
      text = (await api.resolve(variant.name, text, faces.map((f) => f[rand(f.length)]))).position.text;
      continue;
    }
    const caps = list.moves.filter((m) => m.captured);
    const pool = caps.length && rand(10) < 9 ? caps : list.moves;
    const move = pool[rand(pool.length)];
    const applied = await api.apply(variant.name, text, [move.notation]);
    if (applied.next?.phase === "PHASE_FINISHED") {
      // Prefer an ending played by clicks; otherwise play another game.
      if (clickable(list.moves).includes(move)) return checkEnding(api, variant.name, text, move.notation);
      text = (await api.start(variant.name)).text;
      continue;
    }
    text = applied.position.text;
  }
  return null;
}

/** A checked ending for the variant: the known one, else one found by random play. */
export async function ending(api, variant) {
  const known = ENDINGS[variant.name];
  if (known) {
    const e = await checkEnding(api, variant.name, known.text, known.action);
    if (e) return e;
  }
  for (let seed = 1; seed <= 5; seed++) {
    const e = await findEnding(api, variant, seed);
    if (e) return e;
  }
  return null;
}
