/**
 * A server and a page for an editor browser test file: the server serves a copy of cards/ and
 * dist/ in a temporary folder (tests write files); the page is a fresh context of the run's one
 * Chromium (test/shared.ts). The app is the production build `npm start` serves
 * (editor/server/app-build.ts), built once per run, not Vite's dev server.
 */
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
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
