// A typed client of Ashtapada's HTTP/JSON API on the platform's fetch (Node 20, browsers). The
// request and answer types come from the server's OpenAPI document (src/api.gen.ts, `npm run
// gen`), so a change to the API shows up as a type error here and in callers.

import type { components, operations } from "./api.gen.js";
import { AshtapadaError, DeadlineExceeded, ProtocolError, redact, ResponseTooLarge, TransportError } from "./errors.js";

export { AshtapadaError, DeadlineExceeded, ProtocolError, REDACTED, ResponseTooLarge, RETRYABLE_REASONS, TransportError, Unauthenticated, type FieldViolation, type QuotaViolation } from "./errors.js";
export type { components, operations, paths } from "./api.gen.js";

export type Schemas = components["schemas"];
/** A position as answers carry it: every field the server always writes is there. */
export type Position = Schemas["PositionOutput"];
/** A position as requests give it: the variant and the text, or the structured fields. */
export type PositionInput = Schemas["Position"];
export type Action = Schemas["ActionOutput"];
export type ActionInput = Schemas["Action"];
export type NextTurn = Schemas["NextTurn"];
export type GameHistory = Schemas["GameHistory"];
export type Variant = Schemas["Variant"];
export type SearchStreamResponse = Schemas["SearchStreamResponse"];
export type ReviewGameResponse = Schemas["ReviewGameResponse"];
export type MoveFailure = Schemas["MoveFailure"];

/** An operation's request body and its answer, by operation id. */
export type RequestOf<K extends keyof operations> = operations[K] extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
export type AnswerOf<K extends keyof operations> = operations[K] extends { responses: { 200: { content: { "application/json": infer A } } } } ? A : never;

/** The fields of a request besides those a method takes as arguments. */
type Rest<K extends keyof operations, Taken extends string> = Partial<Omit<RequestOf<K>, Taken>>;

/** An action by its notation ("g1f3", "roll 2 3") or its fields. */
export type ActionLike = string | ActionInput;
/** Any position, an answer's included: only variant and text are sent when there is a text. */
export type PositionLike = PositionInput | Position;

/**
 * The longest answer, or SearchStream line, a client reads by default: the largest real answers
 * (a variant's description, an import with every position) are a few megabytes.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * A server's retry delay longer than this (about 24 days, the longest a timer waits: setTimeout
 * fires at once past it) is not waited for; the refusal is thrown.
 */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export interface ClientOptions {
  /**
   * Deadline of a whole rules call in milliseconds (10 s): every attempt, the backoff between
   * them and reading the answer.
   */
  timeoutMs?: number;
  /** Deadline of a whole analysis call, a SearchStream's to its end (30 s: the server's analysis time is 10 s). */
  analysisTimeoutMs?: number;
  /**
   * Attempts for what may pass (4): no connection, UNAVAILABLE, and the analysis's
   * RESOURCE_EXHAUSTED (ANALYSIS_BUSY, ANALYSIS_QUEUE_FULL, ANALYSIS_QUOTA_EXHAUSTED), each after
   * the longer of the backoff and the server's retry delay.
   */
  attempts?: number;
  /**
   * Sent as "Authorization: Bearer <key>" with every call, for a server that wants one; "" sends
   * none. Kept out of the client's inspection and of every error's text.
   */
  apiKey?: string;
  headers?: Record<string, string>;
  /** The longest answer, or SearchStream line, read in bytes (64 MiB): a longer one throws ResponseTooLarge. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** The call's deadline in milliseconds, instead of the client's. */
  timeoutMs?: number;
  /** Cancels the call: it throws a TransportError with status CANCELLED. */
  signal?: AbortSignal;
}

/** The short form of a position: variant and text hold everything, options included. */
export function ref(position: PositionLike): PositionInput {
  return position.text ? { variant: position.variant, text: position.text } : position;
}

