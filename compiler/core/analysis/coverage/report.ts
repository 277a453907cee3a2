/**
 * Clause coverage: which clauses of each card ran in a set of runs. The generator's coverage
 * probes (generate.ts, option `coverage`) mark clause k in a byte array; this module groups the
 * clauses by card file, counts them and describes the ones that never ran.
 *
 * Only card files count towards the total: the rules file is the game's machinery, reported on
 * its own line (`rules`).
 */
import type { Clause, ClauseKind } from "../../emit/generate.ts";
import type { CheckedModel } from "../../workspace/model.ts";

export interface ClauseResult {
  readonly clause: Clause;
  readonly hit: boolean;
  /** What the clause is, in words (`if: else branch`, `when: never false`…). */
  readonly label: string;
}

export interface FileCoverage {
  readonly file: string;
  /** The card of the file; null for the rules file. */
  readonly card: string | null;
  /** Clauses in source order. */
  readonly clauses: readonly ClauseResult[];
  readonly covered: number;
  readonly total: number;
}

export interface CoverageReport {
  readonly game: string;
  /** Card files, in the model's order (each card's file once). */
  readonly cards: readonly FileCoverage[];
  readonly rules: FileCoverage | null;
  /** Sums over `cards`. */
  readonly covered: number;
  readonly total: number;
}

const LABELS: Record<ClauseKind, string> = {
  statement: "statement",
  then: "if: the condition held",
  else: "if: the condition failed",
  loop: "loop: body entered",
  "when-true": "when: held",
  "when-false": "when: failed",
  trigger: "trigger fired",
};

export function clauseLabel(c: Clause, what?: string): string {
  return `${LABELS[c.kind]}${what ? ` (${what})` : ""}`;
}

/** Groups the clauses by file and counts the hits (`hits[k]` non-zero: clause k ran). */
export function coverageReport(
  model: CheckedModel,
  clauses: readonly Clause[],
  hits: ArrayLike<number>,
): CoverageReport {
  const whatOf = new Map(model.units.map((u) => [u.id, u.what]));
  const byFile = new Map<string, ClauseResult[]>();
  clauses.forEach((clause, k) => {
    const list = byFile.get(clause.at.file) ?? [];
    list.push({ clause, hit: (hits[k] ?? 0) !== 0, label: clauseLabel(clause, whatOf.get(clause.unit)) });
    byFile.set(clause.at.file, list);
  });
  const fileCoverage = (file: string, card: string | null): FileCoverage => {
    const list = (byFile.get(file) ?? [])
      .slice()
      .sort((a, b) => a.clause.at.line - b.clause.at.line || a.clause.at.col - b.clause.at.col);
    const covered = list.filter((c) => c.hit).length;
    return { file, card, clauses: list, covered, total: list.length };
  };
  const seen = new Set<string>();
  const cards: FileCoverage[] = [];
  for (const c of model.cards) {
    if (seen.has(c.file)) continue;
    seen.add(c.file);
    cards.push(fileCoverage(c.file, c.id));
  }
  const rules = model.rules ? fileCoverage(model.rules.file, null) : null;
  return {
    game: model.game,
    cards,
    rules,
    covered: cards.reduce((n, f) => n + f.covered, 0),
    total: cards.reduce((n, f) => n + f.total, 0),
  };
}

/** `N/M (P%)`, the percentage rounded down to one decimal (90% is never shown for 89.96%). */
export function ratio(covered: number, total: number): string {
  const pct = total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10;
  return `${covered}/${total} (${pct.toFixed(1)}%)`;
}

/** Each clause that never ran: `file:line:col  label`. */
export function uncoveredLines(report: CoverageReport): string[] {
  return report.cards.flatMap((f) =>
    f.clauses.filter((c) => !c.hit).map((c) => `${f.file}:${c.clause.at.line}:${c.clause.at.col}  ${c.label}`),
  );
}
