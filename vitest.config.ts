import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import LongestFirst from "./test/sequencer.ts";

export default defineConfig({
  test: {
    testTimeout: 120_000,
    // Closing a browser context and its server in afterAll took over vitest's 10 s default on a
    // loaded two-core machine (editor/hostile and editor/balance failed so, with every test passed).
    hookTimeout: 60_000,
    pool: "threads",
    // One worker per core: vitest's default leaves a core to its main process, which is idle
    // while tests run (on a 2-core CI machine that meant one worker).
    maxWorkers: Math.max(1, availableParallelism()),
    // Test files share their worker's modules: the compiler, the runtime and the compiled games
    // are imported once per worker rather than once per file (most of the time of small files).
    include: ["test/**/*.test.ts"],
    // One Chromium and one build of the editor's app for the whole run, made when first asked for.
    globalSetup: ["test/global-setup.ts"],
    // Every test file's temp folders (test/kit/temp.ts) are removed when it ends.
    setupFiles: ["test/kit/cleanup.ts"],
    // The longest files first (test/sequencer.ts), so both workers finish together.
    sequence: { sequencer: LongestFirst },
    isolate: false,
  },
});
