// Test harness: a page server on one loopback port (the test page and this package's dist/), a
// real `ashtapada serve` built from the repository on another (so the board calls it
// cross-origin, through CORS), the service's JSON API as the tests' oracle, and Debian's Chromium
// driven by playwright-core.
import { spawn, execFile } from "node:child_process";
import { createServer } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname, normalize, extname } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const pkgDir = join(here, "..");
export const repoDir = join(pkgDir, "..", "..");
export const STEP = 15000;

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".map": "application/json" };

/** Serves pkgDir's test/ and dist/ (and the repository's examples/board/) on a free loopback port. */
export async function startPageServer() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    const file = path.startsWith("/examples/") || path.startsWith("/clients/") ? join(repoDir, path) : join(pkgDir, path);
    if (!(path.startsWith("/dist/") || path.startsWith("/test/") || path.startsWith("/examples/board/") || path.startsWith("/clients/board/dist/"))) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((r) => server.close(r)) };
}

/** Builds ashtapada and starts `serve` on free loopback ports, letting the page's origin call it. */
export async function startServer(pageOrigin) {
  const dir = await mkdtemp(join(tmpdir(), "ashtapada-board-test-"));
  const bin = process.env.ASHTAPADA_BIN || join(dir, "ashtapada");
  if (!process.env.ASHTAPADA_BIN) await promisify(execFile)("go", ["build", "-o", bin, "./cmd/ashtapada"], { cwd: repoDir, maxBuffer: 1 << 24 });
  const proc = spawn(bin, ["serve", "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--shutdown-drain", "0", "--cors-origins", pageOrigin], { stdio: ["ignore", "pipe", "pipe"] });
  const log = [];
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  const addr = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ashtapada serve did not report its address:\n${log.join("\n")}`)), 30000);
    const onLine = (line) => {
      log.push(line);
      if (log.length > 200) log.shift();
      try {
        const rec = JSON.parse(line);
        if (rec.msg === "serving" && rec.http_addr) {
          clearTimeout(timer);
          resolve(rec.http_addr);
        }
      } catch {
        // not a JSON line
      }
    };
    createInterface({ input: proc.stdout }).on("line", onLine);
    createInterface({ input: proc.stderr }).on("line", onLine);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`ashtapada serve exited (${code ?? signal}):\n${log.join("\n")}`));
    });
  });
  return {
    url: `http://${addr}`,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The JSON API, called from node: the tests' oracle. */
export function apiClient(url) {
  async function call(method, path, body) {
    const res = await fetch(url + path, { method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) {
      const err = new Error(`${method} ${path}: ${res.status} ${json?.error?.message}`);
      err.body = json;
      throw err;
    }
    return json;
  }
  return {
    call,
    variants: async () => (await call("GET", "/v1/variants")).variants,
    variant: async (name) => (await call("GET", `/v1/variants/${encodeURIComponent(name)}`)).variant,
    start: async (variant) => (await call("POST", `/v1/variants/${encodeURIComponent(variant)}:start`, {})).position,
    list: (variant, text) => call("POST", "/v1/moves:list", { position: { variant, text } }),
    apply: (variant, text, notations) => call("POST", "/v1/moves:apply", { position: { variant, text }, moves: notations.map((notation) => ({ notation })) }),
    roll: (variant, text, seed) => call("POST", "/v1/dice:roll", { position: { variant, text }, seed: String(seed) }),
  };
}

export async function setup() {
  const pages = await startPageServer();
  const server = await startServer(pages.origin);
  const api = apiClient(server.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  return {
    pages,
    server,
    api,
    browser,
    async close() {
      await browser.close();
      await server.stop();
      await pages.close();
    },
  };
}

/** A new page on the test page, with the bundle imported; page errors are collected in page.errors. */
export async function openPage(env, options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 900 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP);
  page.errors = [];
  page.on("pageerror", (err) => page.errors.push(String(err)));
  await page.goto(`${env.pages.origin}/test/page.html`);
  await page.waitForFunction(() => window.ready === true);
  return page;
}

/** Puts an <ashtapada-board> with these attributes into #host (replacing any), recording its
 * events in window.events, and waits until it is idle and drawn. */
export async function mountElement(page, attrs) {
  await page.evaluate((attrs) => {
    const host = document.getElementById("host");
    host.replaceChildren();
    window.events = [];
    const b = document.createElement("ashtapada-board");
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) b.setAttribute(k, v);
    for (const t of ["action", "roll", "gameover", "error"]) b.addEventListener(t, (e) => window.events.push({ type: t, detail: JSON.parse(JSON.stringify(e.detail)) }));
    host.append(b);
    window.board = b;
  }, attrs);
  await idle(page);
}

/** Waits until the element is idle: no request pending and a board drawn (or an error shown). */
export async function idle(page) {
  await page.waitForFunction(() => {
    const b = window.board;
    if (!b || b.hasAttribute("data-busy")) return false;
    const r = b.shadowRoot;
    return !!r && (r.querySelector("[data-square]") || !r.querySelector(".ab-message")?.hidden);
  }, null, { polling: 20 });
  // A microtask-queued load may not have started yet: wait for two frames and check again.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() => !window.board.hasAttribute("data-busy"), null, { polling: 20 });
}

/** The element's pieces as drawn: "square kind" sorted. */
export const drawnPieces = (page) =>
  page.evaluate(() => [...window.board.shadowRoot.querySelectorAll("[data-piece]")].map((e) => `${e.getAttribute("data-square")} ${e.getAttribute("data-piece")}`).sort());

/** Clicks the middle of a square of the element's board, as a mouse does. */
export async function clickSquare(page, square) {
  const box = await squareBox(page, square);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export async function squareBox(page, square) {
  const loc = page.locator(`ashtapada-board [data-square="${square}"]:not([data-piece])`).first();
  await loc.waitFor({ state: "visible" });
  const box = await loc.boundingBox();
  if (!box) throw new Error(`square ${square} has no box`);
  return box;
}

/** Moves the keyboard focus to a square with the arrow keys alone, from the focused square. */
export async function arrowTo(page, square) {
  const target = await squareBox(page, square);
  for (let i = 0; i < 40; i++) {
    const at = await page.evaluate(() => {
      const a = window.board.shadowRoot.activeElement;
      if (!a) return null;
      const r = a.getBoundingClientRect();
      return { square: a.getAttribute("data-square"), x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    if (!at) throw new Error("no square has the focus");
    if (at.square === square) return;
    const dx = target.x + target.width / 2 - at.x;
    const dy = target.y + target.height / 2 - at.y;
    const key = Math.abs(dx) > target.width / 2 ? (dx > 0 ? "ArrowRight" : "ArrowLeft") : dy > 0 ? "ArrowDown" : "ArrowUp";
    await page.keyboard.press(key);
  }
  throw new Error(`the arrow keys did not reach ${square}`);
}

/** Gives the keyboard focus to the board (its focusable square) with Tab, as a keyboard user does. */
export async function tabIntoBoard(page) {
  await page.evaluate(() => document.activeElement?.blur());
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const sq = await page.evaluate(() => window.board.shadowRoot.activeElement?.getAttribute("data-square") ?? null);
    if (sq) return sq;
  }
  throw new Error("Tab never reached a square of the board");
}

export const events = (page) => page.evaluate(() => window.events);
export async function waitEvent(page, type, n = 1) {
  await page.waitForFunction(([type, n]) => window.events.filter((e) => e.type === type).length >= n, [type, n], { polling: 20 });
  await idle(page);
  return (await events(page)).filter((e) => e.type === type);
}
