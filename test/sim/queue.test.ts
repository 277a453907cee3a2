/**
 * `cardwright sim --queue` (issue 19 item 4) against a real redis-server on a free loopback port:
 * the same seeds give byte-identical JSON on one local worker thread, on all cores, and on the
 * queue with two worker processes; a worker killed mid-run (kill -9) and another started loses no
 * game and counts none twice.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";
import { cli } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

const dir = tempDir("cw-queue-");
const children: ChildProcess[] = [];
let url = "";

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a !== null ? a.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startWorker(): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(ROOT, "compiler/node/cli/main.ts"), "worker", "--queue", url, "--workers", "1"],
    { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] },
  );
  children.push(child);
  return child;
}

/** Resolves once the worker has connected (its first line on stderr). */
const ready = (child: ChildProcess): Promise<void> =>
  new Promise((resolve, reject) => {
    let err = "";
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
      if (err.includes("waiting for shards")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${err}`)));
  });

beforeAll(async () => {
  const port = await freePort();
  const redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      cwd: dir,
      stdio: "ignore",
    },
  );
  children.push(redis);
  url = `redis://127.0.0.1:${port}`;
  // Ready when it accepts a connection.
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (ok) break;
    await sleep(50);
  }
});

afterAll(async () => {
  for (const c of children.reverse()) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await sleep(100);
  rmSync(dir, { recursive: true, force: true });
});

const RUN = ["sim", "elementis", "--agents", "random,random", "--games", "20", "--seed", "7", "--json"];

describe("cardwright sim --queue", () => {
  it("20 Elementis games: byte-identical JSON on 1 worker thread, all cores, and the queue with 2 worker processes", async () => {
    const a = startWorker();
    const b = startWorker();
    await Promise.all([ready(a), ready(b)]);
    const one = await cli([...RUN, "--workers", "1"]);
    const all = await cli(RUN);
    const queued = await cli([...RUN, "--queue", url, "--shard", "5"]);
    expect(one.code).toBe(0);
    expect(queued.err).toBe("");
    expect(queued.code).toBe(0);
    expect(all.out).toBe(one.out);
    expect(queued.out).toBe(one.out);
    a.kill("SIGKILL");
    b.kill("SIGKILL");
  }, 180_000);

  it("a worker killed mid-run (kill -9) and another started: every game once, the same JSON", async () => {
    const out = join(dir, "killed.jsonl");
    const local = await cli([...RUN, "--workers", "1"]);
    const first = startWorker();
    await ready(first);
    const run = cli([...RUN, "--queue", url, "--shard", "2", "--out", out]);
    // Kill it once some shards are in and the rest are not.
    for (let i = 0; i < 400; i++) {
      if (existsSync(out) && readFileSync(out, "utf8").split("\n").length > 6) break;
      await sleep(25);
    }
    first.kill("SIGKILL");
    const second = startWorker();
    await ready(second);
    const r = await run;
    expect(r.code).toBe(0);
    expect(r.out).toBe(local.out);
    const games = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => (JSON.parse(l) as { game: number }).game);
    expect(games).toEqual([...Array(20).keys()]);
    second.kill("SIGKILL");
  }, 180_000);
});
