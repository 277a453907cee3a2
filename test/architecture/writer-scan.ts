/**
 * The scans of KERNEL-1 (writers.test.ts): where the kernel's counters are written and its journal
 * used (TypeScript's checker over runtime/), and where a log is changed or `pushLog` called (each
 * file's syntax).
 */
import { join } from "node:path";
import ts from "typescript";
import { ROOT } from "../../compiler/node/project.ts";
import { sourceFiles } from "./import-graph.ts";

export const COUNTERS = new Set([
  "mutations",
  "zoneMutations",
  "listenEpoch",
  "tableMoves",
  "ticks",
  "work",
  "written",
  "bigAt",
  "created",
]);
/** The kernel's implementation: the one place counters are written. */
export const IMPLEMENTATION = "runtime/host/ctx.ts";
/** Where the journal's recorders may be called. */
export const RECORDERS = [/^runtime\/kernel\//, /^runtime\/flow\//, /^runtime\/host\/(ctx|engine)\.ts$/];
/** The journal itself (its methods call one another). */
export const JOURNAL = "runtime/kernel/undo.ts";
/** Where a journal is begun, restored and ended: `Engine.apply`. */
export const TRANSACTION = "runtime/host/engine.ts";
export const TRANSACTION_METHODS = new Set(["begin", "end", "restore"]);
/** Where `pushLog` may be called. */
export const LOGGERS = [/^runtime\/kernel\//, /^runtime\/flow\//, /^runtime\/host\/ctx\.ts$/];
/** Where a state's log array itself may be changed, and why there. */
export const LOG_OWNERS: Readonly<Record<string, string>> = {
  "runtime/kernel/log.ts": "appends entries",
  "runtime/kernel/undo.ts": "puts the length back when an answer is undone",
  "runtime/host/view.ts": "builds a view's own log, masked for its seat",
  "runtime/state/clone.ts": "gives a forked state its own copy of a shared log before a write (the same entries)",
};
/** The writers' homes: outside runtime/ no module imports them (hosts hold an Engine). */
export const WRITER_HOMES = [
  "runtime/kernel/log.ts",
  "runtime/kernel/undo.ts",
  "runtime/kernel/kernel.ts",
  IMPLEMENTATION,
];

const MUTATING = new Set(["push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin"]);
const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
]);

export const rel = (f: string) => f.slice(ROOT.length + 1).replace(/\\/g, "/");

/** The expressions a node writes: the target of an assignment, or of `++` / `--`. */
function writtenBy(node: ts.Node): ts.Expression | null {
  if (ts.isBinaryExpression(node) && ASSIGNMENTS.has(node.operatorToken.kind)) return node.left;
  if (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
  )
    return node.operand;
  return null;
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (c) => walk(c, visit));
}

/** `x.log` (any receiver but `console`). */
function isLog(e: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(e) ? e.expression : e;
  if (isOwnLogCall(inner)) return true;
  // A name bound to `ownLog(state)` in the same file: the state's log, made its own for a write.
  if (ts.isIdentifier(inner)) {
    const decl = declarationOf(inner);
    return decl?.initializer !== undefined && isOwnLogCall(decl.initializer);
  }
  return (
    ts.isPropertyAccessExpression(inner) &&
    inner.name.text === "log" &&
    !(ts.isIdentifier(inner.expression) && inner.expression.text === "console")
  );
}

/** `ownLog(s)` (state/clone.ts): a state's log, copied first when a forked state shares it. */
function isOwnLogCall(e: ts.Expression): boolean {
  return ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "ownLog";
}

/** The variable declaration of an identifier in its own function or file, by name (no checker). */
function declarationOf(id: ts.Identifier): ts.VariableDeclaration | undefined {
  for (let n: ts.Node | undefined = id.parent; n !== undefined; n = n.parent) {
    if (!ts.isBlock(n) && !ts.isSourceFile(n)) continue;
    for (const st of n.statements)
      if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === id.text) return d;
  }
  return undefined;
}

