/** Completion: effect code inside its YAML scalars, or the YAML keys and values around it. */
import type { CheckedModel } from "../../workspace/model.ts";
import { regionAt } from "../code-regions.ts";
import { effectCompletion } from "./effect-completion.ts";
import type { FileInfo } from "../file-info.ts";
import type { CompletionList, LspPosition } from "../protocol.ts";
import { yamlCompletion, yamlPlace } from "./yaml-completion.ts";

export function completion(model: CheckedModel, info: FileInfo, pos: LspPosition): CompletionList {
  const offset = info.lines.offsetAt(pos);
  const inCode = regionAt(info.regions, offset);
  if (inCode) {
    const c = effectCompletion(model, info, inCode.region, inCode.offset);
    const s = inCode.region.source;
    // No word at the cursor: an empty range there (the cursor may be past the code, on a blank line).
    const range =
      c.start === c.end
        ? { start: pos, end: pos }
        : info.lines.rangeOf(s.offset(c.start), Math.max(s.offset(c.start), s.offset(c.end)));
    return { range, items: c.items };
  }
  const place = yamlPlace((n) => info.lines.line(n), info.lines.lineCount, pos);
  if (!place) return { range: { start: pos, end: pos }, items: [] };
  return {
    range: { start: { line: pos.line, character: place.wordStart }, end: { line: pos.line, character: place.wordEnd } },
    items: yamlCompletion(model, info, place, offset),
  };
}
