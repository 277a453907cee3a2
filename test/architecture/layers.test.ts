/** The layering of DESIGN.md: the runtime, compiler and grammar know no game; imports follow the folders. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
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

/** Words of the three games (and their card names) that must not appear in generic code. */
function gameWords(): string[] {
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
  ];
  for (const game of listGames()) {
    const cards = readdirSync(join(ROOT, "cards", game, "cards")).map((f) => f.replace(/\.ya?ml$/, ""));
    words.push(...cards.filter((c) => c.length > 4));
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
        for (const w of words) {
          const m = new RegExp(`\\b${w}\\b`, "i").exec(text);
          if (m) hits.push(`${f.slice(ROOT.length + 1)}: ${w}`);
        }
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
