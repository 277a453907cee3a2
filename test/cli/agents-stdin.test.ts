/**
 * Issue 18's terminal seat, as a person uses it: the real `cardwright play` process with
 * `--agents human,mcts:1000`, driven through its stdin. The human's choice is typed when the
 * prompt asks for it; the MCTS agent then answers with its full budget and its report is printed
 * in the human's words (no card of P2's hand named). The test stops the process it started once
 * the first report is read (a whole match at 1,000 iterations a decision would take minutes).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";

describe("cardwright play --agents human,mcts:1000 through stdin", () => {
  it("the human's typed end-turn is taken, then the agent answers with 1000 iterations and reports what it weighed", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(ROOT, "compiler/node/cli/main.ts"),
        "play",
        "elementis",
        "--agents",
        "human,mcts:1000",
        "--seed",
        "1",
      ],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    let typed = "";
    const report = /^P2 \(mcts:1000, 1000 iterations, \d+ ms\): .*\n {2}weighed: .*\n/m;
    try {
      await new Promise<void>((resolve, reject) => {
        child.stderr.on("data", (b: Buffer) => void (err += b.toString()));
        child.on("exit", (code) =>
          reject(new Error(`play exited (${code}) before the agent's report:\n${out}\n${err}`)),
        );
        child.stdout.on("data", (b: Buffer) => {
          out += b.toString();
          // P1 starts (seed 1): at its first prompt, type the number of its end-turn choice.
          if (typed === "" && /choice \[1-\d+, help\]: $/.test(out)) {
            const n = /^ {2}(\d+)\) P1: end-turn$/m.exec(out)?.[1];
            if (n === undefined) return reject(new Error(`no end-turn among P1's choices:\n${out}`));
            typed = n;
            child.stdin.write(`${n}\n`);
          }
          if (typed !== "" && report.test(out)) resolve();
        });
      });
    } finally {
      child.kill();
    }
    expect(out).toContain("P2: Water sample deck (cards/elementis/decks/water.yaml), mcts:1000 agent\n");
    // What P1 typed was its answer: the next turn is P2's, played by the agent.
    const after = out.slice(out.indexOf(`choice [1-`));
    expect(after).toMatch(
      /P1: end-turn\nTurn 2: P2 \(life 3\) against P1 \(life 3\)\nP2 \(mcts:1000, 1000 iterations, \d+ ms\): /,
    );
    const lines = (report.exec(out)?.[0] ?? "").split("\n");
    expect(lines[1]).toMatch(/^ {2}weighed: .+ — \d+ visits?, \d\.\d\d( \| .+ — \d+ visits?, \d\.\d\d)+$/);
    // The visits of the alternatives shown add up to at most the budget.
    const visits = [...(lines[1] ?? "").matchAll(/— (\d+) visits?/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(visits).toBeGreaterThan(0);
    expect(visits).toBeLessThanOrEqual(1000);
    for (const secret of ["Kelpie", "Golem", "Rock Spike", "Aqua Stream", "Siren", "Undine", "Kraken"])
      expect(lines.join("\n")).not.toContain(secret);
  }, 300_000);
});
