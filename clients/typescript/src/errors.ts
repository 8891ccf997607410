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
 * FAILED_PRECONDITION is a 400 too. A call that got no answer has httpStatus 0 and status
 * UNAVAILABLE (no connection) or DEADLINE_EXCEEDED (the client's timeout).
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
    super(error.message ?? "", options);
    this.name = "AshtapadaError";
    this.httpStatus = httpStatus;
    this.code = error.code ?? httpStatus;
    this.status = error.status ?? "UNKNOWN";
    this.details = error.details ?? [];
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
    this.message = `${this.status}${this.reason ? " " + this.reason : ""}: ${error.message ?? ""}`;
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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