/** Changes to a log array in a file's text: `x.log = …`, `x.log.length = …`, `x.log[i] = …`, `x.log.push(…)` and the like. */
export function logWrites(file: string, text: string): string[] {
  if (!/\.log\b|ownLog\(/.test(text)) return []; // (most files: no parse needed)
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  walk(sf, (n) => {
    const w = writtenBy(n);
    if (w !== null) {
      if (isLog(w)) out.push(`${at(n)}: replaces a log`);
      else if ((ts.isPropertyAccessExpression(w) || ts.isElementAccessExpression(w)) && isLog(w.expression))
        out.push(`${at(n)}: writes into a log`);
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const callee = n.expression;
      if (MUTATING.has(callee.name.text) && isLog(callee.expression))
        out.push(`${at(n)}: ${callee.name.text} on a log`);
    }
  });
  return out;
}

/** Calls of `pushLog` in a file's text. */
export function pushLogCalls(file: string, text: string): string[] {
  if (!text.includes("pushLog")) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  walk(sf, (n) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "pushLog")
      out.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`);
  });
  return out;
}

/**
 * A typed program over runtime/; with `extra` (files by path and text, for the test of the scan
 * itself), over those files and what they import, reusing `old`'s parsed files.
 */
export function runtimeProgram(extra: Readonly<Record<string, string>> = {}, old?: ts.Program): ts.Program {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options, true);
  const extraPaths = new Map(Object.entries(extra).map(([p, t]) => [join(ROOT, p), t]));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, onError, create) => {
    const t = extraPaths.get(name);
    return t === undefined ? getSourceFile(name, lang, onError, create) : ts.createSourceFile(name, t, lang, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => extraPaths.has(name) || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => extraPaths.get(name) ?? readFile(name);
  const roots = extraPaths.size > 0 ? [...extraPaths.keys()] : sourceFiles(ROOT, ["runtime"]);
  return ts.createProgram(roots, options, host, old);
}

/** Whether a symbol is a member of `container` (a class or interface) declared in `file`. */
function memberOf(symbol: ts.Symbol | undefined, file: string, container: string): boolean {
  for (const d of symbol?.declarations ?? []) {
    const parent = d.parent;
    if (
      (ts.isClassDeclaration(parent) || ts.isInterfaceDeclaration(parent)) &&
      parent.name?.text === container &&
      rel(d.getSourceFile().fileName) === file
    )
      return true;
  }
  return false;
}

export interface Use {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

/** The names of the journal's members (only accesses by these names are asked of the checker). */
function journalMembers(program: ts.Program): Set<string> {
  const names = new Set<string>();
  const sf = program.getSourceFile(join(ROOT, JOURNAL));
  sf?.forEachChild((n) => {
    if (ts.isClassDeclaration(n) && n.name?.text === "Undo")
      for (const m of n.members) if (m.name !== undefined && ts.isIdentifier(m.name)) names.add(m.name.text);
  });
  return names;
}

/**
 * Every write of a kernel counter and every use of the journal in runtime/ (or in the files
 * `only` names), with where it is.
 */
export function kernelUses(program: ts.Program, only?: readonly string[]): { counters: Use[]; journal: Use[] } {
  const checker = program.getTypeChecker();
  const members = journalMembers(program);
  const counters: Use[] = [];
  const journal: Use[] = [];
  for (const sf of program.getSourceFiles()) {
    const file = rel(sf.fileName);
    if (!file.startsWith("runtime/") || sf.isDeclarationFile || (only !== undefined && !only.includes(file))) continue;
    const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
    walk(sf, (n) => {
      const w = writtenBy(n);
      if (w !== null && ts.isPropertyAccessExpression(w) && COUNTERS.has(w.name.text)) {
        const s = checker.getSymbolAtLocation(w.name);
        if (memberOf(s, "runtime/kernel/kernel.ts", "Kernel") || memberOf(s, IMPLEMENTATION, "RuntimeCtx"))
          counters.push({ file, line: line(n), what: w.name.text });
      }
      if (ts.isPropertyAccessExpression(n) && members.has(n.name.text)) {
        // A member of the journal: `rt.undo.prop(…)`, `undo?.zoneTake(…)`, `this.undo.active`.
        const s = checker.getSymbolAtLocation(n.name);
        if (memberOf(s, JOURNAL, "Undo")) journal.push({ file, line: line(n), what: n.name.text });
      }
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "Undo") {
        const s = checker.getSymbolAtLocation(n.expression);
        const target = s !== undefined && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
        if (target?.name === "Undo" && target.declarations?.some((d) => rel(d.getSourceFile().fileName) === JOURNAL))
          journal.push({ file, line: line(n), what: "new" });
      }
    });
  }
  return { counters, journal };
}

const place = (u: Use) => `${u.file}:${u.line}: ${u.what}`;

export function counterBreaches(uses: readonly Use[]): string[] {
  return uses.filter((u) => u.file !== IMPLEMENTATION).map(place);
}

export function journalBreaches(uses: readonly Use[]): string[] {
  return uses
    .filter((u) =>
      u.file === JOURNAL
        ? false
        : u.what === "new"
          ? u.file !== IMPLEMENTATION
          : TRANSACTION_METHODS.has(u.what)
            ? u.file !== TRANSACTION
            : !RECORDERS.some((re) => re.test(u.file)),
    )
    .map(place);
}
