/** The CLI in process: `run(argv, io)` with captured output (and typed input for human seats). */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { run } from "../../compiler/node/cli/main.ts";
import { ROOT } from "../../compiler/node/project.ts";

export interface CliResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `cardwright <args>`; `input` lines are what a human seat types (then the input ends). */
export async function cli(args: readonly string[], input?: readonly string[]): Promise<CliResult> {
  let out = "";
  let err = "";
  const stream =
    input === undefined ? undefined : Readable.from(input.length === 0 ? [] : [input.map((l) => `${l}\n`).join("")]);
  const code = await run(args, {
    out: (s) => void (out += s),
    err: (s) => void (err += s),
    ...(stream === undefined ? {} : { input: stream }),
  });
  return { code, out, err };
}

/**
 * The game folders under the repository's cards/ (those with a rules.yaml), in name order: what the
 * CLI's messages list, read here from the disk rather than asked of the CLI's own code.
 */
export function gamesOnDisk(): string[] {
  const cards = join(ROOT, "cards");
  return readdirSync(cards)
    .filter((d) => existsSync(join(cards, d, "rules.yaml")))
    .sort();
}
