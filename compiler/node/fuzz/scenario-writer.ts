/** Writes a shrunk reproduction as a scenario file (the format of docs/files.md), readable and stable. */
import type { WrittenBoard, WrittenCard } from "./board.ts";
import type { Repro } from "./shrink.ts";
import type { Step } from "./steps.ts";

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

const SEATS = ["me", "opponent"];

function cardFlow(c: WrittenCard): unknown {
  return typeof c === "string" ? c : { card: c.card, ...c.props };
}

function stepFlow(s: Step): string {
  const by = SEATS[s.by - 1] ?? String(s.by);
  if (s.t === "act") return flow({ by, [s.action]: s.ref });
  if (s.t === "may") return flow({ by, may: s.yes });
  return flow({ by, choose: s.refs.length === 0 ? "none" : s.refs });
}

export interface ScenarioText {
  readonly name: string;
  /** Comment lines put above the scenario (without "# "). */
  readonly header: readonly string[];
}

/** The scenario file's text. */
export function scenarioYaml(board: WrittenBoard, r: Pick<Repro, "seed" | "steps">, text: ScenarioText): string {
  const lines = text.header.map((h) => `# ${h}`);
  lines.push("scenarios:", `  - name: ${JSON.stringify(text.name)}`, `    seed: ${r.seed}`, "    given:");
  board.players.forEach((p, i) => {
    const entries: string[] = [];
    for (const [z, cards] of Object.entries(p.zones ?? {})) entries.push(`${z}: ${flow(cards.map(cardFlow))}`);
    for (const [k, v] of Object.entries(p.props ?? {})) entries.push(`${k}: ${flow(v)}`);
    if (entries.length === 0) lines.push(`      ${SEATS[i] ?? `seat${i + 1}`}: {}`);
    else {
      lines.push(`      ${SEATS[i] ?? `seat${i + 1}`}:`);
      for (const e of entries) lines.push(`        ${e}`);
    }
  });
  if (Object.keys(board.game ?? {}).length > 0) lines.push(`      game: ${flow(board.game)}`);
  if (r.steps.length > 0) {
    lines.push("    do:");
    for (const s of r.steps) lines.push(`      - ${stepFlow(s)}`);
  }
  return lines.join("\n") + "\n";
}
