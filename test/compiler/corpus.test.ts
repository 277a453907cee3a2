/**
 * The broken-file corpus: test/corpus/cases/NN-name/ overlays files of test/corpus/base/ (a small
 * valid game) and lists in expected.txt the exact diagnostics, in the compiler's order.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runCli } from "../../compiler/node/cli/main.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { fileDiagnostics } from "../../compiler/core/services/diagnostics.ts";
import { CASES, caseInput, caseNames, expectedOf, filesUnder, gameFiles, REPO, toInput } from "../kit/corpus.ts";
import { writeGame } from "../kit/toy-game.ts";

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

/** Code and 1-based position of a diagnostic: what must be the same everywhere. */
const where = (file: string, line: number, col: number, code: string) => `${file}:${line}:${col} ${code}`;

describe("the same diagnostics everywhere: the workspace (the editor's path) and the language service", () => {
  it.each(cases)("%s: the base game, then the case's files changed one by one, gives the CLI's diagnostics", (name) => {
    const ws = new Workspace(toInput(gameFiles()));
    expect(ws.model().diagnostics).toEqual([]);
    for (const [path, text] of filesUnder(join(CASES, name))) ws.setFile(path, text);
    const model = ws.model();
    // expected.txt is also what `cardwright check` prints for the case (the CLI tests below).
    expect(model.diagnostics.map(renderDiagnostic).join("\n")).toBe(expectedOf(name));
    const fromServices = [...model.files.keys()].flatMap((f) =>
      fileDiagnostics(model, f).map((d) => where(f, d.range.start.line + 1, d.range.start.character + 1, d.code)),
    );
    expect(fromServices.sort()).toEqual(
      model.diagnostics.map((d) => where(d.file, d.range.start.line, d.range.start.col, d.code)).sort(),
    );
  });
});

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The process boundary, tested once: a real `cardwright` child process. */
function spawnCli(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env["FORCE_COLOR"];
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
      cwd: REPO,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** `cardwright check --root <tmp>` on a case; paths in its output made relative to the game folder. */
async function checkCase(
  name: string,
  run: (args: readonly string[]) => Promise<Run>,
): Promise<{ run: Run; stderr: string }> {
  const root = writeGame(gameFiles(filesUnder(join(CASES, name))));
  try {
    const r = await run(["check", "--root", root]);
    // The CLI prints paths relative to its working directory (the repository).
    const prefix =
      relative(REPO, join(root, "cards", "corpus"))
        .split("\\")
        .join("/") + "/";
    return { run: r, stderr: r.stderr.split(prefix).join("") };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function expectCase(name: string, run: Run, stderr: string): void {
  const expected = expectedOf(name);
  const firstError = expected.split("\n").find((l) => / error /.test(l)) ?? "";
  const at = /^[^:]+:(\d+:\d+): error /.exec(firstError)?.[1];
  expect(at, name).toBeDefined();
  expect({ name, code: run.code }).toEqual({ name, code: 1 });
  expect(stderr, name).toContain(`${at}: error`);
  expect(stderr, name).not.toMatch(/\n\s+at /);
  expect(stderr.trim(), name).toBe(expected);
}

describe("corpus cases (the cardwright CLI, in process)", () => {
  it.each(cases)(
    "%s: `cardwright check --root <tmp>` exits 1 with the expected diagnostics and no stack trace",
    async (name) => {
      const { run, stderr } = await checkCase(name, runCli);
      expectCase(name, run, stderr);
    },
  );
});

describe("corpus cases (the cardwright CLI, as a child process)", () => {
  it.each(["01-yaml-unclosed-quote", "15-unknown-zone"].filter((n) => cases.includes(n)))(
    "%s",
    async (name) => {
      const { run, stderr } = await checkCase(name, spawnCli);
      expectCase(name, run, stderr);
    },
    120_000,
  );
});
