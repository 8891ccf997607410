import type { components } from "./api.gen.js";

export type ErrorStatus = components["schemas"]["ErrorStatus"];

/** One request field at fault (google.rpc.BadRequest), as a path into the request. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** A quota or limit a refusal ran into (google.rpc.QuotaFailure): whose it is ("key:bot-a") and what was spent. */
export interface QuotaViolation {
  subject: string;
  description: string;
}

/**
 * RESOURCE_EXHAUSTED reasons that pass with time: a slot frees, the queue drains, the quota's
 * minute turns. The others (NODE_BUDGET_EXHAUSTED, REQUEST_TOO_LARGE) fail the same way again.
 */
export const RETRYABLE_REASONS: ReadonlySet<string> = new Set(["ANALYSIS_BUSY", "ANALYSIS_QUEUE_FULL", "ANALYSIS_QUOTA_EXHAUSTED"]);

/** What an API key echoed in an error reads as. */
export const REDACTED = "[api key]";

/**
 * A call the server refused: its AIP-193 error body. Decide on `status` (the gRPC code's name)
 * and `reason` (the ErrorInfo reason: INVALID_POSITION, GAME_OVER, ...), not on the HTTP status:
 * FAILED_PRECONDITION is a 400 too. retryDelayMs is how long the server asks the client to wait
 * before sending again (its RetryInfo, else the answer's Retry-After header; undefined when it said
 * nothing), quotaViolations the quotas a RESOURCE_EXHAUSTED refusal ran into. Also the base of
 * every error a call throws: Unauthenticated, TransportError (no answer), DeadlineExceeded,
 * ProtocolError (an answer that is not the API's) and ResponseTooLarge.
 */
export class AshtapadaError extends Error {
  readonly httpStatus: number;
  readonly code: number;
  readonly status: string;
  readonly details: ErrorStatus["details"];
  readonly reason: string = "";
  readonly domain: string = "";
  readonly metadata: Record<string, string> = {};
  readonly fieldViolations: FieldViolation[] = [];
  readonly quotaViolations: QuotaViolation[] = [];
  readonly retryDelayMs?: number;

  /** retryAfter is the answer's Retry-After header, read when the error has no RetryInfo. */
  constructor(httpStatus: number, error: Partial<ErrorStatus>, options?: { cause?: unknown; retryAfter?: string | null }) {
    super("", options?.cause === undefined ? {} : { cause: options.cause });
    this.name = "AshtapadaError";
    // A broken server's error may have any shape: a field of the wrong type reads as absent.
    const e: Record<string, unknown> = isRecord(error) ? error : {};
    this.httpStatus = httpStatus;
    this.code = typeof e["code"] === "number" && e["code"] !== 0 ? e["code"] : httpStatus;
    this.status = typeof e["status"] === "string" ? e["status"] : "UNKNOWN";
    const message = typeof e["message"] === "string" ? e["message"] : "";
    this.details = Array.isArray(e["details"]) ? e["details"].filter((d): d is ErrorStatus["details"][number] => isRecord(d) && typeof d["@type"] === "string") : [];
    for (const d of this.details) {
      if (d["@type"].endsWith("google.rpc.ErrorInfo")) {
        if (typeof d["reason"] === "string") this.reason = d["reason"];
        if (typeof d["domain"] === "string") this.domain = d["domain"];
        if (isRecord(d["metadata"])) this.metadata = Object.fromEntries(Object.entries(d["metadata"]).map(([k, v]) => [k, String(v)]));
      } else if (d["@type"].endsWith("google.rpc.BadRequest") && Array.isArray(d["field_violations"])) {
        for (const v of d["field_violations"]) {
          if (isRecord(v)) this.fieldViolations.push({ field: String(v["field"] ?? ""), description: String(v["description"] ?? "") });
        }
      } else if (d["@type"].endsWith("google.rpc.QuotaFailure") && Array.isArray(d["violations"])) {
        for (const v of d["violations"]) {
          if (isRecord(v)) this.quotaViolations.push({ subject: text(v["subject"]), description: text(v["description"]) });
        }
      } else if (d["@type"].endsWith("google.rpc.RetryInfo")) {
        // protojson writes retryDelay, a server with proto names retry_delay.
        const ms = durationMs(d["retryDelay"] ?? d["retry_delay"]);
        if (ms !== undefined) this.retryDelayMs = ms;
      }
    }
    if (this.retryDelayMs === undefined) {
      const ms = retryAfterMs(options?.retryAfter);
      if (ms !== undefined) this.retryDelayMs = ms;
    }
    this.message = `${this.status}${this.reason ? " " + this.reason : ""}: ${message}`;
  }

  /**
   * The same request may succeed later: UNAVAILABLE, or RESOURCE_EXHAUSTED for a busy analysis, a
   * full queue or a spent quota (RETRYABLE_REASONS; not NODE_BUDGET_EXHAUSTED).
   */
  get retryable(): boolean {
    return this.status === "UNAVAILABLE" || (this.status === "RESOURCE_EXHAUSTED" && RETRYABLE_REASONS.has(this.reason));
  }

  /** The error for an AIP-193 error: Unauthenticated for UNAUTHENTICATED, else AshtapadaError. */
  static of(httpStatus: number, error: Partial<ErrorStatus>, retryAfter?: string | null): AshtapadaError {
    const options = retryAfter == null ? {} : { retryAfter };
    return isRecord(error) && error["status"] === "UNAUTHENTICATED" ? new Unauthenticated(httpStatus, error, options) : new AshtapadaError(httpStatus, error, options);
  }

