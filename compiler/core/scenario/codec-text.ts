/**
 * The scenario codec, text: a scenario file read into the form the runner and the sandbox use
 * (parsed once, with positions), and scenarios written as a readable, stable file (flow-style
 * lines: one zone, one step, one expectation per line).
 */
import type { ScenarioFileModel } from "../workspace/model.ts";
import { SourceFile } from "../text/source.ts";
import { SIDES } from "./codec-board.ts";
import { scenarioVersion } from "../files/versions.ts";

/** One scenario as a file writes it (docs/files.md, "Scenario files"). */
export interface ScenarioForm {
  readonly name: string;
  readonly seed?: number;
  /** The game version it plays at; absent: the cards' own definitions (or `test --version`). */
  readonly version?: string | null;
  readonly given: Readonly<Record<string, unknown>>;
  readonly do?: readonly Readonly<Record<string, unknown>>[];
  readonly expect?: Readonly<Record<string, unknown>>;
}

/**
 * A scenario file that is not part of a checked game (a path given to `cardwright test` or
 * `play --from`, a file the sandbox starts from): read as the files phase reads every file.
 */
export function readScenarioFile(file: string, text: string): ScenarioFileModel {
  const source = new SourceFile(file, text);
  return { file, text, ok: source.ok, source, value: source.ok ? source.value() : null };
}

/** Scenario `index` of a read file as a start: its name, seed (default 1), version and `given`; null when there is none. */
export function scenarioAt(
  f: ScenarioFileModel,
  index: number,
): { name: string; seed: number; version: string | null; given: Readonly<Record<string, unknown>> } | null {
  const list = (f.value as { scenarios?: unknown } | null)?.scenarios;
  const sc = Array.isArray(list) ? (list[index] as Record<string, unknown> | undefined) : undefined;
  if (!f.ok || !sc || typeof sc !== "object") return null;
  const given = sc["given"];
  return {
    name: String(sc["name"]),
    seed: typeof sc["seed"] === "number" ? sc["seed"] : 1,
    version: scenarioVersion(f.source, ["scenarios", index]),
    given: given && typeof given === "object" && !Array.isArray(given) ? (given as Record<string, unknown>) : {},
  };
}

const PLAIN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

/** A YAML flow value: plain names, quoted texts (JSON strings are YAML double-quoted strings). */
export function flow(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v === "string") return PLAIN.test(v) && !RESERVED.test(v) ? v : JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`;
  const entries = Object.entries(v as Record<string, unknown>);
  return entries.length === 0 ? "{}" : `{ ${entries.map(([k, x]) => `${flow(k)}: ${flow(x)}`).join(", ")} }`;
}

/** The text of a scenario file holding `scenarios`, with `header` as comment lines above them. */
export function scenarioFileText(scenarios: readonly ScenarioForm[], header: readonly string[] = []): string {
  const lines = header.map((h) => `# ${h}`);
  lines.push("scenarios:");
  for (const sc of scenarios) {
    lines.push(`  - name: ${JSON.stringify(sc.name)}`);
    if (sc.seed !== undefined) lines.push(`    seed: ${sc.seed}`);
    if (sc.version !== undefined && sc.version !== null) lines.push(`    version: ${JSON.stringify(sc.version)}`);
    lines.push("    given:");
    const sides = Object.keys(sc.given).filter((k) => k !== "game" && k !== "options");
    for (const side of [
      ...SIDES.filter((s) => sides.includes(s)),
      ...sides.filter((s) => !SIDES.includes(s as "me")),
    ]) {
      const entries = Object.entries((sc.given[side] ?? {}) as Record<string, unknown>);
      if (entries.length === 0) lines.push(`      ${side}: {}`);
      else {
        lines.push(`      ${side}:`);
        for (const [k, v] of entries) lines.push(`        ${flow(k)}: ${flow(v)}`);
      }
    }
    for (const k of ["game", "options"])
      if (sc.given[k] !== undefined && Object.keys(sc.given[k] as object).length > 0)
        lines.push(`      ${k}: ${flow(sc.given[k])}`);
    if (sc.do && sc.do.length > 0) {
      lines.push("    do:");
      for (const s of sc.do) lines.push(`      - ${flow(s)}`);
    }
    if (sc.expect && Object.keys(sc.expect).length > 0) {
      lines.push("    expect:");
      for (const [k, v] of Object.entries(sc.expect)) lines.push(`      ${flow(k)}: ${flow(v)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