function action(a: ActionLike): ActionInput {
  return typeof a === "string" ? { notation: a } : a;
}

const paths = {
  RulesService_ListVariants: ["GET", "/v1/variants"],
  RulesService_GetVariant: ["GET", "/v1/variants/{name}"],
  RulesService_StartPosition: ["POST", "/v1/variants/{variant}:start"],
  RulesService_ListLegalMoves: ["POST", "/v1/moves:list"],
  RulesService_ValidateMove: ["POST", "/v1/moves:validate"],
  RulesService_ApplyMoves: ["POST", "/v1/moves:apply"],
  RulesService_RollDice: ["POST", "/v1/dice:roll"],
  RulesService_ResolveDice: ["POST", "/v1/dice:resolve"],
  RulesService_ScorePosition: ["POST", "/v1/positions:score"],
  RulesService_ExportGame: ["POST", "/v1/games:export"],
  RulesService_ImportGame: ["POST", "/v1/games:import"],
  AnalysisService_Search: ["POST", "/v1/analysis:search"],
  AnalysisService_SearchStream: ["POST", "/v1/analysis:searchStream"],
  AnalysisService_Evaluate: ["POST", "/v1/analysis:evaluate"],
  AnalysisService_Rollout: ["POST", "/v1/analysis:rollout"],
  AnalysisService_Perft: ["POST", "/v1/analysis:perft"],
  AnalysisService_ReviewGame: ["POST", "/v1/games:review"],
} as const satisfies Record<keyof operations, readonly ["GET" | "POST", string]>;

/**
 * The API at a base URL (http://host:port). A call's timeout is a deadline over the whole call,
 * as gRPC's is: every attempt, the backoff between them and reading the answer (a SearchStream's
 * to its end) end within it, or it throws DeadlineExceeded. Every call is a pure function of its
 * request, so one that failed for a reason that may pass is sent again as it is, with backoff from
 * 50 ms doubling, or after the delay the server asks for when that is longer, while the deadline
 * leaves time for the wait; when it does not, the refusal is thrown at once, with its
 * retryDelayMs. An answer longer than maxResponseBytes is refused as ResponseTooLarge before it is
 * read in full. A refusal is thrown as an AshtapadaError, and so is every other failure
 * (Unauthenticated, TransportError, ProtocolError).
 */
export class Client {
  /** HTTP requests sent, retries included. */
  requests = 0;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly analysisTimeoutMs: number;
  private readonly attempts: number;
  private readonly headers: Record<string, string>;
  private readonly maxResponseBytes: number;
  private readonly fetch: typeof fetch;
  // A private name, not a TypeScript private: util.inspect and JSON.stringify do not show it.
  readonly #apiKey: string;

