// Layer 1: createBoard(element, config), a pure view of any board the service describes. It draws
// the variant's board and a position from their JSON alone, and turns clicks, drags and keys into
// one of the legal actions it was given (onAction). It never calls the network. The playground
// (web/src/main.ts) draws its board with it.
import type { Action, Board, BoardMark, Die, Piece, Position, Variant } from "./types.js";
import { colorFill, drawGlyph, glyphSvg, pieceTitle } from "./pieces.js";
import { CSS_TEXT } from "./style.js";

/** An arrow (from, to) or a circle (from alone) drawn over the board. */
export interface Shape {
  from: string;
  to?: string;
  /** Any CSS colour; green when absent. */
  color?: string;
  /** The action the arrow stands for: its line gets data-notation. */
  notation?: string;
  /** A hover text (a <title>). */
  label?: string;
  /** Classes of the arrow's line (or the circle), for the host's style sheet. */
  class?: string;
}

export interface BoardConfig {
  /** The GetVariant answer's `variant`. */
  variant?: Variant | null;
  /** The position, as the API gives it (pieces, to_move, dice, board, last_action...). */
  position?: Position | null;
  /** The ListLegalMoves answer's actions (`moves`). Absent or null: nothing can be played. */
  legal?: Action[] | null;
  /** The seat (or player) whose side is drawn at the bottom; the variant's first seat when absent. */
  orientation?: string | null;
  /** The action to highlight; the position's last_action when absent. */
  lastAction?: Action | null;
  shapes?: Shape[];
  /** No selection, no drag, no action: the board only shows. */
  viewOnly?: boolean;
  /** File and rank names around the board (default true). */
  coordinates?: boolean;
  /** Pieces slide to their new squares (default true; never with prefers-reduced-motion). */
  animation?: boolean;
  /** Where the buttons of actions without a square go; board.controls is placed under the board otherwise. */
  controlsElement?: HTMLElement | null;
  /** Show a Roll button in the controls (onRoll is called on a press). */
  rollable?: boolean;
  /** A message shown under the board (an error); empty or null hides it. */
  message?: string | null;
  /** "light", "dark" or "auto" (the system's choice; the default). */
  theme?: "light" | "dark" | "auto";
  /** A legal action was chosen: one of `legal`, with its notation and structured form. */
  onAction?: ((action: Action) => void) | null;
  /** A square was selected (a piece picked up), or the selection dropped (null). */
  onSelect?: ((square: string | null) => void) | null;
  onRoll?: (() => void) | null;
  /** A square activated (click, drop, Enter) that neither plays nor selects anything: no legal
   * target of the selected piece (from), nothing to play from it, or a board that cannot be played. */
  onMiss?: ((square: string, from: string | null) => void) | null;
  /** Every square in the Tab order (default false: one square is, the arrow keys move between them). */
  tabbable?: boolean;
  /** Where the choices between several actions go (default: over the board). */
  choicesElement?: HTMLElement | null;
  /** Show the position's dice in the controls (default true). */
  dice?: boolean;
  /** Which actions the controls list: those without a square (default), or every action that is
   * not a move from one square to another (drops and a piece's actions on its own square too). */
  menu?: "squareless" | "unclickable";
}

export interface BoardHandle {
  /** The board's own element (inside the element given to createBoard). */
  readonly element: HTMLElement;
  /** The controls: buttons of the actions without a square, Roll, the dice. */
  readonly controls: HTMLElement;
  /** Changes some of the config; what is absent stays as it was. */
  set(config: BoardConfig): void;
  /** The config as it stands. */
  readonly config: Readonly<BoardConfig>;
  /** Announces a text in the board's live region. */
  announce(text: string): void;
  destroy(): void;
}

const SVG = "http://www.w3.org/2000/svg";
const U = 100;
const DRAG_START_PX = 6;

interface Cell {
  file: number;
  rank: number;
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const nice = (s: string) => s.replace(/_/g, " ");

/** Where a named cell lies: the board's own square, else its algebraic name (ocean cells). */
function cellOf(name: string, squares: Map<string, Cell>): Cell | null {
  const s = squares.get(name);
  if (s) return s;
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return null;
  let file = 0;
  for (const c of m[1]!) file = file * 26 + (c.charCodeAt(0) - 96);
  return { file: file - 1, rank: Number(m[2]) - 1 };
}

const DIRS: Record<string, [number, number]> = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] };

function dirVector(direction: string | undefined, from: Cell, to: Cell | null, ranks: number): [number, number] | null {
  if (direction && /^[nsew]+$/.test(direction)) {
    let x = 0;
    let y = 0;
    for (const c of direction) {
      x += DIRS[c]![0];
      y += DIRS[c]![1];
    }
    const l = Math.hypot(x, y);
    if (l > 0) return [x / l, y / l];
  }
  if (!to) return null;
  const x = to.file - from.file;
  const y = from.rank - to.rank;
  const l = Math.hypot(x, y);
  return l > 0 ? [x / l, y / l] : null;
}

/** How many clockwise quarter turns bring a seat's side of the board to the bottom. */
export function turnsToFace(seat: string): number {
  const s = seat.toLowerCase();
  if (/^(north|top|t[lr]$)/.test(s)) return 2;
  if (s === "west" || s === "left") return 3;
  if (s === "east" || s === "right") return 1;
  return 0;
}

