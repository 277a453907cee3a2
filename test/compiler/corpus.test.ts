/**
 * The broken-file corpus: test/corpus/cases/NN-name/ overlays files of test/corpus/base/ (a small
 * valid game) and lists in expected.txt the exact diagnostics, in the compiler's order.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/compile.ts";
import { renderDiagnostic } from "../../compiler/core/diagnostics.ts";
import { CASES, caseInput, caseNames, expectedOf, filesUnder, gameFiles, REPO, toInput, writeGame } from "./kit.ts";

const cases = caseNames();
const CLI = relative(REPO, join(REPO, "compiler", "node", "cli", "main.ts"));

describe("corpus base game", () => {
  it("is valid: no diagnostics at all", () => {
    expect(checkGame(toInput(gameFiles())).diagnostics.map(renderDiagnostic)).toEqual([]);
  });

  it("has enough cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });
});

describe("corpus cases (checkGame)", () => {
  it.each(cases)("%s", (name) => {
    const diags = checkGame(caseInput(name)).diagnostics;
    expect(diags.map(renderDiagnostic).join("\n")).toBe(expectedOf(name));
    expect(diags.some((d) => d.severity === "error")).toBe(true);
  });
});

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runCli(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env["FORCE_COLOR"];
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<X, R>(items: readonly X[], width: number, task: (x: X) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i] as X);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

describe("corpus cases (the cardwright CLI)", () => {
  it("`cardwright check --root <tmp>` exits 1 with the expected diagnostics and no stack trace, for every case", async () => {
    const results = await inBatches(cases, Math.max(2, availableParallelism()), async (name) => {
      const root = writeGame(gameFiles(filesUnder(join(CASES, name))));
      try {
        const run = await runCli(["check", "--root", root]);
        // The CLI prints paths relative to its working directory (the repository).
        const prefix = relative(REPO, join(root, "cards", "corpus")).split("\\").join("/") + "/";
        return { name, run, stderr: run.stderr.split(prefix).join("") };
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
    for (const { name, run, stderr } of results) {
      const expected = expectedOf(name);
      const firstError = expected.split("\n").find((l) => / error /.test(l)) ?? "";
      const at = /^[^:]+:(\d+:\d+): error /.exec(firstError)?.[1];
      expect(at, name).toBeDefined();
      expect({ name, code: run.code }).toEqual({ name, code: 1 });
      expect(stderr, name).toContain(`${at}: error`);
      expect(stderr, name).not.toMatch(/\n\s+at /);
      expect(stderr.trim(), name).toBe(expected);
    }
  }, 600_000);
});
