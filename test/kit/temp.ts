/**
 * Temporary folders for tests. Every folder made here is removed after its test file
 * (test/kit/cleanup.ts, a set-up file of every run), so a test that fails half-way, or forgets,
 * leaves nothing in the machine's temp folder. Tests make temp folders only through `tempDir`
 * (test/architecture/temp-dirs.test.ts checks it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

/** A new empty folder under the temp folder, named `<prefix>XXXXXX`, removed after this test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made so far (what is gone already is skipped). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
