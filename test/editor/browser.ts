/**
 * A server and a page for an editor browser test file: the server serves a copy of cards/ and
 * dist/ in a temporary folder (tests write files); the page is a fresh context of the run's one
 * Chromium (test/shared.ts). The app is the production build `npm start` serves
 * (editor/server/app-build.ts), built once per run, not Vite's dev server.
 */
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { startEditorServer, type EditorServer } from "../../editor/server/server.ts";
import { REPO } from "../kit/corpus.ts";
import { sharedAppBuild, sharedBrowser } from "../shared.ts";
import { tempDir } from "../kit/temp.ts";
/** Screenshots of each step (gitignored with the rest of dist/). */
export const ARTIFACTS = join(REPO, "dist", "test-artifacts", "editor");

export interface Harness {
  readonly root: string;
  readonly server: EditorServer;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and page errors seen so far (a test fails on any). */
  readonly errors: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Changes the copy of cards/ and dist/ before the server starts. */
  readonly prepare?: (root: string) => void | Promise<void>;
  /** Screenshots go to dist/test-artifacts/<artifacts>/ (default: editor). */
  readonly artifacts?: string;
}

export async function openHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const root = tempDir("cardwright-editor-");
  cpSync(join(REPO, "cards"), join(root, "cards"), { recursive: true });
  cpSync(join(REPO, "dist"), join(root, "dist"), {
    recursive: true,
    filter: (src) => !src.includes("test-artifacts") && !src.includes("editor-app"),
  });
  await opts.prepare?.(root);
  const artifacts = opts.artifacts === undefined ? ARTIFACTS : join(REPO, "dist", "test-artifacts", opts.artifacts);
  rmSync(artifacts, { recursive: true, force: true });
  mkdirSync(artifacts, { recursive: true });
  await sharedAppBuild();
  const server = await startEditorServer({ root, port: 0 });
  const context = await (await sharedBrowser()).newContext({ viewport: { width: 1500, height: 950 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  // Monaco rejects a pending request with its CancellationError ("Canceled") when the model it
  // was for is replaced (a rename opens the new file): that is Monaco's bookkeeping, not a fault.
  page.on("pageerror", (e) => {
    if (e.name !== "Canceled" || e.message !== "Canceled") errors.push(`page: ${e.message}`);
  });
  // Which request failed: the console says only "Failed to load resource".
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`response: ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(server.url, { timeout: 120_000, waitUntil: "domcontentloaded" });
  await page.waitForSelector("body[data-ready='1']", { timeout: 120_000 });
  return {
    root,
    server,
    context,
    page,
    errors,
    shot: async (name) => void (await page.screenshot({ path: join(artifacts, `${name}.png`) })),
    async close() {
      await context.close();
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * One harness for a whole test file: opened before its tests (`use` receives it, e.g. to keep it
 * in the file's `h` and listen to dialogs), closed after them. After each test: a screenshot named
 * after a test that failed, and no console or page error (a console error anywhere fails the test
 * that caused it).
 */
export function harnessForFile(
  opts: HarnessOptions & { readonly openTimeout?: number },
  use: (h: Harness) => void,
): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await openHarness(opts);
    use(h);
  }, opts.openTimeout ?? 240_000);
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async (ctx) => {
    if (!h) return;
    if (ctx.task.result?.state === "fail")
      await h.shot(`failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`);
    expect(h.errors.splice(0)).toEqual([]);
  }, 60_000);
}

/** Opens a file of the served cards/ in the editor, the cursor at line:col (1-based). */
export function openFile(h: Harness, path: string, line = 1, col = 1): Promise<unknown> {
  return h.page.evaluate(([p, l, c]) => (window as any).cardwright.openFile(p, l, c), [path, line, col] as const);
}
