/**
 * Helpers for the hostile-names tests: hostile strings (fast-check), the shape of a generated
 * module as a real JavaScript parser (TypeScript's) sees it, and importing a module in an isolated
 * `node:vm` context that records any reach for the host.
 */
import vm from "node:vm";
import fc from "fast-check";
import { ts } from "ts-morph";
import type { GameModule } from "../../runtime/types.ts";

/**
 * Pieces that break a printer that pastes text: comment ends and starts, line ends of every kind,
 * quotes, template syntax, HTML script ends, NUL, lone surrogates, backslashes and escapes, bidi
 * and invisible characters, a source-map comment, `__proto__`, and payloads that would run code
 * if any of them got out of a literal or comment.
 */
export const FRAGMENTS: readonly string[] = [
  "*/",
  "/*",
  "//",
  "\n",
  "\r",
  "\r\n",
  "\u2028",
  "\u2029",
  "\u0085",
  '"',
  "'",
  "`",
  "${",
  "}",
  "{",
  "</script>",
  "<!--",
  "-->",
  "\0",
  "\x07",
  "\x1b[2J",
  "\x7f",
  "\ud800",
  "\udfff",
  "\udc00\ud800",
  "\\",
  "\\u0022",
  "\\n",
  "\u202e",
  "\u2066",
  "\u200b",
  "\ufeff",
  "#!",
  "//# sourceMappingURL=x.map",
  "__proto__",
  "constructor",
  "日本語",
  "😀",
  "x*/;globalThis.__pwned=1;/*",
  '";globalThis.__pwned=1;//',
  "`;globalThis.__pwned=1;`",
  "${globalThis.__pwned=1}",
  "\n;globalThis.__pwned=1;\n",
  "\u2028;globalThis.__pwned=1;//",
  "</script><script>globalThis.__pwned=1</script>",
];

/** A hostile string: a few fragments and random characters of any plane. */
export const hostile: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 3 }) },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => parts.join(""));

/** A YAML double-quoted scalar of `s`: everything but printable ASCII escaped (YAML's escapes are JSON's). */
export function yamlString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i] as string;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (c >= 0x20 && c < 0x7f) out += ch;
    else out += `\\u${c.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}

/** A text of the effect language (its escapes `\"`, `\\`, `\n`; braces doubled). */
export function dslText(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\{/g, "{{").replace(/\}/g, "}}")}"`;
}

/** A text with `{interpolation}` written as YAML (labels, messages): braces doubled. */
export function templateText(s: string): string {
  return s.replace(/\{/g, "{{").replace(/\}/g, "}}");
}

/** What a parse of a module found: its syntax errors, top-level statements, node shape and comments. */
export interface ModuleShape {
  readonly errors: readonly string[];
  /** One entry per top-level statement: its kind and the names it declares. */
  readonly statements: readonly string[];
  /** Every node's kind in order, string literals (and computed string keys) as "S". */
  readonly nodes: string;
  /** The text of every comment, in order, its numbers as `#` (a place's column moves with the text before it). */
  readonly comments: readonly string[];
}

function declared(s: ts.Statement): string {
  const kind = ts.SyntaxKind[s.kind];
  const exported =
    ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      ? "export "
      : "";
  if (ts.isFunctionDeclaration(s)) return `${exported}${kind} ${s.name?.text ?? ""}`;
  if (ts.isVariableStatement(s))
    return `${exported}${kind} ${s.declarationList.declarations.map((d) => d.name.getText()).join(",")}`;
  if (ts.isExportAssignment(s)) return `${kind} ${s.expression.getText()}`;
  return `${exported}${kind}`;
}

/** Parses `js` as an ES module with TypeScript's parser. */
export function shapeOf(js: string): ModuleShape {
  const sf = ts.createSourceFile("game.js", js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const errors = ((sf as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? []).map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  );
  const kinds: string[] = [];
  const comments = new Map<number, string>();
  const note = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) comments.set(r.pos, js.slice(r.pos, r.end));
  };
  const visit = (n: ts.Node): void => {
    note(ts.getLeadingCommentRanges(js, n.pos));
    note(ts.getTrailingCommentRanges(js, n.end));
    if (
      ts.isStringLiteral(n) ||
      ts.isNoSubstitutionTemplateLiteral(n) ||
      (ts.isComputedPropertyName(n) && ts.isStringLiteral(n.expression))
    ) {
      kinds.push("S");
      return;
    }
    kinds.push(String(n.kind));
    n.forEachChild(visit);
  };
  visit(sf);
  note(ts.getLeadingCommentRanges(js, sf.endOfFileToken.pos));
  return {
    errors,
    statements: sf.statements.map(declared),
    nodes: kinds.join(" "),
    comments: [...comments].sort(([a], [b]) => a - b).map(([, c]) => c.replace(/\d+/g, "#")),
  };
}

/** Names a module must not reach for on import: the host's. Reading one is recorded. */
const HOST = [
  "process",
  "require",
  "module",
  "exports",
  "Buffer",
  "fetch",
  "setTimeout",
  "setInterval",
  "setImmediate",
  "queueMicrotask",
  "eval",
  "Function",
  "WebAssembly",
  "__pwned",
];

export interface Imported {
  readonly game: GameModule;
  /** Host names the module read while it was imported. */
  readonly reads: readonly string[];
  /** The names the import added to the context's global object. */
  readonly globals: readonly string[];
}

/**
 * Imports a generated module in a fresh `node:vm` context with no host objects, no code
 * generation from strings, and traps on the host's names. The module becomes a script by
 * dropping its `export` keywords (located by the parser, not by a text search).
 */
export function importIsolated(js: string): Imported {
  const sf = ts.createSourceFile("game.js", js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  let script = "";
  let from = 0;
  for (const s of sf.statements) {
    if (ts.isExportAssignment(s)) {
      script += js.slice(from, s.getStart(sf));
      from = s.end;
      continue;
    }
    const exp = ts.canHaveModifiers(s)
      ? (ts.getModifiers(s) ?? []).find((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : undefined;
    if (exp) {
      script += js.slice(from, exp.getStart(sf));
      from = exp.end;
    }
  }
  script += `${js.slice(from)}\n;({ game });`;
  const reads: string[] = [];
  const sandbox: Record<string, unknown> = {};
  for (const name of HOST)
    Object.defineProperty(sandbox, name, { get: () => void reads.push(name), configurable: false, enumerable: false });
  const context = vm.createContext(sandbox, { codeGeneration: { strings: false, wasm: false } });
  const before = new Set(Object.getOwnPropertyNames(sandbox));
  const result = new vm.Script(script, { filename: "game.js" }).runInContext(context, { timeout: 5000 }) as {
    game: GameModule;
  };
  return {
    game: result.game,
    reads,
    globals: Object.getOwnPropertyNames(sandbox)
      .filter((n) => !before.has(n))
      .sort(),
  };
}
