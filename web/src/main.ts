// The playground: one game of any variant the service serves, played by clicks, drags, keys and bots.
// Every rule is the service's: the page keeps only the positions it was given and asks again.
import { api, ApiError, patiently, ref } from "./api";
import type { Action, NextTurn, Position, Variant } from "./api";
import { analysisBest, initAnalysis, updateAnalysis } from "./analysis";
import { createBoard } from "../../clients/board/src/view.js";
import type { BoardConfig, BoardHandle } from "../../clients/board/src/view.js";
import { colorFill } from "../../clients/board/src/pieces.js";
import { ADDRESS_RECORD_LIMIT, decodeRecord, encodeRecord, pgnDate, playerTag, recordFileName } from "./record";
import { Rounds, startRound } from "./numbers";
import { initReview, reviewAt, reviewMark, updateReview } from "./review";
import { baseSeed, rollSeed } from "./seed";
import { $, h, nice, swatch, keepsScores, readOptions, renderDice, renderHeld, renderOptions, renderPieceLegend, renderResult, renderScores, renderSeats } from "./ui";

type Who = "human" | "bot";

/** One step of the game: the position, its next turn, and the notation that led to it. A game
 * loaded from a record asks for the next turn of a position only once it is shown (null until then). */
interface Entry {
  pos: Position;
  next: NextTurn | null;
  notation: string | null;
  san?: string; // the action in standard algebraic notation, in games that have it
}

/** The action as people read it: SAN where the game has it (Nf3), else its notation. */
const shownAction = (e: Entry) => e.san || e.notation || "";

/** The tags the service writes from the game itself: a loaded record's own are not kept. */
const COMPUTED_TAGS = new Set(["Variant", "Options", "SetUp", "FEN", "Result", "Termination", "PlyCount"]);

const state = {
  variant: null as Variant | null,
  history: [] as Entry[], // history[0] is the game's first position
  cursor: 0, // the index in history of the position shown; history.length - 1 when the game's last is
  seats: new Map<string, Who>(),
  generation: 0, // bumped by a new game, load or undo, so a bot's late answer is dropped
  botRunning: false,
  lastSeed: "",
  rollAgain: "", // what the last roll said when it called for another ("rolled 6: roll again")
  view: "", // the player whose side is drawn at the bottom; "" for the first player
  recordHash: "", // "#record=..." while the address holds the game's record, else ""
  recordHashFor: "", // the game (gameKey) the address's record was asked for
  tags: {} as Record<string, string>, // a loaded record's tags, written again when it is saved
};

const cur = (): Entry | undefined => state.history[state.cursor];
/** Whether the position shown is the game's last. */
const atEnd = () => state.cursor >= state.history.length - 1;

// ---------------------------------------------------------------------------------------------
// Waiting for the service.

let pending = 0;
let quiet = 0; // requests the page waits for without holding up clicks (the address's record)
function markBusy(): void {
  if (pending + quiet > 0) document.body.dataset.busy = "true";
  else delete document.body.dataset.busy;
  syncBoard(); // the board is played only while the page waits for nothing
}

async function busy<T>(fn: () => Promise<T>): Promise<T | undefined> {
  pending++;
  markBusy();
  try {
    return await fn();
  } catch (err) {
    showError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    return undefined;
  } finally {
    pending--;
    markBusy();
  }
}

function showError(msg: string): void {
  $("error").textContent = msg;
}

// ---------------------------------------------------------------------------------------------
// Game state.

function playerColor(player: string): string {
  // A colour that changes in play (Martian Coaster Chaturanga's seats) comes with the position.
  const now = cur()?.pos?.players?.find((p) => p.name === player)?.color;
  if (now) return now;
  const v = state.variant;
  const seat = v?.seats?.find((s) => s.player === player) ?? optionBoard()?.seats?.find((s) => s.player === player);
  return seat?.color || "";
}

function seatOf(player: string): string {
  const v = state.variant;
  const seat = v?.seats?.find((s) => s.player === player) ?? optionBoard()?.seats?.find((s) => s.player === player);
  return seat?.seat ?? "";
}

function players(): string[] {
  return (cur()?.pos.players ?? []).map((p) => p.name ?? "");
}

/** The player the board is seen from: the one chosen, else the first. */
function viewer(): string {
  const all = players();
  return all.includes(state.view) ? state.view : (all[0] ?? "");
}

function optionBoard() {
  const pos = cur()?.pos;
  const v = state.variant;
  if (!pos || !v) return undefined;
  const opts = (pos.options ?? {}) as Record<string, unknown>;
  return v.option_boards?.find((ob) => Object.entries(ob.options ?? {}).every(([k, val]) => opts[k] === val));
}

const chooser = (e: Entry) => e.next?.to_move || e.pos.to_move || "";
const finished = (e: Entry) =>
  e.next ? e.next.phase === "PHASE_FINISHED" || e.next.status === "GAME_STATUS_FINISHED" : e.pos.phase === "PHASE_FINISHED";

/** The keys of the positions before the one at index at (the one shown by default). */
function keys(at = state.cursor): string[] {
  return state.history.slice(0, at).map((e) => e.pos.key ?? "").filter(Boolean);
}

