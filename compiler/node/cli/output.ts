/** Diagnostics on the terminal: rendered once (renderDiagnostic), coloured when it helps. */
import pc from "./colors.ts";
import { sanitize } from "../../../runtime/agents-terminal.ts";
import { renderDiagnostic, type Diagnostic } from "../../core/text/diagnostics.ts";

export function printDiagnostics(
  diags: readonly Diagnostic[],
  out: (s: string) => void = (s) => process.stderr.write(s + "\n"),
): void {
  for (const d of diags) {
    // Messages quote user text (names, values): control characters are shown, never obeyed.
    const text = sanitize(renderDiagnostic(d));
    out(
      d.severity === "error"
        ? text.replace(/ error /, ` ${pc.red("error")} `)
        : text.replace(/ warning /, ` ${pc.yellow("warning")} `),
    );
  }
}
