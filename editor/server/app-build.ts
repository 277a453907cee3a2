/**
 * The production build of the app that `npm start` serves: built once with Vite, then reused
 * while its inputs are unchanged (the way dist/<game>/ is cached by an inputs hash). The inputs
 * are everything the bundle is made of: the app, the compiler core, the scenario runner, the grammar and the runtime
 * it imports, its HTML and Vite config, and the lockfile (the versions of Monaco and the rest).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const EDITOR = join(REPO, "editor");
/** Built apps, one folder per inputs hash: dist/editor-app/<hash>/. */
export const APP_BUILDS = join(REPO, "dist", "editor-app");

const INPUT_DIRS = ["editor/src", "compiler/core", "compiler/scenarios", "grammar", "runtime"];
const INPUT_FILES = ["editor/index.html", "editor/vite.config.ts", "package-lock.json"];

/** The hash of the app's inputs (paths and contents, in a fixed order). */
export function appInputsHash(repo = REPO): string {
  const h = createHash("sha256");
  const add = (p: string) =>
    h.update(relative(repo, p).split("\\").join("/")).update("\0").update(readFileSync(p)).update("\0");
  const walk = (d: string): void => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else add(p);
    }
  };
  for (const d of INPUT_DIRS) walk(join(repo, d));
  for (const f of INPUT_FILES) add(join(repo, f));
  return h.digest("hex").slice(0, 16);
}

export interface AppBuild {
  /** The folder of the built files (index.html and assets/). */
  readonly dir: string;
  readonly hash: string;
  readonly fromCache: boolean;
}

let building: Promise<AppBuild> | null = null;

/** The built app for the current sources: the cached one, or a fresh build. */
export function ensureAppBuild(): Promise<AppBuild> {
  building ??= buildIfNeeded().finally(() => (building = null));
  return building;
}

async function buildIfNeeded(): Promise<AppBuild> {
  const hash = appInputsHash();
  const dir = join(APP_BUILDS, hash);
  if (existsSync(join(dir, "index.html"))) return { dir, hash, fromCache: true };
  // Build beside it and rename: another process (a parallel test file) may build the same hash,
  // and a half-written folder must never be served.
  mkdirSync(APP_BUILDS, { recursive: true });
  const tmp = join(APP_BUILDS, `.tmp-${process.pid}-${Date.now()}`);
  const { build } = await import("vite");
  try {
    await build({
      configFile: join(EDITOR, "vite.config.ts"),
      root: EDITOR,
      logLevel: "error",
      build: { outDir: tmp, emptyOutDir: true },
    });
    try {
      renameSync(tmp, dir);
    } catch (e) {
      // Someone else finished the same build first: theirs is as good as ours.
      if (!existsSync(join(dir, "index.html"))) throw e;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // Older builds are of sources that no longer exist.
  for (const e of readdirSync(APP_BUILDS))
    if (e !== hash && !e.startsWith(".tmp-")) rmSync(join(APP_BUILDS, e), { recursive: true, force: true });
  return { dir, hash, fromCache: false };
}
