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

/** Longest first, from a measured run. */
export const LONGEST: readonly string[] = [
  "test/editor/editor.test.ts",
  "test/runtime/knowledge.test.ts",
  "test/editor/view-leak.test.ts",
  "test/editor/sandbox-seats.test.ts",
  "test/gitcg/random-games.test.ts",
  "test/editor/readable.test.ts",
  "test/editor/disk.test.ts",
  "test/editor/balance.test.ts",
  "test/sim/queue.test.ts",
  "test/editor/hostile.test.ts",
  "test/compiler/hostile-names.test.ts",
  "test/lsp/neovim.test.ts",
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
