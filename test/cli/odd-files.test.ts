/**
 * `check` over a game folder holding files that are not regular files: a FIFO named like a card
 * must be named in an error, not read (a plain read waits for a writer for good). The CLI runs in
 * a child process with a time limit, so a hang fails the test instead of blocking its worker.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO } from "../kit/corpus.ts";
import { tempDir } from "../kit/temp.ts";

const root = tempDir("cardwright-odd-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("check: files that are not regular files", () => {
  it("a FIFO named *.yaml under cards/ is an io/unreadable error naming it; check ends with exit 1", () => {
    cpSync(join(REPO, "cards", "elementis"), join(root, "cards", "elementis"), { recursive: true });
    execFileSync("mkfifo", [join(root, "cards", "elementis", "cards", "pipe.yaml")]);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", join(REPO, "compiler/node/cli/main.ts"), "check", "elementis", "--root", root],
      { cwd: REPO, encoding: "utf8", timeout: 100_000, env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    // Paths are shown relative to the working folder (the repository here).
    expect(r.stderr.trim().split("\n")).toEqual([
      `${relative(REPO, root)}/cards/elementis/cards/pipe.yaml:1:1: error io/unreadable: the file is a named pipe (FIFO), not a regular file`,
    ]);
  });
});
