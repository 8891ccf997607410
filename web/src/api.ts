// A thin client of the JSON gateway on the page's own origin. Every type comes from the
// generated api.gen.ts, so a change to the API shows up here as a type error.
import type { components } from "./api.gen";

export type Schemas = components["schemas"];
export type Variant = Schemas["Variant"];
export type VariantSummary = Schemas["VariantSummary"];
export type Position = Schemas["Position"];
export type Board = Schemas["Board"];
export type Action = Schemas["Action"];
export type NextTurn = Schemas["NextTurn"];
export type Piece = Schemas["Piece"];
export type OptionSpec = Schemas["OptionSpec"];
export type ErrorStatus = Schemas["ErrorStatus"];
export type PlayerValue = Schemas["PlayerValue"];
export type SearchStreamResponse = Schemas["SearchStreamResponse"];
export type RolloutResponse = Schemas["RolloutResponse"];
export type ReviewGameResponse = Schemas["ReviewGameResponse"];
export type ActionReview = Schemas["ActionReview"];
export type GameReview = Schemas["GameReview"];

/** An answer of the service that is not OK: message is the AIP-193 error's message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly status?: ErrorStatus,
  ) {
    super(message);
  }
}

/** An AbortError: the caller cancelled the request, which is no failure to report. */
export const aborted = (err: unknown): boolean => err instanceof DOMException && err.name === "AbortError";

async function send(method: "GET" | "POST", path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (aborted(err)) throw err;
    throw new ApiError(`the service cannot be reached: ${String(err)}`, 0);
  }
}

async function call<T>(method: "GET" | "POST", path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await send(method, path, body, signal);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(`${method} ${path}: ${res.status} ${res.statusText}`, res.status);
  }
  if (!res.ok) {
    const e = (json as Partial<Schemas["Error"]>)?.error;
    throw new ApiError(e?.message ?? `${method} ${path}: ${res.status}`, res.status, e);
  }
  return json as T;
}

/** An analysis call, made again after a pause while every analysis slot of the service is taken
 * (RESOURCE_EXHAUSTED, ANALYSIS_BUSY), as the API asks: a bot's search, the analysis board or
 * another tab may hold it for a moment. */
export async function patiently<T>(signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= 12 || !(err instanceof ApiError && err.status?.status === "RESOURCE_EXHAUSTED")) throw err;
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, Math.min(2000, 50 * 2 ** i));
        signal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(new DOMException("cancelled", "AbortError"));
        }, { once: true });
      });
    }
  }
}

/** The position as a request carries it: the text is complete, the rest is set by answers. */
export function ref(pos: Position): Position {
  return { variant: pos.variant, text: pos.text };
}

const post = <Req, Res>(path: string) => (req: Req) => call<Res>("POST", path, req);

export const api = {
  listVariants: () => call<Schemas["ListVariantsResponse"]>("GET", "/v1/variants"),
  getVariant: (name: string) => call<Schemas["GetVariantResponse"]>("GET", `/v1/variants/${encodeURIComponent(name)}`),
  start: (variant: string, options: Schemas["StartPositionRequest"]["options"]) =>
    call<Schemas["StartPositionResponse"]>("POST", `/v1/variants/${encodeURIComponent(variant)}:start`, { options } satisfies Schemas["StartPositionRequest"]),
  apply: post<Schemas["ApplyMovesRequest"], Schemas["ApplyMovesResponse"]>("/v1/moves:apply"),
  list: post<Schemas["ListLegalMovesRequest"], Schemas["ListLegalMovesResponse"]>("/v1/moves:list"),
  validate: post<Schemas["ValidateMoveRequest"], Schemas["ValidateMoveResponse"]>("/v1/moves:validate"),
  roll: post<Schemas["RollDiceRequest"], Schemas["RollDiceResponse"]>("/v1/dice:roll"),
  resolve: post<Schemas["ResolveDiceRequest"], Schemas["ResolveDiceResponse"]>("/v1/dice:resolve"),
  score: post<Schemas["ScorePositionRequest"], Schemas["ScorePositionResponse"]>("/v1/positions:score"),
  search: post<Schemas["SearchRequest"], Schemas["SearchResponse"]>("/v1/analysis:search"),
  evaluate: (req: Schemas["EvaluateRequest"], signal?: AbortSignal) => call<Schemas["EvaluateResponse"]>("POST", "/v1/analysis:evaluate", req, signal),
  rollout: (req: Schemas["RolloutRequest"], signal?: AbortSignal) => call<RolloutResponse>("POST", "/v1/analysis:rollout", req, signal),
  searchStream: (req: Schemas["SearchStreamRequest"], signal: AbortSignal, onMessage: (m: SearchStreamResponse) => void) =>
    stream("/v1/analysis:searchStream", req, signal, onMessage),
  reviewGame: (req: Schemas["ReviewGameRequest"], signal: AbortSignal, onMessage: (m: ReviewGameResponse) => void) =>
    stream("/v1/games:review", req, signal, onMessage),
  exportGame: post<Schemas["ExportGameRequest"], Schemas["ExportGameResponse"]>("/v1/games:export"),
  importGame: post<Schemas["ImportGameRequest"], Schemas["ImportGameResponse"]>("/v1/games:import"),
};

/** A server stream through the gateway (SearchStream, ReviewGame): newline-delimited JSON, each
 * message handed to onMessage as it arrives. An error before the first message is the whole body;
 * one after it is a line of its own. */
async function stream<Req, Msg>(path: string, req: Req, signal: AbortSignal, onMessage: (m: Msg) => void): Promise<void> {
  const res = await send("POST", path, req, signal);
  if (!res.ok || !res.body) {
    let e: Partial<Schemas["Error"]>["error"];
    try {
      e = ((await res.json()) as Partial<Schemas["Error"]>).error;
    } catch {
      // no JSON body: the status says it
    }
    throw new ApiError(e?.message ?? `POST ${path}: ${res.status}`, res.status, e);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const line = (text: string) => {
    if (!text.trim()) return;
    const msg = JSON.parse(text) as { result?: Msg } & Partial<Schemas["Error"]>;
    if (msg.error) throw new ApiError(msg.error.message ?? `${path} failed`, msg.error.code ?? 500, msg.error);
    if (msg.result) onMessage(msg.result);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buf += value;
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      line(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  }
  line(buf);
}
