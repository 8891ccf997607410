// How the family's pieces look: figurines for the Indian games (Chaturanga, Chaturaji, Ramayana),
// Icehouse pyramids by size for the pyramid games, and Martian Chaturanga's stacks of pyramids
// ("trees"). Each glyph is drawn in a 100x100 box, base down. The art is chosen by the piece kinds
// a variant describes, never by its name; a kind no set draws gets a disc with its letter, so that
// a new game plays before it has figures of its own.
import type { Variant } from "./types.js";

const SVG = "http://www.w3.org/2000/svg";

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}

/** One shape of a glyph. body: the piece's colour, outlined; detail: lines in the colour that
 * stands out on the body; dot: a small filled shape in that colour; ivory: tusks and fangs; halo:
 * a golden ring behind the figure; pyramid: a pyramid's outline, body-coloured; shade: its darker
 * face; pip: one of its pips. */
type Role = "body" | "detail" | "dot" | "ivory" | "halo" | "pyramid" | "shade" | "pip";
type Part = [Role, string];
type Glyph = Part[];

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

// ---------------------------------------------------------------------------------------------
// Figurines.

const PLINTH: Part = ["body", "M22 92 Q22 83 31 82 H69 Q78 83 78 92 Z"];
const ROBE: Part = ["body", "M31 82 C33 67 39 57 43 52 H57 C61 57 67 67 69 82 Z"];

const pawn: Glyph = [
  PLINTH,
  ["body", "M35 82 C37 71 42 63 45 55 H55 C58 63 63 71 65 82 Z"],
  ["body", "M37 50 H63 Q66 53 63 56 H37 Q34 53 37 50 Z"],
  ["body", circle(50, 36, 13)],
];

const king: Glyph = [
  PLINTH,
  ["body", "M30 82 L35 54 H65 L70 82 Z"],
  ["body", "M35 56 C24 46 28 31 41 34 C42 27 58 27 59 34 C72 31 76 46 65 56 Z"],
  ["body", "M46 9 H54 V15 H60 V22 H54 V30 H46 V22 H40 V15 H46 Z"],
  ["detail", "M36 66 H64"],
];

const star = (cx: number, cy: number, r: number, points: number, inner: number) => {
  let d = "";
  for (let i = 0; i < points * 2; i++) {
    const a = (Math.PI * i) / points - Math.PI / 2;
    const rr = i % 2 ? inner : r;
    d += `${i ? "L" : "M"}${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`;
  }
  return d + "Z";
};

const maharajah: Glyph = [
  ["halo", circle(50, 20, 14)],
  PLINTH,
  ["body", "M30 82 L35 54 H65 L70 82 Z"],
  ["body", "M35 56 L25 30 L39 40 L44 26 L50 36 L56 26 L61 40 L75 30 L65 56 Z"],
  ["body", star(50, 18, 11, 8, 5)],
  ["detail", "M36 66 H64"],
  ["detail", "M37 73 H63"],
];

const mantri: Glyph = [
  PLINTH,
  ["body", "M31 82 L37 56 H63 L69 82 Z"],
  ["body", "M36 58 L24 28 L38 42 L42 21 L50 40 L58 21 L62 42 L76 28 L64 58 Z"],
  ["body", circle(24, 25, 4.5)],
  ["body", circle(42, 18, 4.5)],
  ["body", circle(58, 18, 4.5)],
  ["body", circle(76, 25, 4.5)],
  ["detail", "M37 67 H63"],
];

const elephant: Glyph = [
  PLINTH,
  ["body", "M76 82 V60 C82 52 82 36 72 29 C63 22 47 21 38 26 C30 30 26 38 26 46 C23 54 19 60 19 68 C19 75 24 79 29 76 C31 72 27 68 28 63 C30 57 33 55 36 57 L38 82 Z"],
  ["ivory", "M35 56 C31 61 28 64 24 64 C27 60 30 57 33 54 Z"],
  ["detail", "M47 32 C59 29 64 44 57 55 C53 59 47 57 45 51"],
  ["dot", circle(36, 39, 2.6)],
  ["detail", "M57 82 V68"],
];

const horse: Glyph = [
  PLINTH,
  ["body", "M33 82 C33 69 39 61 48 55 C43 55 36 57 30 59 C23 61 17 57 17 50 C17 44 23 39 27 35 C31 29 35 23 40 20 L38 10 L47 16 C62 15 75 28 77 48 C78 62 75 74 73 82 Z"],
  ["detail", "M52 21 C64 27 70 41 70 58"],
  ["dot", circle(35, 32, 2.6)],
  ["dot", circle(22, 50, 1.8)],
];

