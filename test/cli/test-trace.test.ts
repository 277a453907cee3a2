/** `cardwright test --trace`: a failing scenario's compact log step by step, the failed steps marked, the state diff (in process). */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../compiler/node/cli/main.ts";
import { ROOT } from "../../compiler/node/project.ts";

// Outside scenarios/, so no other test runs it; inside the game folder, as --file requires.
const dir = join(ROOT, "cards", "elementis", `.trace-test-${process.pid}`);
const file = join(dir, "trace.yaml");
const rel = `cards/elementis/.trace-test-${process.pid}/trace.yaml`;

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    file,
    [
      "scenarios:",
      '  - name: "ES-SUMMON-1: a summon, then a second one by the wrong side"',
      "    given:",
      "      me: { life: 3, hand: [fairy, siren, air-slash] }",
      "      opponent: { life: 3, field: [basilisk] }",
      "    do:",
      "      - play-summon: fairy",
      "      - choose: [air-slash]",
      "      - expect: { me.field: [{ card: fairy, tapped: true }], me.costZone: { count: 1 } }",
      "      - play-summon: siren",
      "      - end-turn",
      "    expect:",
      "      opponent.life: 2",
      '  - name: "ES-SUMMON-1: passes"',
      "    given:",
      "      me: { life: 3, hand: [fairy, siren] }",
      "    do:",
      "      - play-summon: fairy",
      "",
    ].join("\n"),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("cardwright test --trace", () => {
  it("prints the trace of each failing scenario only: its log step by step, the failed steps marked, the steps not run, the state diff", async () => {
    const r = await runCli(["test", "--file", rel, "--trace"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(
      [
        `✗ elementis: ES-SUMMON-1: a summon, then a second one by the wrong side (${rel}:2)`,
        `    ${rel}:9:29: error scenario/expect: me.field: expected [fairy(tapped: true)], got [fairy(tapped: false)]`,
        `    ${rel}:10:9: error scenario/wrong-side: the decision is opponent's, not me's (a step without 'by:' answers for me; write 'by: opponent' to answer for the opponent): opponent to act in 'main' (attack, end-turn)`,
        "      hint: automatic moves since the previous step: Me: end-turn",
        "    trace (compact log, ✗ marks a failed step):",
        "        given",
        "          Scenario begins: Me vs Opponent",
        "        step 1 (line 7): play-summon: fairy",
        "          Me summons Fairy",
        "        step 2 (line 8): choose: [air-slash]",
        "          Me picks Air Slash — Pay 1 for Fairy",
        "          (auto) Me: end-turn",
        "          Turn 2: Opponent (life 3) against Me (life 3)",
        "      ✗ expect (line 9)   ← failed here",
        "      ✗ step 3 (line 10): play-summon: siren   ← failed here",
        "        step 4 (line 11): end-turn   (not run)",
        "        final expect (line 12)   (not run)",
        "    state diff against the expectation (- expected, + got):",
        "      me.field (line 9)",
        "        - [fairy(tapped: true)]",
        "        + [fairy(tapped: false)]",
        "✓ elementis: ES-SUMMON-1: passes",
        "",
        "1 passed, 1 failed",
        "",
      ].join("\n"),
    );
  });

  it("without --trace, only the diagnostics", async () => {
    const r = await runCli(["test", "--file", rel]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain("trace (compact log");
    expect(r.stdout).toContain(
      `${rel}:9:29: error scenario/expect: me.field: expected [fairy(tapped: true)], got [fairy(tapped: false)]`,
    );
  });
});
