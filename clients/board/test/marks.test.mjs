// Marks and figures a player must read at a glance: Martian Coaster Chaturanga's alignment dot,
// drawn one way at the start and after a TIP (even where a TIP brings the dots side by side, which
// must not look like Martian Chess's canal); Ramayana's Brahmin, Muni, Untouchable and dropped
// Untouchable, each with a silhouette of its own; and light pieces (yellow, white) outlined dark
// enough to stand out from the light squares.
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { setup, openPage } from "./harness.mjs";

const env = await setup();
const { api } = env;
let page;
before(async () => {
  page = await openPage(env);
});
after(async () => {
  await env.close();
});

const MCC = "martian_coaster_chaturanga";

/** Draws a position with the pure view in a fresh host and returns what fn finds in it. */
function drawn(variant, position, fn, arg) {
  return page.evaluate(
    ({ variant, position, fn, arg }) => {
      const host = document.createElement("div");
      host.style.width = "480px";
      document.body.append(host);
      const b = window.AB.createBoard(host, { variant, position, viewOnly: true, animation: false });
      try {
        return new Function("host", "arg", `return (${fn})(host, arg)`)(host, arg);
      } finally {
        b.destroy();
        host.remove();
      }
    },
    { variant, position, fn: fn.toString(), arg },
  );
}

/** Every alignment mark as drawn: its hooks, its class, the shapes it is made of, and where. */
const alignmentMarks = (host) =>
  [...host.querySelectorAll('[data-mark="dot"]')].map((g) => ({
    cls: g.getAttribute("class"),
    style: g.getAttribute("data-mark-style"),
    title: g.querySelector(":scope > title")?.textContent ?? "",
    shapes: [...g.children].filter((e) => e.tagName !== "title").map((e) => `${e.tagName}.${e.getAttribute("class") ?? ""}`),
    water: g.querySelectorAll(".water, .bank").length,
    dots: [...g.querySelectorAll("circle.dot")].map((c) => {
      const cs = getComputedStyle(c);
      return { square: c.getAttribute("data-at"), corner: c.getAttribute("data-corner"), r: Number(c.getAttribute("r")), fill: cs.fill, stroke: cs.stroke };
    }),
  }));

/** A position after each of tip 1, 2 and 3, reached with the service's own actions: the first
 * seed whose roll offers the tips, then the tip as ListLegalMoves gives it. */
async function afterTips() {
  const start = await api.start(MCC);
  for (let seed = 0; seed < 60; seed++) {
    const rolled = (await api.roll(MCC, start.text, seed)).position;
    const tips = ((await api.list(MCC, rolled.text)).moves ?? []).filter((m) => m.name === "tip" || m.notation.startsWith("tip "));
    if (tips.length) return Promise.all(tips.map(async (t) => ({ tip: t.notation, position: (await api.apply(MCC, rolled.text, [t.notation])).position })));
  }
  throw new Error("no roll in 60 seeds offers a tip");
}

