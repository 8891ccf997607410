// Layer 2: <ashtapada-board>, a board that plays a game against the JSON gateway by itself.
// GetVariant, StartPosition, ListLegalMoves, ApplyMoves, RollDice, Search (for the seats in
// `bots`) and ScorePosition are its calls; every rule is the service's.
import { BoardApiError, client } from "./api.js";
import type { Client } from "./api.js";
import type { Action, LegalMoves, Position, Variant } from "./types.js";
import { createBoard } from "./view.js";
import type { BoardHandle } from "./view.js";

/** A game as the element holds it: its first position and every action since, dice rolls included. */
export interface Game {
  start: Position;
  actions: string[];
}

export interface ActionDetail { notation: string; position: Position }
export interface RollDetail { values: number[]; position: Position }
export interface ErrorDetail { message: string; httpStatus: number; status?: unknown }

const ATTRS = ["server", "variant", "position", "orientation", "mode", "bots"] as const;
const Base = (typeof HTMLElement === "undefined" ? class {} : HTMLElement) as typeof HTMLElement;

export class AshtapadaBoardElement extends Base {
  static get observedAttributes(): readonly string[] {
    return ATTRS;
  }

  #board: BoardHandle | null = null;
  #api: Client | null = null;
  #variant: Variant | null = null;
  #positions: Position[] = []; // [0] is the game's first position
  #actions: string[] = [];
  #legal: LegalMoves | null = null;
  #gen = 0;
  #pending = 0;
  #loadQueued = false;
  #scored = "";
  #gameText: { start: Position; actions: string[] } | null = null;

  /** The board of layer 1 the element draws with (its controls, config and announce). */
  get board(): BoardHandle | null {
    return this.#board;
  }

  connectedCallback(): void {
    if (!this.#board) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      this.#board = createBoard(shadow, { onAction: (a) => void this.#play(a), onRoll: () => void this.#roll() });
    }
    this.#queueLoad();
  }

  disconnectedCallback(): void {
    this.#gen++; // an answer that comes after is dropped
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value || !this.#board) return;
    if (name === "server" || name === "variant" || name === "position") this.#queueLoad();
    else if (name === "orientation") this.#board.set({ orientation: value });
    else void this.#turn(this.#gen);
  }

  /** The position shown, as the service gave it. Set a Position (or its text) to show another. */
  get position(): Position | null {
    return this.#positions.at(-1) ?? null;
  }
  set position(p: Position | string | null) {
    const text = typeof p === "string" ? p : (p?.text ?? "");
    if (p && typeof p !== "string" && p.variant && p.variant !== this.getAttribute("variant")) this.setAttribute("variant", p.variant);
    if (text) this.setAttribute("position", text);
    else this.removeAttribute("position");
    this.#queueLoad();
  }

