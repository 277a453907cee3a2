/** The CLI in process: `run(argv, io)` with captured output (and typed input for human seats). */
import { Readable } from "node:stream";
import { run } from "../../compiler/node/cli/main.ts";

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
