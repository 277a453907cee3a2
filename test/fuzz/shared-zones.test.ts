/**
 * The fuzzer's shrinker and its scenario writer on a game of more than two seats with a zone of
 * the game (issue 22): a copy of Coup (cards/coup/) with a planted bug — the Ambassador's
 * exchange (CP-AMBASSADOR-1) puts the two cards it returns among the player's lost influence
 * instead of back in the court deck, which breaks CP-LOSE-1 (at most two cards lost) once that
 * player has lost one. A 3-seat game finds it at seat 3; the scenario written (through the
 * scenario codec) turns the seats so that seat 3 is `me`, keeps all three seats, lists the court
 * deck under `game:`, and the scenario runner fails it the same way.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { loadGame, ROOT } from "../../compiler/node/project.ts";
import { seatsFor } from "../../compiler/node/fuzz/play.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { cli } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

/** A root holding a copy of Coup whose exchange loses the cards it returns. */
function brokenCoup(): string {
  const root = tempDir("cw-fuzz-coup-");
  cpSync(join(ROOT, "cards", "coup"), join(root, "cards", "coup"), { recursive: true });
  const file = join(root, "cards", "coup", "rules.yaml");
  const rules = readFileSync(file, "utf8");
  const planted = rules.replace("      move back to game.deck\n", "      move back to p.lost\n");
  expect(planted).not.toBe(rules);
  writeFileSync(file, planted);
  return root;
}

describe("fuzz on a game of three seats with a shared deck (Coup)", () => {
  it("CP-AMBASSADOR-1 / CP-LOSE-1: the shrunk scenario turns seat 3 into me, names the game's deck, and fails the same way", async () => {
    const root = brokenCoup();
    // Seed 26 plays 3 seats (the fuzzer plays every count from 2 to 6 in turn).
    expect(seatsFor({ players: 6, minPlayers: 2 }, 26)).toBe(3);
    const out = join(root, "found.yaml");
    const r = await cli(["fuzz", "coup", "--root", root, "--games", "1", "--seed", "26", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[1]).toBe(
      "✗ coup: game 1 (seed 26) failed at decision 25: invariant 'two-influence' (CP-LOSE-1) does not hold: P3 has lost 3 cards",
    );
    const text = readFileSync(out, "utf8");
    const doc = parse(text) as {
      scenarios: { name: string; given: Record<string, Record<string, unknown>>; do: Record<string, unknown>[] }[];
    };
    const sc = doc.scenarios[0]!;
    expect(sc.name).toMatch(/^fuzz [0-9a-f]{10}: invariant two-influence \(CP-LOSE-1\)$/);
    // Three seats, as the game had, seat 3 (who exchanged) first; the court deck is the game's,
    // under `game:`: the exchange draws from it.
    expect(sc.given).toEqual({
      me: { hand: ["captain"], lost: ["captain"] },
      opponent: {},
      seat3: {},
      game: { deck: ["ambassador"] },
    });
    expect(sc.do).toEqual([{ by: "me", exchange: null }]);
    expect(r.out).toContain(`  wrote ${relative(process.cwd(), out)}: 1 step(s), 3 card(s)\n`);
    // The runner is the judge: the same invariant, at the step.
    const { module, diagnostics } = await loadGame("coup", root);
    if (!module) throw new Error(diagnostics.map(renderDiagnostic).join("\n"));
    const results = runScenarioFile(module, relative(process.cwd(), out), text);
    expect(results[0]?.failures.map((d) => [d.code, d.message])).toEqual([
      ["scenario/invariant", "invariant 'two-influence' (CP-LOSE-1) does not hold: Me has lost 3 cards"],
    ]);
    const stepLine = text.split("\n").findIndex((l) => l.includes("exchange: null")) + 1;
    expect(results[0]?.failures[0]?.range.start.line).toBe(stepLine);
  }, 120_000);
});
