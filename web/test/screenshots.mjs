// Screenshots of the playground for the documentation: every variant's start position, one
// finished game, the analysis board of a two-player and a four-player game, and the review of a
// chaturanga and a chaturaji game, taken from a real `ashtapada serve` on loopback ports with
// Debian's Chromium at a laptop's 1400x900, into docs/playground/ with a README.md that lists them.
//
//   cd web && npm run screenshots
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startServer, apiClient, launchBrowser, openPage, closePage, idle, until, playStep, ending, chooseRoll, repoDir } from "./harness.mjs";

const WIDTH = 1400; // a common laptop's window, which the page is laid out to fit
const HEIGHT = 900;
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
  // No piece caught halfway through its slide.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.waitForTimeout(400);
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
    { name: "chaturanga", moves: ["e2e3", "e7e6", "g1f3", "b8c6"], depth: 12 },
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

  // The review: a game whose first player searches deeper than the second, made through the API
  // (every action the service's best at its depth), loaded as a record and reviewed.
  const reviews = [
    { name: "chaturanga", plies: 40, depths: [4, 1] },
    { name: "chaturaji", plies: 48, depths: [3, 0, 0, 0] }, // depth 0: a legal action picked by the ply
  ];
  for (const r of reviews) {
    const rv = variants.find((x) => x.name === r.name);
    const start = await api.start(r.name);
    const players = (await api.apply(r.name, start.text, [])).position.players.map((p) => p.name);
    let text = start.text;
    const actions = [];
    for (let i = 0; i < r.plies; i++) {
      const list = await api.list(r.name, text);
      if (!(list.moves ?? []).length) break;
      if (list.chance) {
        // The service's dice, seeded: the same game every time.
        const rolled = await api.roll(r.name, text, 1000 + i);
        if (rolled.roll_again) continue; // a throw that does not count: the position waits for another
        actions.push(rolled.position.last_action.notation);
        text = rolled.position.text;
        continue;
      }
      const depth = r.depths[players.indexOf(list.to_move)] ?? 1;
      const notation = depth ? (await api.search(r.name, text, depth)).best_action.notation : list.moves[(i * 7 + 3) % list.moves.length].notation;
      actions.push(notation);
      text = (await api.apply(r.name, text, [notation])).position.text;
    }
    const tags = { Event: "A game of searches of unequal depth" };
    for (const [k, p] of players.entries()) tags[p.charAt(0).toUpperCase() + p.slice(1)] = r.depths[k] ? `search, depth ${r.depths[k]}` : "any legal action";
    const { record } = await api.post("/v1/games:export", { start: { variant: r.name, text: start.text }, actions: actions.map((notation) => ({ notation })), tags });
    const page = await openPage(browser, server.url, { variant: r.name }, { viewport: { width: WIDTH, height: HEIGHT } });
    try {
      await page.fill("#record-text", record);
      await page.click("#load-record");
      await idle(page);
      await page.getByRole("button", { name: "Review", exact: true }).click();
      await until(page, () => document.querySelector("#review-section")?.dataset.state === "done", undefined, 60000);
      // Back to the first mistake, as a reader of the review would go.
      const mistake = await page.$("#move-list li[data-judgement=blunder], #move-list li[data-judgement=mistake], #move-list li[data-judgement=inaccuracy]");
      if (mistake) {
        await mistake.click();
        await idle(page);
      }
      const status = ((await page.textContent("#review-status")) ?? "").trim();
      const where = mistake ? `, the position after the first mistake: "${((await page.textContent("#review-comment")) ?? "").trim()}"` : ", the last position";
      await shoot(page, `review-${r.name}.png`, `${rv.title}, the game review (${status}): the graph of the game, the marks in the move list, every player's accuracy${(rv.die_types ?? []).length ? " and luck" : ""}${where}`);
    } finally {
      await closePage(page);
    }
  }

  const readme = [
    "# Playground screenshots",
    "",
    "The playground that `ashtapada serve` shows at <http://localhost:8080/>, as `npm run screenshots` in",
    `\`web/\` takes it: Debian's Chromium, a ${WIDTH}x${HEIGHT} window (the whole page shown), against a real server. Rerun it after a`,
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
