// The client against a server that refuses calls, as one with fair scheduling and API keys does:
// RESOURCE_EXHAUSTED with a retry delay (RetryInfo or Retry-After) and quota violations, and
// UNAUTHENTICATED. The server is in the test (node:http on 127.0.0.1), so these tests need no
// ASHTAPADA_URL.

import assert from "node:assert/strict";
import http from "node:http";
import type net from "node:net";
import { after, before, describe, test } from "node:test";
import { inspect } from "node:util";

import { AshtapadaError, Client, REDACTED, TransportError, Unauthenticated, type ClientOptions } from "../src/index.js";

const KEY = "sk-test-0123456789abcdef";
const START = { variant: "chaturanga", text: "8/8/8/8/8/8/8/8 w - - 0 1" }; // the server never reads it
const VARIANTS = { variants: [] };
const QUOTA = { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [{ subject: "key:bot-a", description: "60 analysis seconds a minute" }] };
// Node's timers may fire up to a millisecond before performance.now() says they are due.
const SLACK_MS = 2;

function refusal(code: number, status: string, reason: string, message: string, ...details: object[]) {
  const info = { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "ashtapada" };
  return { error: { code, status, message, details: [info, ...details] } };
}

function retryInfo(delay: unknown) {
  return { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: delay };
}

/** An answer: status, headers, body (an object as JSON, a string as it is). */
type Answer = [number, Record<string, string>, object | string];

const busy = (delay: string): Answer => [429, {}, refusal(429, "RESOURCE_EXHAUSTED", "ANALYSIS_BUSY", "no analysis slot", retryInfo(delay))];
const OK: Answer = [200, {}, VARIANTS];

// The client's URL is http://host:port/<mode>: each mode's answers in turn, the last one repeated.
const modes: Record<string, Answer[]> = {
  "busy-then-ok": [busy("0.300s"), OK],
  "retry-after": [[429, { "Retry-After": "1" }, refusal(429, "RESOURCE_EXHAUSTED", "ANALYSIS_QUEUE_FULL", "queue full", QUOTA)], OK],
  quota: [[429, { "Retry-After": "5" }, refusal(429, "RESOURCE_EXHAUSTED", "ANALYSIS_QUOTA_EXHAUSTED", "quota spent", retryInfo("4.500s"), QUOTA)]],
  "node-budget": [[429, {}, refusal(429, "RESOURCE_EXHAUSTED", "NODE_BUDGET_EXHAUSTED", "perft needs more nodes", retryInfo("0.1s"))]],
  // A server (or a proxy) that echoes the key it was sent: the client must not repeat it.
  unauthenticated: [[401, { "WWW-Authenticate": "Bearer" }, refusal(401, "UNAUTHENTICATED", "API_KEY_INVALID", `unknown API key "${KEY}"`)]],
  "unauthenticated-page": [[401, { "WWW-Authenticate": "Bearer", "Content-Type": "text/html" }, `<html>401: no entry for Bearer ${KEY}</html>`]],
  "stream-busy": [busy("0.1s"), [200, { "Content-Type": "application/x-ndjson" }, JSON.stringify({ result: { depth: 1, final: true, lines: [], complete: true } }) + "\n"]],
};

/** What the server received in one mode: when each request came and its Authorization. */
type Seen = { times: number[]; authorization: (string | undefined)[] };

