// The README's examples run against the server (ASHTAPADA_URL), so that what they print cannot
// drift from what their comments say.
//
// The ts blocks are one program, in order, as a reader would type them (a later block uses the
// client an earlier one made), with the server's URL for http://localhost:8080. It is
// type-checked as a package's user would compile it, then run by node from a directory of its own
// (it writes game.pgn), importing "@ashtapada/client" from the built package (dist/). A
// console.log's output is the comment on its line and the comment lines right after it; one
// without must print nothing. In a comment, ... stands for any text. The examples count their
// own seeds, so ASHTAPADA_SEED does not change what they print.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";

const url = process.env["ASHTAPADA_URL"] ?? "";
// This file runs as build-test/test/readme.test.js.
const root = fileURLToPath(new URL("../../", import.meta.url));

/** The ts blocks, with every other line blank so that line numbers are the README's. */
function program(markdown: string): string {
  let fenced = false;
  let typescript = false;
  const out = markdown.split("\n").map((line) => {
    if (line.startsWith("```")) {
      fenced = !fenced;
      typescript = fenced && line.trim() === "```ts";
      return "";
    }
    return typescript ? line : "";
  });
  return out.join("\n");
}

/** [line, text] of every output line the comments promise. */
function expected(source: string): [number, string][] {
  const lines = source.split("\n");
  const out: [number, string][] = [];
  lines.forEach((line, i) => {
    if (!line.includes("console.log(")) return;
    const trailing = /\)\s*;?\s*\/\/ ?(.*)$/.exec(line);
    if (trailing) out.push([i + 1, trailing[1] ?? ""]);
    for (let j = i + 1; j < lines.length && /^\s*\/\//.test(lines[j] ?? ""); j++) out.push([j + 1, (lines[j] ?? "").replace(/^\s*\/\/ ?/, "")]);
  });
  return out;
}

function matches(pattern: string, text: string): boolean {
  const escaped = pattern.split("...").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*?")}$`, "s").test(text);
}

/** Type errors of the program as the README's lines. */
function typeErrors(file: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
  };
  const p = ts.createProgram([file], options);
  return ts.getPreEmitDiagnostics(p).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return text;
    return `README.md:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ${text}`;
  });
}

test("the README's examples print what they say", { skip: url ? false : "set ASHTAPADA_URL to a running server" }, async () => {
  const source = program(await readFile(join(root, "README.md"), "utf8")).replaceAll("http://localhost:8080", url);
  const want = expected(source);
  assert.ok(want.length > 0, "the README promises no output");
  // Inside the package, so that "@ashtapada/client" names the package itself.
  const dir = join(root, "build-test", "readme");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "readme.ts"), source);
  assert.deepEqual(typeErrors(join(dir, "readme.ts")), [], "the examples do not compile");
  // With a source map, a stack trace names the README's line.
  const js = ts.transpileModule(source, { fileName: "readme.ts", compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, inlineSourceMap: true } }).outputText;
  await writeFile(join(dir, "readme.mjs"), js);
  const cwd = await mkdtemp(join(tmpdir(), "ashtapada-readme-"));
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, ["--enable-source-maps", join(dir, "readme.mjs")], { cwd, timeout: 120_000 }));
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
  const got = stdout.split("\n").slice(0, -1);
  want.forEach(([line, pattern], i) => {
    assert.ok(i < got.length, `README.md:${line}: promises ${JSON.stringify(pattern)}, but the examples printed only ${JSON.stringify(got)}`);
    assert.ok(matches(pattern, got[i] ?? ""), `README.md:${line}: promises ${JSON.stringify(pattern)}, the example printed ${JSON.stringify(got[i])}`);
  });
  assert.deepEqual(got.slice(want.length), [], "the examples print more than their comments say");
});
