// @ashtapada/board: the board of Ashtapada's games. Importing it registers <ashtapada-board>;
// "@ashtapada/board/view" is the pure view (createBoard) alone.
export { createBoard, pieceName, turnsToFace } from "./view.js";
export type { BoardConfig, BoardHandle, Shape } from "./view.js";
export { AshtapadaBoardElement, defineAshtapadaBoard } from "./element.js";
export type { ActionDetail, ErrorDetail, Game, RollDetail } from "./element.js";
export { BoardApiError } from "./api.js";
export type * from "./types.js";
import { defineAshtapadaBoard } from "./element.js";

defineAshtapadaBoard();