/** A new first position: from the service's answer to an empty ApplyMoves, which also gives the turn. */
async function setGame(pos: Position): Promise<void> {
  const r = await api.apply({ position: ref(pos), moves: [], include_next: true });
  if (!r.position || !r.next) throw new ApiError("the service gave no position", 0);
  state.generation++;
  state.history = [{ pos: r.position, next: r.next, notation: null }];
  state.cursor = 0;
  state.rollAgain = "";
  state.tags = {};
  showRecordStatus(null);
  const names = (r.position.players ?? []).map((p) => p.name ?? "");
  for (const p of [...state.seats.keys()]) if (!names.includes(p)) state.seats.delete(p);
  showError("");
  render();
}

/** An action played from the position from: the actions after it are dropped (a new line), and
 * the new one shown, unless another position has been chosen meanwhile. */
function push(from: Entry, pos: Position, next: NextTurn, notation: string): void {
  const at = state.history.indexOf(from);
  if (at < 0) return;
  const follow = state.cursor >= at;
  state.history.length = at + 1;
  state.history.push({ pos, next, notation, san: pos.last_action?.san || undefined });
  if (follow) state.cursor = state.history.length - 1;
  state.rollAgain = "";
  showError("");
}

async function playAction(a: Action): Promise<void> {
  const e = cur();
  if (!e) return;
  const gen = state.generation;
  const r = await api.apply({ position: ref(e.pos), moves: [{ notation: a.notation }], include_next: true, history: { keys: keys() } });
  if (gen !== state.generation) return;
  if (r.failure || !r.position || !r.next || !r.applied) {
    showError(r.failure?.reason ? `${a.notation}: ${r.failure.reason}` : `${a.notation} was not applied`);
    render();
    return;
  }
  push(e, r.position, r.next, r.position.last_action?.notation || a.notation || "");
  render();
}

/** The seed of a roll by the service at this point of the game: one of its own for every ply when
 * a seed is entered, so that the game's rolls are reproducible but not all alike; none otherwise
 * (the service picks one). */
function seedForRoll(): string | undefined {
  const text = ($("seed") as HTMLInputElement).value.trim();
  return text ? rollSeed(text, state.cursor) : undefined;
}

type Rolled = { position?: Position; next?: NextTurn; events?: { kind?: string }[]; roll_again?: boolean };

/** A roll's answer: the position it reached, or, when the values call for another roll (a
 * Chaturaji 6 or 1), the same position and a note that says so. */
function rolled(from: Entry, r: Rolled, values: number[]): void {
  if (!r.position || !r.next) return;
  if (r.roll_again || (r.events ?? []).some((ev) => ev.kind === "EVENT_KIND_ROLL_AGAIN")) {
    state.rollAgain = `rolled ${values.join(" ")}: roll again`;
    showError("");
    return;
  }
  push(from, r.position, r.next, r.position.last_action?.notation || `roll ${values.join(" ")}`);
}

async function rollService(): Promise<void> {
  const e = cur();
  if (!e) return;
  const gen = state.generation;
  const r = await api.roll({ position: ref(e.pos), seed: seedForRoll(), include_next: true });
  if (gen !== state.generation) return;
  state.lastSeed = r.seed ?? "";
  rolled(e, r, r.values ?? []);
  render();
}

async function rollManual(): Promise<void> {
  const text = ($("roll-values") as HTMLInputElement).value.trim();
  const values = text.split(/[\s,]+/).filter(Boolean).map(Number);
  if (!values.length || values.some((v) => !Number.isInteger(v))) {
    showError("enter the dice values as whole numbers separated by spaces");
    return;
  }
  await rollValues(values);
}

async function rollValues(values: number[]): Promise<void> {
  const e = cur();
  if (!e) return;
  const gen = state.generation;
  const r = await api.resolve({ position: ref(e.pos), values, include_next: true });
  if (gen !== state.generation) return;
  state.lastSeed = "";
  rolled(e, r, values);
  render();
}

// ---------------------------------------------------------------------------------------------
// Bots: any seat may be the service's Search; a bot's turn is played as soon as it comes.

/** The bot's level, 1 to 8 (as lichess's computer levels; 8 is the game's default search for
 * the bot time), when no depth is given. */
function botLevel(): number | undefined {
  if (botDepth() !== undefined) return undefined;
  const l = Number(($("bot-level") as HTMLSelectElement).value);
  return Number.isInteger(l) && l >= 1 && l <= 8 ? l : DEFAULT_LEVEL;
}

/** The level a bot plays at until another is chosen: the middle of the eight. */
const DEFAULT_LEVEL = 4;

/** The bot's depth, or undefined (the field empty): then the bot plays at its level. A depth
 * makes the bot an alpha-beta (paranoid) search to that depth, stopped by the bot time. */
function botDepth(): number | undefined {
  const text = ($("bot-depth") as HTMLInputElement).value.trim();
  const d = Number(text);
  return text !== "" && Number.isInteger(d) && d >= 1 && d <= 64 ? d : undefined;
}

/** How long a bot thinks over an action: the search's time limit, a bound on a depth-limited one. */
function botTime(): string {
  const t = ($("bot-time") as HTMLSelectElement).value;
  return /^\d+(\.\d+)?s$/.test(t) ? t : "0.5s";
}

/** Who plays a bot seat, for a record's tags. */
function botLabel(): string {
  const d = botDepth();
  return d === undefined ? `bot (level ${botLevel()}, ${botTime()} an action)` : `bot (depth ${d}, at most ${botTime()} an action)`;
}

