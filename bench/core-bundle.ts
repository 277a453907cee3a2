/**
 * The browser-safe core as a Vite bundle for a web worker: builds bench/core-worker.ts (grammar,
 * check, lower, generate, emit and the libraries they use) into a temporary folder, prints the
 * size raw and gzipped, and checks that nothing of TypeScript or of Node got in.
 * Run alone (`npx tsx bench/core-bundle.ts`; KEEP=1 keeps the bundle and prints its folder) or by
 * `npm run bench`. Exits non-zero on a leak.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..");

export interface CoreBundle {
  readonly bytes: number;
  readonly gzip: number;
  /** Signs of TypeScript or Node in the bundle (empty when it is browser-safe). */
  readonly leaks: string[];
  /** How often the word "typescript" occurs at all (e.g. in a library's comment). */
  readonly mentions: number;
}

export async function measureCoreBundle(): Promise<CoreBundle> {
  const out = mkdtempSync(join(tmpdir(), "cardwright-core-"));
  try {
    await build({
      root: ROOT,
      configFile: false,
      logLevel: "silent",
      build: {
        outDir: out,
        emptyOutDir: true,
        minify: true,
        // A library in the shape a module worker loads: one ES file, every dependency inside.
        lib: { entry: join(ROOT, "bench", "core-worker.ts"), formats: ["es"], fileName: () => "core-worker.js" },
      },
    });
    const files = readdirSync(out).filter((f) => statSync(join(out, f)).isFile());
    const code = files.map((f) => readFileSync(join(out, f)));
    const text = Buffer.concat(code).toString("utf8");
    const leaks: string[] = [];
    // The TypeScript compiler would come in as a module (import/require of typescript or ts-morph)
    // or, bundled, with its API; a library's comment that merely mentions the word is not it.
    for (const m of text.matchAll(/(?:from|import|require)\s*\(?\s*["']([^"']+)["']/g)) {
      const spec = m[1] ?? "";
      if (/^(typescript|ts-morph|@ts-morph\/)/.test(spec) || spec.startsWith("node:")) leaks.push(spec);
    }
    for (const api of ["transpileModule", "createSourceFile", "createProgram", "ScriptTarget"])
      if (text.includes(api)) leaks.push(`TypeScript API ${api}`);
    const mentions = (text.match(/typescript/gi) ?? []).length;
    return { bytes: text.length, gzip: gzipSync(Buffer.concat(code)).length, leaks: [...new Set(leaks)], mentions };
  } finally {
    if (!process.env["KEEP"]) rmSync(out, { recursive: true, force: true });
    else process.stdout.write(out + "\n");
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await measureCoreBundle();
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  process.stdout.write(
    `core worker bundle (vite, es): ${kib(r.bytes)} raw, ${kib(r.gzip)} gzip; ${r.leaks.length ? `LEAKS: ${r.leaks.join(", ")}` : "no typescript, no node: modules"} (the word "typescript": ${r.mentions}× in comments)\n`,
  );
  if (r.leaks.length) process.exitCode = 1;
}
