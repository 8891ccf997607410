// Builds the playground into dist/, which the Go package web embeds: the TypeScript bundled into
// one script, the page, the style sheet and the icon copied. The output is deterministic, so CI
// can check that the committed dist/ is what the sources build.
import { build } from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";

await rm("dist", { recursive: true, force: true });
await mkdir("dist/assets", { recursive: true });
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  outfile: "dist/assets/app.js",
  legalComments: "none",
  logLevel: "warning",
});
await copyFile("static/index.html", "dist/index.html");
await copyFile("static/style.css", "dist/assets/app.css");
await copyFile("static/favicon.svg", "dist/favicon.svg");
