/** Internal faults (bugs in Cardwright or a runaway game) are reported once, plainly; user mistakes never get here. */
import pc from "./colors.ts";
import { printable } from "../../core/text/printable.ts";

export const RuntimeFaultReporter = {
  report(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`${pc.red("internal error")}: ${printable(message)}\n`);
    if (process.env["CARDWRIGHT_DEBUG"] && e instanceof Error && e.stack) {
      process.stderr.write(e.stack + "\n");
      // The error thrown inside the game's code: its stack runs through game.js, which
      // `node --enable-source-maps` shows as the YAML lines of the cards and rules.
      const cause = e.cause;
      if (cause instanceof Error && cause.stack) process.stderr.write(`caused by: ${cause.stack}\n`);
    } else process.stderr.write("(set CARDWRIGHT_DEBUG=1 for details; please report this)\n");
  },
};
