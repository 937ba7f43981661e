// One name, one helper: a function defined in two test files under one name is either a copy (it belongs in
// test/helpers/) or two meanings sharing a word (one of them needs a name that says what it does).
// What counts is a helper a reader of the file meets as the file's own vocabulary: a function declaration,
// or a const/let holding an arrow or function expression, at module scope or directly inside a describe
// callback (however deeply describes nest). Names inside a test, a hook or another function are that
// function's locals, scoped to one computation, and are not counted.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

const isDescribeCallback = (fn: ts.Node): boolean => {
  const call = fn.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(fn as ts.Expression)) return false;
  // describe(…), describe.each(…)(…), describe.skipIf(…)(…), describeSurfaces(…)
  let callee: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) callee = callee.expression;
  return ts.isIdentifier(callee) && (callee.text === "describe" || callee.text === "describeSurfaces");
};

/** The helper names a file defines at module or suite level. */
export function helperNames(fileName: string, source: string): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) names.push(node.name.text);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) names.push(node.name.text);
    }
    if (ts.isFunctionLike(node) && !isDescribeCallback(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true));
  return names;
}

/** Names defined in two or more of `files`, each with the files that define it. */
export function namesInTwoFiles(files: Array<{ name: string; source: string }>): Map<string, string[]> {
  const where = new Map<string, Set<string>>();
  for (const file of files) for (const n of helperNames(file.name, file.source)) (where.get(n) ?? where.set(n, new Set()).get(n)!).add(file.name);
  return new Map([...where].filter(([, fs]) => fs.size > 1).map(([n, fs]) => [n, [...fs].sort()]));
}

describe("test helpers", () => {
  it("the finder sees helpers at module and suite level, and not a test's own locals", () => {
    const a = `function shared() {}\ndescribe("s", () => { const inSuite = () => 1; it("t", () => { const local = () => 2; }); });`;
    const b = `const shared = () => 0;\ndescribe.each([1])("s", () => { function inSuite() {} });\nit("t", () => { const local = () => 3; });`;
    expect(helperNames("a.ts", a)).toEqual(["shared", "inSuite"]);
    expect(
      Object.fromEntries(
        namesInTwoFiles([
          { name: "a.ts", source: a },
          { name: "b.ts", source: b },
        ]),
      ),
    ).toEqual({
      shared: ["a.ts", "b.ts"],
      inSuite: ["a.ts", "b.ts"],
    });
  });

  it("no helper name is defined in two test files", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "test"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && existsSync(join(ROOT, f)))
      .map((name) => ({ name, source: readFileSync(join(ROOT, name), "utf8") }));
    expect(files.length).toBeGreaterThan(50);
    expect(Object.fromEntries(namesInTwoFiles(files))).toEqual({});
  });
});
