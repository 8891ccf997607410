// Screenshots of the playground for the documentation: every variant's start position, one
// finished game, and the analysis board of a two-player and a four-player game, taken from a real `ashtapada serve` on loopback ports with Debian's Chromium, into
// docs/playground/ with a README.md that lists them.
//
//   cd web && npm run screenshots
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startServer, apiClient, launchBrowser, openPage, closePage, idle, until, playStep, ending, chooseRoll, repoDir } from "./harness.mjs";

const WIDTH = 900; // wide enough for the board and the side panel side by side, small enough to commit
const HEIGHT = 1000; // the board may take 86% of the window's height: room for tall boards (Ramayana's)
const FINISHED = "chaturaji"; // a game decided on points, so the result says both why and by how much

const dir = join(repoDir, "docs", "playground");
await mkdir(dir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const api = apiClient(server.url);
const shots = [];

async function shoot(page, file, caption) {
  // No square keeps the focus ring of the page's last click, and the pointer rests off the board.
  await page.evaluate(() => document.activeElement?.blur());
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(dir, file), fullPage: true });
  shots.push({ file, caption });
  console.log(`docs/playground/${file}`);
}

try {
  const variants = await Promise.all((await api.variants()).map((v) => api.variant(v.name)));
  for (const v of variants) {
    const page = await openPage(browser, server.url, { variant: v.name }, { viewport: { width: WIDTH, height: HEIGHT } });
    try {
      await shoot(page, `${v.name}.png`, `${v.title}: the start position`);
    } finally {
      await closePage(page);
    }
  }

  const v = variants.find((x) => x.name === FINISHED);
  const end = v && (await ending(api, v));
  if (!end) throw new Error(`no finished game of ${FINISHED} to show`);
  const page = await openPage(browser, server.url, { variant: v.name, position: end.text }, { viewport: { width: WIDTH, height: HEIGHT } });
  try {
    await playStep(page, { action: end.action, click: end.click, after: end.after });
    await until(page, () => document.querySelector("#result")?.checkVisibility());
    await idle(page);
    const result = ((await page.textContent("#result")) ?? "").trim();
    await shoot(page, `finished-${v.name}.png`, `${v.title}, a finished game: "${result}"`);
  } finally {
    await closePage(page);
  }

  // The analysis board: a few moves into a chaturanga game, and a chaturaji position after its roll.
  const analyses = [
    { name: "chaturanga", moves: ["e2e3", "e7e6", "g1f3", "b8c6"], depth: 6 },
    { name: "chaturaji", moves: [], depth: 4 },
  ];
  for (const a of analyses) {
    const av = variants.find((x) => x.name === a.name);
    let text = (await api.start(a.name)).text;
    if (a.moves.length) text = (await api.apply(a.name, text, a.moves)).position.text;
    if ((await api.list(a.name, text)).chance) text = (await api.resolve(a.name, text, await chooseRoll(api, av, text))).position.text;
    const page = await openPage(browser, server.url, { variant: a.name, position: text }, { viewport: { width: WIDTH, height: HEIGHT } });
    try {
      await page.fill("#analysis-depth", String(a.depth));
      await page.click("#analyse");
      await until(page, () => document.querySelector("#analysis")?.dataset.state === "done");
      await page.click("#rollout");
      await until(page, () => document.querySelector("#win-chances")?.dataset.state === "done");
      const status = ((await page.textContent("#analysis-status")) ?? "").trim();
      await shoot(page, `analysis-${a.name}.png`, `${av.title}, the analysis board: every player's value, the best line by depth (${status}), the best move's arrow, win chances from ${await page.getAttribute("#win-chances", "data-playouts")} playouts`);
    } finally {
      await closePage(page);
    }
  }

  const readme = [
    "# Playground screenshots",
    "",
    "The playground that `ashtapada serve` shows at <http://localhost:8080/>, as `npm run screenshots` in",
    `\`web/\` takes it: Debian's Chromium, ${WIDTH} pixels wide, against a real server. Rerun it after a`,
    "change to the page.",
    "",
    "| file | shows |",
    "| --- | --- |",
    ...shots.map((s) => `| [${s.file}](${s.file}) | ${s.caption.replace(/\|/g, "\\|")} |`),
    "",
  ].join("\n");
  await writeFile(join(dir, "README.md"), readme);
  console.log("docs/playground/README.md");
} finally {
  await browser.close();
  await server.stop();
}