const chariot: Glyph = [
  PLINTH,
  ["body", "M7 50 L25 57 L24 62 L6 55 Z"],
  ["body", "M22 64 L27 40 H71 L77 64 Z"],
  ["body", "M26 29 Q49 8 72 29 Z"],
  ["detail", "M49 29 V40"],
  ["body", circle(52, 66, 16)],
  ["detail", "M52 52 V80 M38 66 H66 M42 56 L62 76 M62 56 L42 76"],
  ["dot", circle(52, 66, 3.5)],
];

const boat: Glyph = [
  ["body", "M47 64 V12 H52 V64 Z"],
  ["body", "M55 16 C71 26 78 42 78 58 H55 Z"],
  ["body", "M44 24 L26 56 H44 Z"],
  ["body", "M12 63 H88 L75 84 H25 Z"],
  ["detail", "M14 92 Q22 88 30 92 Q38 96 46 92 Q54 88 62 92 Q70 96 78 92 Q84 89 88 91"],
];

// Ramayana's Brahmin, Muni, Untouchable and dropped Untouchable stand side by side and must be told
// apart at a glance, however small: each has a silhouette of its own. The Brahmin is the tall one,
// under a pointed headdress rising to the top of the box, a scroll held across; the Muni the one
// with a broad top, a sage under a parasol as wide as the plinth; the Untouchable a short pawn, as
// it moves; the dropped Untouchable, which never moves and captures diagonally, a diamond with no
// plinth.
const brahmin: Glyph = [
  PLINTH,
  ["body", "M34 82 L37 52 H63 L66 82 Z"],
  ["body", "M41 33 C42 22 47 14 50 3 C53 14 58 22 59 33 Z"],
  ["body", circle(50, 39, 10)],
  ["body", "M19 50 H81 V60 H19 Z"],
  ["body", circle(18, 55, 6.5)],
  ["body", circle(82, 55, 6.5)],
  ["detail", "M41 63 L59 80"],
  ["detail", "M46 22 H54"],
];

const swami: Glyph = [
  PLINTH,
  ["body", "M71 82 V22 H77 V82 Z"],
  ["body", circle(74, 18, 6)],
  ROBE,
  ["body", "M36 44 C34 26 66 26 64 44 C60 38 40 38 36 44 Z"],
  ["body", circle(50, 40, 11)],
  ["detail", "M40 60 Q50 66 60 60"],
];

const devapala: Glyph = [
  PLINTH,
  ["body", "M72 82 V22 H77 V82 Z"],
  ["body", "M74.5 5 L81 24 H68 Z"],
  ROBE,
  ["body", "M38 36 C38 22 62 22 62 36 Z"],
  ["body", circle(50, 39, 11)],
  ["body", circle(41, 64, 15)],
  ["detail", circle(41, 64, 8)],
  ["dot", circle(41, 64, 3)],
];

const yavana: Glyph = [
  PLINTH,
  ["body", "M51 31 C37 30 26 21 27 9 C39 14 63 14 75 9 C76 21 65 30 51 31 Z"],
  ["body", "M29 82 V56 C29 39 39 30 51 30 C63 30 73 39 73 56 V82 Z"],
  ["dot", "M34 52 H47 V58 H34 Z"],
  ["dot", "M55 52 H68 V58 H55 Z"],
  ["dot", "M48 60 H54 V82 H48 Z"],
  ["detail", "M31 46 Q51 40 71 46"],
];

const muni: Glyph = [
  PLINTH,
  ROBE,
  ["body", "M48 12 H52 V36 H48 Z"],
  ["body", "M10 30 C18 13 34 6 50 6 C66 6 82 13 90 30 Q84 26 77 30 Q70 26 63 30 Q57 26 50 30 Q43 26 37 30 Q30 26 23 30 Q16 26 10 30 Z"],
  ["body", circle(50, 43, 10)],
  ["body", "M42 48 C43 58 47 64 50 67 C53 64 57 58 58 48 Z"],
  ["detail", "M46 55 Q50 60 54 55"],
];

const lionMane = (() => {
  let d = "";
  const n = 14;
  for (let i = 0; i < n; i++) {
    const a0 = (2 * Math.PI * i) / n;
    const a1 = (2 * Math.PI * (i + 0.5)) / n;
    const p = (a: number, r: number) => `${(50 + r * Math.cos(a)).toFixed(1)} ${(48 + r * Math.sin(a)).toFixed(1)}`;
    d += `${i ? "L" : "M"}${p(a0, 26)} Q${p(a1, 40)} ${p((2 * Math.PI * (i + 1)) / n, 26)}`;
  }
  return d + "Z";
})();

