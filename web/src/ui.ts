// The panels around the board: dice, scores, held pieces, result, move list, options and seats.
// Each is redrawn from the state alone.
import type { NextTurn, OptionSpec, Position, Variant } from "./api";
import { glyphSvg, pieceTitle } from "../../clients/board/src/pieces.js";

export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} missing from the page`);
  return e as T;
};

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A snake_case name as words ("raja_or_pawn" → "raja or pawn"). */
export const nice = (s: string) => s.replace(/_/g, " ");

/** A player's colour as a small square with a dark edge, legible whatever the colour (white on
 * the page's cream included). */
export function swatch(fill: string): HTMLElement {
  const e = h("span", { class: "swatch", "aria-hidden": "true" });
  e.style.background = fill || "transparent";
  return e;
}

/** The option inputs of a variant, filled with the given values (else the defaults). */
export function renderOptions(variant: Variant, values: Record<string, unknown>): void {
  const box = $("options");
  box.replaceChildren();
  for (const o of variant.options ?? []) {
    const name = o.name ?? "";
    const value = name in values ? values[name] : o.default_value;
    const label = h("label", { title: o.description ?? "" });
    let input: HTMLInputElement | HTMLSelectElement;
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
        if (o.min !== undefined && o.min !== "") input.setAttribute("min", o.min);
        if (o.max !== undefined && o.max !== "") input.setAttribute("max", o.max);
      }
      input.value = String(value ?? "");
      label.append(nice(name) + " ", input);
    }
    input.dataset.option = name;
    box.append(label);
  }
}

/** The option values the inputs hold that differ from the defaults, typed as the variant declares
 * them. A default left as it is is no choice: the service fills it in, whereas sent outright it can
 * contradict another option (partnership false with two players). */
export function readOptions(variant: Variant): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of variant.options ?? []) {
    const input = document.querySelector<HTMLInputElement | HTMLSelectElement>(`#options [data-option="${CSS.escape(o.name ?? "")}"]`);
    if (!input) continue;
    const value = optionValue(o, input);
    if (value !== o.default_value) out[o.name ?? ""] = value;
  }
  return out;
}

function optionValue(o: OptionSpec, input: HTMLInputElement | HTMLSelectElement): unknown {
  if (o.type === "OPTION_TYPE_BOOL") return (input as HTMLInputElement).checked;
  if (o.type === "OPTION_TYPE_INT") return Number(input.value);
  return input.value;
}

/** One select per player of the position: a human or the bot plays it; a name from a loaded
 * record is shown beside its seat. */
