// Draws any board the service describes, from its data alone: the grid of squares, regions
// (ocean cells, islands, zones, coasters), marks, arrows, and the pieces of a position. Nothing
// here knows a game by name.
import type { Board, Piece, Variant } from "./api";
import { colorFill, drawGlyph, pieceTitle } from "./pieces";

const SVG = "http://www.w3.org/2000/svg";
const U = 100; // one cell in viewBox units

/** What the board shows besides the position: selection, legal targets, the last action, check,
 * and the squares whose piece the player to move may move (which can be dragged). */
export interface Marks {
  selected: string | null;
  targets: Set<string>;
  last: Set<string>;
  check: Set<string>;
  movable: Set<string>;
}

/** A piece's name as a player reads it: its colour (or owner) and the title GetVariant gives. */
export function pieceName(variant: Variant, p: Piece): string {
  return [p.color || p.player || "", pieceTitle(variant, p.kind)].filter(Boolean).join(" ");
}

export interface Cell {
  file: number;
  rank: number;
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

/** Where a named cell lies: the board's own square, else its algebraic name (ocean cells). */
function cellOf(name: string, squares: Map<string, Cell>): Cell | null {
  const s = squares.get(name);
  if (s) return s;
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return null;
  let file = 0;
  for (const c of m[1]) file = file * 26 + (c.charCodeAt(0) - 96);
  return { file: file - 1, rank: Number(m[2]) - 1 };
}

const DIRS: Record<string, [number, number]> = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] };

function dirVector(direction: string | undefined, from: Cell, to: Cell | null, ranks: number): [number, number] | null {
  if (direction && /^[nsew]+$/.test(direction)) {
    let x = 0;
    let y = 0;
    for (const c of direction) {
      x += DIRS[c][0];
      y += DIRS[c][1];
    }
    const l = Math.hypot(x, y);
    if (l > 0) return [x / l, y / l];
  }
  if (!to) return null;
  const x = to.file - from.file;
  const y = ranks - 1 - to.rank - (ranks - 1 - from.rank);
  const l = Math.hypot(x, y);
  return l > 0 ? [x / l, y / l] : null;
}

export interface DrawInput {
  variant: Variant;
  board: Board;
  pieces: Piece[];
  playerColor: (player: string) => string;
  marks: Marks;
  /** Quarter turns clockwise: 0 shows rank 1 at the bottom, 2 shows the board from the far side. */
  turns?: number;
  /** The analysis's best action, drawn as an arrow from its square to its square. */
  bestMove?: BestMove | null;
}

export interface BestMove {
  from: string;
  to: string;
  notation: string;
  label: string;
}

// Redraws a board's best-move arrow alone, so that each streamed depth does not redraw the board.
const bestMoveDrawers = new WeakMap<SVGSVGElement, (m: BestMove | null) => void>();

/** Shows (or with null removes) the best-move arrow on a board drawn by drawBoard. */
export function showBestMove(svg: SVGSVGElement, m: BestMove | null): void {
  bestMoveDrawers.get(svg)?.(m);
}

/** How many clockwise quarter turns bring a seat's side of the board to the bottom. */
export function turnsToFace(seat: string): number {
  const s = seat.toLowerCase();
  if (/^(north|top|t[lr]$)/.test(s)) return 2;
  if (s === "west" || s === "left") return 3;
  if (s === "east" || s === "right") return 1;
  return 0;
}

const MARGIN = 36; // room around the board for its coordinates

