/** Diagnostics on the terminal: rendered once (renderDiagnostic), coloured when it helps. */
import pc from "picocolors";
import { renderDiagnostic, type Diagnostic } from "../../core/diagnostics.ts";

export function printDiagnostics(diags: readonly Diagnostic[], out: (s: string) => void = (s) => process.stderr.write(s + "\n")): void {
  for (const d of diags) {
    const text = renderDiagnostic(d);
    out(d.severity === "error" ? text.replace(/ error /, ` ${pc.red("error")} `) : text.replace(/ warning /, ` ${pc.yellow("warning")} `));
  }
}
