// The game review, as lichess's computer analysis shows it: ReviewGame on the whole game, with a
// progress bar while it runs, then a graph of the game (the first side's chance of winning with
// two sides, every side's with more), the marks ?!, ? and ?? in the move list, and every
// player's accuracy, mistakes and, in dice games, luck. The graph is a way through the game: a
// click shows the position there.
import { aborted, api, ApiError, ref } from "./api";
import type { ActionReview, GameReview, PlayerValue, Position } from "./api";
import { colorFill } from "../../clients/board/src/pieces.js";
import { $, h, nice, swatch } from "./ui";

export interface ReviewHost {
  /** The game shown: its first position, every action, a key that changes with any of them. */
  game(): { start: Position; actions: string[]; key: string; players: string[] } | null;
  playerColor(player: string): string;
  /** The index in the game of the position shown (0: the first position). */
  cursor(): number;
  showAt(index: number): void;
  /** The review's marks changed: the move list is drawn again. */
  changed(): void;
}

/** The review's search time for each position: what fits the service's analysis time (10 s by
 * default) for the game's every position, and no more than the API's own default. */
export function timePerAction(actions: number): number {
  return Math.max(5, Math.min(100, Math.floor(8000 / (actions + 1))));
}

const st = {
  host: null as ReviewHost | null,
  key: "", // the game reviewed (or being reviewed); "" for none
  players: [] as string[],
  actions: [] as ActionReview[],
  summary: null as GameReview | null,
  ctrl: null as AbortController | null,
};

const running = () => st.ctrl !== null;
const SVG = "http://www.w3.org/2000/svg";
const W = 600;
const H = 150;

const MARKS: Record<string, [string, string]> = {
  JUDGEMENT_INACCURACY: ["?!", "Inaccuracy"],
  JUDGEMENT_MISTAKE: ["?", "Mistake"],
  JUDGEMENT_BLUNDER: ["??", "Blunder"],
};

export function initReview(host: ReviewHost): void {
  st.host = host;
  $("review").addEventListener("click", () => void run());
  $("review-graph").addEventListener("click", (ev) => {
    const t = (ev.target as Element | null)?.closest?.("[data-index]") as SVGElement | null;
    const i = Number(t?.dataset.index);
    if (t && Number.isInteger(i)) st.host?.showAt(i);
  });
  updateReview();
}

/** Whether the review shown is of the game as it stands. */
function current(): boolean {
  return st.key !== "" && st.key === (st.host?.game()?.key ?? "");
}

/** The review's judgement of action i of the game (from 0), for the move list. */
export function reviewMark(i: number): { judgement: string; mark: string; title: string } | null {
  if (!current()) return null;
  const a = st.actions[i];
  if (!a || !a.player) return null;
  const j = a.judgement ?? "JUDGEMENT_UNSPECIFIED";
  if (j === "JUDGEMENT_UNSPECIFIED") return { judgement: a.forced ? "forced" : "", mark: "", title: "" };
  const m = MARKS[j];
  const best = a.best_action?.san || a.best_action?.notation || "";
  return { judgement: j.replace("JUDGEMENT_", "").toLowerCase(), mark: m?.[0] ?? "", title: m ? `${m[1]}.${best ? ` ${best} was best.` : ""}` : "" };
}

/** What the review says of the action that led to position i of the game (i actions played), as
 * lichess comments a judged move ("Blunder. Nc3 was best."), and the best action then, to draw. */
