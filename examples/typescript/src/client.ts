// A client of Ashtapada's HTTP/JSON API: openapi-fetch over the types openapi-typescript generates
// from the server's OpenAPI document (src/api.gen.ts, `npm run gen`). Nothing here restates the
// API: a change to it shows up as a type error. What is added is what a document cannot say:
// which failures are worth a retry, and the error body read into its reason and fields.

import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./api.gen.js";

export type Schemas = components["schemas"];
/** A position as answers carry it: every field the server always writes is required. */
export type Position = Schemas["PositionOutput"];
/** A position as requests give it: the variant and either the text or the structured fields. */
export type PositionInput = Schemas["Position"];
export type Action = Schemas["ActionOutput"];
export type NextTurn = Schemas["NextTurn"];
export type GameHistory = Schemas["GameHistory"];
export type Variant = Schemas["Variant"];
export type ErrorBody = Schemas["Error"];
/** One line of SearchStream's newline-delimited answer. */
export type SearchStreamLine = Schemas["SearchStreamResponseLine"];

/** The short form of a position for requests: the text holds everything, options included. */
export function ref(position: Position): PositionInput {
  return { variant: position.variant, text: position.text };
}

/** One field at fault, from the google.rpc.BadRequest detail. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** A failed call: the HTTP status, the gRPC status name, the ErrorInfo reason and the fields. */
export class ApiError extends Error {
  readonly reason: string;
  readonly fieldViolations: FieldViolation[];

  constructor(
    readonly httpStatus: number,
    readonly body: ErrorBody["error"],
  ) {
    super(`HTTP ${httpStatus} ${body.status} ${body.message}`);
    this.name = "ApiError";
    this.reason = "";
    this.fieldViolations = [];
    for (const d of body.details) {
      if (d["@type"].endsWith("google.rpc.ErrorInfo") && typeof d["reason"] === "string") {
        this.reason = d["reason"];
      } else if (d["@type"].endsWith("google.rpc.BadRequest") && Array.isArray(d["field_violations"])) {
        this.fieldViolations.push(...d["field_violations"].filter(isFieldViolation));
      }
    }
    if (this.reason) this.message += ` (${this.reason})`;
  }

  get status(): string {
    return this.body.status;
  }
}

function isFieldViolation(v: unknown): v is FieldViolation {
  return typeof v === "object" && v !== null && "field" in v && typeof v.field === "string" && "description" in v;
}

/** What openapi-fetch resolves to: the answer's body, or the error's. */
type Answer<T> = { data: T; error?: never; response: Response } | { data?: never; error: ErrorBody; response: Response };

/** The body of a successful answer; an error answer is thrown as an ApiError. */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined) throw new ApiError(response.status, error.error);
  return data;
}

export interface ClientOptions {
  /** Attempts per call for retryable failures (network, UNAVAILABLE, ANALYSIS_BUSY). */
  attempts?: number;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
}

export interface ApiClient {
  api: Client<paths>;
  /** HTTP requests sent, retries included. */
  readonly calls: () => number;
}

/**
 * The API at baseUrl. Every call is a pure function of its request, so any may be sent again as
 * it is: a network failure, a timeout, UNAVAILABLE (503) and ANALYSIS_BUSY (429) are retried with
 * exponential backoff; every other error is final (NODE_BUDGET_EXHAUSTED, also a 429, would fail
 * again).
 */
export function connect(baseUrl: string, opts: ClientOptions = {}): ApiClient {
  const attempts = opts.attempts ?? 4;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let calls = 0;
  const retrying = async (request: Request): Promise<Response> => {
    let delay = 50;
    for (let attempt = 1; ; attempt++) {
      calls++;
      const last = attempt >= attempts;
      let res: Response;
      try {
        res = await fetch(request.clone(), { signal: AbortSignal.timeout(timeoutMs) });
      } catch (e) {
        // Nothing was decided: try again.
        if (last) throw e;
        await sleep(delay);
        delay *= 2;
        continue;
      }
      if (last || !(await retryable(res))) return res;
      await res.body?.cancel();
      await sleep(delay);
      delay *= 2;
    }
  };
  return { api: createClient<paths>({ baseUrl, fetch: retrying }), calls: () => calls };
}

async function retryable(res: Response): Promise<boolean> {
  if (res.status === 503) return true;
  if (res.status !== 429) return false;
  try {
    const body = (await res.clone().json()) as ErrorBody;
    return body.error.details.some((d) => d["reason"] === "ANALYSIS_BUSY");
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
