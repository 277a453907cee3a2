/** The layering of DESIGN.md: the runtime, compiler and grammar know no game; imports follow the folders. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { listGames, ROOT } from "../../compiler/node/project.ts";
import { importEdges, sourceFiles } from "./import-graph.ts";

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (e.endsWith(".ts")) out.push(p);
  }
  return out;
}

/** A word of a game, and how it shows in code that knows that game. */
interface GameWord {
  readonly word: string;
  readonly pattern: RegExp;
}

const escapeRegExp = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Ordinary programming words: those TypeScript's own library documentation uses (state, value,
 * frame, order, token, counter …). A game may name a card so, and generic code uses them in
 * their ordinary sense, so they say nothing about a game.
 */
function ordinaryWords(): Set<string> {
  const dir = join(ROOT, "node_modules", "typescript", "lib");
  const words = new Set<string>();
  for (const f of readdirSync(dir))
    if (f.endsWith(".d.ts"))
      for (const w of readFileSync(join(dir, f), "utf8")
        .toLowerCase()
        .match(/[a-z][a-z-]*[a-z]/g) ?? [])
        words.add(w);
  return words;
}

/**
 * The words that must not appear in generic code: the shipped games' vocabulary (concepts, written
 * out), and, read from every game folder under cards/, its folder name and id and its card ids
 * longer than 4 letters. A card id of several words (burning-energy) counts in any case; a card of
 * one word counts as the game writes its name (Dragon, Keqing) or as the id in quotes ("dragon"),
 * since generic prose may use an ordinary word (a card named Guard, "a guard against endless
 * games"); ordinary programming words do not count at all.
 */
function gameWords(): GameWord[] {
  const anyCase = (w: string): GameWord => ({ word: w, pattern: new RegExp(`\\b${escapeRegExp(w)}\\b`, "i") });
  const words = [
    "pyro",
    "cryo",
    "hydro",
    "electro",
    "anemo",
    "dendro",
    "geo",
    "dice",
    "familiar",
    "summoner",
    "vermilion",
    "elementis",
    "gitcg",
    "genius",
    "burst",
    "awaken",
    "mana",
    "magia",
    "resist",
    "summon",
    "elemental",
    "costZone",
    "coolZone",
  ].map(anyCase);
  const ordinary = ordinaryWords();
  const own = (w: string) => w.length > 4 && !ordinary.has(w.toLowerCase());
  for (const game of listGames()) {
    const dir = join(ROOT, "cards", game);
    const rules = parse(readFileSync(join(dir, "rules.yaml"), "utf8")) as { game?: unknown } | null;
    for (const name of new Set([game, String(rules?.game ?? game)])) if (own(name)) words.push(anyCase(name));
    for (const f of readdirSync(join(dir, "cards")).filter((f) => /\.ya?ml$/.test(f))) {
      const id = f.replace(/\.ya?ml$/, "");
      if (!own(id)) continue;
      if (id.includes("-")) {
        words.push(anyCase(id));
        continue;
      }
      const card = parse(readFileSync(join(dir, "cards", f), "utf8")) as { name?: unknown } | null;
      const shown =
        typeof card?.name === "string"
          ? card.name
          : typeof card?.name === "object" && card.name !== null
            ? String((card.name as Record<string, unknown>)["en"] ?? id)
            : id;
      const names = shown.includes(" ") ? "" : `|\\b${escapeRegExp(shown)}\\b`;
      words.push({ word: id, pattern: new RegExp(`["'\`]${escapeRegExp(id)}["'\`]${names}`) });
    }
  }
  return words;
}

/**
 * Layers of a folder, bottom first. A layer holds sibling units; a unit is a list of path prefixes
 * under ROOT (a folder with a trailing slash, or one file). A file may import files of its own
 * unit or of any layer below, never a layer above nor a sibling unit.
 */
type Layers = readonly (readonly (readonly string[])[])[];
const RUNTIME_LAYERS: Layers = [
  [["runtime/types.ts"]],
  [["runtime/state/"]],
  [["runtime/kernel/"]],
  [["runtime/flow/"]],
  [["runtime/host/"]],
  [["runtime/agents/"]],
  [["runtime/play/"]],
  [["runtime/index.ts"]],
];
const SERVICES_LAYERS: Layers = [
  [
    [
      "compiler/core/services/protocol.ts",
      "compiler/core/services/text.ts",
      "compiler/core/services/file-info.ts",
      "compiler/core/services/diagnostics.ts",
      "compiler/core/services/code-actions.ts",
      "compiler/core/services/editor-schemas.ts",
    ],
  ],
  [["compiler/core/services/completion/"], ["compiler/core/services/symbols/"]],
  [["compiler/core/services/index.ts"]],
];

/** The layer and unit of a file, or null when it is in none. */
function placeOf(layers: Layers, file: string): { layer: number; unit: number } | null {
  const rel = file.slice(ROOT.length + 1);
  for (let layer = 0; layer < layers.length; layer++) {
    const units = layers[layer] as readonly (readonly string[])[];
    for (let unit = 0; unit < units.length; unit++)
      if ((units[unit] as readonly string[]).some((p) => (p.endsWith("/") ? rel.startsWith(p) : rel === p)))
        return { layer, unit };
  }
  return null;
}

