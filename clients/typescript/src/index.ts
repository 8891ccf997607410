// A typed client of Ashtapada's HTTP/JSON API on the platform's fetch (Node 20, browsers). The
// request and answer types come from the server's OpenAPI document (src/api.gen.ts, `npm run
// gen`), so a change to the API shows up as a type error here and in callers.

import type { components, operations } from "./api.gen.js";
import { AshtapadaError } from "./errors.js";

export { AshtapadaError, type FieldViolation } from "./errors.js";
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

export interface ClientOptions {
  /** Per-attempt timeout of a rules call in milliseconds (10 s). */
  timeoutMs?: number;
  /** Per-attempt timeout of an analysis call (30 s: the server's analysis time is 10 s). */
  analysisTimeoutMs?: number;
  /** Attempts for what may pass: no connection, UNAVAILABLE, ANALYSIS_BUSY (4). */
  attempts?: number;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export interface CallOptions {
  timeoutMs?: number;
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
} as const satisfies Record<keyof operations, readonly ["GET" | "POST", string]>;

/**
 * The API at a base URL (http://host:port). Every call is a pure function of its request, so one
 * that failed for a reason that may pass is sent again as it is, with backoff from 50 ms
 * doubling; a refusal is thrown as an AshtapadaError.
 */
export class Client {
  /** HTTP requests sent, retries included. */
  requests = 0;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly analysisTimeoutMs: number;
  private readonly attempts: number;
  private readonly headers: Record<string, string>;
  private readonly fetch: typeof fetch;

  constructor(url = "http://localhost:8080", opts: ClientOptions = {}) {
    this.base = url.replace(/\/+$/, "");
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.analysisTimeoutMs = opts.analysisTimeoutMs ?? 30_000;
    this.attempts = Math.max(1, opts.attempts ?? 4);
    this.headers = opts.headers ?? {};
    this.fetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Sends one operation; answers the response, whose body is unread, or throws. */
  private async open(op: keyof operations, body: unknown, params: Record<string, string>, call: CallOptions): Promise<Response> {
    const [method, template] = paths[op];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
    const timeoutMs = call.timeoutMs ?? (op.startsWith("AnalysisService_") ? this.analysisTimeoutMs : this.timeoutMs);
    const headers: Record<string, string> = { Accept: "application/json", ...this.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    let delay = 50;
    for (let attempt = 1; ; attempt++) {
      const signals = [AbortSignal.timeout(timeoutMs), ...(call.signal ? [call.signal] : [])];
      let err: AshtapadaError;
      this.requests++;
      try {
        const res = await this.fetch(this.base + path, { ...init, signal: AbortSignal.any(signals) });
        if (res.ok) return res;
        err = AshtapadaError.fromBody(res.status, await res.text());
      } catch (e) {
        if (call.signal?.aborted) throw e;
        if (e instanceof Error && e.name === "TimeoutError") {
          // The work may be under way: another attempt with the same timeout would fare no better.
          throw new AshtapadaError(0, { status: "DEADLINE_EXCEEDED", message: `no answer within ${timeoutMs} ms` }, { cause: e });
        }
        err = new AshtapadaError(0, { status: "UNAVAILABLE", message: `${this.base}: ${e instanceof Error ? e.message : String(e)}` }, { cause: e });
      }
      if (!err.retryable || attempt >= this.attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }

  /** Any operation by its id, with its request body. */
  async call<K extends keyof operations>(op: K, body: RequestOf<K> | undefined, params: Record<string, string> = {}, opts: CallOptions = {}): Promise<AnswerOf<K>> {
    const res = await this.open(op, body, params, opts);
    try {
      return (await res.json()) as AnswerOf<K>;
    } catch (e) {
      // The timeout covers the body too.
      if (e instanceof Error && e.name === "TimeoutError") {
        throw new AshtapadaError(0, { status: "DEADLINE_EXCEEDED", message: "the answer did not arrive in time" }, { cause: e });
      }
      throw e;
    }
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
    const stop = new AbortController();
    const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
    const res = await this.open("AnalysisService_SearchStream", { ...rest, position: ref(position) }, {}, { ...opts, signal });
    return new SearchStream(res, stop);
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
}

/**
 * SearchStream's newline-delimited JSON answer as an async iterator: `for await (const r of
 * stream)`. Leaving the loop early, or close(), ends the call. An error after the first line is
 * thrown as an AshtapadaError.
 */
export class SearchStream implements AsyncIterableIterator<SearchStreamResponse> {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private readonly decoder = new TextDecoder();
  private buffer = "";
  private done = false;

  constructor(
    private readonly response: Response,
    private readonly stop: AbortController,
  ) {
    this.reader = response.body?.getReader();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<SearchStreamResponse>> {
    for (;;) {
      const nl = this.buffer.indexOf("\n");
      if (nl >= 0) {
        const line = this.buffer.slice(0, nl).trim();
        this.buffer = this.buffer.slice(nl + 1);
        if (!line) continue;
        const msg = JSON.parse(line) as Schemas["SearchStreamResponseLine"];
        if ("error" in msg) {
          await this.close();
          throw new AshtapadaError(this.response.status, msg.error);
        }
        if (msg.result.final) await this.close();
        return { value: msg.result, done: false };
      }
      if (this.done || this.reader === undefined) return { value: undefined, done: true };
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await this.reader.read();
      } catch (e) {
        this.done = true;
        if (e instanceof Error && e.name === "TimeoutError") {
          throw new AshtapadaError(0, { status: "DEADLINE_EXCEEDED", message: "the stream did not end in time" }, { cause: e });
        }
        throw e;
      }
      if (chunk.done) {
        this.done = true;
        this.buffer += this.decoder.decode() + "\n";
      } else {
        this.buffer += this.decoder.decode(chunk.value, { stream: true });
      }
    }
  }

  async return(): Promise<IteratorResult<SearchStreamResponse>> {
    await this.close();
    return { value: undefined, done: true };
  }

  /** Ends the call; the answers not yet read are dropped. */
  async close(): Promise<void> {
    if (this.done && this.buffer === "") return;
    this.done = true;
    this.buffer = "";
    this.stop.abort();
    await this.reader?.cancel().catch(() => undefined);
  }
}
