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
async function call(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === void 0 ? {} : { "Content-Type": "application/json" },
      body: body === void 0 ? void 0 : JSON.stringify(body)
    });
  } catch (err) {
    throw new ApiError(`the service cannot be reached: ${String(err)}`, 0);
  }
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
  search: post("/v1/analysis:search")
};

// src/board.ts
var SVG = "http://www.w3.org/2000/svg";
var U = 100;
function el(tag, attrs = {}, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}
var PIECE_COLORS = {
  white: "#fbfaf2",
  black: "#262626",
  red: "#d13b3b",
  green: "#2e9a48",
  yellow: "#ecc52c",
  blue: "#3b6ad6",
  light: "#f3e9cf",
  dark: "#4b3a2c"
};
var LIGHT = /* @__PURE__ */ new Set(["white", "yellow", "light", ""]);
function colorFill(name) {
  if (PIECE_COLORS[name]) return PIECE_COLORS[name];
  if (name && CSS.supports("color", name)) return name;
  return "#c9d3dc";
}
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
  const y = ranks - 1 - to.rank - (ranks - 1 - from.rank);
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
var MARGIN = 36;
function pieceLetter(variant, kind) {
  const t = variant.piece_types?.find((p) => p.kind === kind);
  const raw = t?.letter ?? kind.charAt(0);
  const letter = raw.replace(/[^A-Za-z]/g, "").toUpperCase() || kind.charAt(0).toUpperCase();
  return { letter, promoted: /[+=]/.test(raw) };
}
function pieceTitle(variant, kind) {
  return variant.piece_types?.find((p) => p.kind === kind)?.title ?? kind.replace(/_/g, " ");
}
function drawPiece(parent, variant, p, color, cx, cy, r) {
  const g = el("g", { class: "piece" }, parent);
  const fill = colorFill(color);
  const { letter, promoted } = pieceLetter(variant, p.kind);
  const royal = variant.piece_types?.find((t2) => t2.kind === p.kind)?.royal;
  el("circle", { cx, cy, r, fill, class: royal ? "royal" : "" }, g);
  if (promoted) el("circle", { cx, cy, r: r * 0.78, fill: "none", class: "promoted" }, g);
  const t = el("text", { x: cx, y: cy, "font-size": r * 1.05, fill: LIGHT.has(color) ? "#222" : "#fff", "text-anchor": "middle", "dominant-baseline": "central" }, g);
  t.textContent = letter;
  return g;
}
function drawBoard(svg, input) {
  const { variant, board, pieces, marks } = input;
  const files = board.files ?? 8;
  const ranks = board.ranks ?? 8;
  const focused = document.activeElement?.getAttribute?.("data-square");
  const turns = ((input.turns ?? 0) % 4 + 4) % 4;
  const W = files * U;
  const H = ranks * U;
  svg.replaceChildren();
  const [vw, vh] = turns % 2 ? [H, W] : [W, H];
  svg.setAttribute("viewBox", `${-MARGIN} ${-MARGIN} ${vw + 2 * MARGIN} ${vh + 2 * MARGIN}`);
  svg.dataset.turns = String(turns);
  const cells = /* @__PURE__ */ new Map();
  const regionKind = /* @__PURE__ */ new Map();
  for (const r of board.regions ?? []) regionKind.set(r.name ?? "", r.kind ?? "");
  for (const s of board.squares ?? []) cells.set(s.name ?? "", { file: s.file ?? 0, rank: s.rank ?? 0 });
  const xy = (c) => [c.file * U, (ranks - 1 - c.rank) * U];
  const defs = el("defs", {}, svg);
  const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M0 0 L10 5 L0 10 z", class: "arrowhead" }, marker);
  const view = el("g", { class: "view", transform: ["", `translate(${H} 0) rotate(90)`, `translate(${W} ${H}) rotate(180)`, `translate(0 ${W}) rotate(270)`][turns] }, svg);
  const upright = (e, x, y) => {
    if (turns) e.setAttribute("transform", `rotate(${-90 * turns} ${x} ${y})`);
  };
  drawCoordinates(view, board, ranks, W, H, upright);
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
  const byName = /* @__PURE__ */ new Map();
  for (const p of pieces) byName.set(p.square, p);
  for (const s of board.squares ?? []) {
    const name = s.name ?? "";
    const c = cells.get(name);
    const [x, y] = xy(c);
    const kind = regionKind.get(s.region ?? "") ?? "";
    const cls = ["sq", (c.file + c.rank) % 2 === 0 ? "dark" : "light"];
    if (kind) cls.push(`kind-${kind}`);
    if (marks.selected === name) cls.push("selected");
    if (marks.targets.has(name)) cls.push("target");
    if (marks.last.has(name)) cls.push("last");
    if (marks.check.has(name)) cls.push("check");
    const p = byName.get(name);
    const who = p ? [p.color || p.player || "", pieceTitle(variant, p.kind)].filter(Boolean).join(" ") : "empty";
    el("rect", { x, y, width: U, height: U, class: cls.join(" "), "data-square": name, tabindex: 0, role: "button", "aria-label": `${name}: ${who}` }, sqLayer);
  }
  for (const r of board.regions ?? []) {
    if (r.kind === "ocean") continue;
    const inRegion = new Set(r.squares ?? []);
    const pos = /* @__PURE__ */ new Set();
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
      x1: cx + v[0] * 26,
      y1: cy + v[1] * 26,
      x2: cx + v[0] * 44,
      y2: cy + v[1] * 44,
      class: cn.to ? "arrow" : "arrow exit",
      "marker-end": "url(#arrow)",
      "data-from": cn.from ?? "",
      "data-to": cn.to ?? "",
      "data-direction": cn.direction ?? ""
    }, arrows);
  }
  const markNames = [...new Set((board.marks ?? []).map((m) => m.name ?? ""))];
  const markLayer = el("g", { class: "marks" }, view);
  for (const m of board.marks ?? []) {
    const shape = (m.squares ?? []).length > 8 ? 3 : markNames.indexOf(m.name ?? "") % 3;
    const g = el("g", { class: `mark mark-${shape}`, "data-mark": m.name ?? "" }, markLayer);
    if (m.player) g.style.setProperty("--mark", colorFill(input.playerColor(m.player)));
    el("title", {}, g).textContent = m.description ?? m.name ?? "";
    for (const sq of m.squares ?? []) {
      const c = cellOf(sq, cells);
      if (!c) continue;
      const [x, y] = xy(c);
      if (shape === 0) el("circle", { cx: x + U / 2, cy: y + U / 2, r: U * 0.44 }, g);
      else if (shape === 1) el("circle", { cx: x + U * 0.15, cy: y + U * 0.15, r: U * 0.08 }, g);
      else if (shape === 2) el("path", { d: `M${x + U} ${y}h-${U * 0.3}l${U * 0.3} ${U * 0.3}z` }, g);
      else el("path", { d: `M${x + U / 2} ${y + U * 0.04}l${U * 0.08} ${U * 0.08}l-${U * 0.08} ${U * 0.08}l-${U * 0.08} -${U * 0.08}z` }, g);
    }
  }
  const pieceLayer = el("g", { class: "pieces" }, view);
  for (const p of pieces) {
    const c = cells.get(p.square) ?? cellOf(p.square, cells);
    if (!c) continue;
    const [x, y] = xy(c);
    const color = p.color || input.playerColor(p.player ?? "");
    const g = drawPiece(pieceLayer, variant, p, color, x + U / 2, y + U / 2, U * 0.36);
    upright(g, x + U / 2, y + U / 2);
    g.setAttribute("data-piece", "");
    g.setAttribute("data-square", p.square);
    g.setAttribute("data-kind", p.kind);
    g.setAttribute("data-player", p.player ?? "");
    g.setAttribute("data-color", p.color ?? "");
  }
  if (focused) svg.querySelector(`[data-square="${CSS.escape(focused)}"]:not([data-piece])`)?.focus();
}
function drawCoordinates(parent, board, ranks, W, H, upright) {
  const fileNames = /* @__PURE__ */ new Map();
  const rankNames = /* @__PURE__ */ new Map();
  const squares = /* @__PURE__ */ new Map();
  for (const s of board.squares ?? []) squares.set(s.name ?? "", { file: s.file ?? 0, rank: s.rank ?? 0 });
  const names = [...squares.keys(), ...(board.regions ?? []).flatMap((r) => r.squares ?? [])];
  for (const name of names) {
    const m = /^([a-z]+)(\d+)$/.exec(name);
    const c = m && cellOf(name, squares);
    if (!m || !c) continue;
    fileNames.set(c.file, m[1]);
    rankNames.set(c.rank, m[2]);
  }
  const g = el("g", { class: "coords", "aria-hidden": "true" }, parent);
  const label = (text, x, y) => {
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
    out[o.name ?? ""] = optionValue(o, input);
  }
  return out;
}
function optionValue(o, input) {
  if (o.type === "OPTION_TYPE_BOOL") return input.checked;
  if (o.type === "OPTION_TYPE_INT") return Number(input.value);
  return input.value;
}
function renderSeats(players2, seats, onChange) {
  const box = $("seats");
  box.replaceChildren();
  for (const p of players2) {
    const sel = h("select", { "data-seat": p, "aria-label": `who plays ${p}` });
    sel.append(h("option", { value: "human" }, "human"), h("option", { value: "bot" }, "bot"));
    sel.value = seats.get(p) ?? "human";
    sel.addEventListener("change", () => onChange(p, sel.value === "bot" ? "bot" : "human"));
    const label = h("label", {}, `${nice(p)} `);
    label.append(sel);
    box.append(label);
  }
}
function chip(variant, kind, color, player, playerColor2) {
  const known = variant.piece_types?.some((t) => t.kind === kind) ?? false;
  const title = (color ? color + " " : "") + pieceTitle(variant, kind);
  const span = h("span", { class: "chip", "data-piece": "", "data-kind": kind, "data-player": player, "data-color": color, title });
  span.style.setProperty("--chip", colorFill(color || playerColor2(player)));
  span.textContent = known ? pieceLetter(variant, kind).letter : kind;
  return span;
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
function renderScores(pos, next) {
  const box = $("scores");
  box.replaceChildren();
  const standings = next?.standings?.length ? next.standings : (pos.players ?? []).map((p) => ({ player: p.name, score: p.score, place: 0, score_parts: p.score_parts }));
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
    const e = h("span", { class: "die", "data-die": d.kind ?? "", "data-value": String(d.value ?? 0), "data-used": String(Boolean(d.used)), title: d.means || face?.meaning || "" }, label);
    box.append(e);
  }
}
function renderResult(next) {
  const box = $("result");
  const over = next && (next.status === "GAME_STATUS_FINISHED" || next.phase === "PHASE_FINISHED");
  box.hidden = !over;
  box.replaceChildren();
  if (!over || !next) {
    box.removeAttribute("data-reason");
    return;
  }
  box.dataset.reason = next.reason ?? "";
  const winners = next.winners ?? [];
  box.append("Game over: ");
  if (winners.length === 0) box.append("draw");
  winners.forEach((w, i) => {
    if (i) box.append(", ");
    box.append(h("strong", { "data-player": w }, w));
  });
  if (winners.length) box.append(winners.length > 1 ? " win" : " wins");
  box.append(` (${nice(next.reason ?? "")})`);
}