export function reviewAt(i: number): { text: string; best: { from: string; to: string; notation: string; label: string } | null } | null {
  if (!current() || i < 1) return null;
  const a = st.actions[i - 1];
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

/** After every change of the page: the review follows the game, its graph the position shown. */
export function updateReview(): void {
  const game = st.host?.game() ?? null;
  const btn = $("review") as HTMLButtonElement;
  btn.disabled = !game || running();
  btn.title = game ? "review the whole game: every action's value, its mistakes, accuracy and luck" : "play or load a game to review it";
  if (st.key && !current()) {
    // The game changed: a review running is of another game, a review shown no longer fits.
    st.ctrl?.abort();
    st.ctrl = null;
    st.key = "";
    st.actions = [];
    st.summary = null;
    $("review-body").hidden = true;
    ($("review-progress") as HTMLProgressElement).hidden = true;
    $("review-status").textContent = "";
    btn.disabled = !game;
    $("review-section").dataset.state = "off";
  }
  drawCursor();
  const comment = $("review-comment");
  const said = st.host ? reviewAt(st.host.cursor()) : null;
  comment.textContent = said?.text ?? "";
}

async function run(): Promise<void> {
  const game = st.host?.game();
  if (!game || running()) return;
  const ctrl = new AbortController();
  st.ctrl = ctrl;
  st.key = game.key;
  st.players = game.players;
  st.actions = [];
  st.summary = null;
  const box = $("review-section");
  box.dataset.state = "running";
  const progress = $("review-progress") as HTMLProgressElement;
  progress.hidden = false;
  progress.max = game.actions.length;
  progress.value = 0;
  $("review-body").hidden = true;
  $("review-status").textContent = `reviewing ${game.actions.length} actions…`;
  ($("review") as HTMLButtonElement).disabled = true;
  const ms = timePerAction(game.actions.length);
  try {
    const req = { position: ref(game.start), moves: game.actions.map((notation) => ({ notation })), time_per_action: `${ms / 1000}s` };
    await api.reviewGame(req, ctrl.signal, (m) => {
      if (st.ctrl !== ctrl) return;
      if (m.action) {
        st.actions[m.action.index ?? 0] = m.action;
        progress.value = (m.action.index ?? 0) + 1;
        $("review-status").textContent = `reviewed ${progress.value} of ${game.actions.length} actions…`;
      }
      if (m.summary) st.summary = m.summary;
    });
    if (st.ctrl !== ctrl) return;
    if (!st.summary) throw new ApiError("the review ended without its summary", 0);
    st.ctrl = null;
    progress.hidden = true;
    box.dataset.state = "done";
    $("review-status").textContent = `${game.actions.length} actions reviewed at ${ms} ms a position`;
    show();
  } catch (err) {
    if (st.ctrl !== ctrl) return;
    st.ctrl = null;
    st.key = "";
    progress.hidden = true;
    if (aborted(err)) return;
    box.dataset.state = "error";
    $("review-status").textContent = err instanceof ApiError ? err.message : String(err);
  } finally {
    ($("review") as HTMLButtonElement).disabled = running() || !st.host?.game();
  }
}

function show(): void {
  $("review-body").hidden = false;
  drawGraph();
  drawSummary();
  st.host?.changed();
}

/** A player's chance of winning in a review's values. */
function chanceOf(values: PlayerValue[] | undefined, player: string): number {
  const v = (values ?? []).find((x) => x.player === player);
  return Math.max(0, Math.min(1, v?.win_chance ?? 0.5));
}

/** The chances after each number of actions: [before the first, after the first, ...]. */
function series(player: string): number[] {
  const out = [chanceOf(st.actions[0]?.before, player)];
  for (const a of st.actions) out.push(chanceOf(a.after, player));
  return out;
}

function svg(tag: string, attrs: Record<string, string | number>, parent: Element): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.append(e);
  return e as SVGElement;
}

const xAt = (i: number, n: number) => (n ? (i / n) * W : 0);
const yAt = (chance: number) => H - chance * H;

/** The game's sides: partners share one chance (Martian Chaturaji's teams), so players whose
 * chances are the same all game are one side, drawn as one line. */
function sides(): { players: string[]; chances: number[] }[] {
  const out: { players: string[]; chances: number[] }[] = [];
  for (const p of st.players) {
    const ys = series(p);
    const same = out.find((s) => s.chances.every((c, i) => c === ys[i]));
    if (same) same.players.push(p);
    else out.push({ players: [p], chances: ys });
  }
  return out;
}

