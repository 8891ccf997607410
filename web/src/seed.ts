// Seeds for the service's dice. One seed entered for a game gives each roll of the game a seed of
// its own, made from the entered seed and the roll's place in the game (its ply): the game
// replayed with the same seed rolls the same dice, and one roll is not the next one again.

const MASK = (1n << 64n) - 1n;

/** The entered text as a uint64: the number itself when it is one, else a hash of the text. */
export function baseSeed(text: string): bigint {
  const t = text.trim();
  if (/^\d{1,20}$/.test(t) && BigInt(t) <= MASK) return BigInt(t);
  let h = 0xcbf29ce484222325n; // FNV-1a
  for (const byte of new TextEncoder().encode(t)) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & MASK;
  return h;
}

/** The seed (a uint64 in decimal, as the API takes it) of the roll made at a ply of the game. */
export function rollSeed(text: string, ply: number): string {
  // splitmix64 of the seed stepped ply times: neighbouring plies get unrelated seeds.
  let z = (baseSeed(text) + BigInt(ply + 1) * 0x9e3779b97f4a7c15n) & MASK;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return String(z ^ (z >> 31n));
}
