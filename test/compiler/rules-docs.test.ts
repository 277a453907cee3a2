/** docs/rules/<game>.md: every rule id the repository cites has a line there, read by parseRulesDoc. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRulesDoc, ruleIdAt } from "../../compiler/core/files/rules-docs.ts";
import { REPO } from "../kit/corpus.ts";

const docs = {
  elementis: parseRulesDoc(readFileSync(join(REPO, "docs/rules/elementis.md"), "utf8")),
  gitcg: parseRulesDoc(readFileSync(join(REPO, "docs/rules/gitcg.md"), "utf8")),
};

function textsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...textsUnder(p));
    else if (/\.(ya?ml|ts|md)$/.test(e)) out.push(readFileSync(p, "utf8"));
  }
  return out;
}

describe("rule ids in docs/rules", () => {
  it("parses one line per id", () => {
    expect(docs.elementis.size).toBe(25);
    expect(docs.gitcg.size).toBe(75);
    expect(docs.gitcg.get("GI-DECK-1")).toBe("A deck holds no more than two copies of any card.");
    expect(docs.elementis.get("ES-WIN-1")).toBe("A player at 0 life loses.");
  });

  it("every numbered id cited in cards/ and runtime/ has its line (GI-* in gitcg.md, ES-* in elementis.md)", () => {
    const cited = new Set(
      textsUnder(join(REPO, "cards"))
        .concat(textsUnder(join(REPO, "runtime")))
        .flatMap((t) => t.match(/\b(ES|GI)-[A-Z0-9]+(-[A-Z0-9]+)*\b/g) ?? []),
    );
    // `GI-ACT`, `GI-SKILL`… name a group of rules (GI-ACT-1 … GI-ACT-4); the others must be listed.
    const groups = new Set([...docs.gitcg.keys(), ...docs.elementis.keys()].map((id) => id.replace(/-[A-Z0-9]+$/, "")));
    const missing = [...cited].filter(
      (id) => !(id.startsWith("GI-") ? docs.gitcg : docs.elementis).has(id) && !groups.has(id),
    );
    expect(missing).toEqual([]);
  });

  it("finds the id under a cursor", () => {
    const text = "  - event: damage   # GI-REACT-1, GI-AURA-2";
    expect(ruleIdAt(text, text.indexOf("REACT"))).toEqual({ id: "GI-REACT-1", start: 22, end: 32 });
    expect(ruleIdAt(text, 3)).toBeUndefined();
  });
});

describe("a game's own rules document (cards/coup/RULES.md)", () => {
  const coup = parseRulesDoc(readFileSync(join(REPO, "cards/coup/RULES.md"), "utf8"));
  const scenarioNames = textsUnder(join(REPO, "cards/coup/scenarios")).flatMap((t) =>
    [...t.matchAll(/- name: "([^"]+)"/g)].map((m) => m[1] as string),
  );

  it("lists every CP-* id the game cites", () => {
    expect(coup.size).toBe(29);
    expect(coup.get("CP-COUP-2")).toBe("A player who starts a turn with ten coins or more must launch a coup.");
    const cited = new Set(
      textsUnder(join(REPO, "cards/coup")).flatMap((t) => t.match(/\bCP-[A-Z0-9]+(-[A-Z0-9]+)*\b/g) ?? []),
    );
    expect([...cited].filter((id) => !coup.has(id))).toEqual([]);
  });

  it("every rule is named by a scenario, and every card has a scenario file of its own", () => {
    // CP-SETUP-3 (a random first player) is the game flow's, which no scenario runs: test/coup/ checks it.
    const named = [...coup.keys()].filter((id) => id !== "CP-SETUP-3");
    expect(named.filter((id) => !scenarioNames.some((n) => n.includes(id)))).toEqual([]);
    const cards = readdirSync(join(REPO, "cards/coup/cards")).map((f) => f.replace(/\.yaml$/, ""));
    const files = new Set(readdirSync(join(REPO, "cards/coup/scenarios")).map((f) => f.replace(/\.yaml$/, "")));
    expect(cards.filter((c) => !files.has(c))).toEqual([]);
  });
});
