/** The layering of DESIGN.md: the runtime, compiler and grammar know no game; imports follow the folders. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { listGames, ROOT } from "../../compiler/node/project.ts";

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
    const bad: string[] = [];
    for (const f of tsFiles(join(ROOT, "runtime")))
      if (/from "\.\.\/(grammar|compiler)\//.test(readFileSync(f, "utf8"))) bad.push(f);
    for (const f of tsFiles(join(ROOT, "grammar")))
      if (/from "\.\.\/(runtime|compiler|cards)\//.test(readFileSync(f, "utf8"))) bad.push(f);
    expect(bad).toEqual([]);
  });

  // (bench/core-bundle.ts bundles compiler/core with the grammar it uses and checks the result too.)
  it("compiler/core/ is browser-safe: no node: module, no ts-morph, no typescript, nothing of compiler/node/", () => {
    const bad: string[] = [];
    for (const folder of ["compiler/core"]) {
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
