// The package as published: npm pack's tarball installs offline into an empty folder, brings no
// other package, and holds the bundle (at most 30 KB gzipped), the modules and their types.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { pkgDir } from "./harness.mjs";

test("the bundle is at most 30 KB gzipped", () => {
  const size = gzipSync(readFileSync(join(pkgDir, "dist/ashtapada-board.js")), { level: 9 }).length;
  console.log(`  dist/ashtapada-board.js: ${size} bytes gzipped`);
  assert.ok(size <= 30 * 1024, `${size} bytes`);
});

test("npm pack's tarball installs with npm install --offline into an empty folder, alone", () => {
  const dir = mkdtempSync(join(tmpdir(), "ashtapada-board-pack-"));
  try {
    const out = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", dir, "--loglevel=error"], { cwd: pkgDir, encoding: "utf8" }));
    const tgz = join(dir, out[0].filename);
    const files = out[0].files.map((f) => f.path);
    for (const f of ["package.json", "README.md", "dist/ashtapada-board.js", "dist/index.js", "dist/index.d.ts", "dist/view.js", "dist/view.d.ts"]) assert.ok(files.includes(f), `${f} in the tarball`);
    assert.ok(!files.some((f) => f.startsWith("test/") || f.startsWith("node_modules/")), files.join(","));
    const app = join(dir, "app");
    execFileSync("mkdir", ["-p", app]);
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", tgz], { cwd: app, encoding: "utf8" });
    const top = readdirSync(join(app, "node_modules")).filter((n) => !n.startsWith("."));
    assert.deepEqual(top, ["@ashtapada"]);
    assert.deepEqual(readdirSync(join(app, "node_modules/@ashtapada")), ["board"]);
    const lock = JSON.parse(readFileSync(join(app, "package-lock.json"), "utf8"));
    assert.deepEqual(Object.keys(lock.packages).filter((k) => k), ["node_modules/@ashtapada/board"]);
    assert.ok(existsSync(join(app, "node_modules/@ashtapada/board/dist/ashtapada-board.js")));
    const pkg = JSON.parse(readFileSync(join(app, "node_modules/@ashtapada/board/package.json"), "utf8"));
    assert.equal(pkg.dependencies, undefined);
    assert.equal(pkg.types, "./dist/index.d.ts");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