  /** The game: its first position and its actions. Set one to replay it through ApplyMoves. */
  get game(): Game | null {
    const start = this.#positions[0];
    return start ? { start, actions: [...this.#actions] } : null;
  }
  set game(g: { start: Position | string; actions?: string[] } | null) {
    if (!g) return;
    const start = typeof g.start === "string" ? { variant: this.getAttribute("variant") ?? "", text: g.start } : g.start;
    if (start.variant && start.variant !== this.getAttribute("variant")) this.setAttribute("variant", start.variant);
    this.#gameText = { start, actions: [...(g.actions ?? [])] };
    this.#queueLoad();
  }

  get mode(): "view" | "play" {
    return this.getAttribute("mode") === "play" ? "play" : "view";
  }
  get bots(): string[] {
    return (this.getAttribute("bots") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  }

  #queueLoad(): void {
    if (this.#loadQueued) return;
    this.#loadQueued = true;
    queueMicrotask(() => {
      this.#loadQueued = false;
      if (this.isConnected) void this.#load();
    });
  }

  async #busy<T>(gen: number, fn: () => Promise<T>): Promise<T | undefined> {
    this.#pending++;
    this.toggleAttribute("data-busy", true);
    try {
      return await fn();
    } catch (err) {
      if (gen === this.#gen) this.#fail(err);
      return undefined;
    } finally {
      if (--this.#pending === 0) this.removeAttribute("data-busy");
    }
  }

  #fail(err: unknown): void {
    const e = err instanceof BoardApiError ? err : null;
    const message = err instanceof Error ? err.message : String(err);
    this.#board?.set({ message });
    this.dispatchEvent(new CustomEvent<ErrorDetail>("error", { detail: { message, httpStatus: e?.httpStatus ?? 0, status: e?.status } }));
  }

  #keys(): string[] {
    return this.#positions.slice(0, -1).map((p) => p.key ?? "").filter(Boolean);
  }

  async #load(): Promise<void> {
    const gen = ++this.#gen;
    const server = this.getAttribute("server") ?? "";
    const name = this.getAttribute("variant") ?? "";
    if (!name) return;
    this.#api = client(server || location.origin);
    const api = this.#api;
    const replay = this.#gameText;
    this.#gameText = null;
    this.#board?.set({ legal: null, rollable: false, message: null });
    await this.#busy(gen, async () => {
      if (this.#variant?.name !== name) {
        const v = (await api.variant(name)).variant;
        if (!v) throw new BoardApiError(`the service gave no variant ${name}`, 0);
        if (gen !== this.#gen) return;
        this.#variant = v;
      }
      const text = replay ? (replay.start.text ?? "") : (this.getAttribute("position") ?? "").trim();
      let start: Position | undefined;
      if (text) start = (await api.apply({ variant: name, text }, [], [])).position;
      else start = (await api.start(name)).position;
      if (!start) throw new BoardApiError("the service gave no position", 0);
      if (gen !== this.#gen) return;
      const positions = [start];
      const actions: string[] = [];
      for (const notation of replay?.actions ?? []) {
        const r = await api.apply(positions.at(-1)!, [notation], positions.slice(0, -1).map((p) => p.key ?? "").filter(Boolean));
        if (!r.position || !r.applied) throw new BoardApiError(r.failure?.reason ? `${notation}: ${r.failure.reason}` : `${notation} was not applied`, 0);
        positions.push(r.position);
        actions.push(notation);
      }
      if (gen !== this.#gen) return;
      this.#positions = positions;
      this.#actions = actions;
      this.#scored = "";
      const seat = this.getAttribute("orientation") ?? this.#firstHumanSeat();
      this.#board?.set({ variant: this.#variant, position: positions.at(-1)!, orientation: seat, lastAction: null, shapes: [], message: null });
    });
    if (gen === this.#gen && this.#positions.length) await this.#turn(gen);
  }

  #firstHumanSeat(): string | null {
    const players = (this.#positions[0]?.players ?? []).map((p) => p.name ?? "");
    const bots = this.bots;
    const human = this.mode === "play" ? players.find((p) => !bots.includes(p) && !bots.includes(this.#seatOf(p))) : players[0];
    return human ? this.#seatOf(human) || human : null;
  }

  #seatOf(player: string): string {
    return this.#variant?.seats?.find((s) => s.player === player)?.seat ?? "";
  }

  #isBot(player: string): boolean {
    const bots = this.bots;
    return bots.includes(player) || (!!this.#seatOf(player) && bots.includes(this.#seatOf(player)));
  }

  /** Asks for the turn of the position shown, and plays it if a bot is to choose. */
  async #turn(gen: number): Promise<void> {
    const api = this.#api;
    const pos = this.position;
    if (!api || !pos || gen !== this.#gen) return;
    this.#board?.set({ legal: null, rollable: false });
    const legal = await this.#busy(gen, () => api.list(pos, this.#keys()));
    if (!legal || gen !== this.#gen) return;
    this.#legal = legal;
    const finished = legal.phase === "PHASE_FINISHED" || pos.phase === "PHASE_FINISHED";
    if (finished) {
      this.#board?.set({ legal: null, rollable: false });
      const key = `${pos.text}|${this.#actions.length}`;
      if (this.#scored !== key) {
        this.#scored = key;
        const score = await this.#busy(gen, () => api.score(pos, this.#keys()));
        if (score && gen === this.#gen) this.dispatchEvent(new CustomEvent("gameover", { detail: score }));
      }
      return;
    }
    if (this.mode !== "play") {
      this.#board?.set({ legal: null, rollable: false });
      return;
    }
    const who = legal.to_move || pos.to_move || "";
    if (!this.#isBot(who)) {
      const chance = !!legal.chance;
      this.#board?.set({ legal: chance ? [] : (legal.moves ?? []), rollable: chance });
      return;
    }
    // A bot's turn: the service's dice, or the service's search.
    if (legal.chance) {
      await this.#roll(true);
      return;
    }
    const found = await this.#busy(gen, () => api.search(pos, this.#keys()));
    if (!found || gen !== this.#gen) return;
    const best = found.best_action;
    if (!best?.notation) {
      this.#fail(new BoardApiError("the bot found no action", 0));
      return;
    }
    await this.#play(best, true);
  }

  async #play(a: Action, byBot = false): Promise<void> {
    const api = this.#api;
    const pos = this.position;
    const gen = this.#gen;
    if (!api || !pos || !a.notation) return;
    if (!byBot && (this.mode !== "play" || this.#pending > 0)) return;
    this.#board?.set({ legal: null, rollable: false });
    const r = await this.#busy(gen, async () => {
      const r = await api.apply(pos, [a.notation!], this.#keys());
      if (!r.position || !r.applied) throw new BoardApiError(r.failure?.reason ? `${a.notation}: ${r.failure.reason}` : `${a.notation} was not applied`, 0);
      return r;
    });
    if (gen !== this.#gen) return;
    if (!r?.position) {
      // Refused: the same position stays, with its actions.
      void this.#turn(gen);
      return;
    }
    const notation = r.position.last_action?.notation || a.notation;
    this.#advance(r.position, notation);
    this.dispatchEvent(new CustomEvent<ActionDetail>("action", { detail: { notation, position: r.position } }));
    await this.#turn(gen);
  }

  async #roll(byBot = false): Promise<void> {
    const api = this.#api;
    const pos = this.position;
    const gen = this.#gen;
    if (!api || !pos) return;
    if (!byBot && (this.mode !== "play" || this.#pending > 0 || !this.#legal?.chance)) return;
    this.#board?.set({ legal: null, rollable: false });
    const r = await this.#busy(gen, () => api.roll(pos));
    if (gen !== this.#gen) return;
    if (!r?.position) {
      void this.#turn(gen);
      return;
    }
    const values = r.values ?? [];
    const notation = r.position.last_action?.notation || `roll ${values.join(" ")}`;
    if (r.position.text !== pos.text || r.position.key !== pos.key) this.#advance(r.position, notation);
    else this.#board?.set({ message: null });
    this.#board?.announce(`${pos.to_move ?? ""} rolled ${values.join(" ")}`);
    this.dispatchEvent(new CustomEvent<RollDetail>("roll", { detail: { values, position: r.position } }));
    await this.#turn(gen);
  }

  #advance(pos: Position, notation: string): void {
    this.#positions.push(pos);
    this.#actions.push(notation);
    this.#board?.set({ position: pos, lastAction: null, message: null });
  }
}

/** Registers <ashtapada-board> (once; a page may import the bundle twice). */
export function defineAshtapadaBoard(name = "ashtapada-board"): void {
  if (typeof customElements !== "undefined" && !customElements.get(name)) customElements.define(name, class extends AshtapadaBoardElement {});
}
