/**
 * The work and size budgets of one answer (runtime/state/budget.ts, docs/language.md "Limits"): cards
 * that stay inside every length limit but would take hours or all of the host's memory fault
 * with their file and line and the budget's name, and the state is exactly as before the answer.
 * (How fast they fault is measured in bench/budgets.ts, not here.)
 */
import { describe, expect, it } from "vitest";
import { Engine, type Action, type State } from "../../runtime/index.ts";
import { HOSTILE_RULES, hostileGame } from "../kit/hostile-game.ts";
import { actionOnCard, expectFaultLeavesState } from "../kit/actions.ts";

const RULES = HOSTILE_RULES.replace(
  "    score: { type: number, default: 0 }",
  "    score: { type: number, default: 0 }\n    notes: { type: list<text> }",
).replace(
  "    power: { type: number, default: 0 }",
  "    power: { type: number, default: 0 }\n    tags: { type: list<text> }",
);

/** `let <name>` doubled `times` times: `t` 7 characters × 2^10 = 7,168; lists by `xs = xs + xs`. */
const double = (name: string, times: number) =>
  `n = 0\nwhile n < ${times} {\n  ${name} = ${name} + ${name}\n  n += 1\n}`;
const TEXT_7168 = `let n = 0\nlet t = "abcdefg"\n${double("t", 10)}`;

const CARDS: Readonly<Record<string, string>> = {
  // Issue 16: 8 sets of a player's list<text> to 65,537 texts of 7,168 characters (a 470-million-character log line each).
  "log-bomb": `${TEXT_7168}\nlet xs = [t]\n${double("xs", 16)}\nxs = xs + [t]\nn = 0\nwhile n < 8 {\n  me.notes = xs\n  n += 1\n}`,
  // Issue 16: a loop copying a 100,000-item list each iteration (999,000 iterations: hours).
  "copy-loop": `let big = [1]\n${double("big", 16).replace("n = 0", "let n = 0")}\nbig = big + take(big, 34464)\nlet i = 0\nwhile i < 999000 {\n  let c = big + []\n  i += 1\n}`,
  // A filter over a 100,000-item list in a loop: items walked are work.
  "filter-loop": `let big = [1]\n${double("big", 16).replace("n = 0", "let n = 0")}\nbig = big + take(big, 34464)\nlet i = 0\nwhile i < 999000 {\n  let c = count(big where it > 1)\n  i += 1\n}`,
  // Two nested for-each loops over 65,536 items: each iteration counts (4 billion otherwise).
  "nested-for": `let big = [1]\n${double("big", 16).replace("n = 0", "let n = 0")}\nfor each x in big {\n  for each y in big {\n    me.score += 0\n  }\n}`,
  // A list of 131,072 references to one 524,288-character text, kept in a local across a decision
  // (read after it: a local no later step reads is not kept).
  "locals-bomb": `let n = 0\nlet t = "ab"\n${double("t", 18)}\nlet xs = [t]\n${double("xs", 16)}\nlet ok = may "keep it?"\nme.score += count(xs)`,
  // Nine cards each holding 917,632 units: the state (values and log) passes 16,000,000.
  "state-bomb": `${TEXT_7168}\nlet xs = [t]\n${double("xs", 7)}\nn = 0\nwhile n < 9 {\n  let c = create fine in me.board\n  c.tags = xs\n  n += 1\n}`,
  // 128 texts of 7,168 characters (917,632 units, inside the value budget): one log line.
  "long-line": `${TEXT_7168}\nlet xs = [t]\n${double("xs", 7)}\nme.notes = xs`,
  fine: "me.score += 1",
};

const EXPECTED: Readonly<Record<string, RegExp>> = {
  "log-bomb":
    /cards\/hostile\/cards\/log-bomb\.yaml:21:5 \(log-bomb: effect\): value budget: a value of more than 1000000 units \(items and characters\) cannot be stored in A\.notes$/,
  "copy-loop":
    /cards\/hostile\/cards\/copy-loop\.yaml:14:5 \(copy-loop: effect\): work budget: more than 10000000 units of work \(list items built, copied or walked, characters built or logged\) while resolving one answer$/,
  "filter-loop":
    /cards\/hostile\/cards\/filter-loop\.yaml:14:5 \(filter-loop: effect\): work budget: more than 10000000 units of work/,
  "nested-for":
    /cards\/hostile\/cards\/nested-for\.yaml:\d+:\d+ \(nested-for: effect\): runaway loop: more than 1000000 iterations without a decision$/,
  "locals-bomb":
    /cards\/hostile\/cards\/locals-bomb\.yaml:5:3 \(locals-bomb: effect\): state budget: the locals of this effect hold more than 16000000 units \(items and characters\) when it pauses$/,
  "state-bomb":
    /cards\/hostile\/cards\/state-bomb\.yaml:21:5 \(state-bomb: effect\): state budget: the state would hold more than 16000000 units \(values and characters of texts, its log included\) after this answer$/,
};

describe("work and size budgets of one answer (issue 16)", async () => {
  const module = await hostileGame(CARDS, RULES);
  const engine = new Engine(module);
  const fresh = (): State =>
    engine.newMatch({
      seed: 3,
      players: [
        { name: "A", zones: { hand: [...Object.keys(CARDS), "fine"] } },
        { name: "B", zones: { hand: ["fine"] } },
      ],
    });
  const playOf = (st: State, card: string): Action => actionOnCard(engine, st, "play", card);

  for (const [card, pattern] of Object.entries(EXPECTED)) {
    it(`${card}: a positioned fault naming the budget, the state unchanged, the match goes on`, () => {
      const st = fresh();
      engine.apply(st, playOf(st, "fine"));
      expectFaultLeavesState(engine, st, playOf(st, card), pattern);
      expect(engine.apply(st, playOf(st, "fine"))).toEqual({ ok: true });
      expect(engine.read(st, 1, "score")).toBe(2);
    });
  }

  it("a log line about a large value is cut at 2,000 characters, and the answer completes", () => {
    const st = fresh();
    expect(engine.apply(st, playOf(st, "long-line"))).toEqual({ ok: true });
    const line = st.log.filter((e) => e.kind === "set").at(-1)?.text ?? "";
    expect(line.length).toBe(2001);
    expect(line.startsWith("A.notes = [abcdefgabcdefg")).toBe(true);
    expect(line.endsWith("…")).toBe(true);
    expect((engine.read(st, 1, "notes") as readonly string[]).length).toBe(128);
  });

  it("the same state budget holds with logging off only once the values alone pass it", () => {
    // Without the log the nine cards hold 8.3 million units: inside the budget.
    const quiet = new Engine(module, { log: false });
    const st = quiet.newMatch({
      seed: 3,
      players: [
        { name: "A", zones: { hand: ["state-bomb"] } },
        { name: "B", zones: { hand: ["fine"] } },
      ],
    });
    const play = quiet.legalActions(st).find((x) => x.type === "act" && x.action === "play");
    expect(quiet.apply(st, play as Action)).toEqual({ ok: true });
    expect(quiet.zoneCards(st, 1, "board").length).toBe(10);
  });
});
