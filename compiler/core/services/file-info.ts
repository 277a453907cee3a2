/**
 * What the services need to know about one file of the model: the model's own parsed source and
 * code table (FileModel.source, FileModel.code: what the checker read), with a line index for LSP
 * positions made once per model and file. Nothing here parses YAML or works out where code is.
 */
import type { CheckedModel, CodeRegion, FileRole } from "../workspace/model.ts";
import type { SourceFile } from "../text/source.ts";
import { TextLines } from "./text.ts";

export type { CodeMode, CodeRegion } from "../workspace/model.ts";

export interface FileInfo {
  readonly file: string;
  readonly role: FileRole;
  readonly text: string;
  readonly lines: TextLines;
  readonly src: SourceFile;
  readonly regions: readonly CodeRegion[];
}

const cache = new WeakMap<CheckedModel, Map<string, FileInfo>>();

/** The file as the model knows it; undefined for a file the model does not hold. */
export function fileInfo(model: CheckedModel, file: string): FileInfo | undefined {
  let m = cache.get(model);
  if (!m) cache.set(model, (m = new Map()));
  const hit = m.get(file);
  if (hit) return hit;
  const fm = model.files.get(file);
  if (!fm) return undefined;
  const info: FileInfo = {
    file,
    role: fm.role,
    text: fm.text,
    lines: new TextLines(fm.text),
    src: fm.source,
    regions: fm.code,
  };
  m.set(file, info);
  return info;
}

/** The region holding a file offset (its end included: a cursor just after the code is in it), and the code offset. */
export function regionAt(
  regions: readonly CodeRegion[],
  fileOffset: number,
): { region: CodeRegion; offset: number } | undefined {
  for (const region of regions) {
    const s = region.source;
    const start = s.offset(0);
    const end = s.offset(s.text.length);
    if (fileOffset < start || fileOffset > end) continue;
    // The last code offset whose file offset is not after the cursor (offsets grow with the code).
    let lo = 0;
    let hi = s.text.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s.offset(mid) <= fileOffset) lo = mid;
      else hi = mid - 1;
    }
    return { region, offset: lo };
  }
  // A cursor on a blank line just after a block of code, indented like the code, is at its end
  // (YAML leaves trailing blank lines out of the block's value).
  for (const region of regions) {
    const s = region.source;
    const end = s.offset(s.text.length);
    if (region.mode !== "block" || fileOffset <= end || !s.text.endsWith("\n")) continue;
    const gap = text(region).slice(end, fileOffset);
    if (!/^[ \t\n\r]*$/.test(gap)) continue;
    const first = s.offset(0);
    const indent = first - (text(region).lastIndexOf("\n", first - 1) + 1);
    const col = fileOffset - (text(region).lastIndexOf("\n", fileOffset - 1) + 1);
    if (col >= indent) return { region, offset: s.text.length };
  }
  return undefined;
}

/** The whole file text a region belongs to. */
function text(region: CodeRegion): string {
  return region.fileText;
}
