/**
 * Issue 7 item 4, the terminal sandbox: `cardwright play` with a human seat, through its
 * stdin/stdout (in process). A board before each decision, the compact log unless --verbose, the
 * commands help/board/log/undo, --from a scenario, a clear end when input ends, and no hidden card
 * of the other seat in the human's output. Also control characters in names are never printed raw.
 */
import { describe, expect, it } from "vitest";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import {
  Engine,
  firstLegalAgent,
  InputEnded,
  randomAgent,
  terminalSession,
  type Entity,
  type State,
} from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";
import { hostileGame } from "../kit/hostile-game.ts";
import { cli } from "../kit/cli.ts";

const HUMAN = ["play", "elementis", "--agents", "human,random"];

describe("cardwright play with a human seat (Elementis)", () => {
  it("shows a board and choices, obeys help/board/log/undo, and says so when input ends (exit 3)", async () => {
    const r = await cli(HUMAN, ["help", "board", "log", "1", "undo", "1", "frob"]);
    expect(r.code).toBe(3);
    expect(r.err).toBe("input ended before the match was over (after 1 decision(s)); the match is unfinished\n");
    const out = r.out;
    // The board as P1 sees it: its own hand by name with each card's key fields (the rules'
    // `key: [element, cost, power]`), the opponent's hidden hand by size only.
    expect(out).toContain(
      "P1 (you): life 3\n  hand (10): Will-o'-wisp [element fire, cost 1, power 1], Salamander [element fire, cost 2, power 1], Dragon [element fire, cost 4, power 5], Fireball [element fire, cost 2], Pyro Flame [element fire, cost 3], Explosia [element fire, cost 5], Rapid Move [element wind, cost 1], Liquid Veil [element water, cost 1], Water Barrier [element water, cost 1], Stone Guard [element earth, cost 1]\n  side (3): Phoenix [element fire, cost 3, power 3], Burning Energy [element fire, cost 1], Ground Wall [element earth, cost 2]\nP2: life 3\n  hand: 10 cards\n  side: 3 cards\n",
    );
    expect(out).toContain("P1: your action (main)\n  1) P1 summons Will-o'-wisp\n");
    expect(out).toContain("  help   this list\n");
    expect(out).toContain("  undone: back to your decision 1\n");
    expect(out).toContain("type a number from 1 to 9, or help, board, log, undo\n");
    // undo took back the summon: the action prompt came three times (start, after undo, never a third summon accepted twice)
    expect(out.match(/P1: your action \(main\)/g)).toHaveLength(2);
    expect(out.match(/P1: Pay 1 for Will-o'-wisp \(choose 1\)/g)).toHaveLength(2);
    // The compact log: no property-level lines.
    expect(out).not.toMatch(/^\s*\S+\.\w+ = /m);
    // Nothing of P2's water deck that P1 does not hold itself.
    for (const secret of ["Kelpie", "Golem", "Rock Spike", "Aqua Stream", "Siren", "Undine", "Kraken"])
      expect(out).not.toContain(secret);
  });

  it("--verbose adds the property-level lines", async () => {
    const r = await cli([...HUMAN, "--verbose"], ["1"]);
    expect(r.code).toBe(3);
    // Each change names the rules or card line whose statement made it.
    expect(r.out).toMatch(/^\s*P1\.summoned = true {2}\[cards\/elementis\/rules\.yaml:\d+:\d+\]$/m);
  });

  it("--from a scenario's board starts there", async () => {
    const r = await cli(
      [
        ...HUMAN,
        "--from",
        "cards/elementis/scenarios/fireball.yaml#ES-COST-1: paying Fireball with 2 of 3 other cards is a choice",
      ],
      ["board"],
    );
    expect(r.err).toBe("input ended before the match was over (after 0 decision(s)); the match is unfinished\n");
    expect(r.code).toBe(3);
    expect(r.out).toContain("Elementis Summoner, seed 1, from cards/elementis/scenarios/fireball.yaml#ES-COST-1");
    expect(r.out).toMatch(/P1: scenario board, human agent/);
  });

  it("an empty input before the first decision is a clear end too", async () => {
    const r = await cli(HUMAN, []);
    expect(r.code).toBe(3);
    expect(r.err).toBe("input ended before the match was over (after 0 decision(s)); the match is unfinished\n");
  });
});

/** Answers with the given lines, then ends like a closed stdin. */
function typed(lines: readonly string[]) {
  let out = "";
  const queue = [...lines];
  return {
    io: {
      write: (t: string) => void (out += t),
      question: async (q: string) => {
        out += q;
        const l = queue.shift();
        if (l === undefined) throw new InputEnded();
        return l;
      },
    },
    text: () => out,
  };
}

/** Names of the cards in `seat`'s hidden zones that no other place (its own visible zones, the other seat's cards) shows. */
function secretNames(engine: Engine, state: State, seat: number): string[] {
  const hidden = new Set<string>();
  const open = new Set<string>();
  for (const e of Object.values(state.entities) as Entity[]) {
    if (e.card === null) continue;
    const zone = engine.module.rules.zones[e.zone];
    const name = engine.module.cards[e.card]?.name ?? "";
    if (e.owner === seat && zone?.visibility !== "public") hidden.add(name);
    else open.add(name);
  }
  return [...hidden].filter((n) => !open.has(n) && n.length > 3);
}

describe("hidden information in GI (terminal session)", async () => {
  const module = await gameModule("gitcg");
  const engine = new Engine(module);
  const { decks } = readDecks(gameDir("gitcg"), module);

  for (const [a, b] of [
    [0, 1],
    [2, 3],
    [4, 5],
  ] as const) {
    it(`human seat 1 (${decks[a]?.id}) never sees seat 2's hidden cards (${decks[b]?.id})`, async () => {
      const start = engine.newMatch({
        seed: 11 + a,
        players: [
          { name: "P1", zones: { ...decks[a]?.zones } },
          { name: "P2", zones: { ...decks[b]?.zones } },
        ],
      });
      const t = typed(["1", "board", "1", "log", "2", "1", "1", "1", "1", "1", "1", "1"]);
      const r = await terminalSession(engine, start, [null, randomAgent(5)], t.io);
      expect(r.end).toBe("input-ended");
      const secrets = secretNames(engine, r.state, 2);
      expect(secrets.length).toBeGreaterThan(3);
      for (const s of secrets) expect(t.text(), s).not.toContain(s);
      // … while its own hand is shown by name.
      expect(t.text()).toMatch(/ {2}hand \(\d+\): /);
    });
  }
});

describe("control characters are shown, never obeyed (issue 9, class 6)", async () => {
  const evil = "Evil\u001b]0;pwned\u0007\u001b[2J\u202eCard";
  const module = await hostileGame({ evil: `log "{name(self)} says \u001b[31mred"` });
  const named = {
    ...module,
    cards: { ...module.cards, evil: { ...(module.cards["evil"] as (typeof module.cards)[string]), name: evil } },
  };
  const engine = new Engine(named);
  it("a card name with ESC sequences reaches the terminal escaped", async () => {
    const start = engine.newMatch({
      seed: 1,
      players: [
        { name: "A", zones: { hand: ["evil"] } },
        { name: "B", zones: {} },
      ],
    });
    const t = typed(["1", "board", "log", "2"]);
    const r = await terminalSession(engine, start, [null, firstLegalAgent()], t.io, { verbose: true });
    expect(r.end).toBe("over");
    const out = t.text();
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(out).toContain("Evil\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{202e}Card");
  });
});
