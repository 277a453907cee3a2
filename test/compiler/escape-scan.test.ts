/**
 * The printer files build generated code from strings only through compiler/core/emit/escape.ts
 * (issue 16, item 1). Read with TypeScript's parser (the text of generated code inside template
 * literals is not code of the printer and is not looked at), every printer file:
 * - calls no `JSON.stringify`, `String()` or `.toString()` of its own (escape.ts is the one place);
 * - pastes no user field into generated text: no `${x.file}`, `${x.name}`, `"…" + x.what` and the
 *   like, whatever `x` is — such a value goes through an escape function first;
 * - imports escape.ts.
 * Printer files are found by name (they may move between folders) and by their import of escape.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { REPO } from "../kit/corpus.ts";

/** The printers of game.js, game.js.map and game.d.ts, by file name. */
const PRINTER_NAMES = ["generate.ts", "js-expr.ts", "emit.ts", "source-map.ts", "game-types.ts"];
/** Property names that hold user text (names, paths, texts, ids) in the printer's inputs. */
const USER_FIELDS = new Set([
  "file",
  "path",
  "name",
  "what",
  "id",
  "text",
  "zone",
  "event",
  "proc",
  "window",
  "effect",
  "into",
  "game",
  "label",
  "prompt",
  "message",
  "rule",
  "until",
  "position",
  "h",
  "v",
  "fnName",
  "header",
]);

function tsFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((p) => p.endsWith(".ts")).map((p) => join(dir, p));
}

const all = tsFiles(join(REPO, "compiler"));
const escapeFile = all.find((p) => p.endsWith(join("emit", "escape.ts")));
const printers = all.filter(
  (p) =>
    p !== escapeFile &&
    (PRINTER_NAMES.includes(basename(p)) || /from "(?:\.\/|[^"]*\/emit\/)escape\.ts"/.test(readFileSync(p, "utf8"))),
);

/** What a printer file does that it must not: `line:col what`. */
function problems(file: string, text = readFileSync(file, "utf8")): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const where = (n: ts.Node) => {
    const p = sf.getLineAndCharacterOfPosition(n.getStart(sf));
    return `${p.line + 1}:${p.character + 1}`;
  };
  const userField = (e: ts.Expression): string | null => {
    let x = e;
    while (ts.isParenthesizedExpression(x) || ts.isNonNullExpression(x) || ts.isAsExpression(x)) x = x.expression;
    if (ts.isPropertyAccessExpression(x) && USER_FIELDS.has(x.name.text)) return x.getText(sf);
    if (
      ts.isElementAccessExpression(x) &&
      ts.isStringLiteral(x.argumentExpression) &&
      USER_FIELDS.has(x.argumentExpression.text)
    )
      return x.getText(sf);
    return null;
  };
  // The local names of escape.ts's functions (an import may rename them).
  const escapes = new Set<string>();
  for (const st of sf.statements) {
    if (
      ts.isImportDeclaration(st) &&
      ts.isStringLiteral(st.moduleSpecifier) &&
      st.moduleSpecifier.text.endsWith("emit/escape.ts")
    ) {
      const b = st.importClause?.namedBindings;
      if (b && ts.isNamedImports(b)) for (const e of b.elements) escapes.add(e.name.text);
    }
  }
  /**
   * Text that is not generated code: an argument of an escape function (escaped there), an error
   * message, a key of a Map lookup.
   */
  const notCode = (n: ts.Node): boolean => {
    for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
      if (ts.isNewExpression(p) && p.expression.getText(sf) === "Error") return true;
      if (ts.isCallExpression(p)) {
        const callee = p.expression;
        if (ts.isIdentifier(callee) && escapes.has(callee.text)) return true;
        if (
          ts.isPropertyAccessExpression(callee) &&
          ["get", "has", "set", "delete"].includes(callee.name.text) &&
          p.arguments[0] !== undefined &&
          p.arguments[0].pos <= n.pos &&
          n.end <= p.arguments[0].end
        )
          return true;
        return false;
      }
      if (ts.isFunctionLike(p) || ts.isStatement(p)) return false;
    }
    return false;
  };
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression.getText(sf);
      if (
        callee === "JSON.stringify" ||
        callee === "String" ||
        (ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "toString")
      )
        out.push(`${where(n)} calls ${callee}`);
    }
    if (ts.isTemplateSpan(n) && !notCode(n)) {
      const f = userField(n.expression);
      if (f) out.push(`${where(n)} pastes \${${f}}`);
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken && !notCode(n)) {
      const literal = (e: ts.Expression) => ts.isStringLiteralLike(e) || ts.isTemplateExpression(e);
      for (const [side, other] of [
        [n.left, n.right],
        [n.right, n.left],
      ] as const) {
        const f = userField(side);
        if (f && literal(other)) out.push(`${where(n)} pastes ${f} with +`);
      }
    }
    n.forEachChild(visit);
  };
  visit(sf);
  // "./escape.ts" from inside emit/, "../emit/escape.ts" from elsewhere: either resolves to the one module.
  if (!/from "(?:\.\/|[^"]*\/emit\/)escape\.ts"/.test(text) && basename(file) !== "source-map.ts")
    out.push("does not import emit/escape.ts");
  return out;
}

describe("printer files build code through emit/escape.ts only", () => {
  it("finds the escaping module and every printer", () => {
    expect(escapeFile).toBeDefined();
    expect(printers.map((p) => basename(p)).sort()).toEqual(expect.arrayContaining(PRINTER_NAMES));
  });

  it("no printer file calls JSON.stringify, String() or toString(), or pastes a user field into code", () => {
    const found: Record<string, string[]> = {};
    for (const p of printers) {
      const ps = problems(p);
      if (ps.length > 0) found[relative(REPO, p)] = ps;
    }
    expect(found).toEqual({});
  });

  it("the scan sees the mistakes it is for (the printer of b49581d, cut down)", () => {
    const before = [
      'import { q } from "./js-expr.ts";',
      "function unit(w: W, u: U, where: At) {",
      "  w.line(`/** ${comment(u.what)} — ${u.file}:${where.line}:${where.col} */`);",
      "  w.line(`const $F = ${JSON.stringify(files.map((f) => f.path))};`);",
      '  w.line("// from " + u.file);',
      "  return prim(String(e.v));",
      "}",
      // Not code: an error message, a Map key, and an escaped argument.
      "const f = names.get(`fn.${e.name}`) ?? fail(new Error(`no function ${e.name}`));",
      "const ok = jsString(`${u.file}:${u.line}`);",
    ].join("\n");
    // Without the import, jsString is not the escaping function: its argument counts as code.
    expect(problems("generate.ts", before)).toEqual([
      "3:38 pastes ${u.file}",
      "4:24 calls JSON.stringify",
      "5:10 pastes u.file with +",
      "6:15 calls String",
      "9:24 pastes ${u.file}",
      "does not import emit/escape.ts",
    ]);
    expect(problems("generate.ts", `import { jsString } from "./emit/escape.ts";\n${before}`)).toEqual([
      "4:38 pastes ${u.file}",
      "5:24 calls JSON.stringify",
      "6:10 pastes u.file with +",
      "7:15 calls String",
    ]);
  });
});
