// Game records in the page: the tags the playground writes, the file a record is saved as, and
// the compact form a short record takes in the address.

/** The tag naming a seat's player, as the service writes it: "white" is White, "red_gold" RedGold. */
export function playerTag(player: string): string {
  return player
    .split(/[_ ]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A PGN date (2026.11.27), the local day. */
export function pgnDate(d: Date): string {
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
}

/** The name a saved record gets: the variant and the day, so that saves sort by game and date. */
export function recordFileName(variant: string, d: Date): string {
  return `${variant}-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.pgn`;
}

/** Records at most this long go into the address; a link longer than a few thousand characters
 * is cut by mail and chat programs, so a longer game is not put there. */
export const ADDRESS_RECORD_LIMIT = 2000;

/** The record's UTF-8 bytes in base64url without padding: no character of it needs escaping in a URL. */
export function encodeRecord(text: string): string {
  let bin = "";
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The record of an address's `#record=`; throws a message fit to show when it is not base64url of UTF-8. */
export function decodeRecord(code: string): string {
  const b64 = code.replace(/-/g, "+").replace(/_/g, "/");
  let bin: string;
  try {
    if (!/^[A-Za-z0-9+/]*$/.test(b64) || b64.length % 4 === 1) throw new Error();
    bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  } catch {
    throw new Error("the address's record is not base64url");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    throw new Error("the address's record is not UTF-8 text");
  }
}
