// A typed client of Ashtapada's HTTP/JSON API (the gateway of ashtapada.v1.RulesService), on the
// platform's fetch. The types are the JSON forms of the messages in
// proto/ashtapada/v1/*.proto that a game client uses: proto field names (snake_case), enums as
// their names, 64-bit integers as strings. The gateway writes every scalar and list field, at
// its default too; a message field that is not set (next, failure, last_action) is left out.

/** A 64-bit integer: JSON writes it as a decimal string. */
export type Int64 = string;

/** An option value: a plain JSON boolean, number or string ({"teams": true}). */
export type OptionValue = boolean | number | string;

export type Phase = "PHASE_UNSPECIFIED" | "PHASE_ACTION" | "PHASE_ROLL" | "PHASE_RESPONSE" | "PHASE_FINISHED";
export type GameStatus = "GAME_STATUS_UNSPECIFIED" | "GAME_STATUS_ONGOING" | "GAME_STATUS_FINISHED";
export type MoveView = "MOVE_VIEW_UNSPECIFIED" | "MOVE_VIEW_FULL" | "MOVE_VIEW_NOTATION";
export type ActionKind =
  | "ACTION_KIND_UNSPECIFIED"
  | "ACTION_KIND_MOVE"
  | "ACTION_KIND_ROLL"
  | "ACTION_KIND_END_TURN"
  | "ACTION_KIND_PASS"
  | "ACTION_KIND_DROP"
  | "ACTION_KIND_RESIGN"
  | "ACTION_KIND_VARIANT";
export type EventKind =
  | "EVENT_KIND_UNSPECIFIED"
  | "EVENT_KIND_CAPTURE"
  | "EVENT_KIND_PROMOTION"
  | "EVENT_KIND_DICE_ROLLED"
  | "EVENT_KIND_TURN_PASSED"
  | "EVENT_KIND_GAME_OVER"
  | "EVENT_KIND_POINTS"
  | "EVENT_KIND_ROLL_AGAIN"
  | "EVENT_KIND_VARIANT";

export interface Piece {
  square: string;
  kind: string;
  player: string;
  color: string;
  promotes_to: string;
}

export interface Die {
  kind: string;
  value: number;
  means: string;
  used: boolean;
}

export interface ScorePart {
  source: string;
  points: number;
}

export interface PlayerState {
  name: string;
  score: number;
  held: string[];
  lost: string[];
  out: boolean;
  score_parts: ScorePart[];
  /** The player's part of the variant's own state (Variant.state_types), by name. */
  state?: Record<string, unknown>;
}

export interface Counter {
  name: string;
  value: Int64;
}

/** An action as answers give it; in a request, `notation` alone (or the identifying fields). */
export interface Action {
  notation: string;
  kind: ActionKind;
  name: string;
  player: string;
  piece: string;
  from: string;
  to: string;
  captured: string;
  promotion: string;
  dice: number[];
  die_index?: number;
  /** Standard algebraic notation for display, in variants that have it (chaturanga). */
  san: string;
}

export type ActionInput = Partial<Action>;

export interface Position {
  variant: string;
  text: string;
  options: Record<string, OptionValue>;
  pieces: Piece[];
  to_move: string;
  phase: Phase;
  dice: Die[];
  players: PlayerState[];
  counters: Counter[];
  /** The variant's own state (Variant.state_types), by name: martian chess's last_move, ... */
  state?: Record<string, unknown>;
  key: Int64;
  in_check: boolean;
  /** The action that led here, in answers that know it (ApplyMoves, RollDice, ...). */
  last_action?: Action;
}

/** A position in a request: the variant and either the text or the structured fields. */
export type PositionInput = Pick<Position, "variant"> & Partial<Position>;

/** The short form of a position for requests: the text holds everything, options included. */
export function ref(position: Position): PositionInput {
  return { variant: position.variant, text: position.text };
}

export interface Event {
  kind: EventKind;
  name: string;
  player: string;
  square: string;
  piece: string;
  points: number;
  description: string;
}

export interface Standing {
  player: string;
  /** 1 is first; equal places are shared; 0 while the game goes on. */
  place: number;
  score: number;
  team: string;
  score_parts: ScorePart[];
}

export interface TeamStanding {
  team: string;
  players: string[];
  score: number;
  score_parts: ScorePart[];
  place: number;
}

/** What a client needs after an action: who chooses, the legal actions, the game's status. */
export interface NextTurn {
  to_move: string;
  moves: Action[];
  chance: boolean;
  phase: Phase;
  status: GameStatus;
  winners: string[];
  reason: string;
  standings: Standing[];
  teams: TeamStanding[];
}

export interface GameHistory {
  keys?: Int64[];
  start?: PositionInput;
  actions?: ActionInput[];
}

export interface OptionSpec {
  name: string;
  type: string;
  default_value: OptionValue;
  description: string;
}

export interface Variant {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
  options: OptionSpec[];
  /** Occurrences of one position that draw the game (3), or 0 without that rule. */
  repetition: number;
}

export interface ListLegalMovesResponse {
  to_move: string;
  moves: Action[];
  chance: boolean;
  phase: Phase;
  reason: string;
  repetition_checked: boolean;
}

