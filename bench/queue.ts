/**
 * The queue's overhead: 10,000 Elementis games between random agents, locally on all cores and
 * through `sim --queue` with one `cardwright worker` on all cores and a throw-away redis-server.
 * Target: the queued run within 10% of the local one. Run: npx tsx bench/queue.ts [games]
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const games = process.argv[2] ?? "10000";
const port = 20000 + (process.pid % 20000);
const url = `redis://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "cw-bench-queue-"));
const cli = ["--import", "tsx", join(ROOT, "compiler/node/cli/main.ts")];
const run = ["sim", "elementis", "--agents", "random,random", "--games", games, "--json"];
const redis = spawn(
  "redis-server",
  ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
  { cwd: dir, stdio: "ignore" },
);
const worker = spawn(process.execPath, [...cli, "worker", "--queue", url], { cwd: ROOT, stdio: "ignore" });
try {
  const time = (args: string[]) => {
    const t = performance.now();
    const out = execFileSync(process.execPath, [...cli, ...args], { cwd: ROOT, encoding: "utf8" });
    return { ms: performance.now() - t, out };
  };
  const local = time(run);
  const queued = time([...run, "--queue", url, "--shard", "100"]);
  if (local.out !== queued.out) throw new Error("the queued result differs from the local one");
  console.log(
    `${games} games: local ${(local.ms / 1000).toFixed(1)} s, queue ${(queued.ms / 1000).toFixed(1)} s, overhead ${((queued.ms / local.ms - 1) * 100).toFixed(1)}% (target ≤ 10%)`,
  );
} finally {
  worker.kill("SIGTERM");
  redis.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
