/**
 * How long the two hostile cards of issue 16 take to fault under the runtime's budgets (target:
 * under 5 s each on this machine): a card setting a player's list<text> property 8 times to 65,537
 * texts of 7,168 characters, and a loop copying a 100,000-item list 999,000 times. The cards are
 * those of test/hardening/budgets.test.ts, which asserts the faults themselves.
 * `npx tsx bench/budgets.ts` (pin with `taskset -c 1` on a shared machine).
 */
import { Engine, RuntimeFault, type Action, type State } from "../runtime/index.ts";
import { HOSTILE_RULES, hostileGame } from "../test/kit/hostile-game.ts";

const double = (name: string, times: number) =>
  `n = 0\nwhile n < ${times} {\n  ${name} = ${name} + ${name}\n  n += 1\n}`;
const cards = {
  "log-bomb": `let n = 0\nlet t = "abcdefg"\n${double("t", 10)}\nlet xs = [t]\n${double("xs", 16)}\nxs = xs + [t]\nn = 0\nwhile n < 8 {\n  me.notes = xs\n  n += 1\n}`,
  "copy-loop": `let n = 0\nlet big = [1]\n${double("big", 16)}\nbig = big + take(big, 34464)\nlet i = 0\nwhile i < 999000 {\n  let c = big + []\n  i += 1\n}`,
};
const rules = HOSTILE_RULES.replace(
  "    score: { type: number, default: 0 }",
  "    score: { type: number, default: 0 }\n    notes: { type: list<text> }",
);
const engine = new Engine(await hostileGame(cards, rules));
let worst = 0;
for (const card of Object.keys(cards)) {
  const st: State = engine.newMatch({
    seed: 3,
    players: [
      { name: "A", zones: { hand: [card] } },
      { name: "B", zones: {} },
    ],
  });
  const play = engine.legalActions(st).find((a) => a.type === "act" && a.action === "play") as Action;
  const t0 = performance.now();
  let outcome = "completed (no fault!)";
  try {
    engine.apply(st, play);
  } catch (e) {
    outcome = e instanceof RuntimeFault ? e.reason : `not a RuntimeFault: ${String(e)}`;
  }
  const ms = performance.now() - t0;
  worst = Math.max(worst, ms);
  process.stdout.write(`${card.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms  ${outcome}\n`);
}
process.stdout.write(`${worst < 5000 ? "✓" : "✗"} target: each faults in under 5 s\n`);