export function renderSeats(players: string[], seats: Map<string, "human" | "bot">, names: Map<string, string>, onChange: (player: string, who: "human" | "bot") => void): void {
  const box = $("seats");
  box.replaceChildren();
  for (const p of players) {
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

/** A small piece outside the board (held pieces, piles), in the piece's colour where the
 * position gives one, else its holder's. */
function chip(variant: Variant, kind: string, color: string, player: string, playerColor: (p: string) => string): HTMLElement {
  const title = (color ? color + " " : "") + pieceTitle(variant, kind);
  const span = h("span", { class: "chip", "data-piece": "", "data-kind": kind, "data-player": player, "data-color": color, title });
  span.append(glyphSvg(variant, kind, color || playerColor(player), 30));
  return span;
}

/** The pieces of the variant with the names GetVariant gives, drawn as on the board; how each
 * moves is its title. */
export function renderPieceLegend(variant: Variant, color: string): void {
  const box = $("piece-legend");
  box.replaceChildren();
  for (const t of variant.piece_types ?? []) {
    const li = h("li", { "data-kind": t.kind ?? "", title: t.movement ?? "" });
    li.append(glyphSvg(variant, t.kind ?? "", t.neutral ? "" : color, 34), h("span", {}, t.title ?? nice(t.kind ?? "")));
    box.append(li);
  }
}

export function renderHeld(variant: Variant, pos: Position, playerColor: (p: string) => string): void {
  const box = $("held");
  box.replaceChildren();
  for (const ps of pos.players ?? []) {
    const name = ps.name ?? "";
    if (!(ps.held ?? []).length && !(ps.lost ?? []).length) continue;
    const row = h("div", { "data-held": name }, `${nice(name)} holds `);
    const held = ps.held_pieces?.length ? ps.held_pieces : (ps.held ?? []).map((kind) => ({ kind, color: "" }));
    for (const hp of held) row.append(chip(variant, hp.kind ?? "", hp.color ?? "", name, playerColor));
    if ((ps.lost ?? []).length) {
      const pile = h("span", { "data-pile": name }, " lost ");
      for (const k of ps.lost ?? []) pile.append(chip(variant, k, "", name, playerColor));
      row.append(pile);
    }
    box.append(row);
  }
}

type Standing = { player?: string; score?: number; place?: number; score_parts?: { source?: string; points?: number }[] };

function standingsOf(pos: Position, next: NextTurn | null): Standing[] {
  return next?.standings?.length ? next.standings : (pos.players ?? []).map((p) => ({ player: p.name, score: p.score, place: 0, score_parts: p.score_parts }));
}

/** Whether the game keeps scores: the variant reports points, its standings say where scores come
 * from, or someone has scored. A game decided by its end alone (chaturanga) shows none. */
export function keepsScores(variant: Variant, pos: Position, next: NextTurn | null): boolean {
  if ((variant.event_types ?? []).some((e) => e.kind === "EVENT_KIND_POINTS")) return true;
  if (next?.decided_by === "score") return true;
  return standingsOf(pos, next).some((s) => (s.score ?? 0) !== 0 || (s.score_parts ?? []).length > 0);
}

export function renderScores(variant: Variant, pos: Position, next: NextTurn | null): void {
  const box = $("scores");
  box.replaceChildren();
  box.hidden = !keepsScores(variant, pos, next);
  if (box.hidden) return;
  const standings = standingsOf(pos, next);
  for (const s of standings) {
    const v = s.score ?? 0;
    const parts = (s.score_parts ?? []).filter((p) => p.points).map((p) => `${nice(p.source ?? "")} ${p.points}`);
    const row = h("div", { "data-score": s.player ?? "", "data-value": String(v) }, `${nice(s.player ?? "")}: ${v}${parts.length ? ` (${parts.join(", ")})` : ""}${s.place ? ` — place ${s.place}` : ""}`);
    box.append(row);
  }
  for (const t of next?.teams ?? []) {
    box.append(h("div", { "data-team": t.team ?? "", "data-value": String(t.score ?? 0) }, `team ${(t.players ?? []).join("+")}: ${t.score ?? 0}${t.place ? ` — place ${t.place}` : ""}`));
  }
}

export function renderDice(variant: Variant, pos: Position): void {
  const box = $("dice");
  box.replaceChildren();
  for (const d of pos.dice ?? []) {
    const face = variant.die_types?.find((t) => t.kind === d.kind)?.faces?.find((f) => f.value === d.value);
    const label = face?.label ?? String(d.value ?? "");
    const meaning = nice(d.means || face?.meaning || "");
    const e = h("span", { class: "die-with-meaning", "data-used": String(Boolean(d.used)) });
    e.append(h("span", { class: "die", "data-die": d.kind ?? "", "data-value": String(d.value ?? 0), "data-used": String(Boolean(d.used)), title: meaning }, label));
    // What the face lets its player do, written out beside it rather than in a hover title alone.
    if (meaning && meaning !== label) e.append(h("span", { class: "die-meaning" }, meaning));
    box.append(e);
  }
}

/** The result: why the game ended and who won, and, where the scores decided, by how much:
 * "Game over (last player standing): yellow wins on points, 12 to 8". */
export function renderResult(next: NextTurn | null, scored: boolean): void {
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
    const list = [...(next.standings ?? [])].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    if (list.length) box.append(`; points: ${list.map((s) => `${nice(s.player ?? "")} ${s.score ?? 0}`).join(", ")}`);
  }
}

/** The winners' score against the best of the rest ("12 to 8"), by team in team play; "10 each"
 * when everyone scored the same. */
function margin(next: NextTurn, winners: string[]): string {
  const teams = next.teams ?? [];
  const entries = teams.length
    ? teams.map((t) => ({ won: (t.players ?? []).some((p) => winners.includes(p)) || t.place === 1, score: t.score ?? 0 }))
    : (next.standings ?? []).map((s) => ({ won: winners.includes(s.player ?? "") || s.place === 1, score: s.score ?? 0 }));
  const top = entries.filter((e) => e.won).map((e) => e.score);
  const rest = entries.filter((e) => !e.won).map((e) => e.score);
  const best = top.length ? Math.max(...top) : Math.max(0, ...entries.map((e) => e.score));
  if (!rest.length) return `${best} each`;
  return `${best} to ${Math.max(...rest)}`;
}
