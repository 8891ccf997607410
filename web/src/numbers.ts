// Move numbers as records print them: a number where the first player begins a new round
// ("1. e3 e6 2. Nf3"), and "N..." where a list begins with another player's action ("30... f5
// 31. Bg5"). A round is every player's turn once; a roll belongs to the turn of the player who
// rolls.

/** The position's own move number where its variant keeps one (chaturanga's fullmove number). */
export function startRound(counters: { name?: string; value?: string }[] | undefined): number {
  for (const c of counters ?? []) {
    if (c.name === "fullmove_number" || c.name === "move_number") {
      const n = Number(c.value);
      if (Number.isInteger(n) && n >= 1) return n;
    }
  }
  return 1;
}

/** Numbers a run of actions: label(mover) for each in order gives "N.", "N..." or "". */
export class Rounds {
  private round: number;
  private prev: string | null;

  /** first: the first player; round: the round of the first action; prev: who acted just before
   * it, or null when the list begins the game or the line. */
  constructor(
    private readonly first: string,
    round: number,
    prev: string | null,
  ) {
    this.round = round;
    this.prev = prev;
  }

  label(mover: string): string {
    const opening = this.prev === null;
    let text = "";
    if (mover === this.first && this.prev !== this.first) {
      // A new round, unless the list begins with the first player's own turn.
      if (!opening) this.round++;
      text = `${this.round}.`;
    } else if (opening) text = `${this.round}...`;
    this.prev = mover;
    return text;
  }

  /** The round mover's next action belongs to: to number a line played from here. */
  peek(mover: string): number {
    return mover === this.first && this.prev !== null && this.prev !== this.first ? this.round + 1 : this.round;
  }
}
