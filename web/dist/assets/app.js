// src/api.ts
var ApiError = class extends Error {
  constructor(message, httpStatus, status) {
    super(message);
    this.httpStatus = httpStatus;
    this.status = status;
  }
  httpStatus;
  status;
};
var aborted = (err) => err instanceof DOMException && err.name === "AbortError";
async function send(method, path, body, signal) {
  try {
    return await fetch(path, {
      method,
      headers: body === void 0 ? {} : { "Content-Type": "application/json" },
      body: body === void 0 ? void 0 : JSON.stringify(body),
      signal
    });
  } catch (err) {
    if (aborted(err)) throw err;
    throw new ApiError(`the service cannot be reached: ${String(err)}`, 0);
  }
}
async function call(method, path, body, signal) {
  const res = await send(method, path, body, signal);
  let json;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(`${method} ${path}: ${res.status} ${res.statusText}`, res.status);
  }
  if (!res.ok) {
    const e = json?.error;
    throw new ApiError(e?.message ?? `${method} ${path}: ${res.status}`, res.status, e);
  }
  return json;
}
async function patiently(signal, fn) {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= 12 || !(err instanceof ApiError && err.status?.status === "RESOURCE_EXHAUSTED")) throw err;
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, Math.min(2e3, 50 * 2 ** i));
        signal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(new DOMException("cancelled", "AbortError"));
        }, { once: true });
      });
    }
  }
}
function ref(pos) {
  return { variant: pos.variant, text: pos.text };
}
var post = (path) => (req) => call("POST", path, req);
var api = {
  listVariants: () => call("GET", "/v1/variants"),
  getVariant: (name) => call("GET", `/v1/variants/${encodeURIComponent(name)}`),
  start: (variant, options) => call("POST", `/v1/variants/${encodeURIComponent(variant)}:start`, { options }),
  apply: post("/v1/moves:apply"),
  list: post("/v1/moves:list"),
  validate: post("/v1/moves:validate"),
  roll: post("/v1/dice:roll"),
  resolve: post("/v1/dice:resolve"),
  score: post("/v1/positions:score"),
  search: post("/v1/analysis:search"),
  evaluate: (req, signal) => call("POST", "/v1/analysis:evaluate", req, signal),
  rollout: (req, signal) => call("POST", "/v1/analysis:rollout", req, signal),
  searchStream: (req, signal, onMessage) => stream("/v1/analysis:searchStream", req, signal, onMessage),
  reviewGame: (req, signal, onMessage) => stream("/v1/games:review", req, signal, onMessage),
  exportGame: post("/v1/games:export"),
  importGame: post("/v1/games:import")
};
async function stream(path, req, signal, onMessage) {
  const res = await send("POST", path, req, signal);
  if (!res.ok || !res.body) {
    let e;
    try {
      e = (await res.json()).error;
    } catch {
    }
    throw new ApiError(e?.message ?? `POST ${path}: ${res.status}`, res.status, e);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const line = (text) => {
    if (!text.trim()) return;
    const msg = JSON.parse(text);
    if (msg.error) throw new ApiError(msg.error.message ?? `${path} failed`, msg.error.code ?? 500, msg.error);
    if (msg.result) onMessage(msg.result);
  };
  for (; ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    buf += value;
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      line(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  }
  line(buf);
}

// ../clients/board/src/pieces.ts
var SVG = "http://www.w3.org/2000/svg";
function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}
var circle = (cx, cy, r) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
var PLINTH = ["body", "M22 92 Q22 83 31 82 H69 Q78 83 78 92 Z"];
var ROBE = ["body", "M31 82 C33 67 39 57 43 52 H57 C61 57 67 67 69 82 Z"];
var pawn = [
  PLINTH,
  ["body", "M35 82 C37 71 42 63 45 55 H55 C58 63 63 71 65 82 Z"],
  ["body", "M37 50 H63 Q66 53 63 56 H37 Q34 53 37 50 Z"],
  ["body", circle(50, 36, 13)]
];
var king = [
  PLINTH,
  ["body", "M30 82 L35 54 H65 L70 82 Z"],
  ["body", "M35 56 C24 46 28 31 41 34 C42 27 58 27 59 34 C72 31 76 46 65 56 Z"],
  ["body", "M46 9 H54 V15 H60 V22 H54 V30 H46 V22 H40 V15 H46 Z"],
  ["detail", "M36 66 H64"]
];
var star = (cx, cy, r, points, inner) => {
  let d = "";
  for (let i = 0; i < points * 2; i++) {
    const a = Math.PI * i / points - Math.PI / 2;
    const rr = i % 2 ? inner : r;
    d += `${i ? "L" : "M"}${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`;
  }
  return d + "Z";
};
var maharajah = [
  ["halo", circle(50, 20, 14)],
  PLINTH,
  ["body", "M30 82 L35 54 H65 L70 82 Z"],
  ["body", "M35 56 L25 30 L39 40 L44 26 L50 36 L56 26 L61 40 L75 30 L65 56 Z"],
  ["body", star(50, 18, 11, 8, 5)],
  ["detail", "M36 66 H64"],
  ["detail", "M37 73 H63"]
];
var mantri = [
  PLINTH,
  ["body", "M31 82 L37 56 H63 L69 82 Z"],
  ["body", "M36 58 L24 28 L38 42 L42 21 L50 40 L58 21 L62 42 L76 28 L64 58 Z"],
  ["body", circle(24, 25, 4.5)],
  ["body", circle(42, 18, 4.5)],
  ["body", circle(58, 18, 4.5)],
  ["body", circle(76, 25, 4.5)],
  ["detail", "M37 67 H63"]
];
var elephant = [
  PLINTH,
  ["body", "M76 82 V60 C82 52 82 36 72 29 C63 22 47 21 38 26 C30 30 26 38 26 46 C23 54 19 60 19 68 C19 75 24 79 29 76 C31 72 27 68 28 63 C30 57 33 55 36 57 L38 82 Z"],
  ["ivory", "M35 56 C31 61 28 64 24 64 C27 60 30 57 33 54 Z"],
  ["detail", "M47 32 C59 29 64 44 57 55 C53 59 47 57 45 51"],
  ["dot", circle(36, 39, 2.6)],
  ["detail", "M57 82 V68"]
];
var horse = [
  PLINTH,
  ["body", "M33 82 C33 69 39 61 48 55 C43 55 36 57 30 59 C23 61 17 57 17 50 C17 44 23 39 27 35 C31 29 35 23 40 20 L38 10 L47 16 C62 15 75 28 77 48 C78 62 75 74 73 82 Z"],
  ["detail", "M52 21 C64 27 70 41 70 58"],
  ["dot", circle(35, 32, 2.6)],
  ["dot", circle(22, 50, 1.8)]
];
var chariot = [
  PLINTH,
  ["body", "M7 50 L25 57 L24 62 L6 55 Z"],
  ["body", "M22 64 L27 40 H71 L77 64 Z"],
  ["body", "M26 29 Q49 8 72 29 Z"],
  ["detail", "M49 29 V40"],
  ["body", circle(52, 66, 16)],
  ["detail", "M52 52 V80 M38 66 H66 M42 56 L62 76 M62 56 L42 76"],
  ["dot", circle(52, 66, 3.5)]
];
var boat = [
  ["body", "M47 64 V12 H52 V64 Z"],
  ["body", "M55 16 C71 26 78 42 78 58 H55 Z"],
  ["body", "M44 24 L26 56 H44 Z"],
  ["body", "M12 63 H88 L75 84 H25 Z"],
  ["detail", "M14 92 Q22 88 30 92 Q38 96 46 92 Q54 88 62 92 Q70 96 78 92 Q84 89 88 91"]
];
var brahmin = [
  PLINTH,
  ["body", "M34 82 L37 52 H63 L66 82 Z"],
  ["body", "M41 33 C42 22 47 14 50 3 C53 14 58 22 59 33 Z"],
  ["body", circle(50, 39, 10)],
  ["body", "M19 50 H81 V60 H19 Z"],
  ["body", circle(18, 55, 6.5)],
  ["body", circle(82, 55, 6.5)],
  ["detail", "M41 63 L59 80"],
  ["detail", "M46 22 H54"]
];
var swami = [
  PLINTH,
  ["body", "M71 82 V22 H77 V82 Z"],
  ["body", circle(74, 18, 6)],
  ROBE,
  ["body", "M36 44 C34 26 66 26 64 44 C60 38 40 38 36 44 Z"],
  ["body", circle(50, 40, 11)],
  ["detail", "M40 60 Q50 66 60 60"]
];
var devapala = [
  PLINTH,
  ["body", "M72 82 V22 H77 V82 Z"],
  ["body", "M74.5 5 L81 24 H68 Z"],
  ROBE,
  ["body", "M38 36 C38 22 62 22 62 36 Z"],
  ["body", circle(50, 39, 11)],
  ["body", circle(41, 64, 15)],
  ["detail", circle(41, 64, 8)],
  ["dot", circle(41, 64, 3)]
];
var yavana = [
  PLINTH,
  ["body", "M51 31 C37 30 26 21 27 9 C39 14 63 14 75 9 C76 21 65 30 51 31 Z"],
  ["body", "M29 82 V56 C29 39 39 30 51 30 C63 30 73 39 73 56 V82 Z"],
  ["dot", "M34 52 H47 V58 H34 Z"],
  ["dot", "M55 52 H68 V58 H55 Z"],
  ["dot", "M48 60 H54 V82 H48 Z"],
  ["detail", "M31 46 Q51 40 71 46"]
];
var muni = [
  PLINTH,
  ROBE,
  ["body", "M48 12 H52 V36 H48 Z"],
  ["body", "M10 30 C18 13 34 6 50 6 C66 6 82 13 90 30 Q84 26 77 30 Q70 26 63 30 Q57 26 50 30 Q43 26 37 30 Q30 26 23 30 Q16 26 10 30 Z"],
  ["body", circle(50, 43, 10)],
  ["body", "M42 48 C43 58 47 64 50 67 C53 64 57 58 58 48 Z"],
  ["detail", "M46 55 Q50 60 54 55"]
];
var lionMane = (() => {
  let d = "";
  const n = 14;
  for (let i = 0; i < n; i++) {
    const a0 = 2 * Math.PI * i / n;
    const a1 = 2 * Math.PI * (i + 0.5) / n;
    const p = (a, r) => `${(50 + r * Math.cos(a)).toFixed(1)} ${(48 + r * Math.sin(a)).toFixed(1)}`;
    d += `${i ? "L" : "M"}${p(a0, 26)} Q${p(a1, 40)} ${p(2 * Math.PI * (i + 1) / n, 26)}`;
  }
  return d + "Z";
})();
var singh = [
  PLINTH,
  ["body", lionMane],
  ["body", circle(37, 34, 6)],
  ["body", circle(63, 34, 6)],
  ["body", "M33 48 C33 34 67 34 67 48 C67 62 58 70 50 70 C42 70 33 62 33 48 Z"],
  ["dot", circle(43, 46, 2.6)],
  ["dot", circle(57, 46, 2.6)],
  ["dot", "M45 55 H55 L50 60 Z"],
  ["detail", "M50 60 V63 M44 64 Q50 68 56 64"]
];
var shikari = [
  PLINTH,
  ["detail", "M36 12 V80"],
  ["body", "M33 10 C76 20 76 72 33 82 L35 76 C66 68 66 24 35 16 Z"],
  ["body", "M20 44 H72 L82 47 L72 50 H20 Z"],
  ["body", "M14 40 L24 44 V50 L14 54 L18 47 Z"]
];
var untouchable = [
  PLINTH,
  ["body", "M36 82 C38 74 42 68 45 63 H55 C58 68 62 74 64 82 Z"],
  ["body", "M39 58 H61 Q64 61 61 64 H39 Q36 61 39 58 Z"],
  ["body", circle(50, 47, 11)]
];
var droppedUntouchable = [
  ["body", "M50 40 L88 67 L50 95 L12 67 Z"],
  ["body", circle(50, 29, 12)],
  ["detail", "M50 52 L69 67 L50 82 L31 67 Z"],
  ["dot", circle(50, 67, 4)]
];
var buddha = [
  ["halo", circle(50, 33, 21)],
  ["body", "M18 90 C18 76 30 68 40 66 C35 60 37 52 43 49 H57 C63 52 65 60 60 66 C70 68 82 76 82 90 Z"],
  ["body", circle(50, 35, 11)],
  ["body", circle(50, 22, 4.5)],
  ["detail", "M28 84 Q50 74 72 84"],
  ["detail", "M43 72 Q50 76 57 72"]
];
var rakshasa = [
  PLINTH,
  ["body", "M34 82 C36 72 42 68 50 68 C58 68 64 72 66 82 Z"],
  ["body", "M32 36 C21 27 18 15 22 5 C27 16 35 22 42 27 Z"],
  ["body", "M68 36 C79 27 82 15 78 5 C73 16 65 22 58 27 Z"],
  ["body", "M30 42 C30 28 39 22 50 22 C61 22 70 28 70 42 C70 59 62 71 50 72 C38 71 30 59 30 42 Z"],
  ["dot", "M37 40 L47 45 L38 47 Z"],
  ["dot", "M63 40 L53 45 L62 47 Z"],
  ["detail", "M39 57 Q50 63 61 57"],
  ["ivory", "M43 58 L45 66 L48 59 Z"],
  ["ivory", "M52 59 L55 66 L57 58 Z"]
];
var PYRAMIDS = [
  { pips: 1, width: 36, height: 48 },
  { pips: 2, width: 48, height: 65 },
  { pips: 3, width: 62, height: 84 }
];
function pyramidParts(p, baseY, scale = 1) {
  const w = p.width * scale;
  const h3 = p.height * scale;
  const top = baseY - h3;
  const parts = [
    ["pyramid", `M${50 - w / 2} ${baseY} L50 ${top} L${50 + w / 2} ${baseY} Z`],
    ["shade", `M50 ${top} L${50 + w / 2} ${baseY} L${50 + w * 0.12} ${baseY} Z`]
  ];
  const r = 3.2 * Math.max(scale, 0.8);
  const y = baseY - 7 * scale;
  const gap = 8.5 * scale;
  const x0 = 50 - w * 0.19 - (p.pips - 1) * gap / 2;
  for (let i = 0; i < p.pips; i++) parts.push(["pip", circle(x0 + i * gap, y, r)]);
  return parts;
}
var pyramid = (pips) => pyramidParts(PYRAMIDS[pips - 1], 90);
function tree(...pips) {
  const stack = pips.map((n) => PYRAMIDS[n - 1]);
  const bases = [];
  let base = 0;
  stack.forEach((p, i) => {
    if (i > 0) {
      const below = stack[i - 1];
      base -= below.height * (1 - 0.78 * p.width / below.width);
    }
    bases.push(base);
  });
  const top = base - stack.at(-1).height;
  const scale = Math.min(1, 86 / -top);
  return stack.flatMap((p, i) => pyramidParts(p, 90 + bases[i] * scale, scale));
}
var stone = [
  ["body", "M20 82 C13 72 19 58 31 53 C39 44 60 43 68 51 C81 55 88 70 80 81 C71 90 29 90 20 82 Z"],
  ["detail", "M34 62 Q42 56 52 58"],
  ["detail", "M60 72 Q66 68 70 70"]
];
var FIGURINES = {
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
  rakshasa
};
var PYRAMID_SET = { pawn: pyramid(1), drone: pyramid(2), queen: pyramid(3) };
var TREES = {
  monarch: tree(3, 2, 1),
  paladin: tree(3, 1),
  raven: tree(3, 2),
  squire: tree(2, 1),
  keep: stone,
  throne: tree(3, 3)
};
var SETS = [FIGURINES, PYRAMID_SET, TREES];
var chosen = /* @__PURE__ */ new WeakMap();
function setFor(variant) {
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
function glyphFor(variant, kind) {
  const set = setFor(variant);
  return Object.hasOwn(set, kind) ? set[kind] : void 0;
}
var PIECE_COLORS = {
  white: "#fbfaf2",
  black: "#2a2a2a",
  red: "#d13b3b",
  green: "#2e9a48",
  yellow: "#ecc52c",
  blue: "#3b6ad6",
  light: "#f3e9cf",
  dark: "#5a4330"
};
var COLOURLESS = "#c9d6e2";
var NEUTRAL = "#9a6fc0";
function colorFill(name) {
  if (PIECE_COLORS[name]) return PIECE_COLORS[name];
  if (name && CSS.supports("color", name)) return name;
  return COLOURLESS;
}
function isDark(fill) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.42;
}
var OUTLINE = "#1c1c1c";
var STROKE = 3;
var LIGHT_STROKE = 5.5;
function luminance(fill) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => {
    const c = parseInt(x, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function isLight(fill) {
  return (luminance(fill) ?? 0) >= 0.35;
}
function pieceLetter(variant, kind) {
  const t = variant.piece_types?.find((p) => p.kind === kind);
  const raw = t?.letter ?? kind.charAt(0);
  const letter = raw.replace(/[^A-Za-z]/g, "").toUpperCase() || kind.charAt(0).toUpperCase();
  return { letter, promoted: /[+=]/.test(raw) };
}
function pieceTitle(variant, kind) {
  return variant.piece_types?.find((p) => p.kind === kind)?.title ?? kind.replace(/_/g, " ");
}
function drawGlyph(parent, variant, kind, color, cx, cy, size) {
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
    const attrs = { d, class: `part-${role}` };
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
function drawDisc(g, variant, kind, fill, cx, cy, size, royal) {
  const r = size * 0.4;
  const { letter, promoted } = pieceLetter(variant, kind);
  el("circle", { cx, cy, r, fill, class: royal ? "royal" : "" }, g);
  if (promoted) el("circle", { cx, cy, r: r * 0.78, fill: "none", class: "promoted" }, g);
  const t = el("text", { x: cx, y: cy, "font-size": r * 1.05, fill: isDark(fill) ? "#fff" : "#222", "text-anchor": "middle", "dominant-baseline": "central" }, g);
  t.textContent = letter;
}
function glyphSvg(variant, kind, color, size = 28) {
  const svg2 = document.createElementNS(SVG, "svg");
  svg2.setAttribute("viewBox", "0 0 100 100");
  svg2.setAttribute("width", String(size));
  svg2.setAttribute("height", String(size));
  svg2.setAttribute("aria-hidden", "true");
  drawGlyph(svg2, variant, kind, color, 50, 50, 100);
  return svg2;
}

// src/ui.ts
var $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} missing from the page`);
  return e;
};
function h(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== void 0) e.textContent = text;
  return e;
}
var nice = (s) => s.replace(/_/g, " ");
function swatch(fill) {
  const e = h("span", { class: "swatch", "aria-hidden": "true" });
  e.style.background = fill || "transparent";
  return e;
}
function renderOptions(variant, values) {
  const box = $("options");
  box.replaceChildren();
  for (const o of variant.options ?? []) {
    const name = o.name ?? "";
    const value = name in values ? values[name] : o.default_value;
    const label = h("label", { title: o.description ?? "" });
    let input;
    if (o.type === "OPTION_TYPE_BOOL") {
      input = h("input", { type: "checkbox" });
      input.checked = Boolean(value);
      label.append(input, " " + nice(name));
    } else if (o.type === "OPTION_TYPE_STRING" && (o.allowed ?? []).length > 0) {
      input = h("select");
      for (const a of o.allowed ?? []) input.append(h("option", { value: a }, a));
      input.value = String(value ?? "");
      label.append(nice(name) + " ", input);
    } else {
      input = h("input", { type: o.type === "OPTION_TYPE_INT" ? "number" : "text" });
      if (o.type === "OPTION_TYPE_INT") {
        if (o.min !== void 0 && o.min !== "") input.setAttribute("min", o.min);
        if (o.max !== void 0 && o.max !== "") input.setAttribute("max", o.max);
      }
      input.value = String(value ?? "");
      label.append(nice(name) + " ", input);
    }
    input.dataset.option = name;
    box.append(label);
  }
}
function readOptions(variant) {
  const out = {};
  for (const o of variant.options ?? []) {
    const input = document.querySelector(`#options [data-option="${CSS.escape(o.name ?? "")}"]`);
    if (!input) continue;
    const value = optionValue(o, input);
    if (value !== o.default_value) out[o.name ?? ""] = value;
  }
  return out;
}
function optionValue(o, input) {
  if (o.type === "OPTION_TYPE_BOOL") return input.checked;
  if (o.type === "OPTION_TYPE_INT") return Number(input.value);
  return input.value;
}
function renderSeats(players2, seats, names, onChange) {
  const box = $("seats");
  box.replaceChildren();
  for (const p of players2) {
    const sel = h("select", { "data-seat": p, "aria-label": `who plays ${p}` });
    sel.append(h("option", { value: "human" }, "human"), h("option", { value: "bot" }, "bot"));
    sel.value = seats.get(p) ?? "human";
    sel.addEventListener("change", () => onChange(p, sel.value === "bot" ? "bot" : "human"));
    const label = h("label", {}, `${nice(p)} `);
    const name = names.get(p);
    if (name) label.append(h("span", { class: "player-name", "data-player-name": p }, name), " ");
    label.append(sel);
    box.append(label);
  }
}
function chip(variant, kind, color, player, playerColor2) {
  const title = (color ? color + " " : "") + pieceTitle(variant, kind);
  const span = h("span", { class: "chip", "data-piece": "", "data-kind": kind, "data-player": player, "data-color": color, title });
  span.append(glyphSvg(variant, kind, color || playerColor2(player), 30));
  return span;
}
function renderPieceLegend(variant, color) {
  const box = $("piece-legend");
  box.replaceChildren();
  for (const t of variant.piece_types ?? []) {
    const li = h("li", { "data-kind": t.kind ?? "", title: t.movement ?? "" });
    li.append(glyphSvg(variant, t.kind ?? "", t.neutral ? "" : color, 34), h("span", {}, t.title ?? nice(t.kind ?? "")));
    box.append(li);
  }
}
function renderHeld(variant, pos, playerColor2) {
  const box = $("held");
  box.replaceChildren();
  for (const ps of pos.players ?? []) {
    const name = ps.name ?? "";
    if (!(ps.held ?? []).length && !(ps.lost ?? []).length) continue;
    const row = h("div", { "data-held": name }, `${nice(name)} holds `);
    const held = ps.held_pieces?.length ? ps.held_pieces : (ps.held ?? []).map((kind) => ({ kind, color: "" }));
    for (const hp of held) row.append(chip(variant, hp.kind ?? "", hp.color ?? "", name, playerColor2));
    if ((ps.lost ?? []).length) {
      const pile = h("span", { "data-pile": name }, " lost ");
      for (const k of ps.lost ?? []) pile.append(chip(variant, k, "", name, playerColor2));
      row.append(pile);
    }
    box.append(row);
  }
}
function standingsOf(pos, next) {
  return next?.standings?.length ? next.standings : (pos.players ?? []).map((p) => ({ player: p.name, score: p.score, place: 0, score_parts: p.score_parts }));
}
function keepsScores(variant, pos, next) {
  if ((variant.event_types ?? []).some((e) => e.kind === "EVENT_KIND_POINTS")) return true;
  if (next?.decided_by === "score") return true;
  return standingsOf(pos, next).some((s) => (s.score ?? 0) !== 0 || (s.score_parts ?? []).length > 0);
}
function renderScores(variant, pos, next) {
  const box = $("scores");
  box.replaceChildren();
  box.hidden = !keepsScores(variant, pos, next);
  if (box.hidden) return;
  const standings = standingsOf(pos, next);
  for (const s of standings) {
    const v = s.score ?? 0;
    const parts = (s.score_parts ?? []).filter((p) => p.points).map((p) => `${nice(p.source ?? "")} ${p.points}`);
    const row = h("div", { "data-score": s.player ?? "", "data-value": String(v) }, `${nice(s.player ?? "")}: ${v}${parts.length ? ` (${parts.join(", ")})` : ""}${s.place ? ` \u2014 place ${s.place}` : ""}`);
    box.append(row);
  }
  for (const t of next?.teams ?? []) {
    box.append(h("div", { "data-team": t.team ?? "", "data-value": String(t.score ?? 0) }, `team ${(t.players ?? []).join("+")}: ${t.score ?? 0}${t.place ? ` \u2014 place ${t.place}` : ""}`));
  }
}
function renderDice(variant, pos) {
  const box = $("dice");
  box.replaceChildren();
  for (const d of pos.dice ?? []) {
    const face = variant.die_types?.find((t) => t.kind === d.kind)?.faces?.find((f) => f.value === d.value);
    const label = face?.label ?? String(d.value ?? "");
    const meaning = nice(d.means || face?.meaning || "");
    const e = h("span", { class: "die-with-meaning", "data-used": String(Boolean(d.used)) });
    e.append(h("span", { class: "die", "data-die": d.kind ?? "", "data-value": String(d.value ?? 0), "data-used": String(Boolean(d.used)), title: meaning }, label));
    if (meaning && meaning !== label) e.append(h("span", { class: "die-meaning" }, meaning));
    box.append(e);
  }
}
function renderResult(next, scored) {
  const box = $("result");
  const over = next && (next.status === "GAME_STATUS_FINISHED" || next.phase === "PHASE_FINISHED");
  box.hidden = !over;
  box.replaceChildren();
  if (!over || !next) {
    box.removeAttribute("data-reason");
    box.removeAttribute("data-decided-by");
    return;
  }
  box.dataset.reason = next.reason ?? "";
  box.dataset.decidedBy = next.decided_by ?? "";
  const byScore = next.decided_by === "score";
  const winners = next.winners ?? [];
  box.append(next.reason ? `Game over (${nice(next.reason)}): ` : "Game over: ");
  if (winners.length === 0) box.append("a draw");
  winners.forEach((w, i) => {
    if (i) box.append(i === winners.length - 1 ? " and " : ", ");
    box.append(h("strong", { "data-player": w }, nice(w)));
  });
  if (winners.length) box.append(winners.length > 1 ? " win" : " wins");
  if (byScore) box.append(` on points, ${margin(next, winners)}`);
  else if (scored) {
    const list = [...next.standings ?? []].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    if (list.length) box.append(`; points: ${list.map((s) => `${nice(s.player ?? "")} ${s.score ?? 0}`).join(", ")}`);
  }
}
function margin(next, winners) {
  const teams = next.teams ?? [];
  const entries = teams.length ? teams.map((t) => ({ won: (t.players ?? []).some((p) => winners.includes(p)) || t.place === 1, score: t.score ?? 0 })) : (next.standings ?? []).map((s) => ({ won: winners.includes(s.player ?? "") || s.place === 1, score: s.score ?? 0 }));
  const top = entries.filter((e) => e.won).map((e) => e.score);
  const rest = entries.filter((e) => !e.won).map((e) => e.score);
  const best = top.length ? Math.max(...top) : Math.max(0, ...entries.map((e) => e.score));
  if (!rest.length) return `${best} each`;
  return `${best} to ${Math.max(...rest)}`;
}

// src/analysis.ts
var PLAYOUTS = 500;
var TIME_LIMIT = "600s";
var MAX_DEPTH = 64;
var st = {
  host: null,
  on: false,
  key: "",
  // the subject being analysed; "" when nothing runs
  search: null,
  rollout: null,
  best: null
};
var analysisBest = () => st.on ? st.best : null;
function depth() {
  const text = $("analysis-depth").value.trim();
  const d = Number(text);
  return text !== "" && Number.isInteger(d) && d >= 1 && d <= MAX_DEPTH ? d : MAX_DEPTH;
}
function initAnalysis(host) {
  st.host = host;
  $("analyse").addEventListener("click", () => {
    st.on = !st.on;
    updateAnalysis();
  });
  $("analysis-depth").addEventListener("change", () => updateAnalysis());
  $("rollout").addEventListener("click", () => void runRollout());
  updateAnalysis();
}
function keyOf(s) {
  if (!st.on || !s) return "";
  return JSON.stringify([s.pos.text, s.keys.length, s.botToMove, depth()]);
}
function updateAnalysis() {
  const s = st.host?.subject() ?? null;
  const key = keyOf(s);
  const btn = $("analyse");
  btn.setAttribute("aria-pressed", String(st.on));
  $("analysis-body").hidden = !st.on;
  if (key === st.key) return;
  cancel();
  st.key = key;
  clear();
  if (!st.on || !s) {
    setState("off", "");
    return;
  }
  $("analysis").dataset.position = s.pos.text ?? "";
  if (s.botToMove) {
    setState("waiting", "the bot is to move");
    return;
  }
  void run(s, key);
}
function cancel() {
  st.search?.abort();
  st.rollout?.abort();
  st.search = null;
  st.rollout = null;
}
function clear() {
  st.best = null;
  st.host?.showBestMove(null);
  $("eval-bar").hidden = true;
  $("eval-values").replaceChildren();
  $("eval-values").removeAttribute("data-source");
  $("pv-lines").replaceChildren();
  const wc = $("win-chances");
  wc.replaceChildren();
  for (const a of ["data-state", "data-seed", "data-playouts"]) wc.removeAttribute(a);
  $("rollout").disabled = false;
  const box = $("analysis");
  for (const a of ["data-position", "data-depth", "data-complete"]) box.removeAttribute(a);
}
function setState(state2, status) {
  $("analysis").dataset.state = state2;
  $("analysis-status").textContent = status;
}
function fail(err, key) {
  if (aborted(err) || key !== st.key) return;
  setState("error", err instanceof ApiError ? err.message : String(err));
}
async function run(s, key) {
  const ctrl = new AbortController();
  st.search = ctrl;
  const players2 = (s.pos.players ?? []).map((p) => p.name ?? "");
  try {
    if (s.finished || s.chance) {
      setState("running", "evaluating\u2026");
      const r = await patiently(ctrl.signal, () => api.evaluate({ position: ref(s.pos) }, ctrl.signal));
      if (key !== st.key) return;
      const values = (r.values ?? []).map((v) => s.finished ? { ...v, win_in: 0 } : v);
      showValues(players2, values, "evaluate");
      setState("done", s.finished ? "the game is over: static evaluation" : "static evaluation: roll the dice for a search");
      return;
    }
    setState("running", "searching\u2026");
    const d = depth();
    const req = { position: ref(s.pos), depth: d, time_limit: TIME_LIMIT, history: s.keys.length ? { keys: s.keys } : void 0 };
    await patiently(
      ctrl.signal,
      () => api.searchStream(req, ctrl.signal, (m) => {
        if (key === st.key) showSearch(s, players2, m);
      })
    );
  } catch (err) {
    fail(err, key);
  }
}
function showSearch(s, players2, m) {
  const line = m.lines?.[0];
  if (!line) return;
  showValues(players2, line.values ?? [], "search");
  const mover = line.move?.player || s.pos.to_move || players2[0];
  const side = players2.length === 2 ? players2[0] : mover;
  const value = (line.values ?? []).find((v) => v.player === side);
  const list = $("pv-lines");
  const li = h("li", { "data-depth": String(m.depth ?? 0), "data-player": side ?? "" });
  if (m.final) li.dataset.final = "true";
  li.append(h("span", { class: "pv-depth", title: "depth" }, `${m.depth ?? 0}`));
  li.append(h("span", { class: "pv-value", title: `${nice(side ?? "")}'s value` }, value ? formatValue(value, false) : ""));
  const pv = h("span", { class: "pv-moves" });
  const numbers = s.numbers();
  let by = mover;
  for (const a of line.pv ?? []) {
    const n = numbers.label(a.player || by || "");
    by = a.player || by;
    if (n) pv.append(h("span", { class: "pv-number" }, n), " ");
    pv.append(h("span", { "data-notation": a.notation ?? "", "data-player": a.player ?? "" }, a.san || a.notation || ""), " ");
  }
  li.append(pv);
  const same = list.querySelector(`li[data-depth="${m.depth ?? 0}"]`);
  if (same) same.replaceWith(li);
  else list.prepend(li);
  const best = m.best_action ?? line.move;
  st.best = best?.from && best.to && best.from !== best.to ? { from: best.from, to: best.to, notation: best.notation ?? "", label: best.san || best.notation || "" } : null;
  st.host?.showBestMove(st.best);
  const box = $("analysis");
  box.dataset.depth = String(m.depth ?? 0);
  box.dataset.complete = String(Boolean(m.complete));
  const bestText = best ? `, best ${best.san || best.notation}` : "";
  if (m.final) setState("done", `depth ${m.depth}${m.complete ? "" : " (the service's time for an analysis is up)"}${bestText}`);
  else setState("running", `depth ${m.depth}${bestText}, searching deeper\u2026 (Analyse again stops)`);
}
function formatValue(v, chance = true) {
  let text;
  if (v.win_in !== void 0 && v.win_in !== null) {
    if (v.win_in > 0) text = `win in ${v.win_in}`;
    else if (v.win_in < 0) text = `loss in ${-v.win_in}`;
    else text = v.value > 0 ? "won" : v.value < 0 ? "lost" : "drawn";
  } else text = v.value > 0 ? `+${v.value.toFixed(2)}` : v.value.toFixed(2);
  if (chance && v.win_chance !== void 0 && v.win_chance !== null) text += ` (${(v.win_chance * 100).toFixed(1)}%)`;
  return text;
}
function share(v) {
  if (v.win_in !== void 0 && v.win_in !== null && v.win_in !== 0) return v.win_in > 0 ? 100 : 0;
  if (v.win_chance !== void 0 && v.win_chance !== null) return v.win_chance * 100;
  return 50 + 50 * Math.tanh(v.value / 4);
}
function showValues(players2, values, source) {
  const host = st.host;
  const row = $("eval-values");
  row.dataset.source = source;
  row.replaceChildren();
  const ordered = players2.map((p) => values.find((v) => v.player === p)).filter((v) => Boolean(v));
  for (const v of ordered) {
    const e = h("span", { class: "eval", "data-player": v.player, "data-value": String(v.value) });
    if (v.win_in !== void 0 && v.win_in !== null) e.dataset.winIn = String(v.win_in);
    if (v.win_chance !== void 0 && v.win_chance !== null) e.dataset.winChance = String(v.win_chance);
    e.append(swatch(colorFill(host?.playerColor(v.player) ?? "")), h("span", { class: "eval-player" }, nice(v.player)), " ", h("strong", { class: "eval-value" }, formatValue(v)));
    row.append(e);
  }
  const bar = $("eval-bar");
  bar.hidden = ordered.length !== 2;
  if (ordered.length !== 2) return;
  const [a, b] = ordered;
  const pct = Math.round(share(a) * 10) / 10;
  bar.dataset.player = a.player;
  bar.dataset.share = String(pct);
  bar.setAttribute("aria-valuenow", String(pct));
  bar.setAttribute("aria-valuetext", `${nice(a.player)} ${formatValue(a)}, ${nice(b.player)} ${formatValue(b)}`);
  const [left, right] = [bar.children[0], bar.children[1]];
  left.style.width = `${pct}%`;
  left.style.background = colorFill(host?.playerColor(a.player) ?? "") || "#eee";
  left.dataset.player = a.player;
  right.style.background = colorFill(host?.playerColor(b.player) ?? "") || "#333";
  right.dataset.player = b.player;
}
async function runRollout() {
  const s = st.host?.subject();
  if (!st.on || !s) return;
  st.rollout?.abort();
  const ctrl = new AbortController();
  st.rollout = ctrl;
  const key = st.key;
  const box = $("win-chances");
  box.replaceChildren("playing games\u2026");
  box.dataset.state = "running";
  $("rollout").disabled = true;
  try {
    const req = { position: ref(s.pos), playouts: PLAYOUTS, policy: "ROLLOUT_POLICY_GREEDY", seed: s.seed };
    const r = await patiently(ctrl.signal, () => api.rollout(req, ctrl.signal));
    if (key !== st.key) return;
    showRollout(r);
  } catch (err) {
    if (aborted(err) || key !== st.key) return;
    box.dataset.state = "error";
    box.replaceChildren(err instanceof ApiError ? err.message : String(err));
  } finally {
    if (key === st.key) $("rollout").disabled = false;
  }
}
function showRollout(r) {
  const box = $("win-chances");
  box.replaceChildren();
  box.dataset.seed = r.seed ?? "";
  box.dataset.playouts = String(r.playouts ?? 0);
  const n = r.playouts ?? 0;
  const color = (p) => colorFill(st.host?.playerColor(p) ?? "") || "#888";
  const pct = (k) => n ? k / n * 100 : 0;
  const ps = r.players ?? [];
  for (const p of ps) {
    const title = `${p.wins} won, ${p.draws} drawn, ${p.losses} lost of ${r.playouts}`;
    const e = h("span", { class: "chance", "data-player": p.player, "data-win-rate": String(p.win_rate), title });
    e.append(swatch(color(p.player)), h("span", { class: "eval-player" }, nice(p.player)), " ", h("strong", {}, `${(p.win_rate * 100).toFixed(1)}%`));
    box.append(e);
  }
  const segment = (kind, count, fill, label, player = "") => {
    const seg = h("span", { class: `wdl-${kind}`, "data-kind": kind, "data-count": String(count), title: `${label}: ${count} of ${n} (${pct(count).toFixed(1)}%)` });
    if (player) seg.dataset.player = player;
    seg.style.width = `${pct(count)}%`;
    seg.style.background = fill;
    if (pct(count) >= 12) seg.textContent = `${Math.round(pct(count))}%`;
    return seg;
  };
  const bars = h("div", { class: "wdl-bars" });
  const unfinished = r.unfinished ?? 0;
  if (ps.length === 2) {
    const [a, b] = ps;
    const bar = h("div", { class: "wdl", role: "img", "aria-label": `${nice(a.player)} wins ${pct(a.wins).toFixed(1)}%, draws ${pct(a.draws).toFixed(1)}%, ${nice(b.player)} wins ${pct(b.wins).toFixed(1)}%` });
    bar.append(
      segment("win", a.wins, color(a.player), `${nice(a.player)} wins`, a.player),
      segment("draw", a.draws, "#9c9c9c", "draws"),
      segment("unfinished", unfinished, "repeating-linear-gradient(45deg,#ccc 0 4px,#eee 4px 8px)", "unfinished"),
      segment("win", b.wins, color(b.player), `${nice(b.player)} wins`, b.player)
    );
    bars.append(bar);
    const parts = [`${nice(a.player)} wins ${pct(a.wins).toFixed(1)}%`, `draws ${pct(a.draws).toFixed(1)}%`];
    if (unfinished) parts.push(`unfinished ${pct(unfinished).toFixed(1)}%`);
    parts.push(`${nice(b.player)} wins ${pct(b.wins).toFixed(1)}%`);
    bars.append(h("small", { class: "wdl-legend" }, parts.join(" \xB7 ")));
  } else {
    for (const p of ps) {
      const row = h("div", { class: "wdl-row", "data-player": p.player });
      const bar = h("div", { class: "wdl", role: "img", "aria-label": `${nice(p.player)}: won ${pct(p.wins).toFixed(1)}%, drawn ${pct(p.draws).toFixed(1)}%, lost ${pct(p.losses).toFixed(1)}%` });
      bar.append(segment("win", p.wins, color(p.player), "won", p.player), segment("draw", p.draws, "#9c9c9c", "drawn"), segment("loss", p.losses, "#4a4a4a", "lost"));
      row.append(h("span", { class: "wdl-name" }, nice(p.player)), bar);
      bars.append(row);
    }
    bars.append(h("small", { class: "wdl-legend" }, "each bar: won (the player's colour) \xB7 drawn (grey) \xB7 lost (dark)"));
  }
  box.append(bars);
  const note = unfinished ? `, ${unfinished} unfinished` : "";
  box.append(h("small", { class: "chance-note" }, `${r.playouts} greedy playouts, seed ${r.seed}${note}${r.complete ? "" : ", stopped by the time limit"}`));
  box.dataset.state = "done";
}

// ../clients/board/src/style.ts
var CSS_TEXT = `
:host{display:block}
.ab{--_light:var(--ab-light,#f0dcb4);--_dark:var(--ab-dark,#c79b68);--_island-light:var(--ab-island-light,#f3e3a1);--_island-dark:var(--ab-island-dark,#dcc27a);--_zone-light:var(--ab-zone-light,#e9e4f2);--_zone-dark:var(--ab-zone-dark,#bfb3d6);--_coaster-light:var(--ab-coaster-light,#ece6d8);--_coaster-dark:var(--ab-coaster-dark,#cfc4aa);--_ocean:var(--ab-ocean,#6ea9d6);--_dot:var(--ab-dot,#1b1b1b);--_dot-ring:var(--ab-dot-ring,#fff);--_outline:var(--ab-outline,#333);--_coord:var(--ab-coord,#6b5b45);--_last:var(--ab-last,rgba(242,209,46,.5));--_selected:var(--ab-selected,rgba(63,143,240,.5));--_check:var(--ab-check,rgba(232,50,31,.6));--_hint:var(--ab-hint,rgba(29,107,44,.6));--_focus:var(--ab-focus,#0a58ca);--_bg:var(--ab-bg,transparent);--_fg:var(--ab-fg,#1c1c1c);--_button-bg:var(--ab-button-bg,#f4f1ea);--_button-fg:var(--ab-button-fg,#1c1c1c);--_button-border:var(--ab-button-border,#8a7a63);--_error:var(--ab-error,#b3261e);--_error-bg:var(--ab-error-bg,#fde7e4);--_duration:var(--ab-duration,180ms);
position:relative;min-width:280px;width:100%;box-sizing:border-box;color:var(--_fg);background:var(--_bg);font:14px/1.3 system-ui,sans-serif}
.ab[data-theme=dark]{--_light:var(--ab-light,#8d8577);--_dark:var(--ab-dark,#5e554a);--_island-light:var(--ab-island-light,#9a8f5a);--_island-dark:var(--ab-island-dark,#746a3c);--_zone-light:var(--ab-zone-light,#7c7591);--_zone-dark:var(--ab-zone-dark,#5a5370);--_coaster-light:var(--ab-coaster-light,#807a6c);--_coaster-dark:var(--ab-coaster-dark,#625b4d);--_ocean:var(--ab-ocean,#2f5e85);--_outline:var(--ab-outline,#d8d2c6);--_coord:var(--ab-coord,#c8bca8);--_fg:var(--ab-fg,#ece6dc);--_button-bg:var(--ab-button-bg,#2d2b28);--_button-fg:var(--ab-button-fg,#ece6dc);--_button-border:var(--ab-button-border,#8d8577);--_error:var(--ab-error,#ffb4aa);--_error-bg:var(--ab-error-bg,#4a1f1b);--_focus:var(--ab-focus,#8ab4f8)}
@media (prefers-color-scheme:dark){.ab[data-theme=auto]{--_light:var(--ab-light,#8d8577);--_dark:var(--ab-dark,#5e554a);--_island-light:var(--ab-island-light,#9a8f5a);--_island-dark:var(--ab-island-dark,#746a3c);--_zone-light:var(--ab-zone-light,#7c7591);--_zone-dark:var(--ab-zone-dark,#5a5370);--_coaster-light:var(--ab-coaster-light,#807a6c);--_coaster-dark:var(--ab-coaster-dark,#625b4d);--_ocean:var(--ab-ocean,#2f5e85);--_outline:var(--ab-outline,#d8d2c6);--_coord:var(--ab-coord,#c8bca8);--_fg:var(--ab-fg,#ece6dc);--_button-bg:var(--ab-button-bg,#2d2b28);--_button-fg:var(--ab-button-fg,#ece6dc);--_button-border:var(--ab-button-border,#8d8577);--_error:var(--ab-error,#ffb4aa);--_error-bg:var(--ab-error-bg,#4a1f1b);--_focus:var(--ab-focus,#8ab4f8)}}
.ab-svg{display:block;width:100%;height:auto;touch-action:manipulation;user-select:none;-webkit-user-select:none}
.ab-svg *{pointer-events:none}
.ab-svg .sq{pointer-events:auto;cursor:pointer;stroke:none}
.ab-svg[data-view-only] .sq{cursor:default}
.sq.light{fill:var(--_light)}.sq.dark{fill:var(--_dark)}
.sq.kind-island.light{fill:var(--_island-light)}.sq.kind-island.dark{fill:var(--_island-dark)}
.sq.kind-zone.light{fill:var(--_zone-light)}.sq.kind-zone.dark{fill:var(--_zone-dark)}
.sq.kind-coaster.light{fill:var(--_coaster-light)}.sq.kind-coaster.dark{fill:var(--_coaster-dark)}
.sq.movable{touch-action:none}
.sq:focus{outline:none}.sq:focus-visible{stroke:var(--_focus);stroke-width:8}
.tint-last{fill:var(--_last)}.tint-selected{fill:var(--_selected)}.tint-check{fill:var(--_check)}
.hint-move{fill:var(--_hint)}.hint-capture{fill:none;stroke:var(--_hint);stroke-width:8}
.ocean{fill:var(--_ocean)}
.region .outline{fill:none;stroke:var(--_outline);stroke-width:5;stroke-linecap:round}
.region.kind-zone .outline{stroke-width:3;stroke-dasharray:10 8}
.region.kind-coaster .outline{stroke-width:9}
.arrow{stroke:var(--_outline);stroke-width:4}.arrow.exit{stroke:#b3261e}.arrowhead{fill:context-stroke}
.mark{--mark:#5a2d82;fill:none;stroke:var(--mark)}.mark-0 circle{stroke-width:5}
.mark-1 path,.mark-2 path{fill:var(--mark);stroke:none}
.mark-alignment .dot{fill:var(--_dot);stroke:var(--_dot-ring);stroke-width:4}
.mark-edge .bank{stroke:#1f4e79;stroke-width:16;stroke-linecap:round}.mark-edge .water{stroke:#7cc0ee;stroke-width:9;stroke-linecap:round}
.piece:not(.glyph) circle{stroke:#222;stroke-width:4}.piece.light-fill:not(.glyph) circle:not(.promoted){stroke-width:7}.piece.light-fill:not(.glyph) circle.royal{stroke-width:10}.piece:not(.glyph) circle.royal{stroke-width:8}.piece:not(.glyph) circle.promoted{stroke-width:2}
.piece text{font-weight:700;font-family:system-ui,sans-serif}
.ab[data-animate] .pc{transition:transform var(--_duration) ease}
.pc.dragging{transition:none!important;filter:drop-shadow(0 6px 6px rgba(0,0,0,.35))}
.coords text{font:600 22px system-ui,sans-serif;fill:var(--_coord)}
.shape{stroke-width:14;stroke-linecap:round;fill:none;opacity:.75}
.ab-controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:6px;min-height:0}
.ab-controls:empty{display:none}
.ab button{font:inherit;padding:4px 10px;border-radius:6px;border:1px solid var(--_button-border);background:var(--_button-bg);color:var(--_button-fg);cursor:pointer;display:inline-flex;align-items:center;gap:4px}
.ab button:focus-visible{outline:3px solid var(--_focus);outline-offset:1px}
.ab-die{display:inline-block;min-width:1.6em;padding:2px 6px;border:1px solid var(--_button-border);border-radius:5px;text-align:center;font-weight:600}
.ab-die[data-used=true]{opacity:.5}
.ab-choices{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);display:flex;flex-wrap:wrap;gap:6px;justify-content:center;max-width:90%;padding:10px;border-radius:8px;background:var(--_button-bg);box-shadow:0 4px 18px rgba(0,0,0,.35)}
.ab-choices.ab-outside{position:static;transform:none;max-width:none;width:auto;min-width:0;padding:0;background:none;box-shadow:none;justify-content:flex-start}
.ab-choices[hidden],.ab-message[hidden]{display:none}
.ab-message{margin-top:6px;padding:6px 8px;border-radius:6px;color:var(--_error);background:var(--_error-bg)}
.ab-live{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion:reduce){.ab .pc{transition:none!important}}
`;

// ../clients/board/src/view.ts
var SVG2 = "http://www.w3.org/2000/svg";
var U = 100;
var DRAG_START_PX = 6;
function el2(tag, attrs = {}, parent) {
  const e = document.createElementNS(SVG2, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}
function h2(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== void 0) e.textContent = text;
  return e;
}
var nice2 = (s) => s.replace(/_/g, " ");
function cellOf(name, squares) {
  const s = squares.get(name);
  if (s) return s;
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return null;
  let file = 0;
  for (const c of m[1]) file = file * 26 + (c.charCodeAt(0) - 96);
  return { file: file - 1, rank: Number(m[2]) - 1 };
}
var DIRS = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] };
function dirVector(direction, from, to, ranks) {
  if (direction && /^[nsew]+$/.test(direction)) {
    let x2 = 0;
    let y2 = 0;
    for (const c of direction) {
      x2 += DIRS[c][0];
      y2 += DIRS[c][1];
    }
    const l2 = Math.hypot(x2, y2);
    if (l2 > 0) return [x2 / l2, y2 / l2];
  }
  if (!to) return null;
  const x = to.file - from.file;
  const y = from.rank - to.rank;
  const l = Math.hypot(x, y);
  return l > 0 ? [x / l, y / l] : null;
}
function turnsToFace(seat) {
  const s = seat.toLowerCase();
  if (/^(north|top|t[lr]$)/.test(s)) return 2;
  if (s === "west" || s === "left") return 3;
  if (s === "east" || s === "right") return 1;
  return 0;
}
function pieceName(variant, p) {
  return [p.color || p.player || "", nice2(p.kind)].filter(Boolean).join(" ");
}
var styled = /* @__PURE__ */ new WeakSet();
var sheet;
function ensureStyle(node) {
  const root = node.getRootNode();
  const target = root instanceof ShadowRoot ? root : document;
  if (styled.has(target)) return;
  styled.add(target);
  if ("adoptedStyleSheets" in target && typeof CSSStyleSheet !== "undefined" && "replaceSync" in CSSStyleSheet.prototype) {
    try {
      sheet ??= new CSSStyleSheet();
      if (!sheet.cssRules.length) sheet.replaceSync(CSS_TEXT);
      target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
      return;
    } catch {
    }
  }
  const style = h2("style", { "data-ashtapada-board": "" }, CSS_TEXT);
  if (target instanceof ShadowRoot) target.prepend(style);
  else document.head.append(style);
}
function actionLabel(a) {
  let s = a.san || a.notation || a.name || "";
  if (a.dice?.length && !/\d/.test(s)) s += ` (${a.dice.join(" ")})`;
  return s;
}
function createBoard(host, initial = {}) {
  const cfg = { coordinates: true, animation: true, theme: "auto", ...initial };
  const root = h2("div", { class: "ab", part: "root" });
  const svg2 = el2("svg", { class: "ab-svg", part: "board", role: "group" });
  const choices = h2("div", { class: "ab-choices", part: "choices", role: "group", "aria-label": "choose an action", hidden: "" });
  const message = h2("div", { class: "ab-message", part: "message", role: "alert", hidden: "" });
  const live = h2("div", { class: "ab-live", "aria-live": "polite", "aria-atomic": "true" });
  const controls = h2("div", { class: "ab-controls ab", part: "controls", role: "group", "aria-label": "actions" });
  root.append(svg2, choices, message, live);
  host.append(root);
  ensureStyle(root);
  let staticKey = "";
  let variant = {};
  let cells = /* @__PURE__ */ new Map();
  let ranks = 8;
  let turns = 0;
  let sqEls = /* @__PURE__ */ new Map();
  let screen = /* @__PURE__ */ new Map();
  let view = el2("g");
  let pieceLayer = el2("g");
  let tints = el2("g");
  let hints = el2("g");
  let shapeLayer = el2("g");
  let pieceSize = U * 0.92;
  let pieces = /* @__PURE__ */ new Map();
  let occupant = /* @__PURE__ */ new Map();
  let focusSq = "";
  let selected = null;
  let shownChoices = [];
  let marksKey = "";
  let controlsKey = "";
  let lastAnnounced = "";
  let drag = null;
  let dragEnded = false;
  let destroyed = false;
  const interactive = () => !cfg.viewOnly && !!cfg.legal;
  const legal = () => interactive() ? cfg.legal ?? [] : [];
  const playable = () => legal().filter((a) => a.kind !== "ACTION_KIND_ROLL");
  const movesFrom = (sq) => playable().filter((a) => a.from === sq && a.to);
  const currentBoard = () => {
    const pos = cfg.position;
    if (pos?.board) return pos.board;
    const opts = pos?.options ?? {};
    const ob = variant.option_boards?.find((o) => Object.entries(o.options ?? {}).every(([k, v]) => opts[k] === v));
    return ob?.board ?? variant.board ?? {};
  };
  const seats = () => {
    const pos = cfg.position;
    const opts = pos?.options ?? {};
    const ob = variant.option_boards?.find((o) => Object.entries(o.options ?? {}).every(([k, v]) => opts[k] === v));
    return [...variant.seats ?? [], ...ob?.seats ?? []];
  };
  const playerColor2 = (player) => {
    const now = cfg.position?.players?.find((p) => p.name === player)?.color;
    if (now) return now;
    return seats().find((s) => s.player === player)?.color || "";
  };
  const seatFor = (o) => {
    const all = seats();
    if (!o) {
      const first = cfg.position?.players?.[0]?.name;
      return all.find((s) => s.player === first)?.seat ?? all[0]?.seat ?? "";
    }
    return all.find((s) => s.seat === o)?.seat ?? all.find((s) => s.player === o)?.seat ?? o;
  };
  function buildStatic(board2) {
    const hadFocus = root.contains(document.activeElement) || root.getRootNode().activeElement?.closest?.(".ab") === root;
    const files = board2.files ?? 8;
    ranks = board2.ranks ?? 8;
    const W2 = files * U;
    const H2 = ranks * U;
    const margin2 = cfg.coordinates === false ? 4 : 36;
    svg2.replaceChildren();
    const [vw, vh] = turns % 2 ? [H2, W2] : [W2, H2];
    svg2.setAttribute("viewBox", `${-margin2} ${-margin2} ${vw + 2 * margin2} ${vh + 2 * margin2}`);
    svg2.setAttribute("aria-label", `${variant.title || variant.name || "game"} board`);
    svg2.dataset.turns = String(turns);
    cells = /* @__PURE__ */ new Map();
    sqEls = /* @__PURE__ */ new Map();
    pieces = /* @__PURE__ */ new Map();
    occupant = /* @__PURE__ */ new Map();
    marksKey = "";
    for (const s of board2.squares ?? []) cells.set(s.name ?? "", { file: s.file ?? 0, rank: s.rank ?? 0 });
    const regionKind = /* @__PURE__ */ new Map();
    for (const r of board2.regions ?? []) regionKind.set(r.name ?? "", r.kind ?? "");
    const xy = (c) => [c.file * U, (ranks - 1 - c.rank) * U];
    const defs = el2("defs", {}, svg2);
    const marker = el2("marker", { id: "ab-arrow", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
    el2("path", { d: "M0 0 L10 5 L0 10 z", class: "arrowhead" }, marker);
    const turn = ["", `translate(${H2} 0) rotate(90)`, `translate(${W2} ${H2}) rotate(180)`, `translate(0 ${W2}) rotate(270)`][turns];
    view = el2("g", { class: "view", transform: turn }, svg2);
    const upright = (e, x, y) => {
      if (turns) e.setAttribute("transform", `rotate(${-90 * turns} ${x} ${y})`);
    };
    if (cfg.coordinates !== false) drawCoordinates(view, board2, cells, ranks, W2, H2, upright);
    for (const r of board2.regions ?? []) {
      if (r.kind !== "ocean") continue;
      const g = el2("g", { "data-region": r.name ?? "", "data-kind": r.kind ?? "", "data-squares": (r.squares ?? []).join(" "), class: `region kind-${r.kind}` }, view);
      for (const name of r.squares ?? []) {
        if (cells.has(name)) continue;
        const c = cellOf(name, cells);
        if (!c) continue;
        const [x, y] = xy(c);
        el2("rect", { x, y, width: U, height: U, class: "ocean" }, g);
      }
    }
    const sqLayer = el2("g", { class: "squares" }, view);
    const seen = (x, y) => [
      [x, H2 - y, W2 - x, y][turns],
      [y, x, H2 - y, W2 - x][turns]
    ];
    screen = /* @__PURE__ */ new Map();
    for (const s of board2.squares ?? []) {
      const name = s.name ?? "";
      const c = cells.get(name);
      const [x, y] = xy(c);
      const kind = regionKind.get(s.region ?? "") ?? "";
      const cls = ["sq", (c.file + c.rank) % 2 === 0 ? "dark" : "light"];
      if (kind) cls.push(`kind-${kind}`);
      const rect = el2("rect", { x, y, width: U, height: U, class: cls.join(" "), "data-square": name, tabindex: cfg.tabbable ? 0 : -1, role: "button", part: "square", "aria-label": `${name}, empty` }, sqLayer);
      el2("title", {}, rect).textContent = name;
      sqEls.set(name, rect);
      screen.set(name, seen(x + U / 2, y + U / 2));
    }
    if (!sqEls.has(focusSq)) focusSq = (board2.squares ?? [])[0]?.name ?? "";
    sqEls.get(focusSq)?.setAttribute("tabindex", "0");
    tints = el2("g", { class: "tints" }, view);
    for (const r of board2.regions ?? []) {
      if (r.kind === "ocean") continue;
      const pos = /* @__PURE__ */ new Set();
      for (const n of r.squares ?? []) {
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
      const g = el2("g", { "data-region": r.name ?? "", "data-kind": r.kind ?? "", "data-squares": (r.squares ?? []).join(" "), class: `region kind-${r.kind}` }, view);
      const path = el2("path", { d, class: "outline" }, g);
      el2("title", {}, g).textContent = `${r.name} (${r.kind})`;
      if (r.kind === "coaster" && r.name && CSS.supports("color", r.name)) path.style.stroke = colorFill(r.name);
    }
    const arrows = el2("g", { class: "arrows" }, view);
    for (const cn of board2.connections ?? []) {
      const from = cells.get(cn.from ?? "");
      if (!from) continue;
      const to = cn.to ? cellOf(cn.to, cells) : null;
      const v = dirVector(cn.direction, from, to, ranks);
      if (!v) continue;
      const [x, y] = xy(from);
      const cx = x + U / 2;
      const cy = y + U / 2;
      el2("line", { x1: cx + v[0] * 26, y1: cy + v[1] * 26, x2: cx + v[0] * 44, y2: cy + v[1] * 44, class: cn.to ? "arrow" : "arrow exit", "marker-end": "url(#ab-arrow)", "data-from": cn.from ?? "", "data-to": cn.to ?? "", "data-direction": cn.direction ?? "" }, arrows);
    }
    const markNames = [...new Set((board2.marks ?? []).filter((m) => markStyle(m) !== "alignment").map((m) => m.name ?? ""))];
    const markLayer = el2("g", { class: "marks" }, view);
    const regionOf = /* @__PURE__ */ new Map();
    for (const s of board2.squares ?? []) regionOf.set(s.name ?? "", s.region ?? "");
    for (const m of board2.marks ?? []) {
      const style = markStyle(m);
      const edges = style === "edge" ? regionEdges(m.squares ?? [], cells, regionOf) : { pairs: [], squares: /* @__PURE__ */ new Set() };
      const shape = style === "alignment" ? "alignment" : edges.squares.size ? "edge" : Math.max(0, markNames.indexOf(m.name ?? "")) % 3;
      const g = el2("g", { class: `mark mark-${shape}`, "data-mark": m.name ?? "", "data-mark-style": typeof shape === "number" ? ["ring", "corner", "corner-right"][shape] : shape }, markLayer);
      el2("title", {}, g).textContent = `${nice2(m.name ?? "")}: ${m.description ?? ""}`;
      if (m.player) g.style.setProperty("--mark", colorFill(playerColor2(m.player)));
      if (edges.squares.size) {
        let d = "";
        for (const [a, b] of edges.pairs) {
          const [x, y] = xy(a);
          if (b.rank > a.rank) d += `M${x} ${y}h${U}`;
          else if (b.rank < a.rank) d += `M${x} ${y + U}h${U}`;
          else if (b.file > a.file) d += `M${x + U} ${y}v${U}`;
          else d += `M${x} ${y}v${U}`;
        }
        el2("path", { d, class: "bank" }, g);
        el2("path", { d, class: "water" }, g);
      }
      for (const sq of m.squares ?? []) {
        if (edges.squares.has(sq)) continue;
        const c = cellOf(sq, cells);
        if (!c) continue;
        const [x, y] = xy(c);
        if (shape === "alignment") {
          const [cx, cy] = cornerOf(sq, c, board2, cells);
          const r = U * 0.12;
          const dx = x + (cx ? U - U * 0.2 : U * 0.2);
          const dy = y + (cy ? U - U * 0.2 : U * 0.2);
          el2("circle", { cx: dx, cy: dy, r, class: "dot", "data-at": sq, "data-corner": `${cy ? "bottom" : "top"}-${cx ? "right" : "left"}` }, g);
        } else if (shape === 0) el2("circle", { cx: x + U * 0.15, cy: y + U * 0.15, r: U * 0.08 }, g);
        else if (shape === 1) el2("path", { d: `M${x} ${y}h${U * 0.3}l-${U * 0.3} ${U * 0.3}z` }, g);
        else el2("path", { d: `M${x + U} ${y}h-${U * 0.3}l${U * 0.3} ${U * 0.3}z` }, g);
      }
    }
    pieceLayer = el2("g", { class: "pieces" }, view);
    pieceSize = (board2.connections ?? []).length ? U * 0.72 : U * 0.92;
    hints = el2("g", { class: "hints" }, view);
    shapeLayer = el2("g", { class: "shapes" }, view);
    if (hadFocus) sqEls.get(focusSq)?.focus();
  }
  const home = (sq) => {
    const c = cells.get(sq) ?? cellOf(sq, cells);
    return c ? [c.file * U, (ranks - 1 - c.rank) * U] : null;
  };
  const place = (g, sq) => {
    const at = home(sq);
    if (at) g.style.transform = `translate(${at[0]}px, ${at[1]}px)`;
  };
  const hoverName = (p) => [p.color || p.player || "", pieceTitle(variant, p.kind)].filter(Boolean).join(" ");
  function pieceKey(p) {
    return `${p.kind}|${p.color ?? ""}|${p.player ?? ""}|${p.color || playerColor2(p.player ?? "")}`;
  }
  function makePiece(p) {
    const g = el2("g", { class: "pc", part: "piece", role: "img" }, pieceLayer);
    const color = p.color || playerColor2(p.player ?? "");
    const glyph = drawGlyph(g, variant, p.kind, color, U / 2, U / 2, pieceSize);
    if (turns) glyph.setAttribute("transform", `rotate(${-90 * turns} ${U / 2} ${U / 2})`);
    if (glyph.classList.contains("glyph")) g.classList.add("glyph");
    g.setAttribute("data-piece", p.kind);
    g.setAttribute("data-kind", p.kind);
    g.setAttribute("data-player", p.player ?? "");
    g.setAttribute("data-color", p.color ?? "");
    return g;
  }
  function labelPiece(g, p) {
    g.setAttribute("data-square", p.square);
    g.setAttribute("aria-label", `${pieceName(variant, p)} on ${p.square}`);
    let title = g.querySelector(":scope > title");
    if (!title) title = el2("title", {}, g);
    title.textContent = `${hoverName(p)} on ${p.square}`;
  }
  function syncPieces(list) {
    const next = /* @__PURE__ */ new Map();
    for (const p of list) next.set(p.square, p);
    const gone = [];
    const added = [];
    const changed = /* @__PURE__ */ new Set();
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
      const i = gone.findIndex((g2) => g2.key === key);
      let g;
      if (i >= 0) {
        g = gone.splice(i, 1)[0].g;
      } else {
        g = makePiece(p);
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
  function syncMarks() {
    const pos = cfg.position ?? {};
    const targets = /* @__PURE__ */ new Set();
    if (selected) for (const a of movesFrom(selected)) targets.add(a.to);
    const last = /* @__PURE__ */ new Set();
    const la = cfg.lastAction ?? pos.last_action;
    if (la?.from) last.add(la.from);
    if (la?.to) last.add(la.to);
    const check = /* @__PURE__ */ new Set();
    if (pos.in_check) {
      const royal = new Set((variant.piece_types ?? []).filter((t) => t.royal).map((t) => t.kind));
      for (const p of pos.pieces ?? []) if (p.player === pos.to_move && royal.has(p.kind)) check.add(p.square);
    }
    const movable = /* @__PURE__ */ new Set();
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
    const tint = (squares, cls) => {
      for (const name of squares) {
        const at = home(name);
        if (at && cells.has(name)) el2("rect", { x: at[0], y: at[1], width: U, height: U, class: `tint ${cls}`, "data-tint": name }, tints);
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
      if (occupant.has(name)) el2("circle", { cx: x + U / 2, cy: y + U / 2, r: U * 0.45, class: "hint hint-capture", "data-hint": name }, hints);
      else el2("circle", { cx: x + U / 2, cy: y + U / 2, r: U * 0.14, class: "hint hint-move", "data-hint": name }, hints);
    }
    shapeLayer.replaceChildren();
    for (const s of cfg.shapes ?? []) {
      const a = home(s.from);
      if (!a) continue;
      const color = s.color || "#15781b";
      const b = s.to ? home(s.to) : null;
      if (!b || s.to === s.from) {
        const c = el2("circle", { cx: a[0] + U / 2, cy: a[1] + U / 2, r: U * 0.44, class: `shape ${s.class ?? ""}`.trim(), stroke: color, "data-shape": s.from }, shapeLayer);
        if (s.label) el2("title", {}, c).textContent = s.label;
        continue;
      }
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const l = Math.hypot(dx, dy);
      const g = el2("g", { class: "shape", "data-shape": `${s.from}${s.to}` }, shapeLayer);
      const x2 = b[0] + U / 2 - dx / l * U * 0.35;
      const y2 = b[1] + U / 2 - dy / l * U * 0.35;
      const line = el2("line", { x1: a[0] + U / 2, y1: a[1] + U / 2, x2, y2, stroke: color, "data-from": s.from, "data-to": s.to }, g);
      if (s.class) line.setAttribute("class", s.class);
      if (s.notation !== void 0) line.setAttribute("data-notation", s.notation);
      if (s.label) el2("title", {}, line).textContent = s.label;
      const ux = dx / l;
      const uy = dy / l;
      const tip = [b[0] + U / 2 - ux * U * 0.1, b[1] + U / 2 - uy * U * 0.1];
      const base = [x2 - ux * U * 0.1, y2 - uy * U * 0.1];
      el2("path", { d: `M${tip[0]} ${tip[1]}L${base[0] - uy * 28} ${base[1] + ux * 28}L${base[0] + uy * 28} ${base[1] - ux * 28}Z`, fill: color, stroke: "none" }, g);
    }
  }
  function syncControls() {
    const pos = cfg.position ?? {};
    const menu = playable().filter((a) => cfg.menu === "unclickable" ? !(a.from && a.to && a.from !== a.to) : !a.from && !a.to);
    const dice = cfg.dice === false ? [] : pos.dice ?? [];
    const key = JSON.stringify([menu.map((a) => a.notation), !!cfg.rollable && interactive(), dice, variant.name]);
    if (key === controlsKey) return;
    controlsKey = key;
    controls.replaceChildren();
    for (const d of dice) controls.append(dieChip(d));
    if (cfg.rollable && interactive()) {
      const b = h2("button", { type: "button", part: "button roll", "data-control": "roll" }, "Roll");
      b.addEventListener("click", () => cfg.onRoll?.());
      controls.append(b);
    }
    for (const a of menu) {
      const b = h2("button", { type: "button", part: "button action", "data-notation": a.notation ?? "", "data-kind": a.kind ?? "" }, nice2(actionLabel(a)));
      b.addEventListener("click", () => choose(a));
      controls.append(b);
    }
  }
  function dieChip(d) {
    const face = variant.die_types?.find((t) => t.kind === d.kind)?.faces?.find((f) => f.value === d.value);
    const label = face?.label ?? String(d.value ?? "");
    return h2("span", { class: "ab-die", part: "die", "data-die": d.kind ?? "", "data-value": String(d.value ?? 0), "data-used": String(!!d.used), title: d.means || face?.meaning || "", "aria-label": `die ${label}` }, label);
  }
  function showChoices(list) {
    shownChoices = list;
    choices.replaceChildren();
    if (!list.length) {
      choices.hidden = true;
      return;
    }
    for (const a of list) {
      const b = h2("button", { type: "button", part: "button choice", "data-notation": a.notation ?? "" });
      const kind = a.promotion || (a.kind === "ACTION_KIND_DROP" ? a.piece : "");
      if (kind) b.append(glyphSvg(variant, kind, playerColor2(cfg.position?.to_move ?? ""), 26));
      b.append(nice2(actionLabel(a)));
      b.addEventListener("click", () => choose(a));
      choices.append(b);
    }
    const cancel2 = h2("button", { type: "button", part: "button cancel", "data-control": "cancel", "aria-label": "cancel" }, "\u2715");
    cancel2.addEventListener("click", () => {
      showChoices([]);
      sqEls.get(focusSq)?.focus();
    });
    choices.append(cancel2);
    choices.hidden = false;
    choices.querySelector("button")?.focus();
  }
  function choose(a) {
    if (!interactive()) return;
    select(null);
    showChoices([]);
    cfg.onAction?.(a);
  }
  function select(sq) {
    if (selected === sq) return;
    selected = sq;
    syncMarks();
    cfg.onSelect?.(sq);
  }
  function activate(square) {
    if (!interactive()) return void cfg.onMiss?.(square, null);
    showChoices([]);
    const from = selected;
    const self = (sq) => playable().filter((a) => a.from === sq && (!a.to || a.to === sq));
    if (from !== null) {
      const hits = playable().filter((a) => a.from === from && a.to === square && a.to !== a.from);
      if (hits.length === 1) return choose(hits[0]);
      if (hits.length > 1) return showChoices(hits);
      if (square === from) {
        const own2 = self(square);
        if (own2.length) return showChoices(own2);
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
  function squareAt(clientX, clientY) {
    const m = view.getScreenCTM()?.inverse();
    if (!m) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m);
    const file = Math.floor(p.x / U);
    const rank = ranks - 1 - Math.floor(p.y / U);
    for (const [name, c] of cells) if (c.file === file && c.rank === rank) return name;
    return null;
  }
  const onClick = (ev) => {
    if (dragEnded) {
      dragEnded = false;
      return;
    }
    const sq = squareAt(ev.clientX, ev.clientY);
    if (!sq) return;
    setFocus(sq, false);
    activate(sq);
  };
  const onPointerDown = (ev) => {
    dragEnded = false;
    if (ev.button !== 0 || !interactive()) return;
    const sq = squareAt(ev.clientX, ev.clientY);
    if (!sq || !movesFrom(sq).length || !pieces.has(sq)) return;
    drag = { from: sq, pointerId: ev.pointerId, x: ev.clientX, y: ev.clientY, started: false };
  };
  const onPointerMove = (ev) => {
    if (!drag || ev.pointerId !== drag.pointerId) return;
    const pe = pieces.get(drag.from);
    if (!pe) return;
    if (!drag.started) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < DRAG_START_PX) return;
      drag.started = true;
      try {
        svg2.setPointerCapture(ev.pointerId);
      } catch {
      }
      showChoices([]);
      select(drag.from);
      pe.g.classList.add("dragging");
      pieceLayer.append(pe.g);
    }
    const m = pieceLayer.getScreenCTM()?.inverse();
    if (!m) return;
    const at = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
    pe.g.style.transform = `translate(${at.x - U / 2}px, ${at.y - U / 2}px)`;
  };
  const endDrag = (ev, drop) => {
    if (!drag || ev.pointerId !== drag.pointerId) return;
    const { from, started } = drag;
    drag = null;
    if (!started) return;
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
  };
  function setFocus(sq, move) {
    const rect = sqEls.get(sq);
    if (!rect) return;
    if (!cfg.tabbable) sqEls.get(focusSq)?.setAttribute("tabindex", "-1");
    focusSq = sq;
    rect.setAttribute("tabindex", "0");
    if (move) rect.focus();
  }
  const onKey = (ev) => {
    const sq = ev.target.getAttribute?.("data-square");
    if (!sq) return;
    const step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = step[ev.key];
    if (d) {
      ev.preventDefault();
      const [x, y] = screen.get(sq);
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
  const onChoicesKey = (ev) => {
    if (ev.key !== "Escape") return;
    showChoices([]);
    sqEls.get(focusSq)?.focus();
  };
  const onFocusIn = (ev) => {
    const sq = ev.target.getAttribute?.("data-square");
    if (sq && sqEls.has(sq)) setFocus(sq, false);
  };
  svg2.addEventListener("click", onClick);
  svg2.addEventListener("pointerdown", onPointerDown);
  svg2.addEventListener("pointermove", onPointerMove);
  svg2.addEventListener("pointerup", (ev) => endDrag(ev, true));
  svg2.addEventListener("pointercancel", (ev) => endDrag(ev, false));
  svg2.addEventListener("keydown", onKey);
  svg2.addEventListener("focusin", onFocusIn);
  choices.addEventListener("keydown", onChoicesKey);
  function announce(text) {
    live.textContent = text;
  }
  function render2(changed) {
    if (destroyed) return;
    if ("variant" in changed) variant = cfg.variant ?? {};
    root.dataset.theme = controls.dataset.theme = choices.dataset.theme = cfg.theme ?? "auto";
    root.toggleAttribute("data-animate", cfg.animation !== false);
    if (cfg.viewOnly || !cfg.legal) svg2.setAttribute("data-view-only", "");
    else svg2.removeAttribute("data-view-only");
    const board2 = currentBoard();
    turns = turnsToFace(seatFor(cfg.orientation));
    const key = `${variant.name}|${turns}|${cfg.coordinates !== false}|${JSON.stringify(board2)}`;
    if (key !== staticKey || "variant" in changed) {
      staticKey = key;
      buildStatic(board2);
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
      if (lastAnnounced || "lastAction" in changed) announce(`${la.player ? la.player + ": " : ""}${la.notation}`);
      lastAnnounced = said;
    }
  }
  render2({ ...cfg, variant: cfg.variant ?? null });
  return {
    element: root,
    controls,
    get config() {
      return cfg;
    },
    set(next) {
      Object.assign(cfg, next);
      render2(next);
    },
    announce,
    destroy() {
      destroyed = true;
      root.remove();
      controls.remove();
      choices.remove();
    }
  };
}
function markStyle(m) {
  if (m.shape === "MARK_SHAPE_CORNER_DOT") return "alignment";
  if (m.shape === "MARK_SHAPE_BORDER") return "edge";
  return "squares";
}
function cornerOf(sq, c, board2, cells) {
  let best = null;
  for (const r of board2.regions ?? []) {
    if (r.kind === "ocean" || !(r.squares ?? []).includes(sq)) continue;
    const cs = (r.squares ?? []).map((n) => cellOf(n, cells)).filter((x) => !!x);
    const box = { minF: Math.min(...cs.map((x) => x.file)), maxF: Math.max(...cs.map((x) => x.file)), minR: Math.min(...cs.map((x) => x.rank)), maxR: Math.max(...cs.map((x) => x.rank)), n: cs.length };
    const corner = (c.file === box.minF || c.file === box.maxF) && (c.rank === box.minR || c.rank === box.maxR);
    if (corner && box.maxF > box.minF && box.maxR > box.minR && (!best || box.n < best.n)) best = box;
  }
  if (!best) return [false, false];
  return [c.file === best.maxF, c.rank === best.minR];
}
function regionEdges(squares, cells, regionOf) {
  const at = /* @__PURE__ */ new Map();
  for (const sq of squares) {
    const c = cells.get(sq);
    if (c) at.set(`${c.file},${c.rank}`, sq);
  }
  const pairs = [];
  const used = /* @__PURE__ */ new Set();
  for (const sq of squares) {
    const a = cells.get(sq);
    if (!a || !regionOf.get(sq)) continue;
    for (const [df, dr] of [[1, 0], [0, 1]]) {
      const other = at.get(`${a.file + df},${a.rank + dr}`);
      if (!other || !regionOf.get(other) || regionOf.get(other) === regionOf.get(sq)) continue;
      pairs.push([a, cells.get(other)]);
      used.add(sq).add(other);
    }
  }
  return { pairs, squares: used };
}
function drawCoordinates(parent, board2, squares, ranks, W2, H2, upright) {
  const fileNames = /* @__PURE__ */ new Map();
  const rankNames = /* @__PURE__ */ new Map();
  const names = [...squares.keys(), ...(board2.regions ?? []).flatMap((r) => r.squares ?? [])];
  for (const name of names) {
    const m = /^([a-z]+)(\d+)$/.exec(name);
    const c = m && cellOf(name, squares);
    if (!m || !c) continue;
    fileNames.set(c.file, m[1]);
    rankNames.set(c.rank, m[2]);
  }
  const g = el2("g", { class: "coords", "aria-hidden": "true" }, parent);
  const label = (text, x, y) => {
    const t = el2("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, g);
    t.textContent = text;
    upright(t, x, y);
  };
  for (const [f, name] of fileNames) {
    label(name, f * U + U / 2, -18);
    label(name, f * U + U / 2, H2 + 18);
  }
  for (const [r, name] of rankNames) {
    const y = (ranks - 1 - r) * U + U / 2;
    label(name, -18, y);
    label(name, W2 + 18, y);
  }
}

// src/record.ts
function playerTag(player) {
  return player.split(/[_ ]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}
var pad = (n) => String(n).padStart(2, "0");
function pgnDate(d) {
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
}
function recordFileName(variant, d) {
  return `${variant}-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.pgn`;
}
var ADDRESS_RECORD_LIMIT = 2e3;
function encodeRecord(text) {
  let bin = "";
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeRecord(code) {
  const b64 = code.replace(/-/g, "+").replace(/_/g, "/");
  let bin;
  try {
    if (!/^[A-Za-z0-9+/]*$/.test(b64) || b64.length % 4 === 1) throw new Error();
    bin = atob(b64 + "=".repeat((4 - b64.length % 4) % 4));
  } catch {
    throw new Error("the address's record is not base64url");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    throw new Error("the address's record is not UTF-8 text");
  }
}

// src/numbers.ts
function startRound(counters) {
  for (const c of counters ?? []) {
    if (c.name === "fullmove_number" || c.name === "move_number") {
      const n = Number(c.value);
      if (Number.isInteger(n) && n >= 1) return n;
    }
  }
  return 1;
}
var Rounds = class {
  /** first: the first player; round: the round of the first action; prev: who acted just before
   * it, or null when the list begins the game or the line. */
  constructor(first, round, prev) {
    this.first = first;
    this.round = round;
    this.prev = prev;
  }
  first;
  round;
  prev;
  label(mover) {
    const opening = this.prev === null;
    let text = "";
    if (mover === this.first && this.prev !== this.first) {
      if (!opening) this.round++;
      text = `${this.round}.`;
    } else if (opening) text = `${this.round}...`;
    this.prev = mover;
    return text;
  }
  /** The round mover's next action belongs to: to number a line played from here. */
  peek(mover) {
    return mover === this.first && this.prev !== null && this.prev !== this.first ? this.round + 1 : this.round;
  }
};

// src/review.ts
function timePerAction(actions) {
  return Math.max(5, Math.min(100, Math.floor(8e3 / (actions + 1))));
}
var st2 = {
  host: null,
  key: "",
  // the game reviewed (or being reviewed); "" for none
  players: [],
  actions: [],
  summary: null,
  ctrl: null
};
var running = () => st2.ctrl !== null;
var SVG3 = "http://www.w3.org/2000/svg";
var W = 600;
var H = 150;
var MARKS = {
  JUDGEMENT_INACCURACY: ["?!", "Inaccuracy"],
  JUDGEMENT_MISTAKE: ["?", "Mistake"],
  JUDGEMENT_BLUNDER: ["??", "Blunder"]
};
function initReview(host) {
  st2.host = host;
  $("review").addEventListener("click", () => void run2());
  $("review-graph").addEventListener("click", (ev) => {
    const t = ev.target?.closest?.("[data-index]");
    const i = Number(t?.dataset.index);
    if (t && Number.isInteger(i)) st2.host?.showAt(i);
  });
  updateReview();
}
function current() {
  return st2.key !== "" && st2.key === (st2.host?.game()?.key ?? "");
}
function reviewMark(i) {
  if (!current()) return null;
  const a = st2.actions[i];
  if (!a || !a.player) return null;
  const j = a.judgement ?? "JUDGEMENT_UNSPECIFIED";
  if (j === "JUDGEMENT_UNSPECIFIED") return { judgement: a.forced ? "forced" : "", mark: "", title: "" };
  const m = MARKS[j];
  const best = a.best_action?.san || a.best_action?.notation || "";
  return { judgement: j.replace("JUDGEMENT_", "").toLowerCase(), mark: m?.[0] ?? "", title: m ? `${m[1]}.${best ? ` ${best} was best.` : ""}` : "" };
}
function reviewAt(i) {
  if (!current() || i < 1) return null;
  const a = st2.actions[i - 1];
  if (!a) return null;
  const m = MARKS[a.judgement ?? ""];
  const played = a.action?.san || a.action?.notation || "";
  const b = a.best_action;
  const bestText = b?.san || b?.notation || "";
  if (!m) {
    const what = a.judgement === "JUDGEMENT_BEST" ? "the best action" : a.forced ? "the only action" : a.judgement === "JUDGEMENT_GOOD" ? "a good action" : "";
    return { text: what ? `${played}: ${what}.` : "", best: null };
  }
  const best = b?.from && b.to && b.from !== b.to ? { from: b.from, to: b.to, notation: b.notation ?? "", label: `${bestText} was best` } : null;
  return { text: `${played}${m[0]} ${m[1]}.${bestText ? ` ${bestText} was best.` : ""}`, best };
}
function updateReview() {
  const game = st2.host?.game() ?? null;
  const btn = $("review");
  btn.disabled = !game || running();
  btn.title = game ? "review the whole game: every action's value, its mistakes, accuracy and luck" : "play or load a game to review it";
  if (st2.key && !current()) {
    st2.ctrl?.abort();
    st2.ctrl = null;
    st2.key = "";
    st2.actions = [];
    st2.summary = null;
    $("review-body").hidden = true;
    $("review-progress").hidden = true;
    $("review-status").textContent = "";
    btn.disabled = !game;
    $("review-section").dataset.state = "off";
  }
  drawCursor();
  const comment = $("review-comment");
  const said = st2.host ? reviewAt(st2.host.cursor()) : null;
  comment.textContent = said?.text ?? "";
}
async function run2() {
  const game = st2.host?.game();
  if (!game || running()) return;
  const ctrl = new AbortController();
  st2.ctrl = ctrl;
  st2.key = game.key;
  st2.players = game.players;
  st2.actions = [];
  st2.summary = null;
  const box = $("review-section");
  box.dataset.state = "running";
  const progress = $("review-progress");
  progress.hidden = false;
  progress.max = game.actions.length;
  progress.value = 0;
  $("review-body").hidden = true;
  $("review-status").textContent = `reviewing ${game.actions.length} actions\u2026`;
  $("review").disabled = true;
  const ms = timePerAction(game.actions.length);
  try {
    const req = { position: ref(game.start), moves: game.actions.map((notation) => ({ notation })), time_per_action: `${ms / 1e3}s` };
    await api.reviewGame(req, ctrl.signal, (m) => {
      if (st2.ctrl !== ctrl) return;
      if (m.action) {
        st2.actions[m.action.index ?? 0] = m.action;
        progress.value = (m.action.index ?? 0) + 1;
        $("review-status").textContent = `reviewed ${progress.value} of ${game.actions.length} actions\u2026`;
      }
      if (m.summary) st2.summary = m.summary;
    });
    if (st2.ctrl !== ctrl) return;
    if (!st2.summary) throw new ApiError("the review ended without its summary", 0);
    st2.ctrl = null;
    progress.hidden = true;
    box.dataset.state = "done";
    $("review-status").textContent = `${game.actions.length} actions reviewed at ${ms} ms a position`;
    show();
  } catch (err) {
    if (st2.ctrl !== ctrl) return;
    st2.ctrl = null;
    st2.key = "";
    progress.hidden = true;
    if (aborted(err)) return;
    box.dataset.state = "error";
    $("review-status").textContent = err instanceof ApiError ? err.message : String(err);
  } finally {
    $("review").disabled = running() || !st2.host?.game();
  }
}
function show() {
  $("review-body").hidden = false;
  drawGraph();
  drawSummary();
  st2.host?.changed();
}
function chanceOf(values, player) {
  const v = (values ?? []).find((x) => x.player === player);
  return Math.max(0, Math.min(1, v?.win_chance ?? 0.5));
}
function series(player) {
  const out = [chanceOf(st2.actions[0]?.before, player)];
  for (const a of st2.actions) out.push(chanceOf(a.after, player));
  return out;
}
function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVG3, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.append(e);
  return e;
}
var xAt = (i, n) => n ? i / n * W : 0;
var yAt = (chance) => H - chance * H;
function sides() {
  const out = [];
  for (const p of st2.players) {
    const ys = series(p);
    const same = out.find((s) => s.chances.every((c, i) => c === ys[i]));
    if (same) same.players.push(p);
    else out.push({ players: [p], chances: ys });
  }
  return out;
}
function drawGraph() {
  const g = $("review-graph");
  g.replaceChildren();
  const n = st2.actions.length;
  const all = sides();
  const two = all.length === 2;
  g.setAttribute("viewBox", `0 0 ${W} ${H}`);
  g.dataset.players = st2.players.join(",");
  g.dataset.sides = two ? "two" : "many";
  svg("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }, g);
  const even = 1 / Math.max(2, all.length);
  svg("line", { x1: 0, y1: yAt(even), x2: W, y2: yAt(even), class: "graph-mid" }, g);
  const lines = [];
  for (const side of two ? [all[0]] : all) {
    const p = side.players[0];
    const ys = side.chances;
    const pts = ys.map((c, i) => `${xAt(i, n).toFixed(1)},${yAt(c).toFixed(1)}`);
    if (two) {
      const area = svg("path", { d: `M0,${H} L${pts.join(" L")} L${W},${H} Z`, class: "graph-area" }, g);
      area.style.fill = colorFill(st2.host?.playerColor(p) ?? "") || "#fff";
    }
    if (!two) svg("polyline", { points: pts.join(" "), class: "graph-halo" }, g);
    const line = svg("polyline", { points: pts.join(" "), class: "graph-line", "data-player": side.players.join(","), "data-chances": ys.map((c) => c.toFixed(4)).join(",") }, g);
    line.style.stroke = two ? "#333" : colorFill(st2.host?.playerColor(p) ?? "") || "#333";
    lines.push(side.players.join("+"));
  }
  st2.actions.forEach((a, i) => {
    const m = MARKS[a.judgement ?? ""];
    if (!m) return;
    const x = xAt(i + 1, n);
    const tick = svg("line", { x1: x, y1: 0, x2: x, y2: H, class: `graph-mark graph-${(a.judgement ?? "").replace("JUDGEMENT_", "").toLowerCase()}`, "data-mark": m[0] }, g);
    svg("title", {}, tick).textContent = `${i + 1}: ${a.action?.san || a.action?.notation} ${m[0]}`;
  });
  for (const [c, text] of [[1, "100%"], [even, `${Math.round(even * 100)}%`], [0, "0%"]]) {
    const y = Math.min(H - 3, Math.max(11, yAt(c) + 4));
    svg("text", { x: 4, y, class: "graph-axis" }, g).textContent = text;
  }
  svg("line", { x1: 0, y1: 0, x2: 0, y2: H, class: "graph-cursor" }, g);
  for (let i = 0; i <= n; i++) {
    const x0 = i === 0 ? 0 : (xAt(i - 1, n) + xAt(i, n)) / 2;
    const x1 = i === n ? W : (xAt(i, n) + xAt(i + 1, n)) / 2;
    const hit = svg("rect", { x: x0, y: 0, width: Math.max(0.5, x1 - x0), height: H, class: "graph-hit", "data-index": i }, g);
    const a = st2.actions[i - 1];
    svg("title", {}, hit).textContent = i === 0 ? "the first position" : `after ${a?.action?.san || a?.action?.notation || ""}`;
  }
  g.setAttribute("aria-label", two ? `${nice(lines[0])}'s chance of winning over the game; click to see a position` : `every side's chance of winning over the game (${lines.map(nice).join(", ")}); click to see a position`);
  drawCursor();
}
function drawCursor() {
  const c = document.querySelector("#review-graph .graph-cursor");
  if (!c || !st2.host) return;
  const x = Math.min(W - 1.5, Math.max(1.5, xAt(Math.min(st2.host.cursor(), st2.actions.length), st2.actions.length)));
  c.setAttribute("x1", String(x));
  c.setAttribute("x2", String(x));
}
function drawSummary() {
  const table = $("review-summary");
  table.replaceChildren();
  const sum = st2.summary;
  if (!sum) return;
  const dice = (sum.players ?? []).some((p) => p.luck !== void 0 && p.luck !== null);
  const head = h("tr");
  const heads = [["Player", ""], ["Accuracy", "lichess's accuracy over the judged actions"], ["?!", "inaccuracies"], ["?", "mistakes"], ["??", "blunders"]];
  if (dice) heads.push(["Luck", "the dice's gifts in the chance of winning, in points of 100 (GNU Backgammon's luck)"]);
  for (const [t, title] of heads) head.append(h("th", { scope: "col", title }, t));
  table.append(h("thead"), h("tbody"));
  table.firstElementChild.append(head);
  for (const p of sum.players ?? []) {
    const tr = h("tr", { "data-player": p.player ?? "" });
    const name = h("th", { scope: "row" });
    name.append(swatch(colorFill(st2.host?.playerColor(p.player ?? "") ?? "")), nice(p.player ?? ""));
    tr.append(name);
    const acc = p.accuracy;
    const cell = (k, v, title = "") => {
      const td = h("td", { "data-stat": k, title }, v);
      tr.append(td);
    };
    cell("accuracy", acc === void 0 || acc === null ? "\u2013" : `${Math.round(acc)}%`, `${p.judged ?? 0} actions judged`);
    cell("inaccuracies", String(p.inaccuracies ?? 0));
    cell("mistakes", String(p.mistakes ?? 0));
    cell("blunders", String(p.blunders ?? 0));
    if (dice) {
      const l = p.luck ?? 0;
      cell("luck", `${l >= 0 ? "+" : ""}${(l * 100).toFixed(1)}%`, "what the dice gave in the chance of winning, summed over the rolls (GNU Backgammon's luck)");
    }
    if (acc !== void 0 && acc !== null) tr.dataset.accuracy = String(acc);
    tr.dataset.inaccuracies = String(p.inaccuracies ?? 0);
    tr.dataset.mistakes = String(p.mistakes ?? 0);
    tr.dataset.blunders = String(p.blunders ?? 0);
    if (p.luck !== void 0 && p.luck !== null) tr.dataset.luck = String(p.luck);
    table.lastElementChild.append(tr);
  }
}

// src/seed.ts
var MASK = (1n << 64n) - 1n;
function baseSeed(text) {
  const t = text.trim();
  if (/^\d{1,20}$/.test(t) && BigInt(t) <= MASK) return BigInt(t);
  let h3 = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(t)) h3 = (h3 ^ BigInt(byte)) * 0x100000001b3n & MASK;
  return h3;
}
function rollSeed(text, ply) {
  let z = baseSeed(text) + BigInt(ply + 1) * 0x9e3779b97f4a7c15n & MASK;
  z = (z ^ z >> 30n) * 0xbf58476d1ce4e5b9n & MASK;
  z = (z ^ z >> 27n) * 0x94d049bb133111ebn & MASK;
  return String(z ^ z >> 31n);
}

// src/main.ts
var shownAction = (e) => e.san || e.notation || "";
var COMPUTED_TAGS = /* @__PURE__ */ new Set(["Variant", "Options", "SetUp", "FEN", "Result", "Termination", "PlyCount"]);
var state = {
  variant: null,
  history: [],
  // history[0] is the game's first position
  cursor: 0,
  // the index in history of the position shown; history.length - 1 when the game's last is
  seats: /* @__PURE__ */ new Map(),
  generation: 0,
  // bumped by a new game, load or undo, so a bot's late answer is dropped
  botRunning: false,
  lastSeed: "",
  rollAgain: "",
  // what the last roll said when it called for another ("rolled 6: roll again")
  view: "",
  // the player whose side is drawn at the bottom; "" for the first player
  recordHash: "",
  // "#record=..." while the address holds the game's record, else ""
  recordHashFor: "",
  // the game (gameKey) the address's record was asked for
  tags: {}
  // a loaded record's tags, written again when it is saved
};
var cur = () => state.history[state.cursor];
var atEnd = () => state.cursor >= state.history.length - 1;
var pending = 0;
var quiet = 0;
function markBusy() {
  if (pending + quiet > 0) document.body.dataset.busy = "true";
  else delete document.body.dataset.busy;
  syncBoard();
}
async function busy(fn) {
  pending++;
  markBusy();
  try {
    return await fn();
  } catch (err) {
    showError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    return void 0;
  } finally {
    pending--;
    markBusy();
  }
}
function showError(msg) {
  $("error").textContent = msg;
}
function playerColor(player) {
  const now = cur()?.pos?.players?.find((p) => p.name === player)?.color;
  if (now) return now;
  const v = state.variant;
  const seat = v?.seats?.find((s) => s.player === player) ?? optionBoard()?.seats?.find((s) => s.player === player);
  return seat?.color || "";
}
function seatOf(player) {
  const v = state.variant;
  const seat = v?.seats?.find((s) => s.player === player) ?? optionBoard()?.seats?.find((s) => s.player === player);
  return seat?.seat ?? "";
}
function players() {
  return (cur()?.pos.players ?? []).map((p) => p.name ?? "");
}
function viewer() {
  const all = players();
  return all.includes(state.view) ? state.view : all[0] ?? "";
}
function optionBoard() {
  const pos = cur()?.pos;
  const v = state.variant;
  if (!pos || !v) return void 0;
  const opts = pos.options ?? {};
  return v.option_boards?.find((ob) => Object.entries(ob.options ?? {}).every(([k, val]) => opts[k] === val));
}
var chooser = (e) => e.next?.to_move || e.pos.to_move || "";
var finished = (e) => e.next ? e.next.phase === "PHASE_FINISHED" || e.next.status === "GAME_STATUS_FINISHED" : e.pos.phase === "PHASE_FINISHED";
function keys(at = state.cursor) {
  return state.history.slice(0, at).map((e) => e.pos.key ?? "").filter(Boolean);
}
async function setGame(pos) {
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
function push(from, pos, next, notation) {
  const at = state.history.indexOf(from);
  if (at < 0) return;
  const follow = state.cursor >= at;
  state.history.length = at + 1;
  state.history.push({ pos, next, notation, san: pos.last_action?.san || void 0 });
  if (follow) state.cursor = state.history.length - 1;
  state.rollAgain = "";
  showError("");
}
async function playAction(a) {
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
function seedForRoll() {
  const text = $("seed").value.trim();
  return text ? rollSeed(text, state.cursor) : void 0;
}
function rolled(from, r, values) {
  if (!r.position || !r.next) return;
  if (r.roll_again || (r.events ?? []).some((ev) => ev.kind === "EVENT_KIND_ROLL_AGAIN")) {
    state.rollAgain = `rolled ${values.join(" ")}: roll again`;
    showError("");
    return;
  }
  push(from, r.position, r.next, r.position.last_action?.notation || `roll ${values.join(" ")}`);
}
async function rollService() {
  const e = cur();
  if (!e) return;
  const gen = state.generation;
  const r = await api.roll({ position: ref(e.pos), seed: seedForRoll(), include_next: true });
  if (gen !== state.generation) return;
  state.lastSeed = r.seed ?? "";
  rolled(e, r, r.values ?? []);
  render();
}
async function rollManual() {
  const text = $("roll-values").value.trim();
  const values = text.split(/[\s,]+/).filter(Boolean).map(Number);
  if (!values.length || values.some((v) => !Number.isInteger(v))) {
    showError("enter the dice values as whole numbers separated by spaces");
    return;
  }
  await rollValues(values);
}
async function rollValues(values) {
  const e = cur();
  if (!e) return;
  const gen = state.generation;
  const r = await api.resolve({ position: ref(e.pos), values, include_next: true });
  if (gen !== state.generation) return;
  state.lastSeed = "";
  rolled(e, r, values);
  render();
}
function botLevel() {
  if (botDepth() !== void 0) return void 0;
  const l = Number($("bot-level").value);
  return Number.isInteger(l) && l >= 1 && l <= 8 ? l : DEFAULT_LEVEL;
}
var DEFAULT_LEVEL = 4;
function botDepth() {
  const text = $("bot-depth").value.trim();
  const d = Number(text);
  return text !== "" && Number.isInteger(d) && d >= 1 && d <= 64 ? d : void 0;
}
function botTime() {
  const t = $("bot-time").value;
  return /^\d+(\.\d+)?s$/.test(t) ? t : "0.5s";
}
function botLabel() {
  const d = botDepth();
  return d === void 0 ? `bot (level ${botLevel()}, ${botTime()} an action)` : `bot (depth ${d}, at most ${botTime()} an action)`;
}
function renderLevels(v) {
  const sel = $("bot-level");
  const was = sel.value || String(DEFAULT_LEVEL);
  sel.replaceChildren();
  for (let l = 1; l <= 8; l++) {
    const r = (v.levels ?? []).find((x) => x.level === l);
    const elo = r ? ` \xB7 Elo ${Math.round(r.elo)}` : "";
    const o = h("option", { value: String(l), title: r ? `Elo ${Math.round(r.elo)} (95%: ${Math.round(r.elo_low)} to ${Math.round(r.elo_high)}), random play 0` : "" }, `level ${l}${elo}`);
    if (r) o.dataset.elo = String(r.elo);
    sel.append(o);
  }
  sel.value = was;
}
function botToMove() {
  const e = cur();
  return !!e && atEnd() && !finished(e) && state.seats.get(chooser(e)) === "bot";
}
async function runBots() {
  if (state.botRunning) return;
  state.botRunning = true;
  try {
    for (let i = 0; i < 500 && botToMove(); i++) {
      const e = cur();
      const gen = state.generation;
      if (e.next?.chance) {
        const r = await api.roll({ position: ref(e.pos), seed: seedForRoll(), include_next: true });
        if (gen !== state.generation || !r.position || !r.next) return;
        state.lastSeed = r.seed ?? "";
        rolled(e, r, r.values ?? []);
      } else {
        const seedText = $("seed").value.trim();
        const seed = seedText && botLevel() ? rollSeed(seedText, state.cursor) : void 0;
        const s = await patiently(
          void 0,
          () => api.search({ position: ref(e.pos), depth: botDepth(), level: botLevel(), seed, time_limit: botTime(), history: { keys: keys() } })
        );
        if (gen !== state.generation) return;
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
async function afterChange() {
  if (botToMove()) await runBots();
}
var act = (fn) => () => void busy(async () => {
  await fn();
  await afterChange();
});
var board = null;
var shown = {};
var NO_MOVES = [];
function boardConfig() {
  const v = state.variant;
  const e = cur();
  if (!v || !e?.next) return null;
  const human = !finished(e) && state.seats.get(chooser(e)) !== "bot";
  const playable = pending === 0 && human && !e.next.chance;
  const best = analysisBest();
  const shapes = botMoves();
  const better = reviewAt(state.cursor)?.best;
  if (better) shapes.push({ from: better.from, to: better.to, notation: better.notation, label: better.label, class: "review-best", color: "#c77c02" });
  if (best) shapes.push({ from: best.from, to: best.to, notation: best.notation, label: `best: ${best.label}`, class: "best-move", color: "#1d6b2c" });
  return {
    variant: v,
    position: e.pos,
    legal: playable ? e.next.moves ?? NO_MOVES : null,
    orientation: viewer(),
    shapes
  };
}
function botMoves() {
  const out = [];
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
function syncBoard() {
  const want = board && boardConfig();
  if (!board || !want) return;
  const diff = {};
  for (const [k, v] of Object.entries(want)) {
    const old = shown[k];
    if (k === "shapes" ? JSON.stringify(v) !== JSON.stringify(old) : v !== old) diff[k] = v;
  }
  shown = want;
  if (Object.keys(diff).length) board.set(diff);
}
async function missed(square, from) {
  const e = cur();
  if (!e) return;
  if (pending > 0) {
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
    await busy(async () => {
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
function mountBoard() {
  const host = $("board-box");
  board = createBoard(host, {
    tabbable: true,
    dice: false,
    menu: "unclickable",
    controlsElement: $("actions"),
    choicesElement: $("actions"),
    onAction: (a) => act(() => playAction(a))(),
    onSelect: (sq) => {
      if (sq) showError("");
    },
    onMiss: (sq, from) => void missed(sq, from)
  });
  const svg2 = board.element.querySelector("svg");
  if (svg2) svg2.id = "board";
}
function render() {
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
  updateAnalysis();
  syncBoard();
  renderView();
  const toMove = $("to-move");
  toMove.dataset.player = pos.to_move ?? "";
  toMove.replaceChildren(swatch(colorFill(playerColor(pos.to_move ?? ""))), pos.to_move ?? "");
  const phase = finished(e) ? "game over" : next.chance ? "to roll" : next.phase === "PHASE_RESPONSE" ? "to answer" : "to move";
  let status = finished(e) ? "Game over" : state.rollAgain ? `${who} ${state.rollAgain}` : `${who} ${phase}`;
  if (!finished(e) && who !== pos.to_move) status += ` (for ${pos.to_move})`;
  if (pos.in_check) status += ", in check";
  if (!finished(e) && state.seats.get(who) === "bot") status += atEnd() ? " \u2014 bot thinking" : " \u2014 bot";
  if (!atEnd()) status += ` \u2014 after action ${state.cursor} of ${state.history.length - 1}`;
  if (pos.proposal?.stage && pos.proposal.stage !== "available")
    status += ` \u2014 ${nice(pos.proposal.kind ?? "proposal")} ${pos.proposal.stage}${pos.proposal.responder ? `, ${pos.proposal.responder} answers` : ""}`;
  const owed = pos.state?.compulsory;
  if (typeof owed === "string" && owed) {
    const piece = pos.state?.compulsory_piece;
    status += ` \u2014 must ${nice(owed)}${typeof piece === "string" && piece ? " " + piece : ""}`;
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
  const undo = $("undo");
  undo.disabled = state.history.length < 2 || !atEnd();
  undo.title = atEnd() ? "" : "go to the last position (End) to take back the last action";
  const ta = $("position-text");
  if (document.activeElement !== ta || ta.dataset.shown !== pos.text) ta.value = pos.text ?? "";
  ta.dataset.shown = pos.text ?? "";
}
function renderPlayerNames() {
  const names = playerNames();
  const box = $("player-names");
  box.replaceChildren();
  box.hidden = names.size === 0;
  [...names].forEach(([p, name], i) => {
    if (i) box.append(" \xB7 ");
    const span = h("span", { "data-player": p });
    span.append(swatch(colorFill(playerColor(p))), h("strong", {}, name), ` (${nice(p)})`);
    box.append(span);
  });
}
function renderNav() {
  const last = state.history.length - 1;
  for (const [id, off] of [["nav-first", state.cursor <= 0], ["nav-prev", state.cursor <= 0], ["nav-next", state.cursor >= last], ["nav-last", state.cursor >= last]])
    $(id).disabled = off;
}
var moverOf = (i) => state.history[i].pos.last_action?.player || state.history[i - 1]?.pos.to_move || "";
function gameRounds(upto, label) {
  const first = state.history[0];
  const r = new Rounds(first?.pos.players?.[0]?.name ?? "", startRound(first?.pos.counters), null);
  for (let i = 1; i <= upto; i++) {
    const n = r.label(moverOf(i));
    label?.(i, n);
  }
  return r;
}
function renderMoveList() {
  const list = $("move-list");
  list.replaceChildren();
  let current2 = null;
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
      current2 = li;
    }
    list.append(li);
  });
  const shownEntry = current2;
  if (atEnd() || !shownEntry) list.scrollTop = list.scrollHeight;
  else {
    const top = shownEntry.offsetTop;
    if (top < list.scrollTop || top + shownEntry.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
  }
}
function renderDiceControls(e, next, human) {
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
function updateUrl() {
  const v = state.variant;
  const e = cur();
  if (!v || !e) return;
  const q = new URLSearchParams();
  q.set("variant", v.name ?? "");
  q.set("position", e.pos.text ?? "");
  if (state.view && state.view !== players()[0]) q.set("view", state.view);
  const bots = players().filter((p) => state.seats.get(p) === "bot");
  if (bots.length) q.set("bots", bots.join(","));
  history.replaceState(null, "", `?${q.toString()}${state.recordHash}`);
}
function gameActions() {
  return state.history.slice(1).map((e) => e.notation ?? "");
}
function recordTags() {
  const tags = { Event: "Ashtapada playground", Date: pgnDate(/* @__PURE__ */ new Date()) };
  for (const p of players()) tags[playerTag(p)] = state.seats.get(p) === "bot" ? botLabel() : "human";
  return { ...tags, ...state.tags };
}
function playerNames() {
  const out = /* @__PURE__ */ new Map();
  for (const p of players()) {
    const name = state.tags[playerTag(p)];
    if (name) out.set(p, name);
  }
  return out;
}
async function exportRecord() {
  const first = state.history[0];
  if (!first) throw new ApiError("there is no game to save", 0);
  const r = await api.exportGame({ start: ref(first.pos), actions: gameActions().map((notation) => ({ notation })), tags: recordTags() });
  return r.record;
}
async function saveRecord() {
  const record = await exportRecord();
  const url = URL.createObjectURL(new Blob([record], { type: "application/x-chess-pgn" }));
  const a = h("a", { href: url, download: recordFileName(state.variant?.name ?? "game", /* @__PURE__ */ new Date()) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1e4);
  showRecordStatus("record saved");
}
async function copyRecord() {
  const record = await exportRecord();
  const ta = $("record-text");
  ta.value = record;
  try {
    await navigator.clipboard.writeText(record);
    showRecordStatus("record copied");
  } catch {
    ta.select();
    showRecordStatus("the record is in the text area: copy it from there");
  }
}
function showRecordStatus(note, failure) {
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
async function loadRecord(text) {
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
      san: r.actions?.[i]?.san || pos.last_action?.san || void 0
    }))
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
var IMPORT_POSITIONS_LIMIT = 500;
async function recordPositions(text, start, actions) {
  if (actions.length <= IMPORT_POSITIONS_LIMIT) return (await api.importGame({ record: text, include_positions: true })).positions ?? [];
  const out = [];
  let at = start;
  for (const a of actions) {
    const r = await api.apply({ position: ref(at), moves: [{ notation: a.notation }] });
    if (!r.position) throw new ApiError(`the record's action ${out.length + 1} (${a.notation}) gave no position`, 0);
    out.push(r.position);
    at = r.position;
  }
  return out;
}
async function fillNext() {
  const e = cur();
  if (!e || e.next) return;
  const gen = state.generation;
  const r = await api.apply({ position: ref(e.pos), moves: [], include_next: true, history: { keys: keys() } });
  if (gen !== state.generation || !state.history.includes(e)) return;
  if (!r.next) throw new ApiError("the service gave no turn", 0);
  e.next = r.next;
  if (cur() === e) render();
}
function gameKey() {
  return JSON.stringify([state.history[0]?.pos.variant, state.history[0]?.pos.text, gameActions()]);
}
function syncRecordHash() {
  const key = gameKey();
  if (key === state.recordHashFor) return;
  state.recordHashFor = key;
  state.recordHash = "";
  updateUrl();
  if (state.history.length < 2) return;
  quiet++;
  markBusy();
  exportRecord().then((record) => {
    if (state.recordHashFor !== key) return;
    state.recordHash = record.length < ADDRESS_RECORD_LIMIT ? `#record=${encodeRecord(record)}` : "";
    updateUrl();
  }).catch(() => {
  }).finally(() => {
    quiet--;
    markBusy();
  });
}
function addressRecord() {
  return location.hash.startsWith("#record=") ? location.hash.slice("#record=".length) : "";
}
async function loadAddressRecord(code) {
  await loadRecord(decodeRecord(code));
}
async function loadVariant(name, options, text) {
  await useVariant(name);
  if (text) await setGame({ variant: name, text });
  else await newGame(options ?? {});
  showVariantGame(options);
}
async function useVariant(name) {
  const r = await api.getVariant(name);
  if (!r.variant) throw new ApiError(`no variant ${name}`, 404);
  state.variant = r.variant;
  state.seats.clear();
  $("variant").value = name;
  $("variant-summary").textContent = r.variant.summary ?? "";
  renderLevels(r.variant);
  renderLegend(r.variant);
}
function showVariantGame(options) {
  const v = state.variant;
  if (!v) return;
  renderPieceLegend(v, playerColor(players()[0] ?? ""));
  const pos = state.history[0]?.pos;
  renderOptions(v, pos?.options ?? options ?? {});
  renderSeatsNow();
}
async function newGame(options) {
  const v = state.variant;
  if (!v) return;
  const r = await api.start(v.name ?? "", options);
  if (!r.position) throw new ApiError("the service gave no start position", 0);
  await setGame(r.position);
  renderSeatsNow();
}
function renderView() {
  const sel = $("view");
  const all = players();
  const want = all.map((p) => `${p}|${seatOf(p)}`).join(",");
  if (sel.dataset.players !== want) {
    sel.replaceChildren(...all.map((p) => h("option", { value: p }, seatOf(p) && seatOf(p) !== p ? `${p} (${nice(seatOf(p))})` : p)));
    sel.dataset.players = want;
  }
  sel.value = viewer();
}
function renderSeatsNow() {
  renderSeats(players(), state.seats, playerNames(), (p, who) => {
    state.seats.set(p, who);
    render();
    void busy(afterChange);
  });
}
function renderLegend(v) {
  const box = $("legend");
  box.replaceChildren();
  const seen = /* @__PURE__ */ new Set();
  for (const m of v.board?.marks ?? []) {
    const key = `${m.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    box.append(h("li", { "data-mark": m.name ?? "" }, `${nice(m.name ?? "")}: ${m.description ?? ""}`));
  }
  const arrow = (cls, color, text) => {
    const li = h("li", { "data-arrow": cls });
    li.append(swatch(color), text);
    box.append(li);
  };
  arrow("bot-move", "#2f5fa7", "blue arrows: the bots' moves since a person last played");
  arrow("best-move", "#1d6b2c", "green arrow: the analysis's best move");
  arrow("review-best", "#c77c02", "orange arrow: after a reviewed mistake, the action that was best");
}
function analysisSubject() {
  const e = cur();
  if (!e) return null;
  const seed = $("seed").value.trim() || (e.pos.text ?? "");
  const numbers = () => {
    const first = state.history[0]?.pos.players?.[0]?.name ?? "";
    return new Rounds(first, gameRounds(state.cursor).peek(e.pos.to_move ?? ""), null);
  };
  return { pos: e.pos, keys: keys(), chance: Boolean(e.next?.chance), finished: finished(e), botToMove: botToMove(), seed: String(baseSeed(seed)), numbers };
}
function showAt(i) {
  const to = Math.max(0, Math.min(i, state.history.length - 1));
  if (to === state.cursor || !state.history.length) return;
  state.cursor = to;
  state.rollAgain = "";
  showError("");
  render();
  if (atEnd()) void busy(afterChange);
}
async function main() {
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
    changed: () => renderMoveList()
  });
  $("variant").addEventListener("change", () => {
    state.view = "";
    $("record-text").value = "";
    void busy(() => loadVariant($("variant").value, null, null));
  });
  $("new-game").addEventListener("click", act(async () => {
    if (state.variant) {
      await newGame(readOptions(state.variant));
    }
  }));
  $("roll").addEventListener("click", act(rollService));
  $("roll-manual").addEventListener("click", act(rollManual));
  $("roll-values").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") act(rollManual)();
  });
  $("view").addEventListener("change", () => {
    state.view = $("view").value;
    render();
  });
  $("undo").addEventListener("click", () => {
    if (state.history.length < 2 || !atEnd()) return;
    state.generation++;
    state.history.pop();
    state.cursor = state.history.length - 1;
    while (state.history.length > 1 && botToMove()) {
      state.history.pop();
      state.cursor = state.history.length - 1;
    }
    showRecordStatus(null);
    state.rollAgain = "";
    showError("");
    render();
  });
  $("nav-first").addEventListener("click", () => showAt(0));
  $("nav-prev").addEventListener("click", () => showAt(state.cursor - 1));
  $("nav-next").addEventListener("click", () => showAt(state.cursor + 1));
  $("nav-last").addEventListener("click", () => showAt(state.history.length - 1));
  $("move-list").addEventListener("click", (ev) => {
    const li = ev.target?.closest?.("#move-list li");
    const i = Number(li?.dataset.index);
    if (li && Number.isInteger(i)) showAt(i);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
    const last = state.history.length - 1;
    const to = { ArrowLeft: state.cursor - 1, ArrowRight: state.cursor + 1, Home: 0, End: last }[ev.key];
    if (to === void 0) return;
    ev.preventDefault();
    showAt(to);
  });
  $("copy-position").addEventListener("click", () => {
    const text = cur()?.pos.text ?? "";
    navigator.clipboard?.writeText(text).catch(() => {
      $("position-text").select();
    });
  });
  $("load-position").addEventListener("click", act(async () => {
    const text = $("position-text").value.trim();
    if (state.variant && text) await setGame({ variant: state.variant.name ?? "", text });
    renderSeatsNow();
  }));
  $("save-record").addEventListener("click", () => void busy(saveRecord));
  $("copy-record").addEventListener("click", () => void busy(copyRecord));
  $("load-record").addEventListener("click", act(async () => {
    const text = $("record-text").value;
    if (!text.trim()) {
      showError("paste a record or choose a file first");
      return;
    }
    await loadRecord(text);
  }));
  $("record-file").addEventListener("change", act(async () => {
    const input = $("record-file");
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    input.value = "";
    $("record-text").value = text;
    await loadRecord(text);
  }));
  window.addEventListener("hashchange", () => {
    const code = addressRecord();
    if (code && `#record=${code}` !== state.recordHash) void busy(() => loadAddressRecord(code));
  });
  await busy(async () => {
    const list = await api.listVariants();
    const sel = $("variant");
    for (const v of list.variants ?? []) sel.append(h("option", { value: v.name ?? "" }, v.title || v.name || ""));
    let options = null;
    const raw = q.get("options");
    if (raw) {
      try {
        options = JSON.parse(raw);
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
        await loadVariant(q.get("variant") || "chaturanga", options, q.get("position"));
        showError(`the record in the address cannot be loaded: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
    }
    await loadVariant(q.get("variant") || "chaturanga", options, q.get("position"));
  });
  seatBots(q.get("bots"));
}
function seatBots(list) {
  const names = players();
  const bots = (list ?? "").split(",").filter((p) => names.includes(p));
  if (!bots.length) return;
  for (const p of bots) state.seats.set(p, "bot");
  renderSeatsNow();
  render();
  void busy(afterChange);
}
void main();
