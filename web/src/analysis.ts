// The analysis board: on request only, the service's view of the position as it stands — every
// player's value, the principal variation as SearchStream deepens, the best action as an arrow,
// and win chances from Rollout. A change of position cancels what runs for the old one.
import { aborted, api, ApiError, patiently, ref } from "./api";
import type { PlayerValue, Position, RolloutResponse, SearchStreamResponse } from "./api";
import { colorFill } from "../../clients/board/src/pieces.js";
import type { Rounds } from "./numbers";
import { $, h, nice, swatch } from "./ui";

/** The analysis's best action, drawn as an arrow on the board from its square to its square. */
export interface BestMove {
  from: string;
  to: string;
  notation: string;
  label: string;
}

/** What the analysis looks at: the position and what the page knows of the game around it. */
export interface Subject {
  pos: Position;
  keys: string[]; // the game's earlier positions, so that the search sees repetitions
  chance: boolean; // waiting for a roll: nothing to search until the dice are known
  finished: boolean;
  botToMove: boolean; // the bot's own search comes first; analysing its turn would only slow it
  seed: string; // Rollout's seed, as the API takes it
  numbers(): Rounds; // move numbers for a line played from the position
}

export interface Host {
  subject(): Subject | null;
  playerColor(player: string): string;
  showBestMove(m: BestMove | null): void;
}

const PLAYOUTS = 500; // enough for a percentage, and a few milliseconds of the service's time
/** The analysis deepens until it is stopped, the depth asked for is reached, or the service's own
 * limit on an analysis ends it (--analysis-time, 10 s by default), whichever comes first. */
const TIME_LIMIT = "600s";
const MAX_DEPTH = 64;

const st = {
  host: null as Host | null,
  on: false,
  key: "", // the subject being analysed; "" when nothing runs
  search: null as AbortController | null,
  rollout: null as AbortController | null,
  best: null as BestMove | null,
};

/** The best action found for the position shown, for the board to draw. */
export const analysisBest = (): BestMove | null => (st.on ? st.best : null);

/** The depth asked for; empty: as deep as the search gets until stopped. */
function depth(): number {
  const text = ($("analysis-depth") as HTMLInputElement).value.trim();
  const d = Number(text);
  return text !== "" && Number.isInteger(d) && d >= 1 && d <= MAX_DEPTH ? d : MAX_DEPTH;
}

export function initAnalysis(host: Host): void {
  st.host = host;
  $("analyse").addEventListener("click", () => {
    st.on = !st.on;
    updateAnalysis();
  });
  $("analysis-depth").addEventListener("change", () => updateAnalysis());
  $("rollout").addEventListener("click", () => void runRollout());
  updateAnalysis();
}

function keyOf(s: Subject | null): string {
  if (!st.on || !s) return "";
  return JSON.stringify([s.pos.text, s.keys.length, s.botToMove, depth()]);
}

/** After every change of the page: a new position (or depth) cancels the running analysis and,
 * while analysis is on, starts one for the position shown. */