const singh: Glyph = [
  PLINTH,
  ["body", lionMane],
  ["body", circle(37, 34, 6)],
  ["body", circle(63, 34, 6)],
  ["body", "M33 48 C33 34 67 34 67 48 C67 62 58 70 50 70 C42 70 33 62 33 48 Z"],
  ["dot", circle(43, 46, 2.6)],
  ["dot", circle(57, 46, 2.6)],
  ["dot", "M45 55 H55 L50 60 Z"],
  ["detail", "M50 60 V63 M44 64 Q50 68 56 64"],
];

const shikari: Glyph = [
  PLINTH,
  ["detail", "M36 12 V80"],
  ["body", "M33 10 C76 20 76 72 33 82 L35 76 C66 68 66 24 35 16 Z"],
  ["body", "M20 44 H72 L82 47 L72 50 H20 Z"],
  ["body", "M14 40 L24 44 V50 L14 54 L18 47 Z"],
];

const untouchable: Glyph = [
  PLINTH,
  ["body", "M36 82 C38 74 42 68 45 63 H55 C58 68 62 74 64 82 Z"],
  ["body", "M39 58 H61 Q64 61 61 64 H39 Q36 61 39 58 Z"],
  ["body", circle(50, 47, 11)],
];

const droppedUntouchable: Glyph = [
  ["body", "M50 40 L88 67 L50 95 L12 67 Z"],
  ["body", circle(50, 29, 12)],
  ["detail", "M50 52 L69 67 L50 82 L31 67 Z"],
  ["dot", circle(50, 67, 4)],
];

const buddha: Glyph = [
  ["halo", circle(50, 33, 21)],
  ["body", "M18 90 C18 76 30 68 40 66 C35 60 37 52 43 49 H57 C63 52 65 60 60 66 C70 68 82 76 82 90 Z"],
  ["body", circle(50, 35, 11)],
  ["body", circle(50, 22, 4.5)],
  ["detail", "M28 84 Q50 74 72 84"],
  ["detail", "M43 72 Q50 76 57 72"],
];

const rakshasa: Glyph = [
  PLINTH,
  ["body", "M34 82 C36 72 42 68 50 68 C58 68 64 72 66 82 Z"],
  ["body", "M32 36 C21 27 18 15 22 5 C27 16 35 22 42 27 Z"],
  ["body", "M68 36 C79 27 82 15 78 5 C73 16 65 22 58 27 Z"],
  ["body", "M30 42 C30 28 39 22 50 22 C61 22 70 28 70 42 C70 59 62 71 50 72 C38 71 30 59 30 42 Z"],
  ["dot", "M37 40 L47 45 L38 47 Z"],
  ["dot", "M63 40 L53 45 L62 47 Z"],
  ["detail", "M39 57 Q50 63 61 57"],
  ["ivory", "M43 58 L45 66 L48 59 Z"],
  ["ivory", "M52 59 L55 66 L57 58 Z"],
];

// ---------------------------------------------------------------------------------------------
// Icehouse pyramids: small, medium and large, with their pips (1, 2, 3) near the base.

interface Pyramid {
  pips: number;
  width: number;
  height: number;
}
const PYRAMIDS: Pyramid[] = [
  { pips: 1, width: 36, height: 48 },
  { pips: 2, width: 48, height: 65 },
  { pips: 3, width: 62, height: 84 },
];

/** One pyramid standing on baseY: two faces, the right one shaded, and its pips on the left face. */
function pyramidParts(p: Pyramid, baseY: number, scale = 1): Glyph {
  const w = p.width * scale;
  const h = p.height * scale;
  const top = baseY - h;
  const parts: Glyph = [
    ["pyramid", `M${50 - w / 2} ${baseY} L50 ${top} L${50 + w / 2} ${baseY} Z`],
    ["shade", `M50 ${top} L${50 + w / 2} ${baseY} L${50 + w * 0.12} ${baseY} Z`],
  ];
  const r = 3.2 * Math.max(scale, 0.8);
  const y = baseY - 7 * scale;
  const gap = 8.5 * scale;
  const x0 = 50 - w * 0.19 - ((p.pips - 1) * gap) / 2;
  for (let i = 0; i < p.pips; i++) parts.push(["pip", circle(x0 + i * gap, y, r)]);
  return parts;
}

