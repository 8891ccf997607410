// Makes the README's screenshots (screenshots/*.png): every game's start position drawn by
// <ashtapada-board>, one in the dark theme and two mid-game. Not part of `npm test`; run it by hand
// after `npm run build`:  node test/screenshots.mjs   (ASHTAPADA_BIN, CHROMIUM as for the tests)
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { setup, openPage, mountElement, idle, pkgDir } from "./harness.mjs";

const out = join(pkgDir, "screenshots");
const WIDTH = 420;
const WIDTHS = { ramayana: 360, martian_chess: 300 }; // the tall boards
const GAMES = ["chaturanga", "chaturaji", "ramayana", "martian_chaturanga", "martian_chaturaji", "martian_chess", "coaster_chess", "martian_coaster_chaturanga"];

/** Screenshots the element (board and controls) in #host, WIDTH px wide, with no animation running. */
async function shoot(page, file, width = WIDTH) {
  const message = await page.evaluate(() => {
    const m = document.querySelector("#host ashtapada-board")?.shadowRoot?.querySelector(".ab-message") ?? document.querySelector("#host .ab-message");
    return m && !m.hidden ? m.textContent : "";
  });
  if (message) throw new Error(`${file}: the board shows an error: ${message}`);
  await page.evaluate((w) => (document.getElementById("host").style.width = `${w}px`), width);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 400))); // let any slide end
  await page.locator("#host").screenshot({ path: join(out, file), animations: "disabled" });
  console.log(file);
}

await mkdir(out, { recursive: true });
const env = await setup();
try {
  const page = await openPage(env, { viewport: { width: 600, height: 900 }, reducedMotion: "reduce", colorScheme: "light" });
  for (const variant of GAMES) {
    await mountElement(page, { server: env.server.url, variant });
    await shoot(page, `${variant}.png`, WIDTHS[variant]);
  }

  // Chaturanga after a few moves: the last one is marked.
  const moves = ["e2e3", "d7d6", "g1f3", "b8c6", "f1d3", "c8a6", "e1e2"];
  await mountElement(page, { server: env.server.url, variant: "chaturanga" });
  await page.evaluate((actions) => {
    window.board.game = { start: { variant: "chaturanga", text: "" }, actions };
  }, moves);
  await idle(page);
  await shoot(page, "chaturanga-midgame.png");

  // Martian coaster chaturanga after a roll and a coaster turn (the tip of the coaster): drawn by
  // the pure view from the service's position, its last action marked.
  let pos = await env.api.start("martian_coaster_chaturanga");
  let seed = 0;
  for (; seed < 50; seed++) {
    const rolled = (await env.api.roll(pos.variant, pos.text, seed)).position;
    const legal = await env.api.list(rolled.variant, rolled.text);
    const tip = (legal.moves ?? []).find((m) => m.notation.startsWith("tip"));
    if (tip) {
      pos = (await env.api.apply(rolled.variant, rolled.text, [tip.notation])).position;
      break;
    }
  }
  const variant = await env.api.variant("martian_coaster_chaturanga");
  await page.evaluate(({ variant, pos }) => {
    const host = document.getElementById("host");
    host.replaceChildren();
    const el = document.createElement("div");
    host.append(el);
    window.view = window.AB.createBoard(el, { variant, position: pos, viewOnly: true, animation: false });
  }, { variant, pos });
  await shoot(page, "martian_coaster_chaturanga-tip.png");
  await page.context().close();

  // The dark theme (the system's, as theme "auto" follows it).
  const dark = await openPage(env, { viewport: { width: 600, height: 900 }, reducedMotion: "reduce", colorScheme: "dark" });
  await dark.evaluate(() => (document.body.style.background = "#1b1a18"));
  await mountElement(dark, { server: env.server.url, variant: "chaturaji" });
  await shoot(dark, "chaturaji-dark.png");
  await dark.context().close();
} finally {
  await env.close();
}