/** The level menu: every level with its rating in the game, where the variant has one. */
function renderLevels(v: Variant): void {
  const sel = $("bot-level") as HTMLSelectElement;
  const was = sel.value || String(DEFAULT_LEVEL);
  sel.replaceChildren();
  for (let l = 1; l <= 8; l++) {
    const r = (v.levels ?? []).find((x) => x.level === l);
    const elo = r ? ` · Elo ${Math.round(r.elo)}` : "";
    const o = h("option", { value: String(l), title: r ? `Elo ${Math.round(r.elo)} (95%: ${Math.round(r.elo_low)} to ${Math.round(r.elo_high)}), random play 0` : "" }, `level ${l}${elo}`);
    if (r) o.dataset.elo = String(r.elo);
    sel.append(o);
  }
  sel.value = was;
}

/** A bot plays only at the game's last position: not while an earlier one is shown. */
function botToMove(): boolean {
  const e = cur();
  return !!e && atEnd() && !finished(e) && state.seats.get(chooser(e)) === "bot";
}

async function runBots(): Promise<void> {
  if (state.botRunning) return;
  state.botRunning = true;
  try {
    for (let i = 0; i < 500 && botToMove(); i++) {
      const e = cur()!;
      const gen = state.generation;
      if (e.next?.chance) {
        // The bot's dice are the service's, from the game's seed when one is entered.
        const r = await api.roll({ position: ref(e.pos), seed: seedForRoll(), include_next: true });
        if (gen !== state.generation || !r.position || !r.next) return;
        state.lastSeed = r.seed ?? "";
        rolled(e, r, r.values ?? []);
      } else {
        // With a seed entered, the bots' choices follow it too: the same game plays again.
        const seedText = ($("seed") as HTMLInputElement).value.trim();
        const seed = seedText && botLevel() ? rollSeed(seedText, state.cursor) : undefined;
        const s = await patiently(undefined, () =>
          api.search({ position: ref(e.pos), depth: botDepth(), level: botLevel(), seed, time_limit: botTime(), history: { keys: keys() } }),
        );
        if (gen !== state.generation) return;
        // An earlier position chosen meanwhile: the bot waits until the last is shown again.
        if (cur() !== e) continue;
        const best = s.best_action;
        if (!best?.notation) {
          showError("the bot found no action");
          return;
        }
        await playAction(best);
        if (gen !== state.generation) return;
      }
      render();
    }
  } finally {
    state.botRunning = false;
  }
}

/** After every change: let the bots play, within the same busy period as the change. */
async function afterChange(): Promise<void> {
  if (botToMove()) await runBots();
}

const act = (fn: () => Promise<void>) => () => void busy(async () => {
  await fn();
  await afterChange();
});

// ---------------------------------------------------------------------------------------------
// The board: @ashtapada/board's view draws it and turns clicks, drags and keys into one of the
// legal actions it is given; the page gives it none while it waits, and says why a square
// activated did nothing.

let board: BoardHandle | null = null;
let shown: BoardConfig = {};
const NO_MOVES: Action[] = [];

/** What the board shows: the position, its legal actions when a person may play them now, the
 * side seen from, and the analysis's best action. */
function boardConfig(): BoardConfig | null {
  const v = state.variant;
  const e = cur();
  if (!v || !e?.next) return null;
  const human = !finished(e) && state.seats.get(chooser(e)) !== "bot";
  const playable = pending === 0 && human && !e.next.chance;
  const best = analysisBest();
  const shapes: NonNullable<BoardConfig["shapes"]> = botMoves();
  // After a reviewed mistake, what was best instead, as lichess draws it.
  const better = reviewAt(state.cursor)?.best;
  if (better) shapes.push({ from: better.from, to: better.to, notation: better.notation, label: better.label, class: "review-best", color: "#c77c02" });
  if (best) shapes.push({ from: best.from, to: best.to, notation: best.notation, label: `best: ${best.label}`, class: "best-move", color: "#1d6b2c" });
  return {
    variant: v as BoardConfig["variant"],
    position: e.pos as BoardConfig["position"],
    legal: playable ? ((e.next.moves ?? NO_MOVES) as BoardConfig["legal"]) : null,
    orientation: viewer(),
    shapes,
  };
}

/** The bots' moves since a person last acted, up to the position shown, as arrows: with several
 * bots seated, every one of their moves is seen, not only the last. */
function botMoves(): NonNullable<BoardConfig["shapes"]> {
  const out: NonNullable<BoardConfig["shapes"]> = [];
  for (let i = state.cursor; i >= 1; i--) {
    const e = state.history[i];
    const la = e.pos.last_action;
    const mover = la?.player || state.history[i - 1].pos.to_move || "";
    if (la?.kind === "ACTION_KIND_ROLL" || !mover) continue;
    if (state.seats.get(mover) !== "bot") break;
    if (la?.from && la.to && la.from !== la.to)
      out.unshift({ from: la.from, to: la.to, notation: e.notation ?? "", label: `${mover} (bot): ${shownAction(e)}`, class: "bot-move", color: "#2f5fa7" });
  }
  return out;
}

