/** Go to definition and find references, from the model's index of resolved names. */
import type { CheckedModel } from "../../workspace/model.ts";
import type { FileInfo } from "../file-info.ts";
import type { Location } from "../protocol.ts";
import { toLspRange } from "../text.ts";

export function definition(model: CheckedModel, info: FileInfo, offset: number): Location[] {
  const hit = model.at(info.file, offset);
  const span = hit?.declaration.span;
  return span ? [{ file: span.file, range: toLspRange(span.range) }] : [];
}

export function references(
  model: CheckedModel,
  info: FileInfo,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  const hit = model.at(info.file, offset);
  if (!hit) return [];
  const decl = hit.declaration.span;
  return model
    .referencesTo(hit.declaration.id)
    .filter((s) => includeDeclaration || !decl || !(s.file === decl.file && s.start === decl.start))
    .map((s) => ({ file: s.file, range: toLspRange(s.range) }));
}
