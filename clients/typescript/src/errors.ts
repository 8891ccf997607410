import type { components } from "./api.gen.js";

export type ErrorStatus = components["schemas"]["ErrorStatus"];

/** One request field at fault (google.rpc.BadRequest), as a path into the request. */
export interface FieldViolation {
  field: string;
  description: string;
}

/**
 * A call the server refused: its AIP-193 error body. Decide on `status` (the gRPC code's name)
 * and `reason` (the ErrorInfo reason: INVALID_POSITION, GAME_OVER, ...), not on the HTTP status:
 * FAILED_PRECONDITION is a 400 too. Also the base of every error a call throws: TransportError
 * (no answer), DeadlineExceeded, ProtocolError (an answer that is not the API's) and
 * ResponseTooLarge.
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

  constructor(httpStatus: number, error: Partial<ErrorStatus>, options?: { cause?: unknown }) {
    super("", options);
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
      }
    }
    this.message = `${this.status}${this.reason ? " " + this.reason : ""}: ${message}`;
  }

  /** The same request may succeed later: UNAVAILABLE, or every analysis slot busy. */
  get retryable(): boolean {
    return this.status === "UNAVAILABLE" || this.reason === "ANALYSIS_BUSY";
  }

  /** Reads an error answer's body; one that is not AIP-193 (a proxy's page) keeps its text. */
  static fromBody(httpStatus: number, text: string): AshtapadaError {
    try {
      const body: unknown = JSON.parse(text);
      if (isRecord(body) && isRecord(body["error"])) return new AshtapadaError(httpStatus, body["error"] as Partial<ErrorStatus>);
    } catch {
      // not JSON
    }
    const status = ({ 429: "RESOURCE_EXHAUSTED", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED" } as const)[httpStatus as 429 | 503 | 504] ?? "UNKNOWN";
    return new AshtapadaError(httpStatus, { status, message: text.slice(0, 1024) });
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