/** Gives the board what changed since it was last set. */
function syncBoard(): void {
  const want = board && boardConfig();
  if (!board || !want) return;
  const diff: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(want)) {
    const old = (shown as Record<string, unknown>)[k];
    if (k === "shapes" ? JSON.stringify(v) !== JSON.stringify(old) : v !== old) diff[k] = v;
  }
  shown = want;
  if (Object.keys(diff).length) board.set(diff as BoardConfig);
}

/** A square clicked, dropped on or picked by the keyboard that played nothing: why. */
async function missed(square: string, from: string | null): Promise<void> {
  const e = cur();
  if (!e) return;
  if (pending > 0) {
    // A click on a board that is about to change would act on the wrong position: say so.
    showError(state.botRunning ? `wait for the bot: ${chooser(e)} is thinking` : "wait for the service's answer, then click again");
    return;
  }
  if (finished(e)) {
    showError("the game is over");
    return;
  }
  if (state.seats.get(chooser(e)) === "bot") {
    showError(`${chooser(e)} is played by the bot`);
    return;
  }
  if (e.next?.chance) {
    showError("roll the dice first");
    return;
  }
  if (from !== null) {
    // Not a legal target: the service says why, and nothing changes.
    await busy(async () => {
      // The service's reason names the piece and what it cannot do ("a pawn on e2 cannot move to e4").
      let reason = "";
      try {
        const v = await api.validate({ position: ref(e.pos), move: { from, to: square } });
        reason = v.reason ?? "";
      } catch (err) {
        reason = err instanceof ApiError ? err.message : String(err);
      }
      showError(reason ? reason.charAt(0).toUpperCase() + reason.slice(1) : `${from} to ${square} is not legal`);
    });
    return;
  }
  const piece = e.pos.pieces?.find((p) => p.square === square);
  showError(piece ? `the ${nice(piece.kind)} on ${square} has no legal action` : `nothing on ${square} can be played`);
}

function mountBoard(): void {
  const host = $("board-box");
  board = createBoard(host, {
    tabbable: true,
    dice: false,
    menu: "unclickable",
    controlsElement: $("actions"),
    choicesElement: $("actions"),
    onAction: (a) => act(() => playAction(a as Action))(),
    onSelect: (sq) => {
      if (sq) showError("");
    },
    onMiss: (sq, from) => void missed(sq, from),
  });
  const svg = board.element.querySelector("svg");
  if (svg) svg.id = "board";
}

// ---------------------------------------------------------------------------------------------
// Drawing.

function render(): void {
  const v = state.variant;
  const e = cur();
  if (!v || !e) return;
  updateUrl();
  syncRecordHash();
  const { pos, next } = e;
  if (!next) {
    void busy(fillNext);
    return;
  }
  const who = chooser(e);
  const human = state.seats.get(who) !== "bot" && !finished(e);
  updateAnalysis(); // first, so that a new position drops the old one's arrow
  syncBoard();
  renderView();

  const toMove = $("to-move");
  toMove.dataset.player = pos.to_move ?? "";
  toMove.replaceChildren(swatch(colorFill(playerColor(pos.to_move ?? ""))), pos.to_move ?? "");
  const phase = finished(e)
    ? "game over"
    : next.chance
      ? "to roll"
      : next.phase === "PHASE_RESPONSE"
        ? "to answer"
        : "to move";
  let status = finished(e) ? "Game over" : state.rollAgain ? `${who} ${state.rollAgain}` : `${who} ${phase}`;
  if (!finished(e) && who !== pos.to_move) status += ` (for ${pos.to_move})`;
  if (pos.in_check) status += ", in check";
  if (!finished(e) && state.seats.get(who) === "bot") status += atEnd() ? " — bot thinking" : " — bot";
  if (!atEnd()) status += ` — after action ${state.cursor} of ${state.history.length - 1}`;
  if (pos.proposal?.stage && pos.proposal.stage !== "available")
    status += ` — ${nice(pos.proposal.kind ?? "proposal")} ${pos.proposal.stage}${pos.proposal.responder ? `, ${pos.proposal.responder} answers` : ""}`;
  // A turn's owed move is the variant's own state (Martian Coaster Chaturanga).
  const owed = pos.state?.compulsory;
  if (typeof owed === "string" && owed) {
    const piece = pos.state?.compulsory_piece;
    status += ` — must ${nice(owed)}${typeof piece === "string" && piece ? " " + piece : ""}`;
  }
  $("status").textContent = status;
  $("status").toggleAttribute("data-roll-again", Boolean(state.rollAgain));
  const scored = keepsScores(v, pos, next);
  renderResult(finished(e) ? next : null, scored);
  $("last-action").textContent = state.cursor > 0 ? shownAction(e) : "";
  renderPlayerNames();
  renderNav();

  renderDice(v, pos);
  renderDiceControls(e, next, human);
  renderScores(v, pos, next);
  renderHeld(v, pos, playerColor);

  updateReview();
  renderMoveList();
  // Undo takes back the game's last action: only while the last position is shown.
  const undo = $("undo") as HTMLButtonElement;
  undo.disabled = state.history.length < 2 || !atEnd();
  undo.title = atEnd() ? "" : "go to the last position (End) to take back the last action";
  const ta = $("position-text") as HTMLTextAreaElement;
  if (document.activeElement !== ta || ta.dataset.shown !== pos.text) ta.value = pos.text ?? "";
  ta.dataset.shown = pos.text ?? "";
}