describe("the alignment mark", () => {
  test("martian_coaster_chaturanga: the alignment dot is drawn the same way at the start and after every tip", async () => {
    const variant = await api.variant(MCC);
    const start = await api.start(MCC);
    const want = variant.board.marks.find((m) => m.name === "dot");
    assert.ok(want && want.shape === "MARK_SHAPE_CORNER_DOT", "GetVariant's board has the alignment mark `dot`, a corner dot");
    const before = await drawn(variant, start, alignmentMarks);
    assert.equal(before.length, 1, "one alignment mark");
    const [b] = before;
    assert.match(b.cls, /\bmark-alignment\b/);
    assert.equal(b.style, "alignment");
    assert.ok(b.title.startsWith("dot:"), b.title);
    assert.equal(b.water, 0, "no canal at the start");
    assert.deepEqual(b.dots.map((d) => d.square), want.squares, "a dot on each square of the mark");
    // At the start the dots lie in the table's outer corners.
    assert.deepEqual(b.dots.map((d) => d.corner), ["top-left", "top-right", "bottom-right", "bottom-left"]);

    const tips = await afterTips();
    assert.deepEqual(tips.map((t) => t.tip), ["tip 1", "tip 2", "tip 3"]);
    for (const { tip, position } of tips) {
      const marks = position.board.marks.find((m) => m.name === "dot");
      assert.notDeepEqual(marks.squares, want.squares, `${tip} moves the dots`);
      const after = await drawn(variant, position, alignmentMarks);
      assert.equal(after.length, 1, `${tip}: one alignment mark`);
      const [a] = after;
      // The same hooks, the same class, the same shapes, the same look: only the squares differ.
      assert.equal(a.cls, b.cls, `${tip}: class`);
      assert.equal(a.style, b.style, `${tip}: data-mark-style`);
      assert.equal(a.water, 0, `${tip}: drawn as a canal`);
      assert.deepEqual(a.shapes, b.shapes, `${tip}: the shapes it is made of`);
      assert.deepEqual(a.dots.map((d) => d.square), marks.squares, `${tip}: a dot on each of the position's dot squares`);
      for (const d of a.dots) assert.deepEqual({ r: d.r, fill: d.fill, stroke: d.stroke }, { r: b.dots[0].r, fill: b.dots[0].fill, stroke: b.dots[0].stroke }, `${tip}: the dot on ${d.square}`);
    }
    // tip 2 brings the four dots together in the table's middle (c4 d4 d3 c3), each in its
    // coaster's inner corner: still four dots, no line between the coasters.
    const two = tips.find((t) => t.tip === "tip 2");
    const mid = await drawn(variant, two.position, alignmentMarks);
    assert.deepEqual(mid[0].dots.map((d) => `${d.square} ${d.corner}`), ["c4 bottom-right", "d4 bottom-left", "d3 top-left", "c3 top-right"]);
    assert.deepEqual(page.errors, []);
  });

  test("the alignment dot stands apart from the canal, the portals, the coasters and the squares", async () => {
    const variant = await api.variant(MCC);
    const start = await api.start(MCC);
    const seen = await drawn(variant, start, (host) => {
      const dot = host.querySelector('[data-mark="dot"] circle.dot');
      const portal = host.querySelector('[data-mark="portal"]');
      const cs = getComputedStyle(dot);
      return {
        dotFill: cs.fill,
        portalClass: portal.getAttribute("class"),
        portalFilled: [...portal.querySelectorAll("circle")].some((c) => getComputedStyle(c).fill !== "none"),
        squares: [...new Set([...host.querySelectorAll(".sq")].map((s) => getComputedStyle(s).fill))],
        coasters: [...host.querySelectorAll(".region .outline")].map((p) => getComputedStyle(p).stroke),
      };
    });
    assert.ok(!/mark-alignment/.test(seen.portalClass), "the portal is another mark");
    assert.equal(seen.portalFilled, false, "the portal is a ring, the dot a filled disc");
    for (const c of [...seen.squares, ...seen.coasters]) assert.notEqual(seen.dotFill, c);
    const lum = (rgb) => {
      const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    for (const s of seen.squares) assert.ok(ratio(seen.dotFill, s) >= 3, `the dot ${seen.dotFill} on the square ${s}: ${ratio(seen.dotFill, s).toFixed(2)}:1`);
    // Martian Chess's canal is still the line between the zones.
    const chess = await api.variant("martian_chess");
    const canal = await drawn(chess, await api.start("martian_chess"), (host) => {
      const g = host.querySelector('[data-mark="canal"]');
      return { cls: g.getAttribute("class"), water: g.querySelectorAll(".water").length };
    });
    assert.deepEqual(canal, { cls: "mark mark-edge", water: 1 });
  });
});

/** The WCAG contrast ratio of two CSS colours, computed in node from rgb() strings. */
function contrast(a, b) {
  const lum = (rgb) => {
    const [r, g, bl] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe("ramayana's figures", () => {
  const FOUR = ["brahmin", "muni", "untouchable", "dropped_untouchable"];

  test("brahmin, muni, untouchable and dropped untouchable have silhouettes of their own", async () => {
    const variant = await api.variant("ramayana");
    // One of each, drawn by the view; their silhouettes rasterised at 40 px, about a small board's square.
    const position = { variant: "ramayana", pieces: FOUR.map((kind, i) => ({ square: `${"defg"[i]}8`, kind, player: "yellow", color: "yellow" })) };
    const masks = await page.evaluate(
      async ({ variant, position, kinds }) => {
        const host = document.createElement("div");
        host.style.width = "480px";
        document.body.append(host);
        const b = window.AB.createBoard(host, { variant, position, viewOnly: true, animation: false });
        const N = 40;
        const out = {};
        for (const kind of kinds) {
          const piece = host.querySelector(`[data-piece="${kind}"] .piece`);
          const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${N}" height="${N}">${piece.outerHTML}</svg>`;
          const img = new Image();
          img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = canvas.height = N;
          const ctx = canvas.getContext("2d");
          ctx.drawImage(img, 0, 0, N, N);
          const data = ctx.getImageData(0, 0, N, N).data;
          const mask = [];
          for (let i = 3; i < data.length; i += 4) mask.push(data[i] > 96 ? 1 : 0);
          out[kind] = { mask, paths: [...piece.querySelectorAll("path")].map((p) => p.getAttribute("d")) };
        }
        b.destroy();
        host.remove();
        return out;
      },
      { variant, position, kinds: FOUR },
    );
    for (const k of FOUR) assert.ok(masks[k].mask.reduce((a, b) => a + b, 0) > 200, `${k} is drawn`);
    for (let i = 0; i < FOUR.length; i++) {
      for (let j = i + 1; j < FOUR.length; j++) {
        const [a, b] = [masks[FOUR[i]], masks[FOUR[j]]];
        let inter = 0;
        let union = 0;
        for (let p = 0; p < a.mask.length; p++) {
          inter += a.mask[p] & b.mask[p];
          union += a.mask[p] | b.mask[p];
        }
        const iou = inter / union;
        // Not one figure with another detail: well under the 80-95% the figures had in common when they differed by a detail.
        assert.ok(iou < 0.66, `${FOUR[i]} and ${FOUR[j]} share ${(iou * 100).toFixed(0)}% of their silhouette`);
        // And no outline of one is an outline of the other.
        const shared = a.paths.filter((d) => b.paths.includes(d) && d !== a.paths[0]);
        assert.ok(shared.length <= 1, `${FOUR[i]} and ${FOUR[j]} share the parts ${shared.join(" | ")}`);
      }
    }
  });

  test("light pieces have a dark outline, 3:1 against the light square and thick enough to see", async () => {
    const variant = await api.variant("ramayana");
    const start = await api.start("ramayana");
    const seen = await page.evaluate(
      ({ variant, start }) => {
        const host = document.createElement("div");
        host.style.width = "360px"; // the README's Ramayana screenshot
        document.body.append(host);
        const b = window.AB.createBoard(host, { variant, position: start, viewOnly: true, animation: false, theme: "light" });
        const light = getComputedStyle(host.querySelector(".sq.light:not(.kind-island)")).fill;
        const island = getComputedStyle(host.querySelector(".sq.kind-island.light")).fill;
        const outline = (color) => {
          const body = host.querySelector(`[data-player="${color}"] .part-body`);
          const cs = getComputedStyle(body);
          // The outline's width on the screen: its width in the figure's units, times the figure's scale.
          const m = body.getScreenCTM();
          const scale = Math.hypot(m.a, m.b);
          return { stroke: cs.stroke, fill: cs.fill, px: parseFloat(cs.strokeWidth) * scale, light: body.closest(".piece").classList.contains("light-fill") };
        };
        const out = { light, island, yellow: outline("yellow"), red: outline("red") };
        b.destroy();
        host.remove();
        return out;
      },
      { variant, start },
    );
    for (const square of [seen.light, seen.island]) {
      const c = contrast(seen.yellow.stroke, square);
      assert.ok(c >= 3, `yellow's outline ${seen.yellow.stroke} on ${square}: ${c.toFixed(2)}:1`);
      assert.ok(contrast(seen.red.stroke, square) >= 3, `red's outline on ${square}`);
    }
    // The yellow fill alone hardly differs from the cream square: the outline is what shows it.
    assert.ok(contrast(seen.yellow.fill, seen.light) < 3, "yellow's fill is light");
    assert.equal(seen.yellow.light, true, "yellow pieces are marked light-fill");
    assert.equal(seen.red.light, false, "red pieces are not");
    assert.ok(seen.yellow.px >= 1.5, `yellow's outline is ${seen.yellow.px.toFixed(2)} px wide at 360 px`);
    assert.ok(seen.yellow.px > seen.red.px * 1.5, `yellow's outline ${seen.yellow.px.toFixed(2)} px, red's ${seen.red.px.toFixed(2)} px`);

    // White and the Martian games' colourless pieces are light too.
    const chess = await api.variant("martian_chess");
    const white = await page.evaluate(({ variant }) => {
      const host = document.createElement("div");
      document.body.append(host);
      const b = window.AB.createBoard(host, { variant, position: { variant: "martian_chess", pieces: [{ square: "a1", kind: "queen", color: "white" }, { square: "b1", kind: "queen" }] }, viewOnly: true });
      const out = [...host.querySelectorAll("[data-piece] .piece")].map((p) => p.classList.contains("light-fill"));
      b.destroy();
      host.remove();
      return out;
    }, { variant: chess });
    assert.deepEqual(white, [true, true]);
  });
});
