/** Diagnostics on the terminal: rendered once (renderDiagnostic, which shows hidden characters as `\u{…}`), coloured when it helps. */
import pc from "./colors.ts";
import { renderDiagnostic, type Diagnostic } from "../../core/text/diagnostics.ts";

export function printDiagnostics(
  diags: readonly Diagnostic[],
  out: (s: string) => void = (s) => process.stderr.write(s + "\n"),
): void {
  for (const d of diags) {
    // File names and messages quote user text: renderDiagnostic escapes control and invisible characters.
    const text = renderDiagnostic(d);
    out(
      d.severity === "error"
        ? text.replace(/ error /, ` ${pc.red("error")} `)
        : text.replace(/ warning /, ` ${pc.yellow("warning")} `),
    );
  }
}