/** The players' names from a loaded record, beside the board. */
function renderPlayerNames(): void {
  const names = playerNames();
  const box = $("player-names");
  box.replaceChildren();
  box.hidden = names.size === 0;
  [...names].forEach(([p, name], i) => {
    if (i) box.append(" · ");
    const span = h("span", { "data-player": p });
    span.append(swatch(colorFill(playerColor(p))), h("strong", {}, name), ` (${nice(p)})`);
    box.append(span);
  });
}

/** The buttons that walk the game, off where they would not move. */
function renderNav(): void {
  const last = state.history.length - 1;
  for (const [id, off] of [["nav-first", state.cursor <= 0], ["nav-prev", state.cursor <= 0], ["nav-next", state.cursor >= last], ["nav-last", state.cursor >= last]] as [string, boolean][])
    ($(id) as HTMLButtonElement).disabled = off;
}

/** Who chose the action that led to history[i]: the player whose turn it was (a roll's roller). */
const moverOf = (i: number) => state.history[i].pos.last_action?.player || state.history[i - 1]?.pos.to_move || "";

/** Move numbers over the game up to history[upto] (the actions before it), as records print them. */
function gameRounds(upto: number, label?: (i: number, n: string) => void): Rounds {
  const first = state.history[0];
  const r = new Rounds(first?.pos.players?.[0]?.name ?? "", startRound(first?.pos.counters), null);
  for (let i = 1; i <= upto; i++) {
    const n = r.label(moverOf(i));
    label?.(i, n);
  }
  return r;
}

/** The move list as lichess shows it: SAN where the game has it, a number where the first player
 * begins a round ("1. e3 e6 2. Nf3"); each entry shows the position after it when clicked, the
 * one shown is aria-current, and a reviewed game's marks (?!, ?, ??) follow their actions. */
function renderMoveList(): void {
  const list = $("move-list");
  list.replaceChildren();
  let current: HTMLElement | null = null;
  gameRounds(state.history.length - 1, (i, number) => {
    const x = state.history[i];
    const by = x.pos.last_action?.player ?? "";
    const li = h("li", { "data-player": by, "data-index": String(i), "data-notation": x.notation ?? "", title: by ? `${by}: ${shownAction(x)}` : shownAction(x) });
    li.append(h("span", { class: "ply", "aria-hidden": number ? "false" : "true" }, number));
    const note = h("span", { class: "notation" }, shownAction(x));
    li.append(swatch(colorFill(playerColor(by))), note);
    const mark = reviewMark(i - 1);
    if (mark) {
      li.dataset.judgement = mark.judgement;
      if (mark.mark) li.append(h("span", { class: "mark", title: mark.title }, mark.mark));
    }
    if (i === state.cursor) {
      li.setAttribute("aria-current", "true");
      current = li;
    }
    list.append(li);
  });
  // The list scrolls within itself, never the page: the board stays where it is.
  const shownEntry = current as HTMLElement | null;
  if (atEnd() || !shownEntry) list.scrollTop = list.scrollHeight;
  else {
    const top = shownEntry.offsetTop; // #move-list is positioned: offsets are from its top
    if (top < list.scrollTop || top + shownEntry.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
  }
}

/** Roll, and the dice rolled by hand, are there only when a person is to roll; the seed stays, as it
 * belongs to the whole game. */
function renderDiceControls(e: Entry, next: NextTurn, human: boolean): void {
  const v = state.variant;
  $("dice-panel").hidden = (v?.die_types ?? []).length === 0 || finished(e);
  const rolling = human && Boolean(next.chance);
  $("roll").hidden = !rolling;
  $("manual-dice").hidden = !rolling;
  const used = $("seed-used");
  used.textContent = state.lastSeed ? `seed ${state.lastSeed}` : "";
  used.dataset.seed = state.lastSeed;
  const outcomes = $("roll-outcomes");
  outcomes.replaceChildren();
  const moves = next.moves ?? [];
  if (rolling && moves.length <= 12) {
    for (const a of moves) {
      const b = h("button", { type: "button", "data-notation": a.notation ?? "", "data-dice": (a.dice ?? []).join(" ") }, a.notation ?? "");
      b.addEventListener("click", act(() => playAction(a)));
      outcomes.append(b);
    }
  }
}

/** The address names the variant and the position as it stands, so a reload or a shared link
 * opens it (the moves before it are not kept). */
function updateUrl(): void {
  const v = state.variant;
  const e = cur();
  if (!v || !e) return;
  const q = new URLSearchParams();
  q.set("variant", v.name ?? "");
  q.set("position", e.pos.text ?? "");
  if (state.view && state.view !== players()[0]) q.set("view", state.view);
  // The bots' seats, so that a reload goes on with the same opponents.
  const bots = players().filter((p) => state.seats.get(p) === "bot");
  if (bots.length) q.set("bots", bots.join(","));
  history.replaceState(null, "", `?${q.toString()}${state.recordHash}`);
}

// ---------------------------------------------------------------------------------------------
// Game records: ExportGame writes the game from its first position and its actions, ImportGame
// reads one back.

/** Every action played since the game's first position, dice rolls included, as the page played them. */
function gameActions(): string[] {
  return state.history.slice(1).map((e) => e.notation ?? "");
}

/** The tags of the record: a loaded record's own as they were (its event, date, players' names),
 * and for what it does not say, what the page knows: where and when, who plays each seat. */
function recordTags(): Record<string, string> {
  const tags: Record<string, string> = { Event: "Ashtapada playground", Date: pgnDate(new Date()) };
  for (const p of players()) tags[playerTag(p)] = state.seats.get(p) === "bot" ? botLabel() : "human";
  return { ...tags, ...state.tags };
}

/** The players' names a loaded record gives (its White, Black, Red... tags), by player. */
function playerNames(): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of players()) {
    const name = state.tags[playerTag(p)];
    if (name) out.set(p, name);
  }
  return out;
}

