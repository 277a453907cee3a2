/** The model's diagnostics of one file, with LSP ranges (the workspace keeps them current). */
import type { CheckedModel } from "../workspace/model.ts";
import type { ServiceDiagnostic } from "./protocol.ts";
import { toLspRange } from "./text.ts";

export function fileDiagnostics(model: CheckedModel, file: string): ServiceDiagnostic[] {
  return model.diagnostics
    .filter((d) => d.file === file)
    .map((d) => ({
      range: toLspRange(d.range),
      severity: d.severity,
      code: d.code,
      message: d.message,
      ...(d.hint !== undefined ? { hint: d.hint } : {}),
      ...(d.data !== undefined ? { data: d.data } : {}),
    }));
}
