/**
 * Versions of a game, checked statically. The rules file may declare them:
 *
 *   versions: { known: ["3.3", "3.4", …], default: "4.2" }
 *
 * A card may then carry `versions:`, each entry a `since`/`until` range (since included, until
 * excluded) and the card's keys that differ in that range; the card's own keys are the card at the
 * default version and at every version no entry covers. Decks and scenarios may name a `version:`.
 * Every version written anywhere is checked here: its format, that the game knows it (with the
 * nearest known version as did-you-mean), ranges that are empty or overlap, and files that ask for
 * different versions of one match.
 */
import { compareVersions, inVersionRange, nearestVersion, versionParts } from "../../../runtime/kernel/versions.ts";
import type { Diagnostic, DiagnosticCode } from "../text/diagnostics.ts";
import type { CardDef } from "../../../runtime/types.ts";
import type { Declaration, Reference } from "../semantic/symbols.ts";
import type { Span } from "../text/positions.ts";
import type { SourceFile, YamlPath } from "../text/source.ts";

/** The versions a rules file declares: oldest first, the default, and where each is written. */
export interface VersionTable {
  readonly known: readonly string[];
  readonly default: string | null;
  readonly spans: ReadonlyMap<string, Span>;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

/**
 * A version as written: the scalar's own text, so that `4.10` (a YAML number, 4.1) keeps its
 * digits. Null when there is nothing usable at the path.
 */
export function versionText(src: SourceFile, path: YamlPath): string | null {
  const span = src.spanAt(path);
  return span ? src.text.slice(span.start, span.end).trim() : null;
}

function diag(src: SourceFile, path: YamlPath, code: DiagnosticCode, message: string, hint?: string): Diagnostic {
  return hint === undefined
    ? { file: src.file, range: src.rangeAt(path), severity: "error", code, message }
    : { file: src.file, range: src.rangeAt(path), severity: "error", code, message, hint };
}

/** The `versions:` of a rules file (null when it declares none); problems go to `diags`. */
export function rulesVersions(src: SourceFile, rules: Obj, diags: Diagnostic[]): VersionTable | null {
  const decl = obj(rules["versions"]);
  if (rules["versions"] === undefined) return null;
  const known: string[] = [];
  const spans = new Map<string, Span>();
  ((decl["known"] as unknown[] | undefined) ?? []).forEach((_, i) => {
    const v = versionText(src, ["versions", "known", i]);
    if (v === null) return;
    if (versionParts(v) === null)
      return void diags.push(
        diag(
          src,
          ["versions", "known", i],
          "version/format",
          `'${v}' is not a version: write numbers separated by dots, e.g. "4.2"`,
        ),
      );
    if (spans.has(v))
      return void diags.push(diag(src, ["versions", "known", i], "version/overlap", `version ${v} is listed twice`));
    const prev = known[known.length - 1];
    if (prev !== undefined && compareVersions(prev, v) >= 0)
      diags.push(
        diag(
          src,
          ["versions", "known", i],
          "version/range",
          `versions must be listed oldest first: ${v} comes after ${prev}`,
        ),
      );
    known.push(v);
    const span = src.spanAt(["versions", "known", i]);
    if (span) spans.set(v, span);
  });
  let def: string | null = null;
  if (decl["default"] !== undefined) {
    const v = versionText(src, ["versions", "default"]);
    if (v !== null && known.includes(v)) def = v;
    else if (v !== null) diags.push(unknownVersion(src, ["versions", "default"], v, known));
  }
  return { known, default: def, spans };
}

/** The declarations of a version table (`version:<v>`), for hover, go-to-definition and references. */
export function versionDeclarations(t: VersionTable | null): Declaration[] {
  if (!t) return [];
  return t.known.map((v) => ({
    id: `version:${v}`,
    kind: "version" as const,
    name: v,
    detail: `version ${v}${v === t.default ? " (the default)" : ""}`,
    span: t.spans.get(v) ?? null,
  }));
}

function unknownVersion(src: SourceFile, path: YamlPath, v: string, known: readonly string[]): Diagnostic {
  const near = nearestVersion(v, known);
  const list = `versions: ${known.join(", ")}`;
  const d = diag(
    src,
    path,
    "version/unknown",
    `unknown version '${v}'`,
    near !== null ? `did you mean '${near}'? ${list}` : list,
  );
  return near !== null ? { ...d, data: { replacement: near } } : d;
}

/**
 * A version named in a file (a card's since/until, a deck's or scenario's `version:`): checked
 * against the table; a reference to its declaration when known. Returns the version when usable.
 */
export function versionAt(
  table: VersionTable | null,
  src: SourceFile,
  path: YamlPath,
  diags: Diagnostic[],
  refs: Reference[],
): string | null {
  const v = versionText(src, path);
  if (v === null) return null;
  if (versionParts(v) === null) {
    diags.push(
      diag(src, path, "version/format", `'${v}' is not a version: write numbers separated by dots, e.g. "4.2"`),
    );
    return null;
  }
  if (!table) {
    diags.push(
      diag(
        src,
        path,
        "version/undeclared",
        "this game declares no versions",
        "declare them in the rules file: versions: { known: [...], default: ... }",
      ),
    );
    return null;
  }
  if (!table.known.includes(v)) {
    diags.push(unknownVersion(src, path, v, table.known));
    return null;
  }
  const span = src.spanAt(path);
  if (span) refs.push({ symbol: `version:${v}`, span });
  return v;
}

/** One entry of a card's `versions:`, checked: its range and the keys it overrides. */
export interface VersionEntry {
  readonly index: number;
  readonly since: string | null;
  readonly until: string | null;
  /** The card's keys this entry replaces (everything but since/until). */
  readonly keys: readonly string[];
}

const label = (e: { since: string | null; until: string | null }) => `${e.since ?? "…"}–${e.until ?? "…"}`;

/** The entries of a card's `versions:` (only the well-formed ones), with range, overlap and default checks. */
export function cardVersionEntries(
  table: VersionTable | null,
  src: SourceFile,
  card: Obj,
  diags: Diagnostic[],
  refs: Reference[],
): VersionEntry[] {
  const list = card["versions"];
  if (!Array.isArray(list)) return [];
  const out: VersionEntry[] = [];
  list.forEach((raw, index) => {
    const e = obj(raw);
    const at = (k: string): YamlPath => ["versions", index, k];
    let ok = true;
    const bound = (k: "since" | "until"): string | null => {
      if (e[k] === undefined) return null;
      const v = versionAt(table, src, at(k), diags, refs);
      if (v === null) ok = false;
      return v;
    };
    const since = bound("since");
    const until = bound("until");
    if (!ok) return;
    if (since === null && until === null) {
      diags.push(diag(src, ["versions", index], "version/range", "a version entry needs 'since' or 'until' (or both)"));
      return;
    }
    if (since !== null && until !== null && compareVersions(since, until) >= 0) {
      diags.push(diag(src, at("until"), "version/range", `'until' ${until} must come after 'since' ${since}`));
      return;
    }
    const def = table?.default ?? null;
    if (def !== null && inVersionRange(def, since, until)) {
      diags.push(
        diag(
          src,
          ["versions", index],
          "version/covers-default",
          `this version entry (${label({ since, until })}) covers the default version ${def}: the card's own fields are the card at the default version`,
          "end the range before the default version, and write the card at the default version as its own fields",
        ),
      );
      return;
    }
    for (const prev of out) {
      const shared = firstShared(table?.known ?? [], prev, { since, until });
      if (shared !== null) {
        diags.push(
          diag(
            src,
            ["versions", index],
            "version/overlap",
            `versions ${label(prev)} and ${label({ since, until })} of this card overlap (both cover ${shared})`,
          ),
        );
        return;
      }
    }
    out.push({ index, since, until, keys: Object.keys(e).filter((k) => k !== "since" && k !== "until") });
  });
  return out;
}

/** The first known version two ranges both cover, or null. */
function firstShared(
  known: readonly string[],
  a: { since: string | null; until: string | null },
  b: { since: string | null; until: string | null },
): string | null {
  for (const v of known) if (inVersionRange(v, a.since, a.until) && inVersionRange(v, b.since, b.until)) return v;
  return null;
}

/** A version asked for somewhere: the version and where (for a positioned conflict). */
export interface VersionUse {
  readonly version: string;
  readonly file: string;
  readonly span: Span | null;
  /** How a message names it: "deck decks/a.yaml", "--version", … */
  readonly what: string;
}

/**
 * Files that ask for different versions of one match: one error at each use that disagrees with
 * the first (the first is the command line when it is given there).
 */
export function versionConflicts(uses: readonly VersionUse[]): Diagnostic[] {
  const first = uses[0];
  if (!first) return [];
  const out: Diagnostic[] = [];
  for (const u of uses.slice(1)) {
    if (u.version === first.version) continue;
    const range = u.span?.range ?? { start: { line: 1, col: 1 }, end: { line: 1, col: 1 } };
    out.push({
      file: u.file,
      range,
      severity: "error",
      code: "version/conflict",
      message: `${u.what} asks for version ${u.version}, but ${first.what} asks for version ${first.version}`,
      hint: "one match is played at one version: make them agree, or leave the version out",
    });
  }
  return out;
}

/** The one version a match is played at, given the versions asked for (conflicts are reported by versionConflicts). */
export function agreedVersion(uses: readonly VersionUse[]): string | undefined {
  return uses[0]?.version;
}

/**
 * The `version:` keys of a scenario file (the file's, and each scenario's): known versions, and a
 * scenario that asks for another version than its file is a conflict at the scenario's key.
 */
export function checkScenarioVersions(
  table: VersionTable | null,
  src: SourceFile,
  file: Obj,
  diags: Diagnostic[],
  refs: Reference[],
): void {
  const top = file["version"] !== undefined ? versionAt(table, src, ["version"], diags, refs) : null;
  const list = Array.isArray(file["scenarios"]) ? file["scenarios"] : [];
  list.forEach((sc, i) => {
    if (obj(sc)["version"] === undefined) return;
    const path: YamlPath = ["scenarios", i, "version"];
    const own = versionAt(table, src, path, diags, refs);
    if (top === null || own === null || own === top) return;
    const topSpan = src.spanAt(["version"]);
    diags.push({
      ...diag(
        src,
        path,
        "version/conflict",
        `this scenario asks for version ${own}, but its file asks for version ${top}${topSpan ? ` (line ${topSpan.range.start.line})` : ""}`,
      ),
      hint: "one scenario is played at one version: make them agree, or move the scenario to another file",
    });
  });
}

/** The version a scenario is played at: its own `version:`, else its file's; null when neither names one. */
export function scenarioVersion(src: SourceFile, scenarioPath: YamlPath): string | null {
  return versionText(src, [...scenarioPath, "version"]) ?? versionText(src, ["version"]);
}

/** Where a scenario's version is written (its own key, else its file's), for a positioned conflict. */
export function scenarioVersionSpan(src: SourceFile, scenarioPath: YamlPath): Span | null {
  return src.spanAt([...scenarioPath, "version"]) ?? src.spanAt(["version"]) ?? null;
}

/** One line per other version of a card, for hover: its range and what differs (changed fields, code). */
export function describeVersions(def: CardDef): string[] {
  return (def.versions ?? []).map((v) => {
    const changed = Object.keys({ ...def.fields, ...v.def.fields })
      .filter((k) => k !== "text" && JSON.stringify(def.fields[k]) !== JSON.stringify(v.def.fields[k]))
      .map((k) => `${k} ${JSON.stringify(v.def.fields[k] ?? null)}`);
    const code =
      JSON.stringify([v.def.triggers, v.def.computes, v.def.effects]) !==
      JSON.stringify([def.triggers, def.computes, def.effects]);
    return `${v.since ?? "…"}–${v.until ?? "…"}: ${[...changed, ...(code ? ["its code"] : [])].join(", ") || "the same data"}`;
  });
}