/** Whether `from` importing `to` breaks the layers: `to` is in a layer above, or in a sibling unit. */
function upward(layers: Layers, from: string, to: string): boolean {
  const a = placeOf(layers, from);
  const b = placeOf(layers, to);
  if (a === null || b === null) return false;
  return b.layer > a.layer || (b.layer === a.layer && b.unit !== a.unit);
}

/** Whether `from`, in one of `closed`, imports a file of ours outside its own top folder. */
function outside(from: string, to: string, closed: readonly string[]): boolean {
  const top = (f: string) => f.slice(ROOT.length + 1).split("/")[0] as string;
  return closed.includes(top(from)) && top(to) !== top(from);
}

/** Every import (type-only, re-export and dynamic ones included) among our folders that `bad` flags. */
let graph: Map<string, string[]> | undefined;
function edgesAgainst(bad: (from: string, to: string) => boolean): string[] {
  graph ??= importEdges(sourceFiles(ROOT, ["grammar", "compiler", "runtime", "editor"]));
  const edges = graph;
  const out: string[] = [];
  for (const [from, targets] of edges)
    for (const to of targets)
      if (bad(from, to)) out.push(`${from.slice(ROOT.length + 1)} → ${to.slice(ROOT.length + 1)}`);
  return out;
}

describe("architecture", () => {
  const words = gameWords();
  for (const folder of ["runtime", "compiler", "grammar"]) {
    it(`${folder}/ contains no word of any game`, () => {
      const hits: string[] = [];
      for (const f of tsFiles(join(ROOT, folder))) {
        const text = readFileSync(f, "utf8");
        for (const w of words) if (w.pattern.test(text)) hits.push(`${f.slice(ROOT.length + 1)}: ${w.word}`);
      }
      expect(hits).toEqual([]);
    });
  }

  it("runtime/ imports nothing of grammar/ or compiler/; grammar/ imports nothing of ours", () => {
    expect(edgesAgainst((from, to) => outside(from, to, ["runtime", "grammar"]))).toEqual([]);
  });

  it("runtime/ layers point one way (RT-4): types ← state ← kernel ← flow ← host ← agents ← play ← index", () => {
    expect(edgesAgainst((from, to) => upward(RUNTIME_LAYERS, from, to))).toEqual([]);
  });

  it("compiler/core/services/: completion/ and symbols/ import the shared files, not each other or index.ts", () => {
    expect(edgesAgainst((from, to) => upward(SERVICES_LAYERS, from, to))).toEqual([]);
  });

  it("the layer check sees an upward import, a type-only one included", () => {
    const from = join(ROOT, "runtime/flow/frames.ts");
    expect(upward(RUNTIME_LAYERS, from, join(ROOT, "runtime/host/ctx.ts"))).toBe(true);
    expect(upward(RUNTIME_LAYERS, from, join(ROOT, "runtime/kernel/kernel.ts"))).toBe(false);
    expect(upward(RUNTIME_LAYERS, join(ROOT, "runtime/kernel/undo.ts"), join(ROOT, "runtime/flow/chain.ts"))).toBe(
      true,
    );
    const symbols = join(ROOT, "compiler/core/services/symbols/hover.ts");
    expect(upward(SERVICES_LAYERS, symbols, join(ROOT, "compiler/core/services/completion/members.ts"))).toBe(true);
    expect(upward(SERVICES_LAYERS, symbols, join(ROOT, "compiler/core/services/text.ts"))).toBe(false);
  });

  // (bench/core-bundle.ts bundles compiler/core with the grammar it uses and checks the result too.)
  it("compiler/core/ and compiler/sim/ are browser-safe: no node: module, no ts-morph, no typescript, nothing of compiler/node/", () => {
    const bad: string[] = [];
    for (const folder of ["compiler/core", "compiler/sim"]) {
      for (const f of tsFiles(join(ROOT, folder))) {
        const text = readFileSync(f, "utf8");
        for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
          const spec = m[1] ?? "";
          if (
            spec.startsWith("node:") ||
            spec === "ts-morph" ||
            spec === "typescript" ||
            spec.startsWith("typescript/") ||
            /^(fs|path|url|os|child_process|crypto)$/.test(spec)
          )
            bad.push(`${f.slice(ROOT.length + 1)}: ${spec}`);
          if (spec.startsWith(".") && /\/node\//.test(spec))
            bad.push(`${f.slice(ROOT.length + 1)}: ${spec} (the Node host)`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it("the editor's app (editor/src/) imports nothing of the Node host (compiler/node/)", () => {
    const node = join(ROOT, "compiler", "node") + "/";
    expect(
      edgesAgainst((from, to) => from.startsWith(join(ROOT, "editor", "src") + "/") && to.startsWith(node)),
    ).toEqual([]);
  });

  it("no TypeScript under cards/: a game is data only", () => {
    const ts: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d)) {
        const p = join(d, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|js|mjs|cjs)$/.test(e)) ts.push(p);
      }
    };
    walk(join(ROOT, "cards"));
    expect(ts).toEqual([]);
  });
});
