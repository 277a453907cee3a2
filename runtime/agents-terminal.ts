/**
 * A person at a terminal: shows the new log lines, the pending decision and numbered choices
 * (labelled by `engine.describe`), and reads a number. Works with `node:readline/promises`:
 *   const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
 *   terminalAgent({ question: (q) => rl.question(q), write: (t) => process.stdout.write(t) })
 */
import type { AsyncAgent } from "./agents.ts";
import type { Engine } from "./engine.ts";
import { renderLog } from "./log.ts";
import type { Action, State } from "./types.ts";

export interface TerminalIO {
  question(prompt: string): Promise<string>;
  write(text: string): void;
}

/** The heading of the pending decision. */
export function decisionHeading(engine: Engine, state: State): string {
  const d = engine.decision(state);
  if (d === null) return "";
  const who = engine.describe(state, { type: "done" }).replace(/ is done choosing$/, "");
  switch (d.type) {
    case "act":
      return `${who}: your action (${d.window})`;
    case "may":
      return `${who}: ${d.prompt}`;
    case "choose": {
      const n = d.min === d.max ? `${d.min}` : `${d.min}–${d.max}`;
      return `${who}: ${d.prompt} (choose ${n}${d.picked.length > 0 ? `, ${d.picked.length} picked` : ""})`;
    }
  }
}

export function terminalAgent(io: TerminalIO, options?: { readonly showLog?: boolean }): AsyncAgent {
  let seen = 0;
  return {
    async choose(state: State, legal: readonly Action[], engine: Engine): Promise<Action> {
      if (options?.showLog !== false) {
        if (seen > state.log.length) seen = 0;
        for (const line of renderLog(state, seen)) io.write(`  ${line}\n`);
        seen = state.log.length;
      }
      io.write(`${decisionHeading(engine, state)}\n`);
      legal.forEach((a, i) => io.write(`  ${i + 1}) ${engine.describe(state, a)}\n`));
      for (;;) {
        const answer = (await io.question(`choice [1-${legal.length}]: `)).trim();
        const n = Number(answer);
        if (Number.isInteger(n) && n >= 1 && n <= legal.length) return legal[n - 1] as Action;
        io.write(`  please type a number from 1 to ${legal.length}\n`);
      }
    },
  };
}
