// The client against a hostile or broken server: every failure is one of the package's errors,
// the deadline covers the whole call and the answer's size is capped. The server is in the test
// (node:net on 127.0.0.1, raw HTTP), so these tests need no ASHTAPADA_URL.

import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";

import { AshtapadaError, Client, DeadlineExceeded, MAX_RESPONSE_BYTES, ProtocolError, ResponseTooLarge, TransportError, type ClientOptions } from "../src/index.js";

const HUGE = 200_000_000; // the size of a hostile answer: sent lazily, never held in memory
const BLOCK = Buffer.alloc(64 << 10, " ");
const MiB = 1 << 20;
const START = { variant: "chaturanga", text: "8/8/8/8/8/8/8/8 w - - 0 1" }; // the server never reads it
const DEPTH_1 = JSON.stringify({ result: { depth: 1, final: false, lines: [], complete: false } });

function head(fields: Record<string, string | number> = {}, status = "200 OK", contentType = "application/json"): string {
  const lines = [`HTTP/1.1 ${status}`, `Content-Type: ${contentType}`, "Connection: close", ...Object.entries(fields).map(([k, v]) => `${k}: ${v}`)];
  return lines.join("\r\n") + "\r\n\r\n";
}

function chunk(data: string | Buffer): Buffer {
  const b = Buffer.from(data);
  return Buffer.concat([Buffer.from(b.length.toString(16) + "\r\n"), b, Buffer.from("\r\n")]);
}

/** What a handler managed to send before the client went away. */
class Sent {
  bytes = 0;
  requests = 0;
  closed: Promise<void>;
  resolve!: () => void;
  constructor() {
    this.closed = new Promise((r) => (this.resolve = r));
  }
}

type Conn = { send(data: string | Buffer): Promise<boolean>; socket: net.Socket };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends blocks of spaces, each framed by frame, until HUGE bytes or the client goes away. */
async function huge(c: Conn, frame: (b: Buffer) => Buffer | string = (b) => b): Promise<void> {
  for (let left = HUGE; left > 0; left -= BLOCK.length) {
    if (!(await c.send(frame(BLOCK.subarray(0, Math.min(left, BLOCK.length)))))) return;
  }
}

async function stream(c: Conn, ...lines: string[]): Promise<void> {
  await c.send(head({ "Transfer-Encoding": "chunked" }, "200 OK", "application/x-ndjson"));
  for (const line of lines) await c.send(chunk(line + "\n"));
  c.socket.end("0\r\n\r\n");
}

// The client's URL is http://host:port/<mode>; each mode answers in its own broken way.
const modes: Record<string, (c: Conn) => Promise<void>> = {
  async trickle(c) {
    const body = JSON.stringify({ variants: [] }).padEnd(40);
    await c.send(head({ "Content-Length": body.length }));
    for (const ch of body) {
      await sleep(1000);
      if (!(await c.send(ch))) return;
    }
  },
  async "trickle-head"(c) {
    for (const ch of head({ "Content-Length": 2 }) + "{}") {
      await sleep(500);
      if (!(await c.send(ch))) return;
    }
  },
  async html(c) {
    const body = "<!doctype html><html><body>Welcome to our captive portal</body></html>";
    c.socket.end(head({ "Content-Length": body.length }, "200 OK", "text/html") + body);
  },
  async array(c) {
    c.socket.end(head({ "Content-Length": 2 }) + "[]");
  },
  async truncated(c) {
    c.socket.end(head({ "Content-Length": 100 }) + '{"variants": [');
  },
  async "truncated-chunked"(c) {
    c.socket.end(head({ "Transfer-Encoding": "chunked" }) + chunk('{"variants": [').toString());
  },
  async garbage(c) {
    c.socket.end("SSH-2.0-OpenSSH_9.2\r\n\r\n");
  },
  async reset(c) {
    c.socket.resetAndDestroy();
  },
  async unavailable(c) {
    const body = JSON.stringify({ error: { code: 503, status: "UNAVAILABLE", message: "draining" } });
    c.socket.end(head({ "Content-Length": body.length }, "503 Service Unavailable") + body);
  },
  async "odd-error"(c) {
    // An error body of the wrong shapes: read as far as it goes, never a TypeError.
    const body = JSON.stringify({ error: { code: "x", status: 7, message: ["m"], details: ["a", { "@type": 5 }, { "@type": "type.googleapis.com/google.rpc.BadRequest", field_violations: "f" }] } });
    c.socket.end(head({ "Content-Length": body.length }, "400 Bad Request") + body);
  },
  async huge(c) {
    await c.send(head({ "Content-Length": HUGE }));
    await huge(c);
  },
  async "huge-chunked"(c) {
    await c.send(head({ "Transfer-Encoding": "chunked" }) + chunk('{"variants": [').toString());
    await huge(c, chunk);
  },
  async "stream-huge-line"(c) {
    await c.send(head({ "Transfer-Encoding": "chunked" }, "200 OK", "application/x-ndjson"));
    await c.send(chunk(DEPTH_1 + '\n{"result": {"depth": 2, "x": "'));
    await huge(c, chunk);
  },
  "stream-not-json": (c) => stream(c, DEPTH_1, "<html>oops</html>"),
  "stream-no-result": (c) => stream(c, JSON.stringify({ progress: 0.5 })),
  "stream-ended": (c) => stream(c, DEPTH_1),
  async "stream-trickle"(c) {
    // A valid line every half second, forever.
    await c.send(head({ "Transfer-Encoding": "chunked" }, "200 OK", "application/x-ndjson"));
    while (await c.send(chunk(DEPTH_1 + "\n"))) await sleep(500);
  },
};

