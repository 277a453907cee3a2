/**
 * The order vitest hands test files to its workers: the files that take longest first, so that
 * two workers finish together rather than one running a long file alone at the end. vitest's own
 * order is by the durations of the last run, and without them (a fresh clone, CI) by file size,
 * which puts short files with long runs (the hidden-information tests, the queue) last. The list
 * is measured (`vitest run --reporter=json`, per-file durations); files not in it keep vitest's
 * order after those that are.
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first, from a measured run (per-file durations of `vitest run --reporter=json`). */
export const LONGEST: readonly string[] = [
  "test/gitcg/random-games.test.ts",
  // Its games are played while the file is collected: the JSON reporter shows it as 0 s.
  "test/runtime/knowledge.test.ts",
  "test/editor/view-leak.test.ts",
  "test/editor/editor.test.ts",
  "test/elementis/round-trip.test.ts",
  "test/sim/queue.test.ts",
  "test/compiler/differential.test.ts",
  "test/compiler/corpus.test.ts",
  "test/lsp/lsp-root.test.ts",
  "test/vermilion/random-games.test.ts",
  "test/hardening/input-size.test.ts",
  "test/coverage/coverage.test.ts",
  "test/lsp/lsp-protocol.test.ts",
  "test/compiler/path-injection.test.ts",
  "test/hardening/mutation.test.ts",
  "test/cli/cli.test.ts",
  "test/cli/agents-stdin.test.ts",
  "test/elementis/random-matches.test.ts",
  "test/card-text/japanese.test.ts",
  "test/editor/readable.test.ts",
  "test/cli/agents.test.ts",
  "test/runtime/agents-honesty.test.ts",
  "test/editor/sandbox-seats.test.ts",
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONGEST.indexOf(relative(this.ctx.config.root, f.moduleId).split("\\").join("/"));
      return i < 0 ? LONGEST.length : i;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return [...base].sort((a, b) => rank(a) - rank(b));
  }
}
