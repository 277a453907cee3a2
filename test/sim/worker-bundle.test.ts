/**
 * The sim's worker script (compiler/node/sim/worker-bundle.ts): TypeScript bundled into one
 * JavaScript module, reused while its sources are unchanged and built again when one changes.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { workerScript } from "../../compiler/node/sim/worker-bundle.ts";
import { tempDir } from "../kit/temp.ts";

const root = tempDir("cw-worker-bundle-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the worker script", () => {
  it("is the TypeScript entry and its imports as one JavaScript module, rebuilt only when a source changes", async () => {
    mkdirSync(join(root, "src"));
    const entry = join(root, "src", "entry.ts");
    writeFileSync(entry, 'import { twice } from "./lib.ts";\nexport const answer: number = twice(21);\n');
    writeFileSync(join(root, "src", "lib.ts"), "export const twice = (n: number): number => n * 2;\n");

    const first = await workerScript(root, entry);
    expect(first).toMatch(/[/\\]dist[/\\]\.sim-worker[/\\]worker-[0-9a-f]{16}\.mjs$/);
    expect(((await import(pathToFileURL(first).href)) as { answer: number }).answer).toBe(42);

    // Unchanged sources: the same file, not written again.
    const written = statSync(first).mtimeMs;
    expect(await workerScript(root, entry)).toBe(first);
    expect(statSync(first).mtimeMs).toBe(written);

    // A change to an imported file (not the entry) gives another bundle, and the old one goes.
    writeFileSync(join(root, "src", "lib.ts"), "export const twice = (n: number): number => n * 3;\n");
    const second = await workerScript(root, entry);
    expect(second).not.toBe(first);
    expect(existsSync(first)).toBe(false);
    expect(((await import(pathToFileURL(second).href)) as { answer: number }).answer).toBe(63);
    expect(readdirSync(join(root, "dist", ".sim-worker")).sort()).toEqual(
      ["manifest.json", second.split(/[/\\]/).pop()].sort(),
    );
  });

  it("is built again when its manifest's bundle is gone", async () => {
    const entry = join(root, "src", "entry.ts");
    const script = await workerScript(root, entry);
    rmSync(script);
    expect(await workerScript(root, entry)).toBe(script);
    expect(existsSync(script)).toBe(true);
  });
});