describe("a hostile server", () => {
  const sent = new Map<string, Sent>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let request = "";
    const onData = (data: Buffer) => {
      request += data.toString("latin1");
      const end = request.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(request)?.[1] ?? 0);
      if (request.length < end + 4 + length) return;
      socket.off("data", onData);
      const mode = request.split(" ")[1]?.split("/")[1] ?? "";
      const s = sent.get(mode) ?? new Sent();
      sent.set(mode, s);
      s.requests++;
      socket.on("close", () => s.resolve());
      // Resolves false once the client has gone away; waits while the socket's buffer is full.
      const send = (data: string | Buffer) =>
        new Promise<boolean>((resolve) => {
          if (socket.destroyed || !socket.writable) return resolve(false);
          const n = typeof data === "string" ? Buffer.byteLength(data) : data.length;
          socket.write(data, (err) => {
            if (!err) s.bytes += n;
            resolve(!err && !socket.destroyed);
          });
        });
      const handler = modes[mode];
      if (handler) void handler({ send, socket }).catch(() => undefined);
      else socket.destroy();
    };
    socket.on("data", onData);
  });
  let port = 0;

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  after(() => {
    for (const s of sockets) s.destroy();
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

  async function wrote(mode: string): Promise<number> {
    const s = sent.get(mode);
    assert.ok(s, `${mode}: no request`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([s.closed, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
    return s.bytes;
  }

  test("a trickled answer ends at the deadline", async () => {
    // A byte a second: every read succeeds in time, but the call must end at its deadline.
    const t = performance.now();
    const e = await rejects(DeadlineExceeded, client("trickle", { timeoutMs: 2000 }).listVariants());
    const took = (performance.now() - t) / 1000;
    console.log(`trickled answer: DeadlineExceeded after ${took.toFixed(2)} s (timeout 2 s)`);
    assert.ok(took < 3, `took ${took} s`);
    assert.ok(e instanceof TransportError);
    assert.deepEqual([e.status, e.httpStatus, e.retryable], ["DEADLINE_EXCEEDED", 0, false]);
  });

  test("trickled headers", async () => {
    const t = performance.now();
    await rejects(DeadlineExceeded, client("trickle-head", { timeoutMs: 1000 }).listVariants());
    assert.ok(performance.now() - t < 2000);
  });

  test("a trickled stream ends at the deadline", async () => {
    // The deadline covers the whole stream, not each line.
    const t = performance.now();
    const depths: number[] = [];
    const run = async () => {
      for await (const r of await client("stream-trickle").searchStream(START, {}, { timeoutMs: 2000 })) depths.push(r.depth);
    };
    await rejects(DeadlineExceeded, run());
    assert.ok(performance.now() - t < 3000);
    assert.ok(depths.length >= 2, `${depths.length} lines`);
  });

  test("an HTML page with status 200", async () => {
    const e = await rejects(ProtocolError, client("html").listVariants());
    assert.deepEqual([e.httpStatus, e.status, e.retryable], [200, "INTERNAL", false]);
    assert.match(e.message, /text\/html/);
    assert.match(e.message, /captive portal/);
    await rejects(ProtocolError, client("array").listVariants());
  });

  test("a truncated body", async () => {
    await rejects(ProtocolError, client("truncated").listVariants());
    await rejects(ProtocolError, client("truncated-chunked").listVariants());
  });

  test("not HTTP", async () => {
    const e = await rejects(ProtocolError, client("garbage", { attempts: 1 }).listVariants());
    assert.equal(e.httpStatus, 0);
  });

  test("an error body of the wrong shape", async () => {
    const e = await rejects(AshtapadaError, client("odd-error").listVariants());
    assert.deepEqual([e.httpStatus, e.code, e.status, e.reason, e.fieldViolations], [400, 400, "UNKNOWN", "", []]);
  });

  test("a stream line that is not JSON", async () => {
    const stream = await client("stream-not-json").searchStream(START);
    assert.equal((await stream.next()).value?.depth, 1);
    const e = await rejects(ProtocolError, stream.next());
    assert.match(e.message, /oops/);
    assert.deepEqual(await stream.next(), { value: undefined, done: true }); // closed
  });

  test("a stream line without result", async () => {
    const e = await rejects(ProtocolError, (await client("stream-no-result").searchStream(START)).next());
    assert.match(e.message, /progress/);
  });

  test("a stream that ends before its final answer", async () => {
    const stream = await client("stream-ended").searchStream(START);
    assert.equal((await stream.next()).value?.depth, 1);
    const e = await rejects(ProtocolError, stream.next());
    assert.match(e.message, /final/);
  });

  test("a 200 MB answer with its Content-Length", async () => {
    // Refused before the body is read.
    const e = await rejects(ResponseTooLarge, client("huge").listVariants());
    assert.deepEqual([e.status, e.limit, e.retryable], ["RESOURCE_EXHAUSTED", MAX_RESPONSE_BYTES, false]);
    const bytes = await wrote("huge");
    console.log(`200 MB answer with its Content-Length: refused after the server wrote ${(bytes / MiB).toFixed(1)} MiB`);
    assert.ok(bytes < 32 * MiB, `${bytes} bytes`);
  });

  test("a 200 MB answer without a length", async () => {
    // Chunked, with no length to go by: the client stops reading past its cap.
    const e = await rejects(ResponseTooLarge, client("huge-chunked", { maxResponseBytes: MiB }).listVariants());
    assert.equal(e.limit, MiB);
    const bytes = await wrote("huge-chunked");
    console.log(`200 MB chunked answer, cap 1 MiB: refused after the server wrote ${(bytes / MiB).toFixed(1)} MiB`);
    assert.ok(bytes < 32 * MiB, `${bytes} bytes`);
  });

  test("a 200 MB stream line", async () => {
    // The default cap, 64 MiB.
    const stream = await client("stream-huge-line").searchStream(START);
    assert.equal((await stream.next()).value?.depth, 1);
    await rejects(ResponseTooLarge, stream.next());
    const bytes = await wrote("stream-huge-line");
    console.log(`200 MB stream line, cap 64 MiB: refused after the server wrote ${(bytes / MiB).toFixed(1)} MiB`);
    assert.ok(bytes < 100 * MiB, `${bytes} bytes`);
  });

  test("connection refused", async () => {
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, "127.0.0.1", resolve));
    const freePort = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve)); // a port nothing listens on
    const c = new Client(`http://127.0.0.1:${freePort}`, { attempts: 3 });
    const e = await rejects(TransportError, c.listVariants());
    assert.ok(!(e instanceof DeadlineExceeded));
    assert.deepEqual([e.status, e.httpStatus, e.retryable, c.requests], ["UNAVAILABLE", 0, true, 3]);
  });

  test("connection reset", async () => {
    const c = client("reset", { attempts: 2 });
    const e = await rejects(TransportError, c.listVariants());
    assert.deepEqual([e.status, c.requests], ["UNAVAILABLE", 2]);
  });

  test("the retries end by the deadline", async () => {
    // Always UNAVAILABLE: the retries stop when the backoff would pass the deadline, with the
    // server's error rather than a late DEADLINE_EXCEEDED.
    const c = client("unavailable", { attempts: 100, timeoutMs: 1000 });
    const t = performance.now();
    const e = await rejects(AshtapadaError, c.listVariants());
    assert.ok(performance.now() - t < 1500);
    assert.deepEqual([e.status, e.httpStatus], ["UNAVAILABLE", 503]);
    assert.ok(c.requests < 10, `${c.requests} requests`);
  });

  test("the caller's cancel", async () => {
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 200);
    const t = performance.now();
    const e = await rejects(TransportError, client("trickle").listVariants({ signal: cancel.signal }));
    assert.deepEqual([e.status, e.retryable], ["CANCELLED", false]);
    assert.ok(performance.now() - t < 1000);
  });
});
