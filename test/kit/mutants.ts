/**
 * Compiler mutation fuzzing: mutants of every card, rules, deck and scenario file of every game,
 * each checked the cheapest faithful way (cards against a pre-built vocabulary). A mutant must end
 * in diagnostics or success: no exception, no diagnostic without a position inside its file (except
 * an unreadable file's `io/*`), and no case slower than the per-case limit. Used by the test (a few
 * thousand mutants) and the bench (more).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { checkCardBody, checkCardHead } from "../../compiler/core/files/check-files.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import type { CheckedModel as CheckedGame } from "../../compiler/core/workspace/model.ts";
import type { Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { listGames, loadGame, ROOT } from "../../compiler/node/project.ts";
import type { GameModule } from "../../runtime/index.ts";
import { tempDir } from "./temp.ts";

export type FileKind = "card" | "rules" | "deck" | "scenario";
export interface Target {
  readonly game: string;
  readonly kind: FileKind;
  readonly path: string;
  readonly text: string;
}

function yamlUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...yamlUnder(p));
    else if (/\.ya?ml$/.test(e)) out.push(p);
  }
  return out;
}

export interface Corpus {
  readonly targets: readonly Target[];
  readonly games: ReadonlyMap<string, { checked: CheckedGame; module: GameModule; rulesText: string }>;
}

export async function loadCorpus(): Promise<Corpus> {
  const targets: Target[] = [];
  const games = new Map<string, { checked: CheckedGame; module: GameModule; rulesText: string }>();
  for (const game of listGames()) {
    const dir = join(ROOT, "cards", game);
    const rel = (p: string) => relative(ROOT, p);
    const rulesText = readFileSync(join(dir, "rules.yaml"), "utf8");
    const cards = yamlUnder(join(dir, "cards")).map((p) => ({ path: rel(p), text: readFileSync(p, "utf8") }));
    const checked = checkGame({ rules: { path: rel(join(dir, "rules.yaml")), text: rulesText }, cards });
    const { module } = await loadGame(game);
    if (!module || !checked.vocabulary) throw new Error(`${game} does not compile`);
    games.set(game, { checked, module, rulesText });
    targets.push({ game, kind: "rules", path: rel(join(dir, "rules.yaml")), text: rulesText });
    for (const c of cards) targets.push({ game, kind: "card", ...c });
    for (const [kind, sub] of [
      ["deck", "decks"],
      ["scenario", "scenarios"],
    ] as const) {
      try {
        for (const p of yamlUnder(join(dir, sub)))
          targets.push({ game, kind, path: rel(p), text: readFileSync(p, "utf8") });
      } catch {
        // a game without decks or scenarios
      }
    }
  }
  return { targets, games };
}

// ── mutations ────────────────────────────────────────────────────────────────

const CHARS = [
  ":",
  "-",
  "{",
  "}",
  "[",
  "]",
  '"',
  "'",
  "\n",
  " ",
  "#",
  "&a ",
  "*a",
  "|",
  ">",
  "0",
  "9",
  "x",
  "\t",
  "\r",
  "\u001b",
  "\u0000",
  "é",
  "\\",
  ",",
  "?",
  "!",
  "%",
  "@",
  "`",
];
const TOKENS = [
  "let",
  "if",
  "else",
  "{",
  "}",
  "(",
  ")",
  "[",
  "]",
  "choose",
  "one",
  "of",
  "up to",
  "me",
  "self",
  "event",
  "opponent",
  "+",
  "-",
  "*",
  "/",
  "%",
  "==",
  "!=",
  "<",
  "and",
  "or",
  "not",
  "none",
  "true",
  "0",
  "1",
  "99999999999999999999",
  '"',
  '"{',
  "where",
  "it",
  "while",
  "for each",
  "in",
  "return",
  "emit",
  "move",
  "to",
  "create",
  "remove",
  "run",
  "act",
  "may",
  "win",
  "draw",
  "log",
  ".",
  ",",
  "=",
  "+=",
  "use",
  "break",
  "__proto__",
  "constructor",
  "toString",
];

export type Mutation =
  | { readonly op: "flip"; readonly at: number; readonly ch: number }
  | { readonly op: "truncate"; readonly at: number }
  | {
      readonly op:
        | "delete-line"
        | "duplicate-line"
        | "indent"
        | "dedent"
        | "dash"
        | "drop-value"
        | "bracket"
        | "anchor"
        | "alias";
      readonly line: number;
    }
  | { readonly op: "token"; readonly line: number; readonly word: number; readonly token: number };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant("flip" as const), at: fc.nat(), ch: fc.nat(CHARS.length - 1) }),
  fc.record({ op: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({
    op: fc.constantFrom(
      "delete-line" as const,
      "duplicate-line" as const,
      "indent" as const,
      "dedent" as const,
      "dash" as const,
      "drop-value" as const,
      "bracket" as const,
      "anchor" as const,
      "alias" as const,
    ),
    line: fc.nat(),
  }),
  fc.record({ op: fc.constant("token" as const), line: fc.nat(), word: fc.nat(), token: fc.nat(TOKENS.length - 1) }),
  // effect-token mutations are the most telling for the checker: weight them up
  fc.record({ op: fc.constant("token" as const), line: fc.nat(), word: fc.nat(), token: fc.nat(TOKENS.length - 1) }),
);

export function mutate(text: string, m: Mutation): string {
  if (m.op === "flip") {
    const at = text.length === 0 ? 0 : m.at % text.length;
    return text.slice(0, at) + (CHARS[m.ch] ?? "x") + text.slice(at + 1);
  }
  if (m.op === "truncate") return text.slice(0, text.length === 0 ? 0 : m.at % text.length);
  const lines = text.split("\n");
  const i = m.line % lines.length;
  const line = lines[i] ?? "";
  switch (m.op) {
    case "delete-line":
      lines.splice(i, 1);
      break;
    case "duplicate-line":
      lines.splice(i, 0, line);
      break;
    case "indent":
      lines[i] = `  ${line}`;
      break;
    case "dedent":
      lines[i] = line.replace(/^ {1,2}/, "");
      break;
    case "dash":
      lines[i] = line.replace(/^(\s*)/, "$1- ");
      break;
    case "drop-value":
      lines[i] = line.replace(/:\s.*$/, ":");
      break;
    case "bracket":
      lines[i] = line.replace(/:\s(.*)$/, ": [$1");
      break;
    case "anchor":
      lines[i] = line.replace(/:\s(.*)$/, ": &a $1");
      break;
    case "alias":
      lines[i] = line.replace(/:\s(.*)$/, ": *a");
      break;
    case "token": {
      const words = [...line.matchAll(/[A-Za-z0-9_-]+|[^\sA-Za-z0-9_-]+/g)];
      const w = words[words.length === 0 ? 0 : m.word % words.length];
      const tok = TOKENS[m.token] ?? "x";
      lines[i] =
        w === undefined || w.index === undefined
          ? `${line} ${tok}`
          : line.slice(0, w.index) + tok + line.slice(w.index + w[0].length);
      break;
    }
  }
  return lines.join("\n");
}

// ── checking one mutant ──────────────────────────────────────────────────────

const scratch = tempDir("cw-mutants-");

/** Checks a mutant the way the tools read that file; returns its diagnostics (throws on an internal error). */
export function checkMutant(corpus: Corpus, t: Target, text: string): readonly Diagnostic[] {
  const g = corpus.games.get(t.game);
  if (g === undefined) throw new Error(`no game ${t.game}`);
  switch (t.kind) {
    case "card": {
      // A card file against the game's vocabulary, as the workspace checks one changed card.
      const voc = g.checked.vocabulary;
      if (voc === null) throw new Error(`game ${t.game} has no vocabulary`);
      const head = checkCardHead(voc, { path: t.path, text });
      return [...head.diagnostics, ...checkCardBody(voc, head).diagnostics];
    }
    case "rules":
      return checkGame({ rules: { path: t.path, text }, cards: [] }).diagnostics;
    case "deck": {
      const dir = join(scratch, t.game);
      mkdirSync(join(dir, "decks"), { recursive: true });
      writeFileSync(join(dir, "decks", "mutant.yaml"), text);
      return readDecks(dir, g.module).diagnostics;
    }
    case "scenario":
      return runScenarioFile(g.module, t.path, text).flatMap((r) => r.failures);
  }
}

/** What is wrong with a mutant's diagnostics: a missing or impossible position, or an internal-error text. */
export function badDiagnostic(text: string, diags: readonly Diagnostic[]): string | null {
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const d of diags) {
    if (/internal error|Maximum call stack|is not a function|Cannot read properties/.test(d.message))
      return `internal error text: ${d.message}`;
    if ((d.code as string) === "" || d.message.trim() === "")
      return `a diagnostic without a code or message at ${d.file}`;
    if (d.code.startsWith("io/")) continue;
    const { start, end } = d.range;
    if (!(start.line >= 1 && start.col >= 1 && end.line >= start.line && start.line <= lines + 1))
      return `a diagnostic without a position in the file: ${JSON.stringify(d)}`;
  }
  return null;
}
