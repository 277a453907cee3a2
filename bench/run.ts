/**
 * `npm run bench`: speed and memory of the compiler and the runtime, measured on one core.
 * Figures are medians of repeated runs; every figure is printed with its target (never asserted in
 * tests; "no target" for the ones kept only to watch). `--json` also prints each figure as one
 * JSON line as it is measured: `{"figure", "value", "unit", "target", "met"}` (`met`: null when
 * the figure has no target).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { checkGame } from "../compiler/core/workspace/workspace.ts";
import { Workspace } from "../compiler/core/workspace/workspace.ts";
import { emitGame } from "../compiler/core/emit/emit.ts";
import { measureCoreBundle } from "./core-bundle.ts";
import { copyFigures } from "./copies.ts";
import { readDecks } from "../compiler/node/decks.ts";
import { gameDir, loadGame, readGame, ROOT } from "../compiler/node/project.ts";
import { parseEffect } from "../grammar/index.ts";
import { Engine, randomAgent, type MatchConfig, type State } from "../runtime/index.ts";
import { poolDeck } from "../test/gitcg/pool-decks.ts";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? ((s[Math.floor((s.length - 1) / 2)] as number) + (s[Math.ceil((s.length - 1) / 2)] as number)) / 2
    : NaN;
};
const fmt = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const JSON_LINES = process.argv.includes("--json");
/** A figure's target: its text and whether the figure meets it. */
interface Target {
  readonly text: string;
  readonly met: boolean;
}
const atMost = (v: number, limit: number, text: string): Target => ({ text, met: v <= limit });
const atLeast = (v: number, limit: number, text: string): Target => ({ text, met: v >= limit });
/** One figure: the table row, and with `--json` its JSON line. `shown` is the value as the table prints it. */
function row(what: string, value: number, unit: string, shown: string, target: Target | null): void {
  const t = target === null ? "no target" : `${target.met ? "✓" : "✗"} target ${target.text}`;
  process.stdout.write(`${what.padEnd(46)} ${shown.padStart(16)}  ${t}\n`);
  if (JSON_LINES)
    process.stdout.write(
      `${JSON.stringify({ figure: what, value, unit, target: target?.text ?? null, met: target?.met ?? null })}\n`,
    );
}

const game = "elementis";
process.stdout.write(`Cardwright bench — ${game}, node ${process.version}, one core\n\n`);

// ── compiler ────────────────────────────────────────────────────────────────
const cold: number[] = [];
for (let i = 0; i < 3; i++) {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "bench/compile-once.ts"), game], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(r.stderr);
  cold.push((JSON.parse(r.stdout) as { total: number }).total);
}
row("compile, cold (fresh process, median of 3)", median(cold), "ms", `${fmt(median(cold), 0)} ms`, null);
const input = readGame(game);
if ("code" in input) throw new Error(input.message);
const warmCheck: number[] = [];
const warmAll: number[] = [];
let checked = checkGame(input);
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  checked = checkGame(input);
  const t1 = performance.now();
  emitGame(checked, [input.rules, ...input.cards]);
  warmAll.push(performance.now() - t0);
  warmCheck.push(t1 - t0);
}
row("compile, warm (check + generate, median of 10)", median(warmAll), "ms", `${fmt(median(warmAll), 0)} ms`, null);
row("check the whole set, warm (median of 10)", median(warmCheck), "ms", `${fmt(median(warmCheck), 0)} ms`, null);
// The editor's path: the workspace re-checks one changed card file (and its model).
const ws = new Workspace(input);
const perCard: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const card of input.cards) {
    const t0 = performance.now();
    ws.setFile(card.path, card.text + (round % 2 ? " " : ""));
    ws.model().diagnostics;
    perCard.push(performance.now() - t0);
  }
}
const cardMs = median(perCard);
row("check one card file, warm (median)", cardMs, "ms", `${fmt(cardMs, 2)} ms`, atMost(cardMs, 20, "< 20 ms"));
const slowest = Math.max(...perCard);
row("check one card file, warm (slowest)", slowest, "ms", `${fmt(slowest, 2)} ms`, null);

