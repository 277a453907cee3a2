import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Test files that must start in a fresh worker. robustness.test.ts expects a 3,000-deep nesting to
 * overflow the parser's stack; after other files have warmed the parser up (JIT-compiled frames
 * are smaller) it fits, so that file keeps a worker of its own.
 */
const ISOLATED = ["test/grammar/robustness.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    pool: "threads",
    // One worker per core: vitest's default leaves a core to its main process, which is idle
    // while tests run (on a 2-core CI machine that meant one worker).
    maxWorkers: Math.max(1, availableParallelism()),
    projects: [
      {
        extends: true,
        // The rest share their worker's modules: the compiler, the runtime and the compiled games
        // are imported once per worker rather than once per file (most of the time of small files).
        test: { name: "shared", include: ["test/**/*.test.ts"], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true } },
    ],
  },
});
