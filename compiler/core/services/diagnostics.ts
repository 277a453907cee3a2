/** The model's diagnostics of one file, with LSP ranges (the workspace keeps them current). */
import type { CheckedModel } from "../workspace/model.ts";
import type { ServiceDiagnostic } from "./protocol.ts";
import { toLspRange } from "./text.ts";
import { printable } from "../text/printable.ts";

export function fileDiagnostics(model: CheckedModel, file: string): ServiceDiagnostic[] {
  return model.diagnostics
    .filter((d) => d.file === file)
    .map((d) => ({
      range: toLspRange(d.range),
      severity: d.severity,
      code: d.code,
      // Messages quote user strings (names, ids, values): hidden characters show as `\u{…}`.
      // Ranges and quick-fix data keep the raw text, which the edits act on.
      message: printable(d.message),
      ...(d.hint !== undefined ? { hint: printable(d.hint) } : {}),
      ...(d.data !== undefined
        ? {
            data: {
              ...(d.data.replacement !== undefined ? { replacement: d.data.replacement } : {}),
              ...(d.data.at !== undefined ? { at: toLspRange(d.data.at) } : {}),
            },
          }
        : {}),
    }));
}