// The editor's loop on GI: one character typed in a card file, then the file re-checked (and
// whatever depends on it) and the model rebuilt. 50 GI card files, each edited in turn.
// In a function: the variables of a block of this module's top level stay alive to its end, and
// two GI workspaces (tens of MB) would make every later garbage collection, and so every later
// runtime figure, slower.
(function measureGiRecheck(): void {
  const gi = readGame("gitcg");
  if ("code" in gi) throw new Error(gi.message);
  for (const [label, cards] of [
    ["50 GI cards", gi.cards.slice(0, 50)],
    [`all ${gi.cards.length} GI cards`, gi.cards],
  ] as const) {
    const giWs = new Workspace({ rules: gi.rules, cards });
    const edits: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const card of cards.slice(0, 50)) {
        // Type one character: a space at the end of the file's last line (removed on the next round).
        const text = round % 2 === 0 ? card.text.replace(/\n?$/, " \n") : card.text;
        const t0 = performance.now();
        giWs.setFile(card.path, text);
        giWs.model().diagnostics;
        edits.push(performance.now() - t0);
      }
    }
    const ms = median(edits);
    row(`re-check after a 1-char edit, ${label} (median)`, ms, "ms", `${fmt(ms, 2)} ms`, atMost(ms, 20, "≤ 20 ms"));
  }
})();

// Parse time per effect: every code field of the game.
const effects: string[] = [];
const collect = (v: unknown): void => {
  if (typeof v === "string" && v.includes("\n")) effects.push(v);
  else if (Array.isArray(v)) v.forEach(collect);
  else if (v && typeof v === "object") Object.values(v).forEach(collect);
};
// The effect texts of the game (the bench may read YAML: it measures the parser alone).
const { parse: parseYaml } = await import("yaml");
for (const f of [input.rules, ...input.cards]) collect(parseYaml(f.text));
for (const e of effects) parseEffect(e);
const parseTimes: number[] = [];
for (let r = 0; r < 20; r++) {
  for (const e of effects) {
    const t0 = performance.now();
    parseEffect(e);
    parseTimes.push(performance.now() - t0);
  }
}
const parseUs = median(parseTimes) * 1000;
row(`parse one effect (median over ${effects.length} effects)`, parseUs, "µs", `${fmt(parseUs, 1)} µs`, null);

// The browser-safe core as a web-worker bundle (vite): size, and no TypeScript or Node inside.
const bundle = await measureCoreBundle();
row(
  "core worker bundle (vite, es), raw / gzip",
  bundle.gzip / 1024,
  "KiB gzip",
  `${fmt(bundle.bytes / 1024, 0)} / ${fmt(bundle.gzip / 1024, 0)} KiB`,
  { text: `no typescript, no node: (${bundle.leaks.join(", ") || "none found"})`, met: bundle.leaks.length === 0 },
);

// ── runtime ─────────────────────────────────────────────────────────────────
const { module } = await loadGame(game);
if (!module) throw new Error("does not compile");
const { decks } = readDecks(gameDir(game), module);
const config = (seed: number): MatchConfig => ({
  seed,
  players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: { ...(decks[(seed + i) % decks.length]?.zones ?? {}) } })),
});

function throughput(engine: Engine, seconds: number): { games: number; decisions: number; ms: number } {
  let games = 0;
  let decisions = 0;
  const t0 = performance.now();
  let seed = 1;
  while (performance.now() - t0 < seconds * 1000) {
    const st = engine.newMatch(config(seed));
    const agent = randomAgent(seed++);
    while (!st.match.over) {
      engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
      decisions++;
    }
    games += st.match.results.length;
  }
  return { games, decisions, ms: performance.now() - t0 };
}
const engine = new Engine(module);
throughput(engine, 1); // warm up
const runs = [throughput(engine, 2), throughput(engine, 2), throughput(engine, 2)];
const gps = median(runs.map((r) => (r.games / r.ms) * 1000));
row("random games per second (full log)", gps, "games/s", fmt(gps, 0), atLeast(gps, 1000, "≥ 1,000"));
const dps = median(runs.map((r) => (r.decisions / r.ms) * 1000));
row("decisions per second (full log)", dps, "decisions/s", fmt(dps, 0), null);
const quiet = new Engine(module, { log: false });
throughput(quiet, 1);
const qruns = [throughput(quiet, 2), throughput(quiet, 2), throughput(quiet, 2)];
const qgps = median(qruns.map((r) => (r.games / r.ms) * 1000));
row("random games per second (log off)", qgps, "games/s", fmt(qgps, 0), atLeast(qgps, 12_000, "≥ 12,000"));
const dpg = runs[0] ? runs[0].decisions / runs[0].games : 0;
row("decisions per game (mean)", dpg, "decisions", fmt(dpg, 1), null);