const pyramid = (pips: number): Glyph => pyramidParts(PYRAMIDS[pips - 1], 90);

/** A stack of pyramids, largest at the bottom: each one sits on the one below a little lower than
 * where their widths meet, so that every piece of the stack shows its band and its pips. */
function tree(...pips: number[]): Glyph {
  const stack = pips.map((n) => PYRAMIDS[n - 1]);
  const bases: number[] = [];
  let base = 0;
  stack.forEach((p, i) => {
    if (i > 0) {
      const below = stack[i - 1];
      base -= below.height * (1 - (0.78 * p.width) / below.width);
    }
    bases.push(base);
  });
  const top = base - stack.at(-1)!.height;
  const scale = Math.min(1, 86 / -top);
  return stack.flatMap((p, i) => pyramidParts(p, 90 + bases[i] * scale, scale));
}

const stone: Glyph = [
  ["body", "M20 82 C13 72 19 58 31 53 C39 44 60 43 68 51 C81 55 88 70 80 81 C71 90 29 90 20 82 Z"],
  ["detail", "M34 62 Q42 56 52 58"],
  ["detail", "M60 72 Q66 68 70 70"],
];

// ---------------------------------------------------------------------------------------------
// The sets, by piece kind. A variant is drawn from one set: the one with figures for the most of
// the kinds its description gives (GetVariant's piece_types), the earlier set on a tie. So a kind
// name two sets share (a pawn figurine, a one-pip pyramid) is drawn as the rest of the game's
// pieces are, and a new game whose kinds are ones drawn here gets their figures; a kind its set
// lacks is a lettered disc.

const FIGURINES: Record<string, Glyph> = {
  king,
  raja: king,
  rajah: king,
  maharajah,
  mantri,
  gaja: elephant,
  elephant,
  horse,
  ratha: chariot,
  chariot,
  boat,
  pawn,
  brahmin,
  swami,
  devapala,
  yavana,
  muni,
  singh,
  shikari,
  untouchable,
  dropped_untouchable: droppedUntouchable,
  buddha,
  rakshasa,
};

/** Icehouse pyramids, one to a piece: small, medium and large. */
const PYRAMID_SET: Record<string, Glyph> = { pawn: pyramid(1), drone: pyramid(2), queen: pyramid(3) };

/** Stacks of pyramids, and the immobile pieces of the games that play with them: a keep is a
 * stone, a throne two large pyramids. */
const TREES: Record<string, Glyph> = {
  monarch: tree(3, 2, 1),
  paladin: tree(3, 1),
  raven: tree(3, 2),
  squire: tree(2, 1),
  keep: stone,
  throne: tree(3, 3),
};

const SETS: Record<string, Glyph>[] = [FIGURINES, PYRAMID_SET, TREES];

const chosen = new WeakMap<Variant, Record<string, Glyph>>();

/** The set a variant's pieces are drawn from, chosen by their kinds. */
function setFor(variant: Variant): Record<string, Glyph> {
  let set = chosen.get(variant);
  if (set) return set;
  const kinds = (variant.piece_types ?? []).map((t) => t.kind ?? "");
  let best = 0;
  set = {};
  for (const s of SETS) {
    const n = kinds.filter((k) => Object.hasOwn(s, k)).length;
    if (n > best) [best, set] = [n, s];
  }
  chosen.set(variant, set);
  return set;
}

function glyphFor(variant: Variant, kind: string): Glyph | undefined {
  const set = setFor(variant);
  return Object.hasOwn(set, kind) ? set[kind] : undefined;
}

