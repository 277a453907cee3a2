/**
 * Terminal colours for the CLI. Colour only when the output is a terminal (or FORCE_COLOR asks
 * for it), and never with NO_COLOR: picocolors' own default also colours whenever a `CI`
 * variable is set, which puts escape codes into logs and into output that tools compare.
 */
import { createColors } from "picocolors";

const env = process.env;
const wanted =
  env["NO_COLOR"] === undefined &&
  (env["FORCE_COLOR"] !== undefined ? env["FORCE_COLOR"] !== "0" : process.stdout.isTTY === true);

const pc = createColors(wanted);
export default pc;