export interface AppliedMove {
  move: Action;
  events: Event[];
  text: string;
  key: Int64;
}

export interface MoveFailure {
  index: number;
  notation: string;
  reason: string;
}

export interface ApplyMovesResponse {
  position: Position;
  applied: number;
  steps: AppliedMove[];
  /** Set when an action was illegal: the sequence stopped there. */
  failure?: MoveFailure;
  repetition_checked: boolean;
  repetition_draw: boolean;
  /** The next turn, when the request set include_next. */
  next?: NextTurn;
}

export interface RollDiceResponse {
  values: number[];
  position: Position;
  events: Event[];
  seed: Int64;
  next?: NextTurn;
}

export interface ScorePositionResponse {
  position: Position;
  status: GameStatus;
  winners: string[];
  reason: string;
  standings: Standing[];
  teams: TeamStanding[];
  repetition_checked: boolean;
}

/** One field at fault, from the google.rpc.BadRequest detail. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** The AIP-193 error body: {"error": {"code", "status", "message", "details"}}. */
export interface ErrorBody {
  error: {
    code: number;
    status: string;
    message: string;
    details: Array<{ "@type": string; [key: string]: unknown }>;
  };
}

/** A failed call: the HTTP status, the gRPC status name, the ErrorInfo reason and the fields. */
export class ApiError extends Error {
  readonly reason: string;
  readonly fieldViolations: FieldViolation[];

  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly details: ErrorBody["error"]["details"],
  ) {
    super(`HTTP ${httpStatus} ${status} ${message}`);
    this.name = "ApiError";
    let reason = "";
    const fields: FieldViolation[] = [];
    for (const d of details) {
      if (d["@type"].endsWith("google.rpc.ErrorInfo")) {
        reason = String(d["reason"] ?? "");
      } else if (d["@type"].endsWith("google.rpc.BadRequest")) {
        fields.push(...((d["field_violations"] as FieldViolation[] | undefined) ?? []));
      }
    }
    this.reason = reason;
    this.fieldViolations = fields;
    if (reason) this.message += ` (${reason})`;
  }
}

export interface ClientOptions {
  /** Attempts per call for retryable failures (network, UNAVAILABLE, ANALYSIS_BUSY). */
  attempts?: number;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
}

/**
 * Failures worth trying again: a server going away, or every analysis slot busy. Other
 * RESOURCE_EXHAUSTED errors (REQUEST_TOO_LARGE, NODE_BUDGET_EXHAUSTED) would fail again.
 */
function retryable(err: ApiError): boolean {
  return err.status === "UNAVAILABLE" || err.reason === "ANALYSIS_BUSY";
}

/**
 * The RulesService over HTTP/JSON. Every call is a pure function of its request, so each may be
 * retried as it is; the client does so with exponential backoff.
 */
export class RulesClient {
  calls = 0;
  private readonly attempts: number;
  private readonly timeoutMs: number;

  constructor(
    readonly baseUrl: string,
    opts: ClientOptions = {},
  ) {
    this.attempts = opts.attempts ?? 4;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  getVariant(name: string): Promise<{ variant: Variant }> {
    return this.call("GET", `/v1/variants/${encodeURIComponent(name)}`);
  }

  startPosition(variant: string, options: Record<string, OptionValue> = {}): Promise<{ position: Position }> {
    return this.call("POST", `/v1/variants/${encodeURIComponent(variant)}:start`, { options });
  }

  listLegalMoves(req: { position: PositionInput; view?: MoveView; history?: GameHistory }): Promise<ListLegalMovesResponse> {
    return this.call("POST", "/v1/moves:list", req);
  }

  applyMoves(req: {
    position: PositionInput;
    moves: ActionInput[];
    history?: GameHistory;
    include_next?: boolean;
    next_view?: MoveView;
  }): Promise<ApplyMovesResponse> {
    return this.call("POST", "/v1/moves:apply", req);
  }

  rollDice(req: { position: PositionInput; seed?: Int64; include_next?: boolean; next_view?: MoveView }): Promise<RollDiceResponse> {
    return this.call("POST", "/v1/dice:roll", req);
  }

  scorePosition(req: { position: PositionInput; history?: GameHistory }): Promise<ScorePositionResponse> {
    return this.call("POST", "/v1/positions:score", req);
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let delay = 50;
    for (let attempt = 1; ; attempt++) {
      this.calls++;
      let res: Response;
      try {
        res = await fetch(this.baseUrl + path, {
          method,
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (e) {
        // A network failure or a timeout: nothing was decided, so try again.
        if (attempt >= this.attempts) throw e;
        await sleep(delay);
        delay *= 2;
        continue;
      }
      const text = await res.text();
      if (res.ok) return JSON.parse(text) as T;
      const err = toApiError(res.status, text);
      if (!retryable(err) || attempt >= this.attempts) throw err;
      await sleep(delay);
      delay *= 2;
    }
  }
}

function toApiError(httpStatus: number, text: string): ApiError {
  try {
    const { error } = JSON.parse(text) as ErrorBody;
    return new ApiError(httpStatus, error.status, error.message, error.details ?? []);
  } catch {
    return new ApiError(httpStatus, "UNKNOWN", text.slice(0, 200), []);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
