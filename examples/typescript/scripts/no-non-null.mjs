// Fails on any non-null assertion (`x!`) in src/: the generated types say what answers always
// carry, so the client narrows what they may leave out instead of asserting it away.
import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";

let found = 0;
for (const name of readdirSync("src").filter((f) => f.endsWith(".ts"))) {
  const file = `src/${name}`;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isNonNullExpression(node)) {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart());
      console.error(`${file}:${line + 1}:${character + 1}: non-null assertion ${node.getText()}`);
      found++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
if (found > 0) process.exit(1);