  /** Reads an error answer's body and Retry-After; a body that is not AIP-193 (a proxy's page) keeps its text. */
  static fromBody(httpStatus: number, text: string, retryAfter?: string | null): AshtapadaError {
    try {
      const body: unknown = JSON.parse(text);
      if (isRecord(body) && isRecord(body["error"])) return AshtapadaError.of(httpStatus, body["error"] as Partial<ErrorStatus>, retryAfter);
    } catch {
      // not JSON
    }
    const statuses: Record<number, ErrorStatus["status"]> = { 401: "UNAUTHENTICATED", 429: "RESOURCE_EXHAUSTED", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED" };
    return AshtapadaError.of(httpStatus, { status: statuses[httpStatus] ?? "UNKNOWN", message: text.slice(0, 1024) }, retryAfter);
  }
}

/**
 * @internal Replaces secret (the API key) in every text of err, in place: a server or a proxy may
 * echo what it was sent, and errors end up in logs.
 */
export function redact<E extends AshtapadaError>(err: E, secret: string): E {
  if (!secret) return err;
  const scrub = (v: unknown): unknown => {
    if (typeof v === "string") return v.replaceAll(secret, REDACTED);
    if (Array.isArray(v)) return v.map(scrub);
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [scrub(k), scrub(x)]));
    return v;
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const k of new Set([...Object.keys(err), "message", "stack"])) {
    if (k !== "cause" && fields[k] !== undefined) fields[k] = scrub(fields[k]);
  }
  return err;
}

/**
 * The server wants an API key and the call had none (reason API_KEY_MISSING), or one it does not
 * know (API_KEY_INVALID): status UNAUTHENTICATED, HTTP 401. Never sent again: the same key fails
 * the same way. The key is not in its message.
 */
export class Unauthenticated extends AshtapadaError {
  constructor(httpStatus: number, error: Partial<ErrorStatus>, options?: { cause?: unknown; retryAfter?: string | null }) {
    super(httpStatus, error, options);
    this.name = "Unauthenticated";
  }

  override get retryable(): boolean {
    return false;
  }
}

/**
 * A call that got no answer, httpStatus 0: the connection failed or broke (status UNAVAILABLE,
 * retryable), or the caller's signal cancelled the call (CANCELLED).
 */
export class TransportError extends AshtapadaError {
  constructor(status: "UNAVAILABLE" | "DEADLINE_EXCEEDED" | "CANCELLED", message: string, options?: { cause?: unknown }) {
    super(0, { status, message }, options);
    this.name = "TransportError";
  }
}

/**
 * The call's timeout ran out (status DEADLINE_EXCEEDED) before its answer, or its stream, ended.
 * The work may be under way on the server, so it is not sent again.
 */
export class DeadlineExceeded extends TransportError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("DEADLINE_EXCEEDED", message, options);
    this.name = "DeadlineExceeded";
  }
}

/**
 * An answer that is not the API's: not HTTP, a body that is not JSON (a proxy's HTML page with
 * status 200), a stream line without result, an answer that broke off before its end. status is
 * INTERNAL; httpStatus the answer's status, or 0 when there was none. Sending again would meet the
 * same server, so it is not retryable.
 */
export class ProtocolError extends AshtapadaError {
  constructor(httpStatus: number, message: string, options?: { cause?: unknown }, status: "INTERNAL" | "RESOURCE_EXHAUSTED" = "INTERNAL") {
    super(httpStatus, { status, message }, options);
    this.name = "ProtocolError";
  }

  override get retryable(): boolean {
    return false;
  }
}

/**
 * An answer (or a stream's line) longer than the client's maxResponseBytes, refused before it is
 * read in full: status RESOURCE_EXHAUSTED. limit is the cap in bytes.
 */
export class ResponseTooLarge extends ProtocolError {
  constructor(
    httpStatus: number,
    readonly limit: number,
    message: string,
  ) {
    super(httpStatus, message, {}, "RESOURCE_EXHAUSTED");
    this.name = "ResponseTooLarge";
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/**
 * RetryInfo's retry_delay in milliseconds: the JSON form of a Duration ("1.250s") or its fields
 * ({ seconds: "1", nanos: 250000000 }); undefined for anything else, negative included.
 */
function durationMs(v: unknown): number | undefined {
  if (typeof v === "string") {
    const m = /^(\d+)(?:\.(\d{1,9}))?s$/.exec(v.trim());
    if (m) return Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(9, "0")) / 1e6;
  } else if (isRecord(v)) {
    const seconds = typeof v["seconds"] === "number" || (typeof v["seconds"] === "string" && /^\d+$/.test(v["seconds"])) ? Number(v["seconds"]) : v["seconds"] === undefined ? 0 : -1;
    const nanos = v["nanos"] ?? 0;
    if (Number.isInteger(seconds) && seconds >= 0 && typeof nanos === "number" && Number.isInteger(nanos) && nanos >= 0 && nanos < 1e9) return seconds * 1000 + nanos / 1e6;
  }
  return undefined;
}

/** The Retry-After header in milliseconds: whole seconds, or an HTTP date (RFC 9110). */
function retryAfterMs(v: string | null | undefined): number | undefined {
  if (v == null) return undefined;
  v = v.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // Date.parse reads numbers and ISO forms too: an HTTP date names its weekday and GMT.
  if (!/^[A-Za-z]{3},.*GMT$/.test(v)) return undefined;
  const when = Date.parse(v);
  return Number.isNaN(when) ? undefined : Math.max(0, when - Date.now());
}