export function updateAnalysis(): void {
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

function cancel(): void {
  st.search?.abort();
  st.rollout?.abort();
  st.search = null;
  st.rollout = null;
}

function clear(): void {
  st.best = null;
  st.host?.showBestMove(null);
  $("eval-bar").hidden = true;
  $("eval-values").replaceChildren();
  $("eval-values").removeAttribute("data-source");
  $("pv-lines").replaceChildren();
  const wc = $("win-chances");
  wc.replaceChildren();
  for (const a of ["data-state", "data-seed", "data-playouts"]) wc.removeAttribute(a);
  ($("rollout") as HTMLButtonElement).disabled = false;
  const box = $("analysis");
  for (const a of ["data-position", "data-depth", "data-complete"]) box.removeAttribute(a);
}

function setState(state: string, status: string): void {
  $("analysis").dataset.state = state;
  $("analysis-status").textContent = status;
}

function fail(err: unknown, key: string): void {
  if (aborted(err) || key !== st.key) return;
  setState("error", err instanceof ApiError ? err.message : String(err));
}

async function run(s: Subject, key: string): Promise<void> {
  const ctrl = new AbortController();
  st.search = ctrl;
  const players = (s.pos.players ?? []).map((p) => p.name ?? "");
  try {
    if (s.finished || s.chance) {
      // No search: a finished game has nothing to find, a roll must come first. The static
      // evaluation still says where the players stand.
      setState("running", "evaluating…");
      const r = await patiently(ctrl.signal, () => api.evaluate({ position: ref(s.pos) }, ctrl.signal));
      if (key !== st.key) return;
      // A finished game is worth ±10000 to its winners and losers: shown as won and lost.
      const values = (r.values ?? []).map((v) => (s.finished ? { ...v, win_in: 0 } : v));
      showValues(players, values, "evaluate");
      setState("done", s.finished ? "the game is over: static evaluation" : "static evaluation: roll the dice for a search");
      return;
    }
    setState("running", "searching…");
    const d = depth();
    const req = { position: ref(s.pos), depth: d, time_limit: TIME_LIMIT, history: s.keys.length ? { keys: s.keys } : undefined };
    await patiently(ctrl.signal, () =>
      api.searchStream(req, ctrl.signal, (m) => {
        if (key === st.key) showSearch(s, players, m);
      }),
    );
  } catch (err) {
    fail(err, key);
  }
}

function showSearch(s: Subject, players: string[], m: SearchStreamResponse): void {
  const line = m.lines?.[0];
  if (!line) return;
  showValues(players, line.values ?? [], "search");
  const mover = line.move?.player || s.pos.to_move || players[0];
  // As lichess: two players' lines are valued from the first player's side; with more, the
  // mover's own value is the one the line maximises.
  const side = players.length === 2 ? players[0] : mover;
  const value = (line.values ?? []).find((v) => v.player === side);
  const list = $("pv-lines");
  // One entry per depth, the deepest on top; the final answer replaces its depth's entry.
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
  else setState("running", `depth ${m.depth}${bestText}, searching deeper… (Analyse again stops)`);
}

/** A value as a player reads it: pawns, a proven result ("win in 3"), and in dice games the chance
 * of winning. */
export function formatValue(v: PlayerValue, chance = true): string {
  let text: string;
  if (v.win_in !== undefined && v.win_in !== null) {
    if (v.win_in > 0) text = `win in ${v.win_in}`;
    else if (v.win_in < 0) text = `loss in ${-v.win_in}`;
    else text = v.value > 0 ? "won" : v.value < 0 ? "lost" : "drawn";
  } else text = v.value > 0 ? `+${v.value.toFixed(2)}` : v.value.toFixed(2);
  if (chance && v.win_chance !== undefined && v.win_chance !== null) text += ` (${(v.win_chance * 100).toFixed(1)}%)`;
  return text;
}

/** How much of a two-player bar is the player's: a proven result all or nothing, a dice game's win
 * chance as it is, else the value squashed so that a few pawns fill most of it. */
function share(v: PlayerValue): number {
  if (v.win_in !== undefined && v.win_in !== null && v.win_in !== 0) return v.win_in > 0 ? 100 : 0;
  if (v.win_chance !== undefined && v.win_chance !== null) return v.win_chance * 100;
  return 50 + 50 * Math.tanh(v.value / 4);
}


function showValues(players: string[], values: PlayerValue[], source: string): void {
  const host = st.host;
  const row = $("eval-values");
  row.dataset.source = source;
  row.replaceChildren();
  const ordered = players.map((p) => values.find((v) => v.player === p)).filter((v): v is PlayerValue => Boolean(v));
  for (const v of ordered) {
    const e = h("span", { class: "eval", "data-player": v.player, "data-value": String(v.value) });
    if (v.win_in !== undefined && v.win_in !== null) e.dataset.winIn = String(v.win_in);
    if (v.win_chance !== undefined && v.win_chance !== null) e.dataset.winChance = String(v.win_chance);
    e.append(swatch(colorFill(host?.playerColor(v.player) ?? "")), h("span", { class: "eval-player" }, nice(v.player)), " ", h("strong", { class: "eval-value" }, formatValue(v)));
    row.append(e);
  }
  // Two players: one bar, the first player's share from the left.
  const bar = $("eval-bar");
  bar.hidden = ordered.length !== 2;
  if (ordered.length !== 2) return;
  const [a, b] = ordered;
  const pct = Math.round(share(a) * 10) / 10;
  bar.dataset.player = a.player;
  bar.dataset.share = String(pct);
  bar.setAttribute("aria-valuenow", String(pct));
  bar.setAttribute("aria-valuetext", `${nice(a.player)} ${formatValue(a)}, ${nice(b.player)} ${formatValue(b)}`);
  const [left, right] = [bar.children[0] as HTMLElement, bar.children[1] as HTMLElement];
  left.style.width = `${pct}%`;
  left.style.background = colorFill(host?.playerColor(a.player) ?? "") || "#eee";
  left.dataset.player = a.player;
  right.style.background = colorFill(host?.playerColor(b.player) ?? "") || "#333";
  right.dataset.player = b.player;
}

/** Win chances from Rollout: PLAYOUTS greedy games from the position; the seed is shown, so that
 * the games can be played again. */
async function runRollout(): Promise<void> {
  const s = st.host?.subject();
  if (!st.on || !s) return;
  st.rollout?.abort();
  const ctrl = new AbortController();
  st.rollout = ctrl;
  const key = st.key;
  const box = $("win-chances");
  box.replaceChildren("playing games…");
  box.dataset.state = "running";
  ($("rollout") as HTMLButtonElement).disabled = true;
  try {
    const req = { position: ref(s.pos), playouts: PLAYOUTS, policy: "ROLLOUT_POLICY_GREEDY" as const, seed: s.seed };
    const r = await patiently(ctrl.signal, () => api.rollout(req, ctrl.signal));
    if (key !== st.key) return;
    showRollout(r);
  } catch (err) {
    if (aborted(err) || key !== st.key) return;
    box.dataset.state = "error";
    box.replaceChildren(err instanceof ApiError ? err.message : String(err));
  } finally {
    if (key === st.key) ($("rollout") as HTMLButtonElement).disabled = false;
  }
}

/** Rollout's games as a win/draw/loss bar: with two players one bar, the first player's wins
 * from the left, the draws in the middle, the second's wins at the right; with more, one bar per
 * player (partners win together, so their wins overlap). Games left unfinished are grey. */
function showRollout(r: RolloutResponse): void {
  const box = $("win-chances");
  box.replaceChildren();
  box.dataset.seed = r.seed ?? "";
  box.dataset.playouts = String(r.playouts ?? 0);
  const n = r.playouts ?? 0;
  const color = (p: string) => colorFill(st.host?.playerColor(p) ?? "") || "#888";
  const pct = (k: number) => (n ? (k / n) * 100 : 0);
  const ps = r.players ?? [];
  for (const p of ps) {
    const title = `${p.wins} won, ${p.draws} drawn, ${p.losses} lost of ${r.playouts}`;
    const e = h("span", { class: "chance", "data-player": p.player, "data-win-rate": String(p.win_rate), title });
    e.append(swatch(color(p.player)), h("span", { class: "eval-player" }, nice(p.player)), " ", h("strong", {}, `${(p.win_rate * 100).toFixed(1)}%`));
    box.append(e);
  }
  const segment = (kind: string, count: number, fill: string, label: string, player = "") => {
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
      segment("win", b.wins, color(b.player), `${nice(b.player)} wins`, b.player),
    );
    bars.append(bar);
    const parts = [`${nice(a.player)} wins ${pct(a.wins).toFixed(1)}%`, `draws ${pct(a.draws).toFixed(1)}%`];
    if (unfinished) parts.push(`unfinished ${pct(unfinished).toFixed(1)}%`);
    parts.push(`${nice(b.player)} wins ${pct(b.wins).toFixed(1)}%`);
    bars.append(h("small", { class: "wdl-legend" }, parts.join(" · ")));
  } else {
    for (const p of ps) {
      const row = h("div", { class: "wdl-row", "data-player": p.player });
      const bar = h("div", { class: "wdl", role: "img", "aria-label": `${nice(p.player)}: won ${pct(p.wins).toFixed(1)}%, drawn ${pct(p.draws).toFixed(1)}%, lost ${pct(p.losses).toFixed(1)}%` });
      bar.append(segment("win", p.wins, color(p.player), "won", p.player), segment("draw", p.draws, "#9c9c9c", "drawn"), segment("loss", p.losses, "#4a4a4a", "lost"));
      row.append(h("span", { class: "wdl-name" }, nice(p.player)), bar);
      bars.append(row);
    }
    bars.append(h("small", { class: "wdl-legend" }, "each bar: won (the player's colour) · drawn (grey) · lost (dark)"));
  }
  box.append(bars);
  const note = unfinished ? `, ${unfinished} unfinished` : "";
  box.append(h("small", { class: "chance-note" }, `${r.playouts} greedy playouts, seed ${r.seed}${note}${r.complete ? "" : ", stopped by the time limit"}`));
  box.dataset.state = "done";
}
