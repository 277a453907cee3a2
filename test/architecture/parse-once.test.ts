/**
 * WS-1 (docs/architecture.md): the files phase parses each file's YAML once, and every tool after
 * the checker (services, emit, analyses, the scenario runner, the sandbox, the preview, the LSP)
 * reads the checked model's parsed source. So no module imports a parser of the `yaml` package
 * but compiler/core/text/source.ts (the files phase's one reader), and a SourceFile is made only
 * in the files phase: text/, files/, and the scenario codec's reader (scenario/check.ts,
 * scenario/codec-text.ts) for scenario files.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) for (const f of tsFiles(p)) out.push(f);
    else if (e.endsWith(".ts")) out.push(p);
  }
  return out;
}

const FOLDERS = ["compiler", "editor/src", "editor/server", "runtime", "grammar"];
/** What of `yaml` turns text into documents or values (type guards over a parsed document are fine). */
const PARSERS = new Set(["parse", "parseDocument", "parseAllDocuments", "Parser", "Composer", "Lexer", "default"]);
const PARSER_HOME = "compiler/core/text/source.ts";
const SOURCE_MAKERS = [
  /^compiler\/core\/text\//,
  /^compiler\/core\/files\//,
  /^compiler\/core\/scenario\/(check|codec-text)\.ts$/,
];

/** The `yaml` parsers a module imports: names of `import { … } from "yaml"`, `default`, `*`, `import()`. */
function yamlParsers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/import\s+([^;]*?)\s+from\s*"yaml(?:\/[^"]*)?"/g)) {
    const clause = (m[1] ?? "").trim();
    if (clause.startsWith("type ")) continue;
    if (clause.startsWith("*")) out.push("*");
    else if (!clause.startsWith("{")) out.push("default");
    for (const part of (/\{([^}]*)\}/.exec(clause)?.[1] ?? "").split(",")) {
      const p = part.trim();
      const name = p.split(/\s+as\s+/)[0] ?? "";
      if (!p.startsWith("type ") && PARSERS.has(name)) out.push(name);
    }
  }
  if (/import\(\s*"yaml(?:\/[^"]*)?"\s*\)/.test(text)) out.push("import()");
  return out;
}

describe("WS-1: YAML is parsed once, by the files phase", () => {
  const files = FOLDERS.flatMap((f) => tsFiles(join(ROOT, f))).map((f) => ({
    path: f.slice(ROOT.length + 1).replace(/\\/g, "/"),
    text: readFileSync(f, "utf8"),
  }));

  it("the scan sees every form of import of a yaml parser (and not type guards or types)", () => {
    expect(yamlParsers('import { parse } from "yaml";')).toEqual(["parse"]);
    expect(yamlParsers('import { isMap, parseDocument as p } from "yaml";')).toEqual(["parseDocument"]);
    expect(yamlParsers('import YAML from "yaml";')).toEqual(["default"]);
    expect(yamlParsers('import * as Y from "yaml";')).toEqual(["*"]);
    expect(yamlParsers('const y = await import("yaml");')).toEqual(["import()"]);
    expect(yamlParsers('import { isMap, isSeq, type Node as YamlNode } from "yaml";')).toEqual([]);
    expect(yamlParsers('import type { Document } from "yaml";')).toEqual([]);
  });

  it(`no module but ${PARSER_HOME} imports a yaml parser`, () => {
    const bad = files
      .filter((f) => f.path !== PARSER_HOME)
      .flatMap((f) => yamlParsers(f.text).map((p) => `${f.path}: ${p}`));
    expect(bad).toEqual([]);
  });

  it("a SourceFile (a parse) is made only in the files phase: text/, files/, the scenario file reader", () => {
    const bad = files
      .filter((f) => /\bnew SourceFile\(/.test(f.text) && !SOURCE_MAKERS.some((re) => re.test(f.path)))
      .map((f) => f.path);
    expect(bad).toEqual([]);
  });

  it("services and the editor read the model's code table: no module works out code regions again", () => {
    expect(files.some((f) => f.path === "compiler/core/services/code-regions.ts")).toBe(false);
    const bad = files.filter((f) => /\bcodeRegions\(/.test(f.text)).map((f) => f.path);
    expect(bad).toEqual([]);
  });
});
