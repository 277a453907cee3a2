/**
 * KERNEL-1 (docs/architecture.md): the kernel is the only writer of the undo journal, the log and
 * the counters. Which module may call which writer:
 * - the log: entries are appended only by `runtime/kernel/log.ts` (`pushLog`, and `logNote` for a
 *   host's own line); `pushLog` is called only by the kernel, the rule subsystems (`flow/`) and the
 *   kernel's implementation (`host/ctx.ts`); nothing else pushes to, cuts or replaces a state's log
 *   (the journal puts its length back; a view builds its own masked copy; a forked state gets its
 *   own copy of a shared log before it is written, state/clone.ts);
 * - the journal: its recorders are called by the kernel, the subsystems and `host/ctx.ts`; only
 *   `Engine.apply` (`host/engine.ts`) begins, restores and ends it, and only `host/ctx.ts` makes one;
 * - the counters (`mutations`, `zoneMutations`, `listenEpoch`, `tableMoves`, `ticks`, `work`, `written`,
 *   `bigAt`, `created`):
 *   written only by the kernel's implementation; others read them and call `beginDrive` or
 *   `invalidate`.
 * The journal and the counters are found with TypeScript's checker over runtime/ (a write is one
 * to the Kernel's or RuntimeCtx's member, not to a field of the same name elsewhere); the log and
 * the imports outside runtime/ are read file by file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";
import { importEdges, sourceFiles } from "./import-graph.ts";
import {
  counterBreaches,
  IMPLEMENTATION,
  journalBreaches,
  kernelUses,
  LOGGERS,
  LOG_OWNERS,
  logWrites,
  pushLogCalls,
  rel,
  runtimeProgram,
  TRANSACTION,
  WRITER_HOMES,
} from "./writer-scan.ts";

describe("KERNEL-1: the kernel is the only writer of the journal, the log and the counters", () => {
  const files = sourceFiles(ROOT, ["runtime", "compiler", "editor", "grammar"]).map((f) => ({
    path: rel(f),
    text: readFileSync(f, "utf8"),
  }));
  const program = runtimeProgram();
  const uses = kernelUses(program);

  it("the counters are written only by the kernel's implementation (host/ctx.ts)", () => {
    // The scan sees the writes there (else it would pass by seeing nothing).
    const listenerCounters = (u: { what: string }) => u.what === "zoneMutations" || u.what === "listenEpoch";
    expect(uses.counters.filter((u) => u.file === IMPLEMENTATION && listenerCounters(u)).length).toBeGreaterThan(3);
    expect(counterBreaches(uses.counters)).toEqual([]);
  });

  it("the journal is recorded by the kernel, the subsystems and host/ctx.ts; begun, restored and ended by Engine.apply", () => {
    expect(uses.journal.some((u) => u.file === TRANSACTION && u.what === "restore")).toBe(true);
    expect(uses.journal.some((u) => u.file.startsWith("runtime/flow/") && u.what === "frame")).toBe(true);
    expect(journalBreaches(uses.journal)).toEqual([]);
  });

  it("a state's log is changed only by kernel/log.ts (appends) and kernel/undo.ts (undo); a view builds its own", () => {
    const bad = files.filter((f) => !(f.path in LOG_OWNERS)).flatMap((f) => logWrites(f.path, f.text));
    expect(bad).toEqual([]);
    for (const owner of Object.keys(LOG_OWNERS))
      expect(logWrites(owner, files.find((f) => f.path === owner)?.text ?? "").length, owner).toBeGreaterThan(0);
  });

  it("pushLog is called only by the kernel, the subsystems and host/ctx.ts", () => {
    const bad = files
      .filter((f) => !LOGGERS.some((re) => re.test(f.path)))
      .flatMap((f) => pushLogCalls(f.path, f.text));
    expect(bad).toEqual([]);
  });

  it("outside runtime/, no module imports the writers' homes (hosts hold an Engine)", () => {
    const edges = importEdges(files.map((f) => join(ROOT, f.path)));
    const bad: string[] = [];
    for (const [from, targets] of edges)
      for (const to of targets)
        if (!rel(from).startsWith("runtime/") && WRITER_HOMES.includes(rel(to))) bad.push(`${rel(from)} → ${rel(to)}`);
    expect(bad).toEqual([]);
  });

  it("the scans see a breach: a counter written, a journal begun or recorded, a log pushed, outside their homes", () => {
    const probe = "runtime/play/probe.ts";
    const text = [
      'import type { Kernel } from "../kernel/kernel.ts";',
      'import type { RuntimeCtx } from "../host/ctx.ts";',
      'import { Undo } from "../kernel/undo.ts";',
      "export function probe(rt: Kernel, c: RuntimeCtx): void {",
      "  c.mutations++;",
      "  c.work += 2;",
      "  c.undo.begin(c.state);",
      "  const j = rt.undo;",
      "  if (j.active) j.rngWords(rt.state);",
      "  new Undo().end();",
      '  rt.state.log.push({ kind: "text", text: "x" });',
      "  rt.state.log.length = 0;",
      "  const cache = { mutations: 0 };",
      "  cache.mutations++;",
      "}",
    ].join("\n");
    const seen = kernelUses(runtimeProgram({ [probe]: text }, program), [probe]);
    expect(counterBreaches(seen.counters)).toEqual([`${probe}:5: mutations`, `${probe}:6: work`]);
    expect(journalBreaches(seen.journal)).toEqual([
      `${probe}:7: begin`,
      `${probe}:9: active`,
      `${probe}:9: rngWords`,
      `${probe}:10: end`,
      `${probe}:10: new`,
    ]);
    expect(logWrites(probe, text)).toEqual([`${probe}:11: push on a log`, `${probe}:12: writes into a log`]);
    expect(logWrites("x.ts", "console.log = () => {};\nv.log = [];")).toEqual(["x.ts:2: replaces a log"]);
  });
});