export function drawBoard(svg: SVGSVGElement, input: DrawInput): void {
  const { variant, board, pieces, marks } = input;
  const files = board.files ?? 8;
  const ranks = board.ranks ?? 8;
  const focused = (document.activeElement as Element | null)?.getAttribute?.("data-square");
  const turns = (((input.turns ?? 0) % 4) + 4) % 4;
  const W = files * U;
  const H = ranks * U;
  svg.replaceChildren();
  const [vw, vh] = turns % 2 ? [H, W] : [W, H];
  svg.setAttribute("viewBox", `${-MARGIN} ${-MARGIN} ${vw + 2 * MARGIN} ${vh + 2 * MARGIN}`);
  svg.dataset.turns = String(turns);
  const cells = new Map<string, Cell>();
  const regionKind = new Map<string, string>();
  for (const r of board.regions ?? []) regionKind.set(r.name ?? "", r.kind ?? "");
  for (const s of board.squares ?? []) cells.set(s.name ?? "", { file: s.file ?? 0, rank: s.rank ?? 0 });
  const xy = (c: Cell) => [c.file * U, (ranks - 1 - c.rank) * U] as const;

  const defs = el("defs", {}, svg);
  const bestHead = el("marker", { id: "best-move-head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto" }, defs);
  el("path", { d: "M0 0 L10 5 L0 10 z", class: "best-move-head" }, bestHead);
  const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M0 0 L10 5 L0 10 z", class: "arrowhead" }, marker);
  // Everything is drawn with rank 1 at the bottom, then turned; glyphs are turned back upright.
  const view = el("g", { class: "view", transform: ["", `translate(${H} 0) rotate(90)`, `translate(${W} ${H}) rotate(180)`, `translate(0 ${W}) rotate(270)`][turns] }, svg);
  const upright = (e: Element, x: number, y: number) => {
    if (turns) e.setAttribute("transform", `rotate(${-90 * turns} ${x} ${y})`);
  };
  drawCoordinates(view, board, ranks, W, H, upright);

  // Cells that are no squares (ocean) go under everything.
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

  // The squares: focusable buttons, tinted by their region's kind.
  const sqLayer = el("g", { class: "squares" }, view);
  const byName = new Map<string, Piece>();
  for (const p of pieces) byName.set(p.square, p);
  for (const s of board.squares ?? []) {
    const name = s.name ?? "";
    const c = cells.get(name)!;
    const [x, y] = xy(c);
    const kind = regionKind.get(s.region ?? "") ?? "";
    const cls = ["sq", (c.file + c.rank) % 2 === 0 ? "dark" : "light"];
    if (kind) cls.push(`kind-${kind}`);
    if (marks.selected === name) cls.push("selected");
    if (marks.targets.has(name)) cls.push("target");
    if (marks.last.has(name)) cls.push("last");
    if (marks.check.has(name)) cls.push("check");
    if (marks.movable.has(name)) cls.push("movable");
    const p = byName.get(name);
    const who = p ? pieceName(variant, p) : "empty";
    const rect = el("rect", { x, y, width: U, height: U, class: cls.join(" "), "data-square": name, tabindex: 0, role: "button", "aria-label": `${name}: ${who}` }, sqLayer);
    el("title", {}, rect).textContent = p ? `${who} on ${name}` : name;
  }

  // The last action, the selection and check tint their squares, over the squares' own colours.
  const tints = el("g", { class: "tints" }, view);
  const tint = (squares: Iterable<string>, cls: string) => {
    for (const name of squares) {
      const c = cells.get(name);
      if (!c) continue;
      const [x, y] = xy(c);
      el("rect", { x, y, width: U, height: U, class: `tint ${cls}`, "data-tint": name }, tints);
    }
  };
  tint(marks.last, "tint-last");
  tint(marks.selected ? [marks.selected] : [], "tint-selected");
  tint(marks.check, "tint-check");

  // Region outlines: the edges of a region's cells that border no cell of the same region.
  for (const r of board.regions ?? []) {
    if (r.kind === "ocean") continue;
    const inRegion = new Set(r.squares ?? []);
    const pos = new Set<string>();
    for (const n of inRegion) {
      const c = cellOf(n, cells);
      if (c) pos.add(`${c.file},${c.rank}`);
    }
    let d = "";
    for (const key of pos) {
      const [f, k] = key.split(",").map(Number);
      const [x, y] = xy({ file: f, rank: k });
      if (!pos.has(`${f},${k + 1}`)) d += `M${x} ${y}h${U}`;
      if (!pos.has(`${f},${k - 1}`)) d += `M${x} ${y + U}h${U}`;
      if (!pos.has(`${f - 1},${k}`)) d += `M${x} ${y}v${U}`;
      if (!pos.has(`${f + 1},${k}`)) d += `M${x + U} ${y}v${U}`;
    }
    const g = el("g", { "data-region": r.name ?? "", "data-kind": r.kind ?? "", "data-squares": (r.squares ?? []).join(" "), class: `region kind-${r.kind}` }, view);
    const stroke = r.kind === "coaster" && r.name && CSS.supports("color", r.name) ? colorFill(r.name) : "";
    const path = el("path", { d, class: "outline" }, g);
    if (stroke) path.style.stroke = stroke;
    el("title", {}, g).textContent = `${r.name} (${r.kind})`;
  }

  // Arrows along which pieces move; an arrow with no square at its head leads off the board.
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
    el("line", {
      x1: cx + v[0] * 26, y1: cy + v[1] * 26, x2: cx + v[0] * 44, y2: cy + v[1] * 44,
      class: cn.to ? "arrow" : "arrow exit", "marker-end": "url(#arrow)",
      "data-from": cn.from ?? "", "data-to": cn.to ?? "", "data-direction": cn.direction ?? "",
    }, arrows);
  }

  // Marks: one shape per distinct name, coloured by the player the mark is for. A mark whose
  // squares face each other across the edge of two regions (a canal between zones) is drawn as
  // that edge, not as shapes on the squares that would look like pieces.
  const markNames = [...new Set((board.marks ?? []).map((m) => m.name ?? ""))];
  const markLayer = el("g", { class: "marks" }, view);
  const regionOf = new Map<string, string>();
  for (const s of board.squares ?? []) regionOf.set(s.name ?? "", s.region ?? "");
  for (const m of board.marks ?? []) {
    const edges = regionEdges(m.squares ?? [], cells, regionOf);
    const shape = edges.squares.size ? "edge" : markNames.indexOf(m.name ?? "") % 3;
    const g = el("g", { class: `mark mark-${shape}`, "data-mark": m.name ?? "" }, markLayer);
    if (m.player) g.style.setProperty("--mark", colorFill(input.playerColor(m.player)));
    el("title", {}, g).textContent = `${(m.name ?? "").replace(/_/g, " ")}: ${m.description ?? ""}`;
    if (edges.squares.size) {
      let d = "";
      for (const [a, b] of edges.pairs) {
        const [x, y] = xy(a);
        // The shared side of two neighbouring cells: a's top when b is above it, and so on.
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
      // In a corner, small, so that a mark never looks like a piece.
      if (shape === 0) el("circle", { cx: x + U * 0.15, cy: y + U * 0.15, r: U * 0.08 }, g);
      else if (shape === 1) el("path", { d: `M${x} ${y}h${U * 0.3}l-${U * 0.3} ${U * 0.3}z` }, g);
      else el("path", { d: `M${x + U} ${y}h-${U * 0.3}l${U * 0.3} ${U * 0.3}z` }, g);
    }
  }

  // Pieces, drawn over everything; clicks pass through them to the square beneath. On a board of
  // arrows they leave the arrows at the squares' edges in sight.
  const pieceLayer = el("g", { class: "pieces" }, view);
  const pieceSize = (board.connections ?? []).length ? U * 0.72 : U * 0.92;
  for (const p of pieces) {
    const c = cells.get(p.square) ?? cellOf(p.square, cells);
    if (!c) continue;
    const [x, y] = xy(c);
    const color = p.color || input.playerColor(p.player ?? "");
    const g = drawGlyph(pieceLayer, variant, p.kind, color, x + U / 2, y + U / 2, pieceSize);
    upright(g, x + U / 2, y + U / 2);
    g.setAttribute("data-piece", "");
    g.setAttribute("data-square", p.square);
    g.setAttribute("data-kind", p.kind);
    g.setAttribute("data-player", p.player ?? "");
    g.setAttribute("data-color", p.color ?? "");
    el("title", {}, g).textContent = pieceName(variant, p);
  }

  // Where the selected piece may go: a dot on an empty square, a ring round a piece it would take.
  const hints = el("g", { class: "hints" }, view);
  for (const name of marks.targets) {
    const c = cells.get(name);
    if (!c) continue;
    const [x, y] = xy(c);
    if (byName.has(name)) el("circle", { cx: x + U / 2, cy: y + U / 2, r: U * 0.45, class: "hint hint-capture", "data-hint": name }, hints);
    else el("circle", { cx: x + U / 2, cy: y + U / 2, r: U * 0.14, class: "hint hint-move", "data-hint": name }, hints);
  }

  // The analysis's best action over everything, from the middle of one square to the other's.
  const best = el("g", { class: "best-move-layer" }, view);
  const drawBest = (m: BestMove | null) => {
    best.replaceChildren();
    const a = m && cells.get(m.from);
    const b = m && cells.get(m.to);
    if (!m || !a || !b || m.from === m.to) return;
    const [x1, y1] = xy(a);
    const [x2, y2] = xy(b);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const l = Math.hypot(dx, dy);
    const cut = Math.min(U * 0.3, l / 3); // the head ends inside the square, not past its middle
    const line = el("line", {
      x1: x1 + U / 2, y1: y1 + U / 2, x2: x2 + U / 2 - (dx / l) * cut, y2: y2 + U / 2 - (dy / l) * cut,
      class: "best-move", "marker-end": "url(#best-move-head)", "data-from": m.from, "data-to": m.to, "data-notation": m.notation,
    }, best);
    el("title", {}, line).textContent = `best: ${m.label}`;
  };
  drawBest(input.bestMove ?? null);
  bestMoveDrawers.set(svg, drawBest);

  if (focused) (svg.querySelector(`[data-square="${CSS.escape(focused)}"]:not([data-piece])`) as SVGElement | null)?.focus();
}

