// The parts of the API's JSON the board reads: the GetVariant answer's variant, a Position and a
// ListLegalMoves action, as docs/api.md and the OpenAPI document describe them. Every field is
// optional, as in the generated types of @ashtapada/client: proto3 JSON leaves defaults out.

export interface Square { name?: string; file?: number; rank?: number; region?: string }
export interface Region { name?: string; kind?: string; squares?: string[] }
export interface Connection { from?: string; to?: string; direction?: string }
export interface BoardMark {
  name?: string;
  description?: string;
  player?: string;
  squares?: string[];
  /** How it is drawn: a sign on each square (unspecified), a line along a border, a dot in a region's corner. */
  shape?: "MARK_SHAPE_UNSPECIFIED" | "MARK_SHAPE_BORDER" | "MARK_SHAPE_CORNER_DOT";
}
export interface Board {
  files?: number;
  ranks?: number;
  squares?: Square[];
  regions?: Region[];
  connections?: Connection[];
  marks?: BoardMark[];
  layout_in_position?: boolean;
}
export interface Seat { seat?: string; player?: string; color?: string; team?: string }
export interface PieceType { kind?: string; title?: string; letter?: string; movement?: string; royal?: boolean; neutral?: boolean; immobile?: boolean; value?: number }
export interface DieFace { value?: number; label?: string; meaning?: string }
export interface DieType { kind?: string; count?: number; faces?: DieFace[] }
export interface OptionBoard { options?: Record<string, unknown>; board?: Board; seats?: Seat[] }
export interface Variant {
  name?: string;
  title?: string;
  summary?: string;
  board?: Board;
  seats?: Seat[];
  piece_types?: PieceType[];
  die_types?: DieType[];
  option_boards?: OptionBoard[];
  [key: string]: unknown;
}
export interface Piece { square: string; kind: string; player?: string; color?: string; promotes_to?: string }
export interface Die { kind?: string; value?: number; used?: boolean; means?: string }
export interface PlayerState { name?: string; color?: string; score?: number; out?: boolean; held?: string[]; [key: string]: unknown }
/** A ListLegalMoves action: its notation and its structured form. */
export interface Action {
  notation?: string;
  kind?: string;
  name?: string;
  player?: string;
  piece?: string;
  from?: string;
  to?: string;
  captured?: string;
  promotion?: string;
  dice?: number[];
  die_index?: number;
  san?: string;
}
export interface Position {
  variant?: string;
  text?: string;
  key?: string;
  phase?: string;
  to_move?: string;
  in_check?: boolean;
  pieces?: Piece[];
  players?: PlayerState[];
  dice?: Die[];
  board?: Board;
  last_action?: Action;
  options?: Record<string, unknown>;
  state?: Record<string, unknown>;
  [key: string]: unknown;
}
/** ListLegalMoves's answer. */
export interface LegalMoves { to_move?: string; chance?: boolean; phase?: string; reason?: string; moves?: Action[] }
/** The API's error body's `error` (AIP-193). */
export interface ErrorStatus { code?: number; message?: string; status?: string; details?: unknown[] }
