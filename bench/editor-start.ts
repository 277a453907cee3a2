/**
 * `npm start` to a usable page, with warm caches (issue 21, item 5: ≤ 5 s): starts the server as
 * `npm start` does (`tsx editor/server/main.ts`), opens the printed URL in Debian's Chromium and
 * stops the clock when the app says it is ready (`body[data-ready]`: tree, schemas, the first card
 * checked and shown). A first run warms the caches (compiled games, the app build, and the
 * browser's own cache of the app's hashed assets, which a designer's browser keeps between starts:
 * one browser profile serves every run); the figures are the runs after it. The browser is started
 * before the clock, as a designer's is already running. Usage: `npx tsx bench/editor-start.ts [runs]` (default 3).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { REPO } from "../test/kit/corpus.ts";

const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const runs = Number(process.argv[2] ?? 3);

const profile = mkdtempSync(join(tmpdir(), "cardwright-bench-chromium-"));

async function once(): Promise<{ server: number; page: number }> {
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  // A designer's browser is running and idle: its own start-up (renderer, GPU process) is over
  // before the clock starts, not competing with the server for the two cores.
  await page.goto("about:blank");
  await new Promise((r) => setTimeout(r, 1500));
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "editor/server/main.ts", "--port", "0"], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = "";
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) done(m[1] as string);
    });
    child.on("exit", (c) => fail(new Error(`the server exited (${c}) before printing its URL:\n${out}`)));
  });
  const server = performance.now() - t0;
  try {
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 120_000 });
    await page.waitForSelector("body[data-ready='1']", { timeout: 120_000 });
    return { server, page: performance.now() - t0 };
  } finally {
    await ctx.close();
    child.kill("SIGTERM");
  }
}

const all: { server: number; page: number }[] = [];
try {
  const warm = await once();
  process.stdout.write(`warm-up run (fills the caches): usable page in ${(warm.page / 1000).toFixed(2)} s\n`);
  for (let i = 0; i < runs; i++) all.push(await once());
} finally {
  rmSync(profile, { recursive: true, force: true });
}
const sorted = all.map((r) => r.page).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] as number;
for (const [i, r] of all.entries())
  process.stdout.write(
    `run ${i + 1}: server printed its URL at ${(r.server / 1000).toFixed(2)} s, page usable at ${(r.page / 1000).toFixed(2)} s\n`,
  );
process.stdout.write(
  `npm start → usable page (warm caches, ${runs} runs): median ${(median / 1000).toFixed(2)} s (target ≤ 5 s)\n`,
);