/** A piece's name as a player reads it: its colour (or owner) and the title GetVariant gives. */
export function pieceName(variant: Variant, p: Piece): string {
  return [p.color || p.player || "", nice(p.kind)].filter(Boolean).join(" ");
}

/** The style sheet, once per document or shadow root the board is drawn in. */
const styled = new WeakSet<Node>();
let sheet: CSSStyleSheet | undefined;
function ensureStyle(node: Node): void {
  const root = node.getRootNode();
  const target = root instanceof ShadowRoot ? root : document;
  if (styled.has(target)) return;
  styled.add(target);
  // A constructed style sheet where the browser has them: a page whose Content-Security-Policy
  // allows no inline <style> (the playground's) is styled all the same.
  if ("adoptedStyleSheets" in target && typeof CSSStyleSheet !== "undefined" && "replaceSync" in CSSStyleSheet.prototype) {
    try {
      sheet ??= new CSSStyleSheet();
      if (!sheet.cssRules.length) sheet.replaceSync(CSS_TEXT);
      target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
      return;
    } catch {
      // another document's sheet (a board moved to another window): a <style> below
    }
  }
  const style = h("style", { "data-ashtapada-board": "" }, CSS_TEXT);
  if (target instanceof ShadowRoot) target.prepend(style);
  else document.head.append(style);
}

/** A short label for an action in a list of choices. */
function actionLabel(a: Action): string {
  let s = a.san || a.notation || a.name || "";
  if (a.dice?.length && !/\d/.test(s)) s += ` (${a.dice.join(" ")})`;
  return s;
}

interface PieceEl {
  g: SVGGElement;
  key: string;
}

