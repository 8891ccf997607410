// Walking through a game: #move-list entries, ArrowLeft/ArrowRight/Home/End show earlier
// positions without changing the game; a move from an earlier position starts a new line. The
// service (POST /v1/moves:apply from the start) says what each position is.
//
//   cd web && node --test test/navigation.test.mjs
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, apiClient, launchBrowser, openPage, closePage, idle, until, positionText, moveList, planTurn, playStep } from "./harness.mjs";

const server = await startServer();
const api = apiClient(server.url);
const browser = await launchBrowser();

after(async () => {
  await browser.close();
  await server.stop();
});

const RECORD = `[Variant "Chaturanga"]\n\n1. e3 e6 2. Nf3 Nf6 3. Bd3 *`;

test("navigation: the move list and the keys walk through the game", async () => {
  const variant = await api.variant("chaturanga");
  const start = await api.start("chaturanga");
  // The position after each number of actions, from the service.
  const list = ["e3", "e6", "Nf3", "Nf6", "Bd3"];
  const after = [start.text];
  for (let n = 1; n <= list.length; n++) after.push((await api.apply("chaturanga", start.text, list.slice(0, n))).position.text);

  const page = await openPage(browser, server.url, { variant: "chaturanga" });
  try {
    await page.fill("#record-text", RECORD);
    await page.click("#load-record");
    await idle(page);
    const notations = await moveList(page);
    assert.equal(notations.length, 5, `the move list after loading: ${JSON.stringify(notations)}`);
    assert.equal(await positionText(page), after[5], "the position after loading");
    const current = () => page.$$eval("#move-list li", (lis) => lis.findIndex((li) => li.getAttribute("aria-current") === "true"));
    assert.equal(await current(), 4, "the last entry is the one shown");

    // Keys act on the page, not in a text field.
    await page.locator("#undo").focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[3]);
    assert.equal(await positionText(page), after[3], "ArrowLeft twice");
    assert.equal((await moveList(page)).length, 5, "the move list after ArrowLeft");
    assert.equal(await current(), 2, "the entry shown after ArrowLeft twice");
    assert.equal(await page.isDisabled("#undo"), true, "Undo while an earlier position is shown");

    await page.keyboard.press("Home");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[0]);
    assert.equal(await positionText(page), after[0], "Home");
    assert.equal((await moveList(page)).length, 5, "the move list after Home");
    assert.equal(await current(), -1, "no entry is shown at the start");

    await page.keyboard.press("ArrowRight");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[1]);
    assert.equal(await positionText(page), after[1], "ArrowRight from the start");

    await page.keyboard.press("End");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[5]);
    assert.equal(await positionText(page), after[5], "End");
    assert.equal((await moveList(page)).length, 5, "the move list after End");
    assert.equal(await current(), 4, "the entry shown after End");

    // The buttons under the board walk the same way.
    await page.click("#nav-first");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[0]);
    assert.equal(await page.isDisabled("#nav-prev"), true, "‹ at the start");
    await page.click("#nav-next");
    await page.click("#nav-next");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[2]);
    await page.click("#nav-prev");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[1]);
    await page.click("#nav-last");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[5]);
    assert.equal(await page.isDisabled("#nav-next"), true, "› at the end");
    assert.equal(await current(), 4, "the entry shown after »");

    await page.click("#move-list li:nth-child(2)");
    await until(page, (t) => document.querySelector("#position-text").value.trim() === t, after[2]);
    assert.equal(await positionText(page), after[2], "the 2nd entry clicked");
    assert.equal((await moveList(page)).length, 5, "the move list after the click");
    assert.equal(await current(), 1, "the entry shown after the click");

    // A move from there starts a new line.
    const plan = await planTurn(api, variant, after[2]);
    const step = plan.steps[0];
    await playStep(page, step);
    assert.equal(await positionText(page), step.after, "the position after the new move");
    const now = await moveList(page);
    assert.equal(now.length, 3, `the move list after the new move: ${JSON.stringify(now)}`);
    assert.deepEqual(now.slice(0, 2), notations.slice(0, 2), "the first actions stay");
    assert.equal(now[2], step.action.san || step.action.notation, "the new move is last");
    assert.equal(await current(), 2, "the new move is the one shown");
    assert.equal(await page.isDisabled("#undo"), false, "Undo at the last position");
    assert.deepEqual(page.errors, [], "page errors");
  } finally {
    await closePage(page);
  }
});
