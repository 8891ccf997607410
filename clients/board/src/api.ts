// The few calls of the JSON gateway <ashtapada-board> makes, on fetch: the small part of
// @ashtapada/client's logic it needs (errors as AIP-193 bodies, patience while the analysis is busy).
import type { Action, ErrorStatus, LegalMoves, Position, Variant } from "./types.js";

/** A refusal of the service (or no answer): message is the AIP-193 error's message. */
export class BoardApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly status?: ErrorStatus,
  ) {
    super(message);
    this.name = "BoardApiError";
  }
}

type Ref = { variant?: string; text?: string };
export interface Applied { position?: Position; applied?: number; failure?: { index?: number; notation?: string; reason?: string } }
export interface Rolled { position?: Position; values?: number[]; seed?: string; events?: { kind?: string }[] }
export interface Searched { best_action?: Action }
export type Score = Record<string, unknown>;

export function client(base: string) {
  const root = base.replace(/\/+$/, "");
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(root + path, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? null : JSON.stringify(body),
      });
    } catch (err) {
      throw new BoardApiError(`the service cannot be reached: ${String(err)}`, 0);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new BoardApiError(`${method} ${path}: ${res.status} ${res.statusText}`, res.status);
    }
    if (!res.ok) {
      const e = (json as { error?: ErrorStatus })?.error;
      throw new BoardApiError(e?.message ?? `${method} ${path}: ${res.status}`, res.status, e);
    }
    return json as T;
  }
  const post = <T>(path: string, body: unknown) => call<T>("POST", path, body);
  return {
    variant: (name: string) => call<{ variant?: Variant }>("GET", `/v1/variants/${encodeURIComponent(name)}`),
    start: (name: string) => post<{ position?: Position }>(`/v1/variants/${encodeURIComponent(name)}:start`, {}),
    list: (position: Ref, keys: string[]) => post<LegalMoves>("/v1/moves:list", { position, history: { keys } }),
    apply: (position: Ref, notations: string[], keys: string[]) =>
      post<Applied>("/v1/moves:apply", { position, moves: notations.map((notation) => ({ notation })), history: { keys } }),
    roll: (position: Ref) => post<Rolled>("/v1/dice:roll", { position }),
    score: (position: Ref, keys: string[]) => post<Score>("/v1/positions:score", { position, history: { keys } }),
    /** Search, asked again after a pause while every analysis slot is taken (RESOURCE_EXHAUSTED). */
    async search(position: Ref, keys: string[]): Promise<Searched> {
      for (let i = 0; ; i++) {
        try {
          return await post<Searched>("/v1/analysis:search", { position, depth: 2, time_limit: "0.3s", history: { keys } });
        } catch (err) {
          if (i >= 10 || !(err instanceof BoardApiError && err.status?.status === "RESOURCE_EXHAUSTED")) throw err;
          await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** i)));
        }
      }
    },
  };
}

export type Client = ReturnType<typeof client>;