// Clone, fork, hash, size: states sampled at decision points of 50 matches.
const es = copyFigures(engine, config, 50);
const samples = es.samples;
row(`clone a state (median of ${samples.length})`, es.clone, "µs", `${fmt(es.clone, 1)} µs`, null);
row("fork a state, with a step's first writes (median)", es.fork, "µs", `${fmt(es.fork, 2)} µs`, null);
row("hash a state (median)", es.hash, "µs", `${fmt(es.hash, 1)} µs`, atMost(es.hash, 20, "≤ 20 µs"));
const sizes = samples.map((s) => JSON.stringify(s).length);
row(
  "state as JSON (median / largest)",
  median(sizes) / 1024,
  "KiB",
  `${fmt(median(sizes) / 1024, 1)} / ${fmt(Math.max(...sizes) / 1024, 1)} KiB`,
  null,
);
const noLog = samples.map((s) => JSON.stringify({ ...s, log: [] }).length);
row("state as JSON without its log (median)", median(noLog) / 1024, "KiB", `${fmt(median(noLog) / 1024, 1)} KiB`, null);

// Peak memory over 1,000 games, then over 10,000: no growth with the game count.
globalThis.gc?.();
const base = process.memoryUsage();
let peakHeap = base.heapUsed;
let peakRss = base.rss;
let played = 0;
let rssAt1000 = 0;
let heapAt1000 = 0;
for (let seed = 1; played < 10_000; seed++) {
  const st = engine.newMatch(config(seed));
  const agent = randomAgent(seed);
  while (!st.match.over) engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
  played += st.match.results.length;
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
  if (rssAt1000 === 0 && played >= 1000) {
    rssAt1000 = peakRss;
    heapAt1000 = peakHeap;
  }
}
const mib = (b: number) => `${fmt(b / 2 ** 20, 1)} MiB`;
row("peak heap over 1,000 games", heapAt1000 / 2 ** 20, "MiB", mib(heapAt1000), null);
row("peak RSS over 1,000 games", rssAt1000 / 2 ** 20, "MiB", mib(rssAt1000), null);
row(
  "peak RSS over 10,000 games",
  peakRss / 2 ** 20,
  "MiB",
  mib(peakRss),
  atMost(peakRss, 1.2 * rssAt1000, `≤ 1.2 × over 1,000 (${mib(1.2 * rssAt1000)})`),
);

