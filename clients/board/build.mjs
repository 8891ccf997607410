// Builds dist/: the ES modules and their .d.ts (tsc), and dist/ashtapada-board.js, the element and
// everything it imports in one minified ES module for a page with no build step (esbuild).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";

rmSync("dist", { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "."], { stdio: "inherit" });
await build({
  entryPoints: ["src/index.ts"],
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  outfile: "dist/ashtapada-board.js",
  legalComments: "none",
  logLevel: "warning",
});