/** Whether the variant's pieces of this kind are drawn as a figure rather than a lettered disc. */
export function hasGlyph(variant: Variant, kind: string): boolean {
  return glyphFor(variant, kind) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Drawing.

const PIECE_COLORS: Record<string, string> = {
  white: "#fbfaf2",
  black: "#2a2a2a",
  red: "#d13b3b",
  green: "#2e9a48",
  yellow: "#ecc52c",
  blue: "#3b6ad6",
  light: "#f3e9cf",
  dark: "#5a4330",
};
/** Martian pieces have no colour: they belong to whoever's zone they stand in. */
const COLOURLESS = "#c9d6e2";
/** Pieces no player owns (Ramayana's Rakshasas). */
export const NEUTRAL = "#9a6fc0";

/** A fill for a colour name the service uses; unknown names are tried as CSS colours. */
export function colorFill(name: string): string {
  if (PIECE_COLORS[name]) return PIECE_COLORS[name];
  if (name && CSS.supports("color", name)) return name;
  return COLOURLESS;
}

/** Whether lines on a fill should be light: the fill is dark. */
function isDark(fill: string): boolean {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.42;
}

const OUTLINE = "#1c1c1c";
/** The outline of a figure, in its 100-unit box; thicker on a light fill (yellow, white, the Martian
 * games' colourless pieces), which stands out from the light squares by its outline alone. */
const STROKE = 3;
const LIGHT_STROKE = 5.5;

/** A colour's relative luminance (WCAG), or null for a colour that is not #rrggbb. */
export function luminance(fill: string): number | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => {
    const c = parseInt(x, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether a fill is light: hardly different from the light squares, so its outline carries it. */
export function isLight(fill: string): boolean {
  return (luminance(fill) ?? 0) >= 0.35;
}

/** A short label for a piece: its letter in the variant's notation without decoration. */
export function pieceLetter(variant: Variant, kind: string): { letter: string; promoted: boolean } {
  const t = variant.piece_types?.find((p) => p.kind === kind);
  const raw = t?.letter ?? kind.charAt(0);
  const letter = raw.replace(/[^A-Za-z]/g, "").toUpperCase() || kind.charAt(0).toUpperCase();
  return { letter, promoted: /[+=]/.test(raw) };
}

/** The piece's name as GetVariant gives it. */
export function pieceTitle(variant: Variant, kind: string): string {
  return variant.piece_types?.find((p) => p.kind === kind)?.title ?? kind.replace(/_/g, " ");
}

/**
 * Draws a piece centred on (cx, cy) in a box of the given size, into a new <g class="piece">:
 * the variant's figure for the kind, else a disc with its letter. color is a colour name of the
 * service ("" for none).
 */
export function drawGlyph(parent: Element, variant: Variant, kind: string, color: string, cx: number, cy: number, size: number): SVGGElement {
  const g = el("g", { class: "piece" }, parent);
  const type = variant.piece_types?.find((t) => t.kind === kind);
  const fill = type?.neutral && !color ? NEUTRAL : colorFill(color);
  const glyph = glyphFor(variant, kind);
  const light = isLight(fill);
  if (light) g.classList.add("light-fill");
  if (!glyph) {
    drawDisc(g, variant, kind, fill, cx, cy, size, Boolean(type?.royal));
    return g;
  }
  g.classList.add("glyph");
  const s = size / 100;
  const inner = el("g", { transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${s})` }, g);
  const contrast = isDark(fill) ? "#f4f1ea" : OUTLINE;
  const stroke = light ? LIGHT_STROKE : STROKE;
  for (const [role, d] of glyph) {
    const attrs: Record<string, string | number> = { d, class: `part-${role}` };
    if (role === "body" || role === "pyramid") Object.assign(attrs, { fill, stroke: OUTLINE, "stroke-width": stroke });
    else if (role === "shade") Object.assign(attrs, { fill: OUTLINE, "fill-opacity": 0.28, stroke: OUTLINE, "stroke-width": 1.5 });
    else if (role === "detail") Object.assign(attrs, { fill: "none", stroke: contrast, "stroke-width": 3, "stroke-linecap": "round" });
    else if (role === "dot" || role === "pip") Object.assign(attrs, { fill: contrast });
    else if (role === "ivory") Object.assign(attrs, { fill: "#fbf6e6", stroke: OUTLINE, "stroke-width": 2 });
    else if (role === "halo") Object.assign(attrs, { fill: "none", stroke: "#d9a400", "stroke-width": 4 });
    el("path", { ...attrs, "stroke-linejoin": "round" }, inner);
  }
  return g;
}

function drawDisc(g: SVGGElement, variant: Variant, kind: string, fill: string, cx: number, cy: number, size: number, royal: boolean): void {
  const r = size * 0.4;
  const { letter, promoted } = pieceLetter(variant, kind);
  el("circle", { cx, cy, r, fill, class: royal ? "royal" : "" }, g);
  if (promoted) el("circle", { cx, cy, r: r * 0.78, fill: "none", class: "promoted" }, g);
  const t = el("text", { x: cx, y: cy, "font-size": r * 1.05, fill: isDark(fill) ? "#fff" : "#222", "text-anchor": "middle", "dominant-baseline": "central" }, g);
  t.textContent = letter;
}

/** A piece on its own, as a small inline picture (held pieces, the legend). */
export function glyphSvg(variant: Variant, kind: string, color: string, size = 28): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  drawGlyph(svg, variant, kind, color, 50, 50, 100);
  return svg;
}
