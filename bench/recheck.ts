/**
 * The editor's loop on GI alone (the block of `npm run bench` of that name), in seconds rather than
 * minutes: one character typed at the end of a card file, then the file re-checked and the model
 * rebuilt, for the first 50 card files four times over; medians of the wall and CPU time per edit.
 * `taskset -c 0 npx tsx bench/recheck.ts` (an argument picks one of the two rows: `50` or `all`).
 */
import { Workspace } from "../compiler/core/workspace/workspace.ts";
import { readGame } from "../compiler/node/project.ts";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return ((s[Math.floor((s.length - 1) / 2)] as number) + (s[Math.ceil((s.length - 1) / 2)] as number)) / 2;
};
const gi = readGame("gitcg");
if ("code" in gi) throw new Error(gi.message);
const only = process.argv[2];
for (const [label, cards] of [
  ["50 GI cards", gi.cards.slice(0, 50)],
  [`all ${gi.cards.length} GI cards`, gi.cards],
] as const) {
  if (only && !label.includes(only)) continue;
  const ws = new Workspace({ rules: gi.rules, cards });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const card of cards.slice(0, 50)) {
      const text = round % 2 === 0 ? card.text.replace(/\n?$/, " \n") : card.text;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      ws.setFile(card.path, text);
      ws.model().diagnostics;
      const c = process.cpuUsage(c0);
      wall.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  process.stdout.write(
    `re-check after a 1-char edit, ${label} (median): ${median(wall).toFixed(2)} ms wall, ${median(cpu).toFixed(2)} ms CPU (target ≤ 20 ms)\n`,
  );
}