/** The pairs of a mark's squares that are orthogonal neighbours in different regions, and the
 * squares in such a pair. */
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
    for (const [df, dr] of [[1, 0], [0, 1]]) {
      const other = at.get(`${a.file + df},${a.rank + dr}`);
      if (!other || !regionOf.get(other) || regionOf.get(other) === regionOf.get(sq)) continue;
      pairs.push([a, cells.get(other)!]);
      used.add(sq).add(other);
    }
  }
  return { pairs, squares: used };
}

/** File and rank names around the board, on all four sides so that two of them are always at the
 * bottom and left whichever way it is turned. Taken from the squares' names, where these are a
 * file's letters and a rank's number. */
function drawCoordinates(parent: Element, board: Board, ranks: number, W: number, H: number, upright: (e: Element, x: number, y: number) => void): void {
  const fileNames = new Map<number, string>();
  const rankNames = new Map<number, string>();
  const squares = new Map<string, Cell>();
  for (const s of board.squares ?? []) squares.set(s.name ?? "", { file: s.file ?? 0, rank: s.rank ?? 0 });
  // Cells of regions that are no squares (ocean) name their files and ranks too.
  const names = [...squares.keys(), ...(board.regions ?? []).flatMap((r) => r.squares ?? [])];
  for (const name of names) {
    const m = /^([a-z]+)(\d+)$/.exec(name);
    const c = m && cellOf(name, squares);
    if (!m || !c) continue;
    fileNames.set(c.file, m[1]);
    rankNames.set(c.rank, m[2]);
  }
  const g = el("g", { class: "coords", "aria-hidden": "true" }, parent);
  const label = (text: string, x: number, y: number) => {
    const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, g);
    t.textContent = text;
    upright(t, x, y);
  };
  for (const [f, name] of fileNames) {
    label(name, f * U + U / 2, -MARGIN / 2);
    label(name, f * U + U / 2, H + MARGIN / 2);
  }
  for (const [r, name] of rankNames) {
    const y = (ranks - 1 - r) * U + U / 2;
    label(name, -MARGIN / 2, y);
    label(name, W + MARGIN / 2, y);
  }
}