describe("a refusing server", () => {
  const seen = new Map<string, Seen>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const mode = req.url?.split("/")[1] ?? "";
      const s = seen.get(mode) ?? { times: [], authorization: [] };
      seen.set(mode, s);
      s.times.push(performance.now());
      s.authorization.push(req.headers.authorization);
      const answers = modes[mode] ?? [];
      const [status, headers, body] = answers[Math.min(s.times.length, answers.length) - 1] ?? [404, {}, ""];
      const data = typeof body === "string" ? body : JSON.stringify(body);
      res.writeHead(status, { "Content-Type": "application/json", ...headers, "Content-Length": Buffer.byteLength(data) });
      res.end(data);
    });
  });
  let port = 0;

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const client = (mode: string, opts: ClientOptions = {}) => new Client(`http://127.0.0.1:${port}/${mode}`, opts);

  async function rejects<T extends AshtapadaError>(kind: abstract new (...args: never[]) => T, p: Promise<unknown>): Promise<T> {
    try {
      await p;
    } catch (e) {
      if (e instanceof kind) return e;
      throw e;
    }
    assert.fail(`no ${kind.name}`);
  }

  test("waits the server's retry delay", async () => {
    const c = client("busy-then-ok", { apiKey: KEY });
    const t = performance.now();
    assert.deepEqual(await c.search(START, { max_nodes: "1000" }), VARIANTS);
    const took = performance.now() - t;
    const s = seen.get("busy-then-ok");
    const gap = (s?.times[1] ?? 0) - (s?.times[0] ?? 0);
    console.log(`ANALYSIS_BUSY with RetryInfo 0.3 s: sent again after ${(gap / 1000).toFixed(3)} s`);
    assert.ok(took >= 300 - SLACK_MS, `took ${took} ms`);
    assert.ok(gap >= 300 - SLACK_MS && gap < 1000, `sent again after ${gap} ms`);
    assert.equal(c.requests, 2);
    // The key goes with every attempt.
    assert.deepEqual(s?.authorization, [`Bearer ${KEY}`, `Bearer ${KEY}`]);
  });

  test("waits Retry-After", async () => {
    const c = client("retry-after");
    const t = performance.now();
    await c.evaluate(START);
    const took = performance.now() - t;
    console.log(`ANALYSIS_QUEUE_FULL with Retry-After: 1: succeeded after ${(took / 1000).toFixed(3)} s`);
    assert.ok(took >= 1000 - SLACK_MS && took < 1800, `took ${took} ms`);
    assert.equal(c.requests, 2);
    assert.deepEqual(seen.get("retry-after")?.authorization, [undefined, undefined]); // no key, no header
  });

  test("a delay past the deadline throws the refusal", async () => {
    // 4.5 s asked, 1 s left: the refusal at once, not a DeadlineExceeded a second later.
    const c = client("quota", { apiKey: KEY, analysisTimeoutMs: 1000 });
    const t = performance.now();
    const e = await rejects(AshtapadaError, c.search(START));
    assert.ok(performance.now() - t < 500);
    assert.ok(!(e instanceof TransportError));
    assert.deepEqual([e.httpStatus, e.status, e.reason, e.retryable], [429, "RESOURCE_EXHAUSTED", "ANALYSIS_QUOTA_EXHAUSTED", true]);
    assert.equal(e.retryDelayMs, 4500); // RetryInfo over Retry-After
    assert.deepEqual(e.quotaViolations, [{ subject: "key:bot-a", description: "60 analysis seconds a minute" }]);
    assert.equal(c.requests, 1);
  });

  test("NODE_BUDGET_EXHAUSTED is not retried", async () => {
    const c = client("node-budget");
    const e = await rejects(AshtapadaError, c.perft(START, 9));
    assert.deepEqual([e.reason, e.retryable, e.retryDelayMs], ["NODE_BUDGET_EXHAUSTED", false, 100]);
    assert.equal(c.requests, 1);
  });

  for (const [mode, reason] of [
    ["unauthenticated", "API_KEY_INVALID"],
    ["unauthenticated-page", ""], // a proxy's page: no ErrorInfo, still Unauthenticated
  ] as const) {
    test(`UNAUTHENTICATED (${mode}) is not retried and does not repeat the key`, async () => {
      const c = client(mode, { apiKey: KEY });
      const e = await rejects(Unauthenticated, c.listVariants());
      assert.deepEqual([e.httpStatus, e.status, e.reason, e.retryable], [401, "UNAUTHENTICATED", reason, false]);
      assert.equal(seen.get(mode)?.times.length, 1);
      assert.equal(c.requests, 1);
      for (const text of [String(e), e.message, e.stack ?? "", inspect(e), JSON.stringify(e), inspect(c), JSON.stringify(c)]) {
        assert.ok(!text.includes(KEY), text);
      }
      assert.ok(e.message.includes(REDACTED), e.message);
    });
  }

  test("a stream is retried before its first line", async () => {
    const c = client("stream-busy", { apiKey: KEY });
    const depths: number[] = [];
    for await (const r of await c.searchStream(START)) depths.push(r.depth);
    assert.deepEqual(depths, [1]);
    assert.equal(c.requests, 2);
    assert.deepEqual(seen.get("stream-busy")?.authorization, [`Bearer ${KEY}`, `Bearer ${KEY}`]);
  });
});

describe("API keys", () => {
  test("a bad key is refused without quoting it", () => {
    assert.throws(
      () => new Client("http://127.0.0.1:9", { apiKey: "secret\r\nX-Evil: 1" }),
      (e: unknown) => e instanceof TypeError && !e.message.includes("secret"),
    );
  });
});

describe("retry delays", () => {
  // retryDelayMs read from the error's RetryInfo, else from Retry-After.
  const delay = (details: object[], retryAfter?: string) => AshtapadaError.fromBody(429, JSON.stringify({ error: { code: 429, status: "RESOURCE_EXHAUSTED", message: "", details } }), retryAfter).retryDelayMs;

  test("their forms", () => {
    assert.equal(delay([retryInfo("1.250s")]), 1250);
    assert.equal(delay([retryInfo("3s")]), 3000);
    assert.equal(delay([retryInfo("0.000001s")]), 0.001);
    assert.equal(delay([{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retry_delay: "2s" }]), 2000);
    assert.equal(delay([retryInfo({ seconds: "2", nanos: 500000000 })]), 2500);
    assert.equal(delay([], "7"), 7000);
    assert.equal(delay([retryInfo("0.3s")], "7"), 300); // RetryInfo first
    assert.equal(delay([retryInfo("-1s")], "2"), 2000); // not a delay: the header's
    assert.equal(delay([], "Thu, 01 Jan 1970 00:00:00 GMT"), 0); // a date passed
    assert.equal(delay([], "9".repeat(500)), Infinity); // waits for none
    for (const bad of ["soon", "1.5", "-3", ""]) assert.equal(delay([], bad), undefined, bad);
    for (const bad of ["1.2.3s", "1", 5, null, "1.0123456789s"]) assert.equal(delay([retryInfo(bad)]), undefined, String(bad));
    assert.equal(delay([]), undefined);
  });
});