export function createBoard(host: HTMLElement | ShadowRoot, initial: BoardConfig = {}): BoardHandle {
  const cfg: BoardConfig = { coordinates: true, animation: true, theme: "auto", ...initial };
  const root = h("div", { class: "ab", part: "root" });
  const svg = el("svg", { class: "ab-svg", part: "board", role: "group" });
  const choices = h("div", { class: "ab-choices", part: "choices", role: "group", "aria-label": "choose an action", hidden: "" });
  const message = h("div", { class: "ab-message", part: "message", role: "alert", hidden: "" });
  const live = h("div", { class: "ab-live", "aria-live": "polite", "aria-atomic": "true" });
  const controls = h("div", { class: "ab-controls ab", part: "controls", role: "group", "aria-label": "actions" });
  root.append(svg, choices, message, live);
  host.append(root);
  ensureStyle(root);

  // The board as drawn: what the static layers were built from, and the layers.
  let staticKey = "";
  let variant: Variant = {};
  let cells = new Map<string, Cell>();
  let ranks = 8;
  let turns = 0;
  let sqEls = new Map<string, SVGRectElement>();
  let screen = new Map<string, [number, number]>(); // a square's middle as seen, in view units
  let view: SVGGElement = el("g");
  let pieceLayer: SVGGElement = el("g");
  let tints: SVGGElement = el("g");
  let hints: SVGGElement = el("g");
  let shapeLayer: SVGGElement = el("g");
  let pieceSize = U * 0.92;
  let pieces = new Map<string, PieceEl>();
  let occupant = new Map<string, Piece>();
  let focusSq = "";

  // The interaction's state.
  let selected: string | null = null;
  let shownChoices: Action[] = [];
  let marksKey = "";
  let controlsKey = "";
  let lastAnnounced = "";
  let drag: { from: string; pointerId: number; x: number; y: number; started: boolean } | null = null;
  let dragEnded = false;
  let destroyed = false;

  const interactive = () => !cfg.viewOnly && !!cfg.legal;
  const legal = () => (interactive() ? (cfg.legal ?? []) : []);
  const playable = () => legal().filter((a) => a.kind !== "ACTION_KIND_ROLL");
  const movesFrom = (sq: string) => playable().filter((a) => a.from === sq && a.to);
  const currentBoard = (): Board => {
    const pos = cfg.position;
    if (pos?.board) return pos.board;
    const opts = (pos?.options ?? {}) as Record<string, unknown>;
    const ob = variant.option_boards?.find((o) => Object.entries(o.options ?? {}).every(([k, v]) => opts[k] === v));
    return ob?.board ?? variant.board ?? {};
  };
  const seats = () => {
    const pos = cfg.position;
    const opts = (pos?.options ?? {}) as Record<string, unknown>;
    const ob = variant.option_boards?.find((o) => Object.entries(o.options ?? {}).every(([k, v]) => opts[k] === v));
    return [...(variant.seats ?? []), ...(ob?.seats ?? [])];
  };
  const playerColor = (player: string): string => {
    const now = cfg.position?.players?.find((p) => p.name === player)?.color;
    if (now) return now;
    return seats().find((s) => s.player === player)?.color || "";
  };
  const seatFor = (o: string | null | undefined): string => {
    const all = seats();
    if (!o) {
      const first = cfg.position?.players?.[0]?.name;
      return all.find((s) => s.player === first)?.seat ?? all[0]?.seat ?? "";
    }
    return all.find((s) => s.seat === o)?.seat ?? all.find((s) => s.player === o)?.seat ?? o;
  };

  // -------------------------------------------------------------------------------------------
  // The board: squares, regions, arrows, marks and coordinates, drawn again only when the board,
  // its orientation or the coordinates change.

  function buildStatic(board: Board): void {
    const hadFocus = root.contains(document.activeElement) || (root.getRootNode() as Document | ShadowRoot).activeElement?.closest?.(".ab") === root;
    const files = board.files ?? 8;
    ranks = board.ranks ?? 8;
    const W = files * U;
    const H = ranks * U;
    const margin = cfg.coordinates === false ? 4 : 36;
    svg.replaceChildren();
    const [vw, vh] = turns % 2 ? [H, W] : [W, H];
    svg.setAttribute("viewBox", `${-margin} ${-margin} ${vw + 2 * margin} ${vh + 2 * margin}`);
    svg.setAttribute("aria-label", `${variant.title || variant.name || "game"} board`);
    svg.dataset.turns = String(turns);
    cells = new Map();
    sqEls = new Map();
    pieces = new Map();
    occupant = new Map();
    marksKey = "";
    for (const s of board.squares ?? []) cells.set(s.name ?? "", { file: s.file ?? 0, rank: s.rank ?? 0 });
    const regionKind = new Map<string, string>();
    for (const r of board.regions ?? []) regionKind.set(r.name ?? "", r.kind ?? "");
    const xy = (c: Cell) => [c.file * U, (ranks - 1 - c.rank) * U] as const;

    const defs = el("defs", {}, svg);
    const marker = el("marker", { id: "ab-arrow", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0 0 L10 5 L0 10 z", class: "arrowhead" }, marker);
    const turn = ["", `translate(${H} 0) rotate(90)`, `translate(${W} ${H}) rotate(180)`, `translate(0 ${W}) rotate(270)`][turns]!;
    view = el("g", { class: "view", transform: turn }, svg);
    const upright = (e: Element, x: number, y: number) => {
      if (turns) e.setAttribute("transform", `rotate(${-90 * turns} ${x} ${y})`);
    };
    if (cfg.coordinates !== false) drawCoordinates(view, board, cells, ranks, W, H, upright);

    for (const r of board.regions ?? []) {
      if (r.kind !== "ocean") continue;
      const g = el("g", { "data-region": r.name ?? "", "data-kind": r.kind ?? "", "data-squares": (r.squares ?? []).join(" "), class: `region kind-${r.kind}` }, view);
      for (const name of r.squares ?? []) {
        if (cells.has(name)) continue;
        const c = cellOf(name, cells);
        if (!c) continue;
        const [x, y] = xy(c);
        el("rect", { x, y, width: U, height: U, class: "ocean" }, g);
      }
    }

    const sqLayer = el("g", { class: "squares" }, view);
    // A square's middle as seen (after the turn), for the arrow keys.
    const seen = (x: number, y: number): [number, number] => [
      [x, H - y, W - x, y][turns]!,
      [y, x, H - y, W - x][turns]!,
    ];
    screen = new Map();
    for (const s of board.squares ?? []) {
      const name = s.name ?? "";
      const c = cells.get(name)!;
      const [x, y] = xy(c);
      const kind = regionKind.get(s.region ?? "") ?? "";
      const cls = ["sq", (c.file + c.rank) % 2 === 0 ? "dark" : "light"];
      if (kind) cls.push(`kind-${kind}`);
      const rect = el("rect", { x, y, width: U, height: U, class: cls.join(" "), "data-square": name, tabindex: cfg.tabbable ? 0 : -1, role: "button", part: "square", "aria-label": `${name}, empty` }, sqLayer);
      el("title", {}, rect).textContent = name;
      sqEls.set(name, rect);
      screen.set(name, seen(x + U / 2, y + U / 2));
    }
    if (!sqEls.has(focusSq)) focusSq = (board.squares ?? [])[0]?.name ?? "";
    sqEls.get(focusSq)?.setAttribute("tabindex", "0");

    tints = el("g", { class: "tints" }, view);

    for (const r of board.regions ?? []) {
      if (r.kind === "ocean") continue;
      const pos = new Set<string>();
      for (const n of r.squares ?? []) {
        const c = cellOf(n, cells);
        if (c) pos.add(`${c.file},${c.rank}`);
      }
      let d = "";
      for (const key of pos) {
        const [f, k] = key.split(",").map(Number) as [number, number];
        const [x, y] = xy({ file: f, rank: k });
        if (!pos.has(`${f},${k + 1}`)) d += `M${x} ${y}h${U}`;
        if (!pos.has(`${f},${k - 1}`)) d += `M${x} ${y + U}h${U}`;
        if (!pos.has(`${f - 1},${k}`)) d += `M${x} ${y}v${U}`;
        if (!pos.has(`${f + 1},${k}`)) d += `M${x + U} ${y}v${U}`;
      }
      const g = el("g", { "data-region": r.name ?? "", "data-kind": r.kind ?? "", "data-squares": (r.squares ?? []).join(" "), class: `region kind-${r.kind}` }, view);
      const path = el("path", { d, class: "outline" }, g);
      el("title", {}, g).textContent = `${r.name} (${r.kind})`;
      if (r.kind === "coaster" && r.name && CSS.supports("color", r.name)) path.style.stroke = colorFill(r.name);
    }

    const arrows = el("g", { class: "arrows" }, view);
    for (const cn of board.connections ?? []) {
      const from = cells.get(cn.from ?? "");
      if (!from) continue;
      const to = cn.to ? cellOf(cn.to, cells) : null;
      const v = dirVector(cn.direction, from, to, ranks);
      if (!v) continue;
      const [x, y] = xy(from);
      const cx = x + U / 2;
      const cy = y + U / 2;
      el("line", { x1: cx + v[0] * 26, y1: cy + v[1] * 26, x2: cx + v[0] * 44, y2: cy + v[1] * 44, class: cn.to ? "arrow" : "arrow exit", "marker-end": "url(#ab-arrow)", "data-from": cn.from ?? "", "data-to": cn.to ?? "", "data-direction": cn.direction ?? "" }, arrows);
    }

    // Each mark is drawn the one way the service says (its shape), never by where its squares
    // happen to lie: a coaster's alignment dot stays a dot after a TIP or SWAP brings two of them
    // side by side, and only a border mark (a canal) is drawn as the line between regions.
    const markNames = [...new Set((board.marks ?? []).filter((m) => markStyle(m) !== "alignment").map((m) => m.name ?? ""))];
    const markLayer = el("g", { class: "marks" }, view);
    const regionOf = new Map<string, string>();
    for (const s of board.squares ?? []) regionOf.set(s.name ?? "", s.region ?? "");
    for (const m of board.marks ?? []) {
      const style = markStyle(m);
      const edges = style === "edge" ? regionEdges(m.squares ?? [], cells, regionOf) : { pairs: [], squares: new Set<string>() };
      const shape = style === "alignment" ? "alignment" : edges.squares.size ? "edge" : Math.max(0, markNames.indexOf(m.name ?? "")) % 3;
      const g = el("g", { class: `mark mark-${shape}`, "data-mark": m.name ?? "", "data-mark-style": typeof shape === "number" ? ["ring", "corner", "corner-right"][shape]! : shape }, markLayer);
      el("title", {}, g).textContent = `${nice(m.name ?? "")}: ${m.description ?? ""}`;
      if (m.player) g.style.setProperty("--mark", colorFill(playerColor(m.player)));
      if (edges.squares.size) {
        let d = "";
        for (const [a, b] of edges.pairs) {
          const [x, y] = xy(a);
          if (b.rank > a.rank) d += `M${x} ${y}h${U}`;
          else if (b.rank < a.rank) d += `M${x} ${y + U}h${U}`;
          else if (b.file > a.file) d += `M${x + U} ${y}v${U}`;
          else d += `M${x} ${y}v${U}`;
        }
        el("path", { d, class: "bank" }, g);
        el("path", { d, class: "water" }, g);
      }
      for (const sq of m.squares ?? []) {
        if (edges.squares.has(sq)) continue;
        const c = cellOf(sq, cells);
        if (!c) continue;
        const [x, y] = xy(c);
        if (shape === "alignment") {
          // A dot in the corner of the square that is its region's (its coaster's) corner.
          const [cx, cy] = cornerOf(sq, c, board, cells);
          const r = U * 0.12;
          const dx = x + (cx ? U - U * 0.2 : U * 0.2);
          const dy = y + (cy ? U - U * 0.2 : U * 0.2);
          el("circle", { cx: dx, cy: dy, r, class: "dot", "data-at": sq, "data-corner": `${cy ? "bottom" : "top"}-${cx ? "right" : "left"}` }, g);
        } else if (shape === 0) el("circle", { cx: x + U * 0.15, cy: y + U * 0.15, r: U * 0.08 }, g);
        else if (shape === 1) el("path", { d: `M${x} ${y}h${U * 0.3}l-${U * 0.3} ${U * 0.3}z` }, g);
        else el("path", { d: `M${x + U} ${y}h-${U * 0.3}l${U * 0.3} ${U * 0.3}z` }, g);
      }
    }

    pieceLayer = el("g", { class: "pieces" }, view);
    pieceSize = (board.connections ?? []).length ? U * 0.72 : U * 0.92;
    hints = el("g", { class: "hints" }, view);
    shapeLayer = el("g", { class: "shapes" }, view);
    if (hadFocus) sqEls.get(focusSq)?.focus();
  }

  const home = (sq: string): [number, number] | null => {
    const c = cells.get(sq) ?? cellOf(sq, cells);
    return c ? [c.file * U, (ranks - 1 - c.rank) * U] : null;
  };
  const place = (g: SVGGElement, sq: string) => {
    const at = home(sq);
    if (at) g.style.transform = `translate(${at[0]}px, ${at[1]}px)`;
  };

  /** A piece's name with the title GetVariant gives its kind, for hover texts. */
  const hoverName = (p: Piece) => [p.color || p.player || "", pieceTitle(variant, p.kind)].filter(Boolean).join(" ");

  function pieceKey(p: Piece): string {
    return `${p.kind}|${p.color ?? ""}|${p.player ?? ""}|${p.color || playerColor(p.player ?? "")}`;
  }

  function makePiece(p: Piece): SVGGElement {
    const g = el("g", { class: "pc", part: "piece", role: "img" }, pieceLayer);
    const color = p.color || playerColor(p.player ?? "");
    const glyph = drawGlyph(g, variant, p.kind, color, U / 2, U / 2, pieceSize);
    if (turns) glyph.setAttribute("transform", `rotate(${-90 * turns} ${U / 2} ${U / 2})`);
    if (glyph.classList.contains("glyph")) g.classList.add("glyph"); // drawn as its game's figure, not a lettered disc
    g.setAttribute("data-piece", p.kind);
    g.setAttribute("data-kind", p.kind);
    g.setAttribute("data-player", p.player ?? "");
    g.setAttribute("data-color", p.color ?? "");
    return g;
  }

  function labelPiece(g: SVGGElement, p: Piece): void {
    g.setAttribute("data-square", p.square);
    g.setAttribute("aria-label", `${pieceName(variant, p)} on ${p.square}`);
    let title = g.querySelector(":scope > title");
    if (!title) title = el("title", {}, g);
    title.textContent = `${hoverName(p)} on ${p.square}`;
  }

  /** Pieces diffed by square: a piece that stays is left alone, one that moved slides. */
  function syncPieces(list: Piece[]): void {
    const next = new Map<string, Piece>();
    for (const p of list) next.set(p.square, p);
    const gone: PieceEl[] = [];
    const added: Piece[] = [];
    const changed = new Set<string>();
    for (const [sq, pe] of pieces) {
      const p = next.get(sq);
      if (!p || pieceKey(p) !== pe.key) {
        gone.push(pe);
        pieces.delete(sq);
        changed.add(sq);
      }
    }
    for (const [sq, p] of next) {
      if (pieces.has(sq)) {
        const old = occupant.get(sq);
        if (old && (old.promotes_to ?? "") !== (p.promotes_to ?? "")) changed.add(sq);
        continue;
      }
      added.push(p);
      changed.add(sq);
    }
    for (const p of added) {
      const key = pieceKey(p);
      const i = gone.findIndex((g) => g.key === key);
      let g: SVGGElement;
      if (i >= 0) {
        g = gone.splice(i, 1)[0]!.g;
      } else {
        g = makePiece(p); // placed below before it is ever styled: it appears, it does not slide in
      }
      labelPiece(g, p);
      place(g, p.square);
      pieces.set(p.square, { g, key });
    }
    for (const g of gone) g.g.remove();
    occupant = next;
    for (const sq of changed) {
      const rect = sqEls.get(sq);
      if (!rect) continue;
      const p = next.get(sq);
      rect.setAttribute("aria-label", p ? `${pieceName(variant, p)} on ${sq}` : `${sq}, empty`);
      const title = rect.querySelector(":scope > title");
      if (title) title.textContent = p ? `${hoverName(p)} on ${sq}` : sq;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Marks: the selection, its targets, the last action, check, and the squares that can be moved from.

  function syncMarks(): void {
    const pos = cfg.position ?? {};
    const targets = new Set<string>();
    if (selected) for (const a of movesFrom(selected)) targets.add(a.to!);
    const last = new Set<string>();
    const la = cfg.lastAction ?? pos.last_action;
    if (la?.from) last.add(la.from);
    if (la?.to) last.add(la.to);
    const check = new Set<string>();
    if (pos.in_check) {
      const royal = new Set((variant.piece_types ?? []).filter((t) => t.royal).map((t) => t.kind));
      for (const p of pos.pieces ?? []) if (p.player === pos.to_move && royal.has(p.kind)) check.add(p.square);
    }
    const movable = new Set<string>();
    for (const a of playable()) if (a.from && a.to && a.from !== a.to) movable.add(a.from);
    const key = JSON.stringify([selected, [...targets], [...last], [...check], [...movable], cfg.shapes ?? []]);
    if (key === marksKey) return;
    marksKey = key;
    for (const [name, rect] of sqEls) {
      rect.classList.toggle("movable", movable.has(name));
      rect.classList.toggle("target", targets.has(name));
      rect.classList.toggle("selected", selected === name);
      rect.classList.toggle("last", last.has(name));
      rect.classList.toggle("check", check.has(name));
      if (selected === name) rect.setAttribute("aria-pressed", "true");
      else rect.removeAttribute("aria-pressed");
    }
    tints.replaceChildren();
    const tint = (squares: Iterable<string>, cls: string) => {
      for (const name of squares) {
        const at = home(name);
        if (at && cells.has(name)) el("rect", { x: at[0], y: at[1], width: U, height: U, class: `tint ${cls}`, "data-tint": name }, tints);
      }
    };
    tint(last, "tint-last");
    tint(selected ? [selected] : [], "tint-selected");
    tint(check, "tint-check");
    hints.replaceChildren();
    for (const name of targets) {
      const at = home(name);
      if (!at) continue;
      const [x, y] = at;
      if (occupant.has(name)) el("circle", { cx: x + U / 2, cy: y + U / 2, r: U * 0.45, class: "hint hint-capture", "data-hint": name }, hints);
      else el("circle", { cx: x + U / 2, cy: y + U / 2, r: U * 0.14, class: "hint hint-move", "data-hint": name }, hints);
    }
    shapeLayer.replaceChildren();
    for (const s of cfg.shapes ?? []) {
      const a = home(s.from);
      if (!a) continue;
      const color = s.color || "#15781b";
      const b = s.to ? home(s.to) : null;
      if (!b || s.to === s.from) {
        const c = el("circle", { cx: a[0] + U / 2, cy: a[1] + U / 2, r: U * 0.44, class: `shape ${s.class ?? ""}`.trim(), stroke: color, "data-shape": s.from }, shapeLayer);
        if (s.label) el("title", {}, c).textContent = s.label;
        continue;
      }
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const l = Math.hypot(dx, dy);
      const g = el("g", { class: "shape", "data-shape": `${s.from}${s.to}` }, shapeLayer);
      const x2 = b[0] + U / 2 - (dx / l) * U * 0.35;
      const y2 = b[1] + U / 2 - (dy / l) * U * 0.35;
      const line = el("line", { x1: a[0] + U / 2, y1: a[1] + U / 2, x2, y2, stroke: color, "data-from": s.from, "data-to": s.to! }, g);
      if (s.class) line.setAttribute("class", s.class);
      if (s.notation !== undefined) line.setAttribute("data-notation", s.notation);
      if (s.label) el("title", {}, line).textContent = s.label;
      const ux = dx / l;
      const uy = dy / l;
      const tip = [b[0] + U / 2 - ux * U * 0.1, b[1] + U / 2 - uy * U * 0.1];
      const base = [x2 - ux * U * 0.1, y2 - uy * U * 0.1];
      el("path", { d: `M${tip[0]} ${tip[1]}L${base[0] - uy * 28} ${base[1] + ux * 28}L${base[0] + uy * 28} ${base[1] - ux * 28}Z`, fill: color, stroke: "none" }, g);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Controls: the actions without a square, Roll, and the dice.

  function syncControls(): void {
    const pos = cfg.position ?? {};
    const menu = playable().filter((a) => (cfg.menu === "unclickable" ? !(a.from && a.to && a.from !== a.to) : !a.from && !a.to));
    const dice = cfg.dice === false ? [] : (pos.dice ?? []);
    const key = JSON.stringify([menu.map((a) => a.notation), !!cfg.rollable && interactive(), dice, variant.name]);
    if (key === controlsKey) return;
    controlsKey = key;
    controls.replaceChildren();
    for (const d of dice) controls.append(dieChip(d));
    if (cfg.rollable && interactive()) {
      const b = h("button", { type: "button", part: "button roll", "data-control": "roll" }, "Roll");
      b.addEventListener("click", () => cfg.onRoll?.());
      controls.append(b);
    }
    for (const a of menu) {
      const b = h("button", { type: "button", part: "button action", "data-notation": a.notation ?? "", "data-kind": a.kind ?? "" }, nice(actionLabel(a)));
      b.addEventListener("click", () => choose(a));
      controls.append(b);
    }
  }

  function dieChip(d: Die): HTMLElement {
    const face = variant.die_types?.find((t) => t.kind === d.kind)?.faces?.find((f) => f.value === d.value);
    const label = face?.label ?? String(d.value ?? "");
    return h("span", { class: "ab-die", part: "die", "data-die": d.kind ?? "", "data-value": String(d.value ?? 0), "data-used": String(!!d.used), title: d.means || face?.meaning || "", "aria-label": `die ${label}` }, label);
  }

  function showChoices(list: Action[]): void {
    shownChoices = list;
    choices.replaceChildren();
    if (!list.length) {
      choices.hidden = true;
      return;
    }
    for (const a of list) {
      const b = h("button", { type: "button", part: "button choice", "data-notation": a.notation ?? "" });
      const kind = a.promotion || (a.kind === "ACTION_KIND_DROP" ? a.piece : "");
      if (kind) b.append(glyphSvg(variant, kind, playerColor(cfg.position?.to_move ?? ""), 26));
      b.append(nice(actionLabel(a)));
      b.addEventListener("click", () => choose(a));
      choices.append(b);
    }
    const cancel = h("button", { type: "button", part: "button cancel", "data-control": "cancel", "aria-label": "cancel" }, "✕");
    cancel.addEventListener("click", () => {
      showChoices([]);
      sqEls.get(focusSq)?.focus();
    });
    choices.append(cancel);
    choices.hidden = false;
    (choices.querySelector("button") as HTMLButtonElement | null)?.focus();
  }

  function choose(a: Action): void {
    if (!interactive()) return;
    select(null);
    showChoices([]);
    cfg.onAction?.(a);
  }

  function select(sq: string | null): void {
    if (selected === sq) return;
    selected = sq;
    syncMarks();
    cfg.onSelect?.(sq);
  }

  /** A square clicked or picked with the keyboard, as the playground reads it. */
  function activate(square: string): void {
    if (!interactive()) return void cfg.onMiss?.(square, null);
    showChoices([]);
    const from = selected;
    const self = (sq: string) => playable().filter((a) => a.from === sq && (!a.to || a.to === sq));
    if (from !== null) {
      const hits = playable().filter((a) => a.from === from && a.to === square && a.to !== a.from);
      if (hits.length === 1) return choose(hits[0]!);
      if (hits.length > 1) return showChoices(hits);
      if (square === from) {
        const own = self(square);
        if (own.length) return showChoices(own);
        return select(null);
      }
      if (movesFrom(square).length) return select(square);
      select(null);
      return void cfg.onMiss?.(square, from);
    }
    if (movesFrom(square).length) return select(square);
    const aimed = playable().filter((a) => !a.from && a.to === square);
    const own = self(square);
    if (aimed.length || own.length) return showChoices([...aimed, ...own]);
    cfg.onMiss?.(square, null);
  }

  // -------------------------------------------------------------------------------------------
  // Pointer and keys.

  function squareAt(clientX: number, clientY: number): string | null {
    const m = view.getScreenCTM()?.inverse();
    if (!m) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m);
    const file = Math.floor(p.x / U);
    const rank = ranks - 1 - Math.floor(p.y / U);
    for (const [name, c] of cells) if (c.file === file && c.rank === rank) return name;
    return null;
  }

  const onClick = (ev: MouseEvent) => {
    if (dragEnded) {
      dragEnded = false;
      return;
    }
    const sq = squareAt(ev.clientX, ev.clientY);
    if (!sq) return;
    setFocus(sq, false);
    activate(sq);
  };

  const onPointerDown = (ev: PointerEvent) => {
    dragEnded = false;
    if (ev.button !== 0 || !interactive()) return;
    const sq = squareAt(ev.clientX, ev.clientY);
    if (!sq || !movesFrom(sq).length || !pieces.has(sq)) return;
    drag = { from: sq, pointerId: ev.pointerId, x: ev.clientX, y: ev.clientY, started: false };
  };

  const onPointerMove = (ev: PointerEvent) => {
    if (!drag || ev.pointerId !== drag.pointerId) return;
    const pe = pieces.get(drag.from);
    if (!pe) return;
    if (!drag.started) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < DRAG_START_PX) return;
      drag.started = true;
      try {
        svg.setPointerCapture(ev.pointerId);
      } catch {
        // a pointer the page no longer has: the drag goes on without capture
      }
      showChoices([]);
      select(drag.from);
      pe.g.classList.add("dragging");
      pieceLayer.append(pe.g); // over the other pieces
    }
    const m = pieceLayer.getScreenCTM()?.inverse();
    if (!m) return;
    const at = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
    pe.g.style.transform = `translate(${at.x - U / 2}px, ${at.y - U / 2}px)`;
  };

  const endDrag = (ev: PointerEvent, drop: boolean) => {
    if (!drag || ev.pointerId !== drag.pointerId) return;
    const { from, started } = drag;
    drag = null;
    if (!started) return; // a click: the click handler plays it
    dragEnded = true;
    const pe = pieces.get(from);
    if (pe) {
      pe.g.classList.remove("dragging");
      place(pe.g, from);
    }
    const to = drop ? squareAt(ev.clientX, ev.clientY) : null;
    if (to && to !== from && movesFrom(from).some((a) => a.to === to)) {
      selected = from;
      activate(to);
    } else if (to && to !== from) cfg.onMiss?.(to, from);
    // Anywhere else: back where it was, still selected, and nothing is played.
  };

  function setFocus(sq: string, move: boolean): void {
    const rect = sqEls.get(sq);
    if (!rect) return;
    if (!cfg.tabbable) sqEls.get(focusSq)?.setAttribute("tabindex", "-1");
    focusSq = sq;
    rect.setAttribute("tabindex", "0");
    if (move) rect.focus();
  }

  const onKey = (ev: KeyboardEvent) => {
    const sq = (ev.target as Element).getAttribute?.("data-square");
    if (!sq) return;
    const step: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = step[ev.key];
    if (d) {
      ev.preventDefault();
      const [x, y] = screen.get(sq)!;
      let best = "";
      let bestDist = Infinity;
      for (const [name, [sx, sy]] of screen) {
        const along = (sx - x) * d[0] + (sy - y) * d[1];
        const across = Math.abs((sx - x) * d[1] + (sy - y) * d[0]);
        if (along <= 0 || across > U / 2) continue;
        if (along < bestDist) [best, bestDist] = [name, along];
      }
      if (best) setFocus(best, true);
      return;
    }
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      setFocus(sq, false);
      activate(sq);
    } else if (ev.key === "Escape") {
      showChoices([]);
      select(null);
    }
  };
  const onChoicesKey = (ev: KeyboardEvent) => {
    if (ev.key !== "Escape") return;
    showChoices([]);
    sqEls.get(focusSq)?.focus();
  };
  const onFocusIn = (ev: FocusEvent) => {
    const sq = (ev.target as Element).getAttribute?.("data-square");
    if (sq && sqEls.has(sq)) setFocus(sq, false);
  };

  svg.addEventListener("click", onClick);
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", (ev) => endDrag(ev, true));
  svg.addEventListener("pointercancel", (ev) => endDrag(ev, false));
  svg.addEventListener("keydown", onKey);
  svg.addEventListener("focusin", onFocusIn);
  choices.addEventListener("keydown", onChoicesKey);

  // -------------------------------------------------------------------------------------------

  function announce(text: string): void {
    live.textContent = text;
  }

  function render(changed: BoardConfig): void {
    if (destroyed) return;
    if ("variant" in changed) variant = cfg.variant ?? {};
    root.dataset.theme = controls.dataset.theme = choices.dataset.theme = cfg.theme ?? "auto";
    root.toggleAttribute("data-animate", cfg.animation !== false);
    if (cfg.viewOnly || !cfg.legal) svg.setAttribute("data-view-only", "");
    else svg.removeAttribute("data-view-only");
    const board = currentBoard();
    turns = turnsToFace(seatFor(cfg.orientation));
    const key = `${variant.name}|${turns}|${cfg.coordinates !== false}|${JSON.stringify(board)}`;
    if (key !== staticKey || "variant" in changed) {
      staticKey = key;
      buildStatic(board);
    }
    if ("position" in changed || "legal" in changed || "viewOnly" in changed) {
      if (selected && !movesFrom(selected).length) selected = null;
      if (shownChoices.length) showChoices([]);
    }
    syncPieces(cfg.position?.pieces ?? []);
    syncMarks();
    syncControls();
    const msg = cfg.message ?? "";
    message.textContent = msg;
    message.hidden = !msg;
    const target = cfg.controlsElement ?? root;
    if (controls.parentElement !== target) target.append(controls);
    const choicesAt = cfg.choicesElement ?? root;
    if (choices.parentElement !== choicesAt) {
      choicesAt.append(choices);
      choices.classList.toggle("ab", choicesAt !== root);
      choices.classList.toggle("ab-outside", choicesAt !== root);
    }
    const la = cfg.lastAction ?? cfg.position?.last_action;
    const said = la?.notation ? `${cfg.position?.key ?? ""}|${la.notation}` : "";
    if (said && said !== lastAnnounced) {
      if (lastAnnounced || "lastAction" in changed) announce(`${la!.player ? la!.player + ": " : ""}${la!.notation}`);
      lastAnnounced = said;
    }
  }

  render({ ...cfg, variant: cfg.variant ?? null });

  return {
    element: root,
    controls,
    get config() {
      return cfg;
    },
    set(next: BoardConfig) {
      Object.assign(cfg, next);
      render(next);
    },
    announce,
    destroy() {
      destroyed = true;
      root.remove();
      controls.remove();
      choices.remove();
    },
  };
}

/** How a mark is drawn, as its shape says: a dot in its region's corner ("alignment", a coaster's
 * alignment dot), a line along a border between regions ("edge", a canal), else a sign on each of
 * its squares. */
export function markStyle(m: BoardMark): "alignment" | "edge" | "squares" {
  if (m.shape === "MARK_SHAPE_CORNER_DOT") return "alignment";
  if (m.shape === "MARK_SHAPE_BORDER") return "edge";
  return "squares";
}

/** Which corner of its square an alignment dot marks, as [right, bottom] in the board's own
 * drawing (rank 1 at the bottom): the corner the square shares with the region it lies in (a
 * coaster, the smallest such region), when it is a corner of that region's box; else top left. */
function cornerOf(sq: string, c: Cell, board: Board, cells: Map<string, Cell>): [boolean, boolean] {
  let best: { minF: number; maxF: number; minR: number; maxR: number; n: number } | null = null;
  for (const r of board.regions ?? []) {
    if (r.kind === "ocean" || !(r.squares ?? []).includes(sq)) continue;
    const cs = (r.squares ?? []).map((n) => cellOf(n, cells)).filter((x): x is Cell => !!x);
    const box = { minF: Math.min(...cs.map((x) => x.file)), maxF: Math.max(...cs.map((x) => x.file)), minR: Math.min(...cs.map((x) => x.rank)), maxR: Math.max(...cs.map((x) => x.rank)), n: cs.length };
    const corner = (c.file === box.minF || c.file === box.maxF) && (c.rank === box.minR || c.rank === box.maxR);
    if (corner && box.maxF > box.minF && box.maxR > box.minR && (!best || box.n < best.n)) best = box;
  }
  if (!best) return [false, false];
  return [c.file === best.maxF, c.rank === best.minR];
}

/** The pairs of a mark's squares that are orthogonal neighbours in different regions. */
function regionEdges(squares: string[], cells: Map<string, Cell>, regionOf: Map<string, string>): { pairs: [Cell, Cell][]; squares: Set<string> } {
  const at = new Map<string, string>();
  for (const sq of squares) {
    const c = cells.get(sq);
    if (c) at.set(`${c.file},${c.rank}`, sq);
  }
  const pairs: [Cell, Cell][] = [];
  const used = new Set<string>();
  for (const sq of squares) {
    const a = cells.get(sq);
    if (!a || !regionOf.get(sq)) continue;
    for (const [df, dr] of [[1, 0], [0, 1]] as const) {
      const other = at.get(`${a.file + df},${a.rank + dr}`);
      if (!other || !regionOf.get(other) || regionOf.get(other) === regionOf.get(sq)) continue;
      pairs.push([a, cells.get(other)!]);
      used.add(sq).add(other);
    }
  }
  return { pairs, squares: used };
}

/** File and rank names around the board, on all four sides. */
function drawCoordinates(parent: Element, board: Board, squares: Map<string, Cell>, ranks: number, W: number, H: number, upright: (e: Element, x: number, y: number) => void): void {
  const fileNames = new Map<number, string>();
  const rankNames = new Map<number, string>();
  const names = [...squares.keys(), ...(board.regions ?? []).flatMap((r) => r.squares ?? [])];
  for (const name of names) {
    const m = /^([a-z]+)(\d+)$/.exec(name);
    const c = m && cellOf(name, squares);
    if (!m || !c) continue;
    fileNames.set(c.file, m[1]!);
    rankNames.set(c.rank, m[2]!);
  }
  const g = el("g", { class: "coords", "aria-hidden": "true" }, parent);
  const label = (text: string, x: number, y: number) => {
    const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, g);
    t.textContent = text;
    upright(t, x, y);
  };
  for (const [f, name] of fileNames) {
    label(name, f * U + U / 2, -18);
    label(name, f * U + U / 2, H + 18);
  }
  for (const [r, name] of rankNames) {
    const y = (ranks - 1 - r) * U + U / 2;
    label(name, -18, y);
    label(name, W + 18, y);
  }
}