// src/main.ts
var state = {
  variant: null,
  history: [],
  // history[0] is the game's first position
  selected: null,
  choice: [],
  // actions sharing the clicked squares, chosen in #actions
  seats: /* @__PURE__ */ new Map(),
  generation: 0,
  // bumped by a new game, load or undo, so a bot's late answer is dropped
  botRunning: false,
  lastSeed: "",
  view: ""
  // the player whose side is drawn at the bottom; "" for the first player
};
var cur = () => state.history.at(-1);
var pending = 0;
async function busy(fn) {
  pending++;
  document.body.dataset.busy = "true";
  try {
    return await fn();
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err));
    return void 0;
  } finally {
    pending--;
    if (pending === 0) delete document.body.dataset.busy;
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
function currentBoard() {
  return cur()?.pos.board ?? optionBoard()?.board ?? state.variant?.board ?? {};
}
var chooser = (e) => e.next.to_move || e.pos.to_move || "";
var finished = (e) => e.next.phase === "PHASE_FINISHED" || e.next.status === "GAME_STATUS_FINISHED";
function menuActions(e) {
  const moves = e.next.moves ?? [];
  if (e.next.chance) return moves.length <= 12 ? moves : [];
  return moves.filter((m) => !(m.from && m.to && m.from !== m.to));
}
function keys() {
  return state.history.slice(0, -1).map((e) => e.pos.key ?? "").filter(Boolean);
}
async function setGame(pos) {
  const r = await api.apply({ position: ref(pos), moves: [], include_next: true });
  if (!r.position || !r.next) throw new ApiError("the service gave no position", 0);
  state.generation++;
  state.history = [{ pos: r.position, next: r.next, notation: null }];
  state.selected = null;
  state.choice = [];
  const names = (r.position.players ?? []).map((p) => p.name ?? "");
  for (const p of [...state.seats.keys()]) if (!names.includes(p)) state.seats.delete(p);
  showError("");
  render();
}
function push(pos, next, notation) {
  state.history.push({ pos, next, notation });
  state.selected = null;
  state.choice = [];
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
    state.selected = null;
    render();
    return;
  }
  push(r.position, r.next, r.position.last_action?.notation || a.notation || "");
  render();
}
async function rollService() {
  const e = cur();
  if (!e) return;
  const seed = $("seed").value.trim();
  const gen = state.generation;
  const r = await api.roll({ position: ref(e.pos), seed: seed || void 0, include_next: true });
  if (gen !== state.generation || !r.position || !r.next) return;
  state.lastSeed = r.seed ?? "";
  push(r.position, r.next, r.position.last_action?.notation || `roll ${(r.values ?? []).join(" ")}`);
  render();
}
async function rollManual() {
  const e = cur();
  if (!e) return;
  const text = $("roll-values").value.trim();
  const values = text.split(/[\s,]+/).filter(Boolean).map(Number);
  if (!values.length || values.some((v) => !Number.isInteger(v))) {
    showError("enter the dice values as whole numbers separated by spaces");
    return;
  }
  const gen = state.generation;
  const r = await api.resolve({ position: ref(e.pos), values, include_next: true });
  if (gen !== state.generation || !r.position || !r.next) return;
  state.lastSeed = "";
  push(r.position, r.next, r.position.last_action?.notation || `roll ${values.join(" ")}`);
  render();
}
function botDepth() {
  const d = Number($("bot-depth").value);
  return Number.isInteger(d) && d >= 1 && d <= 64 ? d : 2;
}
function botToMove() {
  const e = cur();
  return !!e && !finished(e) && state.seats.get(chooser(e)) === "bot";
}
async function runBots() {
  if (state.botRunning) return;
  state.botRunning = true;
  try {
    for (let i = 0; i < 500 && botToMove(); i++) {
      const e = cur();
      const gen = state.generation;
      if (e.next.chance) {
        const r = await api.roll({ position: ref(e.pos), include_next: true });
        if (gen !== state.generation || !r.position || !r.next) return;
        state.lastSeed = r.seed ?? "";
        push(r.position, r.next, r.position.last_action?.notation || `roll ${(r.values ?? []).join(" ")}`);
      } else {
        const s = await api.search({ position: ref(e.pos), depth: botDepth(), time_limit: "5s", history: { keys: keys() } });
        if (gen !== state.generation) return;
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
async function activate(square) {
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
  if (e.next.chance) {
    showError("roll the dice first");
    return;
  }
  const moves = e.next.moves ?? [];
  const from = state.selected;
  const piece = e.pos.pieces?.find((p) => p.square === square);
  const movesFrom = (sq) => moves.filter((m) => m.from === sq && m.to);
  if (from !== null) {
    const hits = moves.filter((m) => m.from === from && m.to === square);
    if (hits.length === 1) {
      await busy(async () => {
        await playAction(hits[0]);
        await afterChange();
      });
      return;
    }
    if (hits.length > 1) {
      state.choice = hits;
      showError("");
      render();
      $("actions").querySelector("button")?.focus();
      return;
    }
    if (square === from) {
      state.selected = null;
      state.choice = [];
      render();
      return;
    }
    if (movesFrom(square).length) {
      select(square);
      return;
    }
    state.selected = null;
    state.choice = [];
    render();
    await busy(async () => {
      let reason = "";
      try {
        const v = await api.validate({ position: ref(e.pos), move: { from, to: square } });
        reason = v.reason ?? "";
      } catch (err) {
        reason = err instanceof ApiError ? err.message : String(err);
      }
      showError(`${from} to ${square} is not legal${reason ? `: ${reason}` : ""}`);
    });
    return;
  }
  if (movesFrom(square).length) {
    select(square);
    return;
  }
  const aimed = moves.filter((m) => !m.from && m.to === square);
  if (aimed.length) {
    state.selected = null;
    state.choice = aimed;
    showError("");
    render();
    $("actions").querySelector("button")?.focus();
    return;
  }
  showError(piece ? `the ${piece.kind.replace(/_/g, " ")} on ${square} has no legal action` : `nothing on ${square} can be played`);
  render();
}
function select(square) {
  state.selected = square;
  state.choice = [];
  showError("");
  render();
}
function render() {
  const v = state.variant;
  const e = cur();
  if (!v || !e) return;
  updateUrl();
  const { pos, next } = e;
  const moves = next.moves ?? [];
  const targets = /* @__PURE__ */ new Set();
  if (state.selected) {
    for (const m of moves) if (m.from === state.selected && m.to) targets.add(m.to);
  }
  const last = /* @__PURE__ */ new Set();
  if (pos.last_action?.from) last.add(pos.last_action.from);
  if (pos.last_action?.to) last.add(pos.last_action.to);
  const check = /* @__PURE__ */ new Set();
  if (pos.in_check) {
    const royal = new Set((v.piece_types ?? []).filter((t) => t.royal).map((t) => t.kind));
    for (const p of pos.pieces ?? []) if (p.player === pos.to_move && royal.has(p.kind)) check.add(p.square);
  }
  drawBoard($("board"), {
    variant: v,
    board: currentBoard(),
    pieces: pos.pieces ?? [],
    playerColor,
    marks: { selected: state.selected, targets, last, check },
    turns: turnsToFace(seatOf(viewer()))
  });
  renderView();
  const toMove = $("to-move");
  toMove.dataset.player = pos.to_move ?? "";
  toMove.textContent = pos.to_move ?? "";
  toMove.style.setProperty("--player", playerColor(pos.to_move ?? "") || "transparent");
  const who = chooser(e);
  const phase = finished(e) ? "game over" : next.chance ? "to roll" : next.phase === "PHASE_RESPONSE" ? "to answer" : "to move";
  let status = finished(e) ? "Game over" : `${who} ${phase}`;
  if (!finished(e) && who !== pos.to_move) status += ` (for ${pos.to_move})`;
  if (pos.in_check) status += ", in check";
  if (!finished(e) && state.seats.get(who) === "bot") status += " \u2014 bot thinking";
  if (pos.proposal?.stage && pos.proposal.stage !== "available")
    status += ` \u2014 ${(pos.proposal.kind ?? "proposal").replace(/_/g, " ")} ${pos.proposal.stage}${pos.proposal.responder ? `, ${pos.proposal.responder} answers` : ""}`;
  const owed = pos.state?.compulsory;
  if (typeof owed === "string" && owed) {
    const piece = pos.state?.compulsory_piece;
    status += ` \u2014 must ${owed.replace(/_/g, " ")}${typeof piece === "string" && piece ? " " + piece : ""}`;
  }
  $("status").textContent = status;
  renderResult(finished(e) ? next : null);
  $("last-action").textContent = pos.last_action?.notation ?? "";
  const actions = $("actions");
  actions.replaceChildren();
  const human = state.seats.get(who) !== "bot" && !finished(e);
  const menu = state.choice.length ? state.choice : human ? menuActions(e) : [];
  for (const a of menu) {
    const b = h("button", { type: "button", "data-notation": a.notation ?? "" }, a.san || a.notation || "");
    b.addEventListener("click", act(() => playAction(a)));
    actions.append(b);
  }
  if (next.chance && moves.length > 12) actions.append(h("span", { class: "hint" }, "roll the dice below"));
  if (!menu.length && !moves.length && !finished(e)) actions.append(h("span", { class: "hint" }, ""));
  renderDice(v, pos);
  $("dice-panel").hidden = (v.die_types ?? []).length === 0;
  $("seed-used").textContent = state.lastSeed ? `seed ${state.lastSeed}` : "";
  renderScores(pos, next);
  renderHeld(v, pos, playerColor);
  const list = $("move-list");
  list.replaceChildren();
  state.history.slice(1).forEach((x, i) => {
    const by = x.pos.last_action?.player ?? "";
    const li = h("li", { "data-player": by, title: by ? `${by}: ${x.notation}` : x.notation ?? "" }, x.notation ?? "");
    li.style.setProperty("--player", colorFill(playerColor(by)));
    list.append(li);
  });
  list.scrollTop = list.scrollHeight;
  $("undo").disabled = state.history.length < 2;
  const ta = $("position-text");
  if (document.activeElement !== ta || ta.dataset.shown !== pos.text) ta.value = pos.text ?? "";
  ta.dataset.shown = pos.text ?? "";
}
function updateUrl() {
  const v = state.variant;
  const e = cur();
  if (!v || !e) return;
  const q = new URLSearchParams();
  q.set("variant", v.name ?? "");
  q.set("position", e.pos.text ?? "");
  if (state.view && state.view !== players()[0]) q.set("view", state.view);
  history.replaceState(null, "", `?${q.toString()}`);
}
async function loadVariant(name, options, text) {
  const r = await api.getVariant(name);
  if (!r.variant) throw new ApiError(`no variant ${name}`, 404);
  state.variant = r.variant;
  state.seats.clear();
  $("variant").value = name;
  $("variant-summary").textContent = r.variant.summary ?? "";
  renderLegend(r.variant);
  if (text) await setGame({ variant: name, text });
  else await newGame(options ?? {});
  const pos = cur()?.pos;
  renderOptions(r.variant, pos?.options ?? options ?? {});
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
    sel.replaceChildren(...all.map((p) => h("option", { value: p }, seatOf(p) && seatOf(p) !== p ? `${p} (${seatOf(p).replace(/_/g, " ")})` : p)));
    sel.dataset.players = want;
  }
  sel.value = viewer();
}
function renderSeatsNow() {
  renderSeats(players(), state.seats, (p, who) => {
    state.seats.set(p, who);
    const humans = players().filter((x) => state.seats.get(x) !== "bot");
    if (humans.length === 1) state.view = humans[0];
    render();
    void busy(afterChange);
  });
}
function renderLegend(v) {
  const box = $("legend");
  box.replaceChildren();
  $("legend-section").hidden = !(v.board?.marks ?? []).length;
  const seen = /* @__PURE__ */ new Set();
  for (const m of v.board?.marks ?? []) {
    const key = `${m.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    box.append(h("li", {}, `${(m.name ?? "").replace(/_/g, " ")}: ${m.description ?? ""}`));
  }
}
async function main() {
  const q = new URLSearchParams(location.search);
  const board = $("board");
  board.addEventListener("click", (ev) => {
    const sq = ev.target.closest("[data-square]")?.getAttribute("data-square");
    if (sq) void activate(sq);
  });
  board.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const sq = ev.target.closest("[data-square]")?.getAttribute("data-square");
    if (!sq) return;
    ev.preventDefault();
    void activate(sq);
  });
  $("variant").addEventListener("change", () => {
    state.view = "";
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
    if (state.history.length < 2) return;
    state.generation++;
    state.history.pop();
    while (state.history.length > 1 && botToMove()) state.history.pop();
    state.selected = null;
    state.choice = [];
    showError("");
    render();
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
    await loadVariant(q.get("variant") || "chaturanga", options, q.get("position"));
  });
}
void main();