// ── Genius Invokation ───────────────────────────────────────────────────────
const gi = await loadGame("gitcg");
// A game that does not compile is a failed bench, not a skipped section.
if (!gi.module) throw new Error(`gitcg does not compile: ${gi.diagnostics.map((d) => d.message).join("; ")}`);
{
  process.stdout.write("\nGenius Invokation TCG\n");
  const giModule = gi.module;
  const giDecks = readDecks(gameDir("gitcg"), giModule).decks;
  const giConfig = (seed: number): MatchConfig => ({
    seed,
    players: [0, 1].map((i) => ({
      name: `P${i + 1}`,
      zones: { ...(giDecks[(seed * (i + 3)) % giDecks.length]?.zones ?? {}) },
    })),
  });
  const giRun = (engine: Engine, seconds: number, from: number) => {
    let games = 0;
    let decisions = 0;
    const t0 = performance.now();
    for (let seed = from; performance.now() - t0 < seconds * 1000; seed++) {
      const st = engine.newMatch(giConfig(seed));
      const agent = randomAgent(seed);
      while (!st.match.over) {
        engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
        decisions++;
      }
      games++;
    }
    return { games, decisions, ms: performance.now() - t0 };
  };
  const giQuiet = new Engine(giModule, { log: false });
  const giLogged = new Engine(giModule);
  // Warm-up until steady: the module is large (300 cards), and the JIT takes seconds to compile
  // what the games reach (about 15 games/s in the first second, over 100 after four). The
  // windows below measure the engine, not the compiler: warm up until two 1 s rates agree
  // within 10% (at most 12 s), and print how long that took and the first second's rate.
  let warmSeconds = 0;
  let firstRate = 0;
  for (let prev = 0, seed = 1; warmSeconds < 12; warmSeconds++) {
    const w = giRun(giQuiet, 1, seed);
    seed += w.games;
    const rate = (w.games / w.ms) * 1000;
    if (warmSeconds === 0) firstRate = rate;
    if (prev > 0 && Math.abs(rate - prev) <= 0.1 * prev) break;
    prev = rate;
  }
  row(
    "GI warm-up until steady (first second's rate)",
    warmSeconds + 1,
    "s",
    `${warmSeconds + 1} s (${fmt(firstRate, 0)}/s)`,
    null,
  );
  const q = [giRun(giQuiet, 3, 100), giRun(giQuiet, 3, 200), giRun(giQuiet, 3, 300)];
  const giRate = median(q.map((r) => (r.games / r.ms) * 1000));
  row(
    "GI random games per second (log off, 3 × 3 s windows)",
    giRate,
    "games/s",
    fmt(giRate, 1),
    atLeast(giRate, 500, "≥ 500"),
  );
  const l = [giRun(giLogged, 3, 400)];
  const giLogRate = median(l.map((r) => (r.games / r.ms) * 1000));
  row(
    "GI random games per second (full log)",
    giLogRate,
    "games/s",
    fmt(giLogRate, 1),
    atLeast(giLogRate, 300, "≥ 300"),
  );
  const giDpg = q[0] ? q[0].decisions / q[0].games : 0;
  row("GI decisions per game (mean)", giDpg, "decisions", fmt(giDpg, 0), null);
  const giCopies = copyFigures(giQuiet, giConfig, 20);
  row(
    `GI clone a state (median of ${giCopies.samples.length})`,
    giCopies.clone,
    "µs",
    `${fmt(giCopies.clone, 1)} µs`,
    null,
  );
  row(
    "GI fork a state, with a step's first writes (median)",
    giCopies.fork,
    "µs",
    `${fmt(giCopies.fork, 2)} µs`,
    atMost(giCopies.fork, 1, "≤ 1 µs"),
  );
  row(
    "GI hash a state (median)",
    giCopies.hash,
    "µs",
    `${fmt(giCopies.hash, 1)} µs`,
    atMost(giCopies.hash, 20, "≤ 20 µs"),
  );
  // Previewing every legal action at a decision (clone + apply each), median over decisions.
  const previews: number[] = [];
  for (let seed = 1; seed <= 20; seed++) {
    const st = giQuiet.newMatch(giConfig(seed));
    const agent = randomAgent(seed);
    while (!st.match.over) {
      const legal = giQuiet.legalActions(st);
      const t0 = performance.now();
      for (const a of legal) giQuiet.preview(st, a);
      previews.push(performance.now() - t0);
      giQuiet.apply(st, agent.choose(st, legal, giQuiet));
    }
  }
  const pv = median(previews);
  row("GI preview every legal action (median)", pv, "ms", `${fmt(pv, 3)} ms`, atMost(pv, 0.2, "≤ 0.2 ms"));
  const count = Number(process.env["GI_GAMES"] ?? 10_000);
  let exceptions = 0;
  // As the random-game test: the first seat plays a legal deck drawn from the whole pool, the
  // second a sample deck or another pool deck.
  const poolConfig = (seed: number): MatchConfig => ({
    seed,
    players: [
      { name: "P1", zones: poolDeck(giModule, seed) },
      {
        name: "P2",
        zones:
          seed % 2 === 0
            ? poolDeck(giModule, seed * 31 + 7)
            : { ...(giDecks[Math.floor(seed / 2) % giDecks.length]?.zones ?? {}) }, // every sample deck in turn
      },
    ],
  });
  const t0 = performance.now();
  for (let seed = 1; seed <= count; seed++) {
    try {
      const st = giQuiet.newMatch(poolConfig(seed));
      const agent = randomAgent(seed ^ 0x5bd1e995);
      while (!st.match.over) giQuiet.apply(st, agent.choose(st, giQuiet.legalActions(st), giQuiet));
    } catch (e) {
      exceptions++;
      if (exceptions <= 3) process.stdout.write(`  seed ${seed}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  row(
    `GI ${count.toLocaleString("en-US")} random games, decks from the whole pool: exceptions`,
    exceptions,
    "exceptions",
    `${exceptions} in ${fmt(seconds, 0)} s`,
    atMost(exceptions, 0, "0"),
  );
  // The long run is the steadier throughput figure on a shared machine (short windows swing ±30%).
  const steady = count / seconds;
  row(
    `GI random games per second (log off, all ${count.toLocaleString("en-US")})`,
    steady,
    "games/s",
    fmt(steady, 1),
    atLeast(steady, 500, "≥ 500"),
  );
}

// ── VERMILION ───────────────────────────────────────────────────────────────
const vm = await loadGame("vermilion");
if (!vm.module) throw new Error(`vermilion does not compile: ${vm.diagnostics.map((d) => d.message).join("; ")}`);
{
  process.stdout.write("\nVERMILION\n");
  const vmModule = vm.module;
  const vmDecks = readDecks(gameDir("vermilion"), vmModule).decks;
  const vmConfig = (seed: number): MatchConfig => ({
    seed,
    players: [0, 1].map((i) => ({
      name: `P${i + 1}`,
      zones: { ...(vmDecks[(seed + i) % vmDecks.length]?.zones ?? {}) },
    })),
  });
  const vmQuiet = new Engine(vmModule, { log: false });
  const play = (engine: Engine, seed: number): { decisions: number; links: number } => {
    const st = engine.newMatch(vmConfig(seed));
    const agent = randomAgent(seed ^ 0x5bd1e995);
    let decisions = 0;
    let links = 0;
    while (!st.match.over) {
      engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
      decisions++;
      links = Math.max(links, st.chain?.links.length ?? 0);
    }
    return { decisions, links };
  };
  for (let seed = 1; seed <= 200; seed++) play(vmQuiet, seed); // warm up
  const count = Number(process.env["VM_GAMES"] ?? 10_000);
  let exceptions = 0;
  let decisions = 0;
  let deepest = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let seed = 1; seed <= count; seed++) {
    try {
      const r = play(vmQuiet, seed);
      decisions += r.decisions;
      deepest = Math.max(deepest, r.links);
    } catch (e) {
      exceptions++;
      if (exceptions <= 3) process.stdout.write(`  seed ${seed}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const c1 = process.cpuUsage(c0);
  const cpuSeconds = (c1.user + c1.system) / 1e6;
  row(
    `VM ${count.toLocaleString("en-US")} random games: exceptions`,
    exceptions,
    "exceptions",
    `${exceptions} in ${fmt(seconds, 0)} s`,
    atMost(exceptions, 0, "0"),
  );
  const gamesPerSecond = count / seconds;
  row(
    `VM random games per second (log off, all ${count.toLocaleString("en-US")})`,
    gamesPerSecond,
    "games/s",
    fmt(gamesPerSecond, 1),
    atLeast(gamesPerSecond, 2000, "≥ 2,000 (pinned: taskset -c 0 npx tsx bench/vm-steady.ts)"),
  );
  // The wall clock counts other processes on a shared machine; CPU time counts only this one.
  const perCpu = count / cpuSeconds;
  row("VM random games per CPU second (log off)", perCpu, "games/s", fmt(perCpu, 1), atLeast(perCpu, 2000, "≥ 2,000"));
  row("VM decisions per game (mean)", decisions / count, "decisions", fmt(decisions / count, 1), null);
  row("VM deepest chain seen", deepest, "links", String(deepest), null);
  const vmLogged = new Engine(vmModule);
  const lt0 = performance.now();
  for (let seed = 1; seed <= 1000; seed++) play(vmLogged, seed);
  const vmLogRate = 1000 / ((performance.now() - lt0) / 1000);
  row("VM random games per second (full log, 1,000)", vmLogRate, "games/s", fmt(vmLogRate, 1), null);
}

// ── agents (issue 18) ───────────────────────────────────────────────────────
// Decision times of ISMCTS at the budgets bench/agents.ts proposes, and greedy's, per game.
{
  const { agentFigures, PROPOSED } = await import("./agents.ts");
  process.stdout.write("\nagents (positions of random matches, seat 1; wall and CPU time per decision)\n");
  for (const [g, mod] of [
    ["elementis", module],
    ["gitcg", gi.module],
    ["vermilion", vm.module],
  ] as const) {
    for (const f of agentFigures(g, mod, 20)) {
      const limit = g === "gitcg" ? 1000 : 300;
      const tag = `${g === "elementis" ? "ES" : g === "gitcg" ? "GI" : "VM"} ${f.agent}`;
      row(
        `${tag} decision time p50 / p95 (wall)`,
        f.p95,
        "ms (p95)",
        `${fmt(f.p50, 0)} / ${fmt(f.p95, 0)} ms`,
        f.agent === "greedy" ? null : atMost(f.p95, limit, `p95 ≤ ${limit} ms at mcts:${PROPOSED[g]}`),
      );
      row(
        `${tag} decision time p50 / p95 (CPU)`,
        f.cpuP95,
        "ms (p95)",
        `${fmt(f.cpuP50, 0)} / ${fmt(f.cpuP95, 0)} ms`,
        null,
      );
      if (f.agent !== "greedy")
        row(
          `${tag} MCTS iterations per CPU second`,
          f.iterationsPerSecond,
          "iterations/s",
          fmt(f.iterationsPerSecond, 0),
          null,
        );
    }
  }
}
