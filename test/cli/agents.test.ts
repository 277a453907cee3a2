/**
 * Issue 18 item 4: `cardwright play --agents` seats greedy and MCTS agents. At a terminal, a human
 * plays against `mcts:<n>` through stdin and reads each of the agent's decisions with the
 * alternatives it weighed and their visit counts, worded as the human's view shows the board.
 */
import { describe, expect, it } from "vitest";
import { cli } from "../kit/cli.ts";

describe("cardwright play --agents with search agents", () => {
  it("human against mcts:30 through stdin: the agent's choice, its iterations and the alternatives it weighed", async () => {
    // P2 starts (seed 2) and its agent plays its turn; P1 then ends its turn (7: end-turn) and P2 plays again.
    const r = await cli(["play", "elementis", "--agents", "human,mcts:30", "--seed", "2"], ["7"]);
    expect(r.err).toMatch(
      /^input ended before the match was over \(after \d+ decision\(s\)\); the match is unfinished\n$/,
    );
    expect(r.code).toBe(3);
    // The report comes in its place in the play-by-play: after the turn's heading, before P2's summon shows.
    expect(r.out).toMatch(/^Turn 1: P2 \(life 3\) against P1 \(life 3\)\nP2 \(mcts:30, 30 iterations, \d+ ms\): /m);
    expect(r.out).toContain("P2: Water sample deck (cards/elementis/decks/water.yaml), mcts:30 agent\n");
    expect(r.out).toMatch(/^P2 \(mcts:30, 30 iterations, \d+ ms\): /m);
    // The alternatives with visit counts; P2's hand cards it may pay with are not named to P1.
    expect(r.out).toMatch(/^ {2}weighed: .+ — \d+ visits?, \d\.\d\d \| /m);
    // (At P2's first decision none of its cards is public yet: no card of its deck may be named.)
    const first = r.out.split("\n").find((l) => l.startsWith("  weighed:")) ?? "";
    // Worded as P1's masked log words another seat's action with a hidden card (Engine.describeFor).
    expect(first).toContain("P2: play-magia — ");
    for (const secret of ["Kelpie", "Golem", "Rock Spike", "Aqua Stream", "Siren", "Undine", "Kraken"])
      expect(first).not.toContain(secret);
  });

  it("two agents: greedy against dmcts, and the decisions listed after the match", async () => {
    const r = await cli(["play", "elementis", "--agents", "greedy,dmcts:20", "--seed", "3"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Agents' decisions:\n");
    expect(r.out).toMatch(/^ {2}P1 \(greedy, \d+ iterations?, \d+ ms\): /m);
    expect(r.out).toMatch(/^ {2}P2 \(dmcts:20, 20 iterations, \d+ ms\): /m);
    expect(r.out).toMatch(/^Winner: P[12]$/m);
  });

  it("Coup, three seats: mcts and greedy deal the court deck (the game's own cards, no seat's) in their worlds and play to the end", async () => {
    const r = await cli(["play", "coup", "--players", "3", "--agents", "mcts:10,greedy", "--seed", "5"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}P1 \(mcts:10, 10 iterations, \d+ ms\): /m);
    expect(r.out).toMatch(/^ {2}P[23] \(greedy, \d+ iterations?, \d+ ms\): /m);
    expect(r.out).toMatch(/^Match over: P[123] wins \(P1 [01] – P2 [01] – P3 [01]\)$/m);
    expect(r.out).toMatch(/^Winner: P[123]$/m);
  });

  it("a budget that cannot be read is a usage error (exit 2) before anything is played", async () => {
    const r = await cli(["play", "elementis", "--agents", "human,mcts:soon"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "--agents: 'mcts:soon' has no budget I can read ('soon'): give iterations (mcts:1000) or a time per decision (mcts:1s, mcts:250ms)",
    );
    expect(r.out).toBe("");
  });
});