  constructor(url = "http://localhost:8080", opts: ClientOptions = {}) {
    // fetch's own error for a bad header value may quote the value: check it here.
    if (opts.apiKey && !/^[\x21-\x7e]+$/.test(opts.apiKey)) throw new TypeError("apiKey must be printable ASCII without spaces");
    this.#apiKey = opts.apiKey ?? "";
    this.base = url.replace(/\/+$/, "");
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.analysisTimeoutMs = opts.analysisTimeoutMs ?? 30_000;
    this.attempts = Math.max(1, opts.attempts ?? 4);
    this.headers = opts.headers ?? {};
    this.maxResponseBytes = opts.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    this.fetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * Sends one operation with its retries, all within the call's deadline; answers the decoded
   * body, or with stream a SearchStream over the open answer.
   */
  private async exchange(op: keyof operations, body: unknown, params: Record<string, string>, opts: CallOptions, stream: boolean): Promise<unknown> {
    const [method, template] = paths[op];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
    const call = new Call(opts.timeoutMs ?? (op.startsWith("AnalysisService_") ? this.analysisTimeoutMs : this.timeoutMs), opts.signal, this.base);
    const headers: Record<string, string> = { Accept: "application/json", ...this.headers };
    if (this.#apiKey) {
      for (const k of Object.keys(headers)) if (k.toLowerCase() === "authorization") delete headers[k];
      headers["Authorization"] = `Bearer ${this.#apiKey}`;
    }
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    let delay = 50;
    for (let attempt = 1; ; attempt++) {
      // Ends this attempt's connection once its answer is read or refused.
      const stop = new AbortController();
      let status = 0;
      let err: AshtapadaError;
      this.requests++;
      try {
        const res = await this.fetch(this.base + path, { ...init, signal: call.signal(stop.signal) });
        status = res.status;
        if (res.ok && stream) return new AnswerStream(res, call, stop, this.maxResponseBytes, this.#apiKey, finalOf(op));
        const raw = await readBody(res, this.maxResponseBytes);
        if (res.ok) return decode(status, `the answer (${res.headers.get("content-type") ?? "no Content-Type"})`, raw);
        err = AshtapadaError.fromBody(status, new TextDecoder().decode(raw), res.headers.get("retry-after"));
      } catch (e) {
        err = call.failure(e, status);
      }
      stop.abort();
      redact(err, this.#apiKey);
      // The server's delay when it asks for one, and never less than the backoff.
      const wait = Math.max(err.retryDelayMs ?? 0, delay);
      // Sleeping past the deadline would only trade the server's refusal, which says how long to
      // wait, for DEADLINE_EXCEEDED.
      if (!err.retryable || attempt >= this.attempts || call.left() <= wait || wait > LONGEST_WAIT_MS) throw err;
      try {
        await sleep(wait, call.signal());
      } catch (e) {
        throw call.failure(e, 0);
      }
      delay *= 2;
    }
  }

  /** Any operation by its id, with its request body. */
  async call<K extends keyof operations>(op: K, body: RequestOf<K> | undefined, params: Record<string, string> = {}, opts: CallOptions = {}): Promise<AnswerOf<K>> {
    return (await this.exchange(op, body, params, opts, false)) as AnswerOf<K>;
  }

  // The rules.

  listVariants(opts?: CallOptions) {
    return this.call("RulesService_ListVariants", undefined, {}, opts);
  }

  getVariant(name: string, opts?: CallOptions) {
    return this.call("RulesService_GetVariant", undefined, { name }, opts);
  }

  /** The first position; options are plain values by name ({ teams: true }). */
  startPosition(variant: string, options: Record<string, unknown> = {}, opts?: CallOptions) {
    return this.call("RulesService_StartPosition", { options }, { variant }, opts);
  }

  legalMoves(position: PositionLike, rest: Rest<"RulesService_ListLegalMoves", "position"> = {}, opts?: CallOptions) {
    return this.call("RulesService_ListLegalMoves", { ...rest, position: ref(position) }, {}, opts);
  }

  /** Whether an action is legal: legal false and a reason when not (no error). */
  validate(position: PositionLike, move: ActionLike, rest: Rest<"RulesService_ValidateMove", "position" | "move"> = {}, opts?: CallOptions) {
    return this.call("RulesService_ValidateMove", { ...rest, position: ref(position), move: action(move) }, {}, opts);
  }

  /**
   * Plays the actions in order; include_next is on unless rest turns it off, so the answer's
   * next is the turn that follows. An illegal action is no error: applied counts the actions
   * played and failure names the first illegal one.
   */
  applyMoves(position: PositionLike, moves: ActionLike[], rest: Rest<"RulesService_ApplyMoves", "position" | "moves"> = {}, opts?: CallOptions) {
    return this.call("RulesService_ApplyMoves", { include_next: true, ...rest, position: ref(position), moves: moves.map(action) }, {}, opts);
  }

  /** applyMoves with one action. */
  apply(position: PositionLike, move: ActionLike, rest: Rest<"RulesService_ApplyMoves", "position" | "moves"> = {}, opts?: CallOptions) {
    return this.applyMoves(position, [move], rest, opts);
  }

  /** Rolls for a position waiting for the dice; the same seed gives the same roll. */
  rollDice(position: PositionLike, seed?: string | number | bigint, rest: Rest<"RulesService_RollDice", "position" | "seed"> = {}, opts?: CallOptions) {
    const body: RequestOf<"RulesService_RollDice"> = { include_next: true, ...rest, position: ref(position) };
    if (seed !== undefined) body.seed = String(seed);
    return this.call("RulesService_RollDice", body, {}, opts);
  }

  /** Dice the client threw itself. */
  resolveDice(position: PositionLike, values: number[], rest: Rest<"RulesService_ResolveDice", "position" | "values"> = {}, opts?: CallOptions) {
    return this.call("RulesService_ResolveDice", { include_next: true, ...rest, position: ref(position), values }, {}, opts);
  }

  score(position: PositionLike, rest: Rest<"RulesService_ScorePosition", "position"> = {}, opts?: CallOptions) {
    return this.call("RulesService_ScorePosition", { ...rest, position: ref(position) }, {}, opts);
  }

  // Records.

  /** The game's record (PGN-shaped text): the actions played from start, dice rolls included. */
  exportGame(start: PositionLike, actions: ActionLike[], tags: Record<string, string> = {}, opts?: CallOptions) {
    return this.call("RulesService_ExportGame", { start: ref(start), actions: actions.map(action), tags }, {}, opts);
  }

  /**
   * Reads a record back: its start, actions and the position they reach. An action that cannot be
   * played is no error: the answer stops before it and failure names it (its reason starts with
   * the record's line). A record that cannot be read is thrown.
   */
  importGame(record: string, rest: Rest<"RulesService_ImportGame", "record"> = {}, opts?: CallOptions) {
    return this.call("RulesService_ImportGame", { ...rest, record }, {}, opts);
  }

  // The analysis.

  /** The best action, within depth, max_nodes and time_limit ("0.5s"); one second without them. */
  search(position: PositionLike, rest: Rest<"AnalysisService_Search", "position"> = {}, opts?: CallOptions) {
    return this.call("AnalysisService_Search", { ...rest, position: ref(position) }, {}, opts);
  }

  /** Search reporting as it goes: one answer per completed depth, the last with final true. */
  async searchStream(position: PositionLike, rest: Rest<"AnalysisService_SearchStream", "position"> = {}, opts: CallOptions = {}): Promise<SearchStream> {
    return (await this.exchange("AnalysisService_SearchStream", { ...rest, position: ref(position) }, {}, opts, true)) as SearchStream;
  }

  evaluate(position: PositionLike, opts?: CallOptions) {
    return this.call("AnalysisService_Evaluate", { position: ref(position) }, {}, opts);
  }

  rollout(position: PositionLike, playouts: number, rest: Rest<"AnalysisService_Rollout", "position" | "playouts"> = {}, opts?: CallOptions) {
    return this.call("AnalysisService_Rollout", { ...rest, position: ref(position), playouts }, {}, opts);
  }

  perft(position: PositionLike, depth: number, rest: Rest<"AnalysisService_Perft", "position" | "depth"> = {}, opts?: CallOptions) {
    return this.call("AnalysisService_Perft", { ...rest, position: ref(position), depth }, {}, opts);
  }

  /**
   * Reviews a played game (a record, or position with moves): one answer per action as it is
   * analysed, then the summary. docs/review.md has the conventions.
   */
  async reviewGame(game: RequestOf<"AnalysisService_ReviewGame">, opts: CallOptions = {}): Promise<ReviewStream> {
    return (await this.exchange("AnalysisService_ReviewGame", game, {}, opts, true)) as ReviewStream;
  }
}

/** The test of a stream's last answer, by operation: SearchStream's final, ReviewGame's summary. */
function finalOf(op: keyof operations): (result: Record<string, unknown>) => boolean {
  return op === "AnalysisService_ReviewGame" ? (r) => isRecord(r["summary"]) : (r) => r["final"] === true;
}

/** SearchStream's answers: one per completed depth, the last with final true. */
export type SearchStream = AnswerStream<SearchStreamResponse>;
/** ReviewGame's answers: one per action, the last with the summary. */
export type ReviewStream = AnswerStream<ReviewGameResponse>;

/**
 * A streaming call's newline-delimited JSON answer (SearchStream, ReviewGame) as an async
 * iterator: `for await (const r of stream)`. Leaving the loop early, or close(), ends the call. An
 * error after the first line is thrown as an AshtapadaError; a line that is not one of the API's,
 * or a stream that ends before its last answer, as a ProtocolError; a line longer than the client's maxResponseBytes as
 * ResponseTooLarge. The call's deadline covers the whole stream, the time the loop's body takes
 * included: DeadlineExceeded ends it.
 */
export class AnswerStream<T> implements AsyncIterableIterator<T> {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private readonly status: number;
  /** Complete lines not yet answered. */
  private lines: Uint8Array[] = [];
  /** The line being read, in pieces, and its length. */
  private partial: Uint8Array[] = [];
  private partialBytes = 0;
  private eof = false;
  private closed = false;
  /** The API key, kept out of the errors. */
  readonly #secret: string;

  /** @internal The client makes it. */
  constructor(
    response: Response,
    private readonly call: Call,
    private readonly stop: AbortController,
    private readonly limit: number,
    secret = "",
    private readonly isFinal: (result: Record<string, unknown>) => boolean = (r) => r["final"] === true,
  ) {
    this.#secret = secret;
    this.status = response.status;
    this.reader = response.body?.getReader();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<T>> {
    if (this.closed) return { value: undefined, done: true };
    try {
      for (;;) {
        const line = this.lines.shift();
        if (line !== undefined) {
          if (isBlank(line)) continue;
          const msg = decode(this.status, "a stream line", line);
          if (isRecord(msg["error"])) throw AshtapadaError.of(this.status, msg["error"]);
          const result = msg["result"];
          if (!isRecord(result)) throw new ProtocolError(this.status, `a stream line without result or error: ${excerpt(line)}`);
          if (this.isFinal(result)) await this.close();
          return { value: result as T, done: false };
        }
        if (this.eof) throw new ProtocolError(this.status, "the stream ended before its final answer");
        if (this.reader === undefined) {
          this.eof = true;
          continue;
        }
        const chunk = await this.reader.read();
        if (chunk.done) {
          this.eof = true;
          this.lines.push(concat(this.partial));
          this.partial = [];
        } else {
          this.split(chunk.value);
        }
      }
    } catch (e) {
      await this.close();
      throw redact(this.call.failure(e, this.status), this.#secret);
    }
  }

  /** Queues the complete lines of a chunk, keeps the rest; no line may pass the limit. */
  private split(chunk: Uint8Array): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); ; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl < 0 ? chunk.length : nl);
      this.partial.push(piece);
      this.partialBytes += piece.length;
      if (this.partialBytes > this.limit) {
        throw new ResponseTooLarge(this.status, this.limit, `a stream line is longer than ${this.limit} bytes`);
      }
      if (nl < 0) return;
      this.lines.push(concat(this.partial));
      this.partial = [];
      this.partialBytes = 0;
      start = nl + 1;
    }
  }

  async return(): Promise<IteratorResult<T>> {
    await this.close();
    return { value: undefined, done: true };
  }

  /** Ends the call; the answers not yet read are dropped. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.lines = [];
    this.partial = [];
    this.stop.abort();
    await this.reader?.cancel().catch(() => undefined);
  }
}

/** One call's deadline and cancellation, shared by its attempts and the reading of its answer. */
class Call {
  private readonly deadline: AbortSignal;
  private readonly end: number;

  constructor(
    private readonly timeoutMs: number,
    private readonly cancel: AbortSignal | undefined,
    private readonly base: string,
  ) {
    // AbortSignal.timeout takes whole milliseconds up to a timer's longest delay (about 24 days).
    const ms = Number.isFinite(timeoutMs) ? Math.min(Math.max(Math.ceil(timeoutMs), 0), 2 ** 31 - 1) : 2 ** 31 - 1;
    this.deadline = AbortSignal.timeout(ms);
    this.end = performance.now() + ms;
  }

  /** Aborts at the deadline, at the caller's cancel, or at stop. */
  signal(stop?: AbortSignal): AbortSignal {
    return AbortSignal.any([this.deadline, ...(this.cancel ? [this.cancel] : []), ...(stop ? [stop] : [])]);
  }

  /** Milliseconds left before the deadline. */
  left(): number {
    return this.end - performance.now();
  }

  /** The package's error for what fetch, or reading the answer, threw. */
  failure(e: unknown, httpStatus: number): AshtapadaError {
    if (e instanceof AshtapadaError) return e;
    if (this.cancel?.aborted) return new TransportError("CANCELLED", "the caller cancelled the call", { cause: this.cancel.reason });
    if (this.deadline.aborted) return new DeadlineExceeded(`the call did not end within its timeout of ${this.timeoutMs} ms`, { cause: e });
    // undici (Node's fetch) names the cause: the HTTP parser's HPE_ codes, UND_ERR_SOCKET for a
    // connection the server closed, ECONNREFUSED, ECONNRESET, ... at some depth of causes.
    const code = causeCode(e);
    const text = describe(e);
    if (code.startsWith("HPE_")) return new ProtocolError(httpStatus, `not an HTTP answer of the API: ${text}`, { cause: e });
    if (httpStatus > 0 && (code === "UND_ERR_SOCKET" || code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH")) return new ProtocolError(httpStatus, `the answer broke off before its end: ${text}`, { cause: e });
    return new TransportError("UNAVAILABLE", `${this.base}: ${text}`, { cause: e });
  }
}

/** The whole body, refused past limit bytes: at once when its Content-Length says so, otherwise as soon as that many are read. */
async function readBody(res: Response, limit: number): Promise<Uint8Array> {
  const length = res.headers.get("content-length");
  if (length !== null && Number(length) > limit) {
    throw new ResponseTooLarge(res.status, limit, `the answer has ${length} bytes, more than the client's limit of ${limit}`);
  }
  const reader = res.body?.getReader();
  if (reader === undefined) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return concat(parts);
    size += chunk.value.length;
    if (size > limit) throw new ResponseTooLarge(res.status, limit, `the answer is longer than the client's limit of ${limit} bytes`);
    parts.push(chunk.value);
  }
}

/** A JSON object, or a ProtocolError: a proxy's HTML page, a JSON value that is not an object. */
function decode(httpStatus: number, what: string, raw: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(raw));
  } catch (e) {
    throw new ProtocolError(httpStatus, `${what} is not JSON: ${excerpt(raw)}`, { cause: e });
  }
  if (!isRecord(value)) throw new ProtocolError(httpStatus, `${what} is not a JSON object: ${excerpt(raw)}`);
  return value;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function isBlank(line: Uint8Array): boolean {
  return line.every((b) => b === 0x20 || b === 0x09 || b === 0x0d);
}

function excerpt(raw: Uint8Array): string {
  const text = new TextDecoder().decode(raw.subarray(0, 200));
  return JSON.stringify(raw.length > 200 ? text + "..." : text);
}

function causeCode(e: unknown): string {
  for (let c = e, depth = 0; isRecord(c) && depth < 4; c = c["cause"], depth++) {
    if (typeof c["code"] === "string") return c["code"];
  }
  return "";
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause instanceof Error ? `${e.message} (${e.cause.message})` : e.message;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Waits ms, or rejects with the signal's reason. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