async function exportRecord(): Promise<string> {
  const first = state.history[0];
  if (!first) throw new ApiError("there is no game to save", 0);
  const r = await api.exportGame({ start: ref(first.pos), actions: gameActions().map((notation) => ({ notation })), tags: recordTags() });
  return r.record;
}

async function saveRecord(): Promise<void> {
  const record = await exportRecord();
  const url = URL.createObjectURL(new Blob([record], { type: "application/x-chess-pgn" }));
  const a = h("a", { href: url, download: recordFileName(state.variant?.name ?? "game", new Date()) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  showRecordStatus("record saved");
}

/** Copies the record, and shows it in the record's text area, where it can be selected by hand
 * when the page may not write to the clipboard. */
async function copyRecord(): Promise<void> {
  const record = await exportRecord();
  const ta = $("record-text") as HTMLTextAreaElement;
  ta.value = record;
  try {
    await navigator.clipboard.writeText(record);
    showRecordStatus("record copied");
  } catch {
    ta.select();
    showRecordStatus("the record is in the text area: copy it from there");
  }
}

/** What the last record did: a note, or the action it could not play (data-index counts the
 * record's actions from 0, as ImportGame does). */
function showRecordStatus(note: string | null, failure?: { index?: number; notation?: string; reason?: string }): void {
  const box = $("record-status");
  for (const k of ["index", "notation", "reason"]) box.removeAttribute(`data-${k}`);
  box.textContent = note ?? "";
  if (!failure) return;
  const index = failure.index ?? 0;
  box.dataset.index = String(index);
  box.dataset.notation = failure.notation ?? "";
  box.dataset.reason = failure.reason ?? "";
  box.textContent = `Loaded up to action ${index + 1} of the record, ${failure.notation ?? ""}, which cannot be played: ${failure.reason ?? ""}`;
}

/** Loads a record: its variant, options and first position, and every action it plays, up to the
 * first one that cannot be played. */
async function loadRecord(text: string): Promise<void> {
  const r = await api.importGame({ record: text });
  const start = r.start;
  if (!start?.variant) throw new ApiError("the service gave no start position", 0);
  const positions = await recordPositions(text, start, r.actions ?? []);
  await useVariant(start.variant);
  state.generation++;
  state.history = [
    { pos: start, next: null, notation: null },
    ...positions.map((pos, i) => ({
      pos,
      next: null,
      notation: r.actions?.[i]?.notation ?? pos.last_action?.notation ?? "",
      san: r.actions?.[i]?.san || pos.last_action?.san || undefined,
    })),
  ];
  state.tags = Object.fromEntries(Object.entries(r.tags ?? {}).filter(([k]) => !COMPUTED_TAGS.has(k)));
  state.cursor = state.history.length - 1;
  state.rollAgain = "";
  showError("");
  await fillNext();
  showVariantGame(null);
  const n = state.history.length - 1;
  if (r.failure) showRecordStatus(null, r.failure);
  else showRecordStatus(`loaded ${n} action${n === 1 ? "" : "s"}${r.result && r.result !== "*" ? `, result ${r.result}` : ""}`);
}

/** ImportGame gives the positions of a record of at most this many actions. */
const IMPORT_POSITIONS_LIMIT = 500;

/** The position after each action of a record: ImportGame's own for a record it gives them for,
 * else the actions replayed one by one. */
async function recordPositions(text: string, start: Position, actions: Action[]): Promise<Position[]> {
  if (actions.length <= IMPORT_POSITIONS_LIMIT) return (await api.importGame({ record: text, include_positions: true })).positions ?? [];
  const out: Position[] = [];
  let at = start;
  for (const a of actions) {
    const r = await api.apply({ position: ref(at), moves: [{ notation: a.notation }] });
    if (!r.position) throw new ApiError(`the record's action ${out.length + 1} (${a.notation}) gave no position`, 0);
    out.push(r.position);
    at = r.position;
  }
  return out;
}

/** The turn of the position shown, asked for with the game's earlier keys, so that a draw by
 * repetition is seen. */
async function fillNext(): Promise<void> {
  const e = cur();
  if (!e || e.next) return;
  const gen = state.generation;
  const r = await api.apply({ position: ref(e.pos), moves: [], include_next: true, history: { keys: keys() } });
  if (gen !== state.generation || !state.history.includes(e)) return;
  if (!r.next) throw new ApiError("the service gave no turn", 0);
  e.next = r.next;
  if (cur() === e) render();
}

/** A text of the game that changes with every action, to tell whether the address's record is the game's. */
function gameKey(): string {
  return JSON.stringify([state.history[0]?.pos.variant, state.history[0]?.pos.text, gameActions()]);
}

/** Puts a short game's record into the address ("#record=" and base64url), so that a link to the
 * page is the game; a longer game, or a game of no action yet, leaves it out. */
function syncRecordHash(): void {
  const key = gameKey();
  if (key === state.recordHashFor) return;
  state.recordHashFor = key;
  state.recordHash = "";
  updateUrl();
  if (state.history.length < 2) return;
  quiet++;
  markBusy();
  exportRecord()
    .then((record) => {
      if (state.recordHashFor !== key) return;
      state.recordHash = record.length < ADDRESS_RECORD_LIMIT ? `#record=${encodeRecord(record)}` : "";
      updateUrl();
    })
    .catch(() => {
      // The address only misses the record: the game itself is unharmed.
    })
    .finally(() => {
      quiet--;
      markBusy();
    });
}

/** The address's record, if it has one; "" when it has none. */
function addressRecord(): string {
  return location.hash.startsWith("#record=") ? location.hash.slice("#record=".length) : "";
}

async function loadAddressRecord(code: string): Promise<void> {
  await loadRecord(decodeRecord(code));
}

// ---------------------------------------------------------------------------------------------
// Loading a variant and the controls.

async function loadVariant(name: string, options: Record<string, unknown> | null, text: string | null): Promise<void> {
  await useVariant(name);
  if (text) await setGame({ variant: name, text });
  else await newGame(options ?? {});
  showVariantGame(options);
}

/** Switches the page to a variant, before its game is set. */
async function useVariant(name: string): Promise<void> {
  const r = await api.getVariant(name);
  if (!r.variant) throw new ApiError(`no variant ${name}`, 404);
  state.variant = r.variant;
  state.seats.clear();
  ($("variant") as HTMLSelectElement).value = name;
  $("variant-summary").textContent = r.variant.summary ?? "";
  renderLevels(r.variant);
  renderLegend(r.variant);
}

/** The panels that follow the game's variant and options, once its game is set. */
function showVariantGame(options: Record<string, unknown> | null): void {
  const v = state.variant;
  if (!v) return;
  renderPieceLegend(v, playerColor(players()[0] ?? ""));
  const pos = state.history[0]?.pos;
  renderOptions(v, (pos?.options as Record<string, unknown> | undefined) ?? options ?? {});
  renderSeatsNow();
}

async function newGame(options: Record<string, unknown>): Promise<void> {
  const v = state.variant;
  if (!v) return;
  const r = await api.start(v.name ?? "", options as Record<string, never>);
  if (!r.position) throw new ApiError("the service gave no start position", 0);
  await setGame(r.position);
  renderSeatsNow();
}

/** The "view from" choice: one entry per player, named with where the player sits. */
function renderView(): void {
  const sel = $("view") as HTMLSelectElement;
  const all = players();
  const want = all.map((p) => `${p}|${seatOf(p)}`).join(",");
  if (sel.dataset.players !== want) {
    sel.replaceChildren(...all.map((p) => h("option", { value: p }, seatOf(p) && seatOf(p) !== p ? `${p} (${nice(seatOf(p))})` : p)));
    sel.dataset.players = want;
  }
  sel.value = viewer();
}

function renderSeatsNow(): void {
  renderSeats(players(), state.seats, playerNames(), (p, who) => {
    state.seats.set(p, who);
    // The board stays as it is seen: only "View from" turns it.
    render();
    void busy(afterChange);
  });
}

function renderLegend(v: Variant): void {
  const box = $("legend");
  box.replaceChildren();
  const seen = new Set<string>();
  for (const m of v.board?.marks ?? []) {
    const key = `${m.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    box.append(h("li", { "data-mark": m.name ?? "" }, `${nice(m.name ?? "")}: ${m.description ?? ""}`));
  }
  // The page's own arrows.
  const arrow = (cls: string, color: string, text: string) => {
    const li = h("li", { "data-arrow": cls });
    li.append(swatch(color), text);
    box.append(li);
  };
  arrow("bot-move", "#2f5fa7", "blue arrows: the bots' moves since a person last played");
  arrow("best-move", "#1d6b2c", "green arrow: the analysis's best move");
  arrow("review-best", "#c77c02", "orange arrow: after a reviewed mistake, the action that was best");
}

/** The position the analysis looks at: the one shown, with what the page knows of the game. */
function analysisSubject() {
  const e = cur();
  if (!e) return null;
  // The game's seed, else one of the position's own, so that the same position shows the same chances.
  const seed = ($("seed") as HTMLInputElement).value.trim() || (e.pos.text ?? "");
  const numbers = () => {
    const first = state.history[0]?.pos.players?.[0]?.name ?? "";
    return new Rounds(first, gameRounds(state.cursor).peek(e.pos.to_move ?? ""), null);
  };
  return { pos: e.pos, keys: keys(), chance: Boolean(e.next?.chance), finished: finished(e), botToMove: botToMove(), seed: String(baseSeed(seed)), numbers };
}

/** Shows the position at index i of the game, which stays whole; at the last one the bots play on. */
function showAt(i: number): void {
  const to = Math.max(0, Math.min(i, state.history.length - 1));
  if (to === state.cursor || !state.history.length) return;
  state.cursor = to;
  state.rollAgain = "";
  showError("");
  render();
  if (atEnd()) void busy(afterChange);
}

async function main(): Promise<void> {
  const q = new URLSearchParams(location.search);
  mountBoard();
  initAnalysis({ subject: analysisSubject, playerColor, showBestMove: syncBoard });
  initReview({
    game: () => {
      const first = state.history[0];
      if (!first || state.history.length < 2) return null;
      return { start: first.pos, actions: gameActions(), key: gameKey(), players: (first.pos.players ?? []).map((p) => p.name ?? "") };
    },
    playerColor,
    cursor: () => state.cursor,
    showAt,
    changed: () => renderMoveList(),
  });
  $("variant").addEventListener("change", () => {
    state.view = "";
    // A record of the previous variant is no record of this one.
    ($("record-text") as HTMLTextAreaElement).value = "";
    void busy(() => loadVariant(($("variant") as HTMLSelectElement).value, null, null));
  });
  $("new-game").addEventListener("click", act(async () => {
    if (state.variant) {
      await newGame(readOptions(state.variant));
    }
  }));
  $("roll").addEventListener("click", act(rollService));
  $("roll-manual").addEventListener("click", act(rollManual));
  $("roll-values").addEventListener("keydown", (ev) => {
    if ((ev as KeyboardEvent).key === "Enter") act(rollManual)();
  });
  $("view").addEventListener("change", () => {
    state.view = ($("view") as HTMLSelectElement).value;
    render();
  });
  $("undo").addEventListener("click", () => {
    if (state.history.length < 2 || !atEnd()) return;
    state.generation++;
    state.history.pop();
    state.cursor = state.history.length - 1;
    // With bots seated, go back to the last position a human chooses in.
    while (state.history.length > 1 && botToMove()) {
      state.history.pop();
      state.cursor = state.history.length - 1;
    }
    showRecordStatus(null);
    state.rollAgain = "";
    showError("");
    render();
  });
  // The same walk by buttons under the board, for a page without a keyboard.
  $("nav-first").addEventListener("click", () => showAt(0));
  $("nav-prev").addEventListener("click", () => showAt(state.cursor - 1));
  $("nav-next").addEventListener("click", () => showAt(state.cursor + 1));
  $("nav-last").addEventListener("click", () => showAt(state.history.length - 1));
  $("move-list").addEventListener("click", (ev) => {
    const li = (ev.target as Element | null)?.closest?.("#move-list li") as HTMLElement | null;
    const i = Number(li?.dataset.index);
    if (li && Number.isInteger(i)) showAt(i);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target as HTMLElement | null;
    if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
    const last = state.history.length - 1;
    const to = { ArrowLeft: state.cursor - 1, ArrowRight: state.cursor + 1, Home: 0, End: last }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    showAt(to);
  });
  $("copy-position").addEventListener("click", () => {
    const text = cur()?.pos.text ?? "";
    navigator.clipboard?.writeText(text).catch(() => {
      ($("position-text") as HTMLTextAreaElement).select();
    });
  });
  $("load-position").addEventListener("click", act(async () => {
    const text = ($("position-text") as HTMLTextAreaElement).value.trim();
    if (state.variant && text) await setGame({ variant: state.variant.name ?? "", text });
    renderSeatsNow();
  }));

  $("save-record").addEventListener("click", () => void busy(saveRecord));
  $("copy-record").addEventListener("click", () => void busy(copyRecord));
  $("load-record").addEventListener("click", act(async () => {
    const text = ($("record-text") as HTMLTextAreaElement).value;
    if (!text.trim()) {
      showError("paste a record or choose a file first");
      return;
    }
    await loadRecord(text);
  }));
  $("record-file").addEventListener("change", act(async () => {
    const input = $("record-file") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    input.value = ""; // the same file chosen again loads again
    ($("record-text") as HTMLTextAreaElement).value = text;
    await loadRecord(text);
  }));
  // A link to another game opened in the same tab changes only the hash.
  window.addEventListener("hashchange", () => {
    const code = addressRecord();
    if (code && `#record=${code}` !== state.recordHash) void busy(() => loadAddressRecord(code));
  });

  await busy(async () => {
    const list = await api.listVariants();
    const sel = $("variant") as HTMLSelectElement;
    for (const v of list.variants ?? []) sel.append(h("option", { value: v.name ?? "" }, v.title || v.name || ""));
    let options: Record<string, unknown> | null = null;
    const raw = q.get("options");
    if (raw) {
      try {
        options = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        showError("the options parameter is not JSON");
      }
    }
    state.view = q.get("view") ?? "";
    const code = addressRecord();
    if (code) {
      try {
        await loadAddressRecord(code);
        return;
      } catch (err) {
        // The page still opens, on what the rest of the address names, and says what was wrong.
        await loadVariant(q.get("variant") || "chaturanga", options, q.get("position"));
        showError(`the record in the address cannot be loaded: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
    }
    await loadVariant(q.get("variant") || "chaturanga", options, q.get("position"));
  });
  seatBots(q.get("bots"));
}

/** The address's bot seats ("bots=black,red"): a reload keeps its opponents, who play on. */
function seatBots(list: string | null): void {
  const names = players();
  const bots = (list ?? "").split(",").filter((p) => names.includes(p));
  if (!bots.length) return;
  for (const p of bots) state.seats.set(p, "bot");
  renderSeatsNow();
  render();
  void busy(afterChange);
}

void main();
