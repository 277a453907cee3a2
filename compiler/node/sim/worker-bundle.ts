/**
 * The script of the sim's worker threads: worker.ts and the runtime it imports, bundled into one
 * JavaScript module by esbuild, once per version of their sources. A thread then loads plain
 * JavaScript: no TypeScript loader, no transpiling and no resolving of a hundred source files in
 * each thread (through tsx that costs about a second of CPU per thread, which on a short run is a
 * large part of what a second core could save).
 *
 * The bundle lives in dist/.sim-worker/, named by a hash of every source file it was built from
 * (the list esbuild reports, kept in manifest.json). A run hashes those files again: any change
 * to one of them (an import added or removed is a change to a file already listed) gives another
 * hash, and the bundle is built again. npm packages stay outside the bundle and are imported from
 * node_modules as usual (piscina's `workerData` must be the pool's own module).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "../project.ts";

/** Bumped when the build options below change: bundles of other options are not reused. */
const RECIPE = "cardwright-sim-worker/1";

const ENTRY = fileURLToPath(new URL("./worker.ts", import.meta.url));

interface Manifest {
  readonly hash: string;
  /** The bundle's source files, relative to the project root. */
  readonly inputs: readonly string[];
}

/** The hash of the recipe, esbuild's version and each input's path and text; null when an input is gone. */
function hashOf(root: string, inputs: readonly string[], esbuildVersion: string): string | null {
  const h = createHash("sha256").update(RECIPE).update("\0").update(esbuildVersion).update("\0");
  for (const f of inputs) {
    let text: Buffer;
    try {
      text = readFileSync(resolve(root, f));
    } catch {
      return null;
    }
    h.update(f).update("\0").update(text).update("\0");
  }
  return h.digest("hex").slice(0, 16);
}

/** Written to a temporary name, then renamed: a reader (another sim starting) sees the old file or the whole new one. */
function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

function readManifest(file: string): Manifest | null {
  try {
    const m = JSON.parse(readFileSync(file, "utf8")) as Partial<Manifest>;
    return typeof m.hash === "string" && Array.isArray(m.inputs) ? (m as Manifest) : null;
  } catch {
    return null;
  }
}

const scriptOf = (dir: string, hash: string) => join(dir, `worker-${hash}.mjs`);

/**
 * The path of the worker script for the current sources, building it when they changed. `root`
 * is the project root (dist/ lives there; node_modules is found from there); `entry` the module
 * bundled (the sim's worker; a test gives its own).
 */
export async function workerScript(root = ROOT, entry = ENTRY): Promise<string> {
  const { build, version } = await import("esbuild");
  const dir = join(root, "dist", ".sim-worker");
  const manifestFile = join(dir, "manifest.json");
  const known = readManifest(manifestFile);
  // (A manifest that outlived its bundle is built again.)
  if (known !== null && hashOf(root, known.inputs, version) === known.hash && existsSync(scriptOf(dir, known.hash)))
    return scriptOf(dir, known.hash);
  const out = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    metafile: true,
    write: false,
    outfile: join(dir, "worker.mjs"),
    logLevel: "silent",
    legalComments: "none",
  });
  const inputs = Object.keys(out.metafile.inputs).sort();
  const hash = hashOf(root, inputs, version);
  const js = out.outputFiles[0]?.text;
  if (hash === null || js === undefined) throw new Error("the sim worker's bundle could not be built");
  mkdirSync(dir, { recursive: true });
  const script = scriptOf(dir, hash);
  writeAtomic(script, js);
  writeAtomic(manifestFile, `${JSON.stringify({ hash, inputs } satisfies Manifest, null, 1)}\n`);
  // Older bundles go (a run that started from one has loaded it already).
  for (const f of readdirSync(dir))
    if (/^worker-[0-9a-f]{16}\.mjs$/.test(f) && join(dir, f) !== script) rmSync(join(dir, f), { force: true });
  return script;
}

/**
 * The Node options of the worker threads: none. A thread inherits its process's options unless
 * given its own, and under `tsx` those register tsx's loader (a hooks thread and its transpiler)
 * in every thread: about 0.4 s of CPU per thread for nothing, as the bundle is plain JavaScript.
 * Nothing else is lost: V8's options (heap size, …) are the process's and hold in every thread
 * anyway, and a worker refuses them in its own list (ERR_WORKER_INVALID_EXEC_ARGV).
 */
export const THREAD_EXEC_ARGV: readonly string[] = [];