function drawGraph(): void {
  const g = $("review-graph") as unknown as SVGSVGElement;
  g.replaceChildren();
  const n = st.actions.length;
  const all = sides();
  const two = all.length === 2;
  g.setAttribute("viewBox", `0 0 ${W} ${H}`);
  g.dataset.players = st.players.join(",");
  // Two sides as lichess draws them, the first side's share light on dark; more on a light ground,
  // each side a line in its colour.
  g.dataset.sides = two ? "two" : "many";
  svg("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }, g);
  // The even chance: a half with two sides, a quarter with four.
  const even = 1 / Math.max(2, all.length);
  svg("line", { x1: 0, y1: yAt(even), x2: W, y2: yAt(even), class: "graph-mid" }, g);
  const lines: string[] = [];
  for (const side of two ? [all[0]] : all) {
    const p = side.players[0];
    const ys = side.chances;
    const pts = ys.map((c, i) => `${xAt(i, n).toFixed(1)},${yAt(c).toFixed(1)}`);
    if (two) {
      // lichess's graph: the first player's side filled from the bottom.
      const area = svg("path", { d: `M0,${H} L${pts.join(" L")} L${W},${H} Z`, class: "graph-area" }, g);
      area.style.fill = colorFill(st.host?.playerColor(p) ?? "") || "#fff";
    }
    if (!two) svg("polyline", { points: pts.join(" "), class: "graph-halo" }, g);
    const line = svg("polyline", { points: pts.join(" "), class: "graph-line", "data-player": side.players.join(","), "data-chances": ys.map((c) => c.toFixed(4)).join(",") }, g);
    line.style.stroke = two ? "#333" : colorFill(st.host?.playerColor(p) ?? "") || "#333";
    lines.push(side.players.join("+"));
  }
  // The judged mistakes as ticks in their mover's colour.
  st.actions.forEach((a, i) => {
    const m = MARKS[a.judgement ?? ""];
    if (!m) return;
    const x = xAt(i + 1, n);
    const tick = svg("line", { x1: x, y1: 0, x2: x, y2: H, class: `graph-mark graph-${(a.judgement ?? "").replace("JUDGEMENT_", "").toLowerCase()}`, "data-mark": m[0] }, g);
    svg("title", {}, tick).textContent = `${i + 1}: ${a.action?.san || a.action?.notation} ${m[0]}`;
  });
  for (const [c, text] of [[1, "100%"], [even, `${Math.round(even * 100)}%`], [0, "0%"]] as [number, string][]) {
    const y = Math.min(H - 3, Math.max(11, yAt(c) + 4));
    svg("text", { x: 4, y, class: "graph-axis" }, g).textContent = text;
  }
  svg("line", { x1: 0, y1: 0, x2: 0, y2: H, class: "graph-cursor" }, g);
  // One column per position, to click: the position after that many actions.
  for (let i = 0; i <= n; i++) {
    const x0 = i === 0 ? 0 : (xAt(i - 1, n) + xAt(i, n)) / 2;
    const x1 = i === n ? W : (xAt(i, n) + xAt(i + 1, n)) / 2;
    const hit = svg("rect", { x: x0, y: 0, width: Math.max(0.5, x1 - x0), height: H, class: "graph-hit", "data-index": i }, g);
    const a = st.actions[i - 1];
    svg("title", {}, hit).textContent = i === 0 ? "the first position" : `after ${a?.action?.san || a?.action?.notation || ""}`;
  }
  g.setAttribute("aria-label", two ? `${nice(lines[0])}'s chance of winning over the game; click to see a position` : `every side's chance of winning over the game (${lines.map(nice).join(", ")}); click to see a position`);
  drawCursor();
}

function drawCursor(): void {
  const c = document.querySelector("#review-graph .graph-cursor");
  if (!c || !st.host) return;
  // Kept off the edges, where half of it would be cut.
  const x = Math.min(W - 1.5, Math.max(1.5, xAt(Math.min(st.host.cursor(), st.actions.length), st.actions.length)));
  c.setAttribute("x1", String(x));
  c.setAttribute("x2", String(x));
}

function drawSummary(): void {
  const table = $("review-summary");
  table.replaceChildren();
  const sum = st.summary;
  if (!sum) return;
  const dice = (sum.players ?? []).some((p) => p.luck !== undefined && p.luck !== null);
  const head = h("tr");
  const heads: [string, string][] = [["Player", ""], ["Accuracy", "lichess's accuracy over the judged actions"], ["?!", "inaccuracies"], ["?", "mistakes"], ["??", "blunders"]];
  if (dice) heads.push(["Luck", "the dice's gifts in the chance of winning, in points of 100 (GNU Backgammon's luck)"]);
  for (const [t, title] of heads) head.append(h("th", { scope: "col", title }, t));
  table.append(h("thead"), h("tbody"));
  table.firstElementChild!.append(head);
  for (const p of sum.players ?? []) {
    const tr = h("tr", { "data-player": p.player ?? "" });
    const name = h("th", { scope: "row" });
    name.append(swatch(colorFill(st.host?.playerColor(p.player ?? "") ?? "")), nice(p.player ?? ""));
    tr.append(name);
    const acc = p.accuracy;
    const cell = (k: string, v: string, title = "") => {
      const td = h("td", { "data-stat": k, title }, v);
      tr.append(td);
    };
    cell("accuracy", acc === undefined || acc === null ? "–" : `${Math.round(acc)}%`, `${p.judged ?? 0} actions judged`);
    cell("inaccuracies", String(p.inaccuracies ?? 0));
    cell("mistakes", String(p.mistakes ?? 0));
    cell("blunders", String(p.blunders ?? 0));
    if (dice) {
      const l = p.luck ?? 0;
      cell("luck", `${l >= 0 ? "+" : ""}${(l * 100).toFixed(1)}%`, "what the dice gave in the chance of winning, summed over the rolls (GNU Backgammon's luck)");
    }
    if (acc !== undefined && acc !== null) tr.dataset.accuracy = String(acc);
    tr.dataset.inaccuracies = String(p.inaccuracies ?? 0);
    tr.dataset.mistakes = String(p.mistakes ?? 0);
    tr.dataset.blunders = String(p.blunders ?? 0);
    if (p.luck !== undefined && p.luck !== null) tr.dataset.luck = String(p.luck);
    table.lastElementChild!.append(tr);
  }
}
