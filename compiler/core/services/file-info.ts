/** What the services need to know about one file of the model, computed once per model and file. */
import type { CheckedModel, FileRole } from "../workspace/model.ts";
import { SourceFile } from "../text/source.ts";
import { codeRegions, roleOfPath, type CodeRegion } from "./code-regions.ts";
import { TextLines } from "./text.ts";

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
  const src = new SourceFile(file, fm.text);
  const role = fm.role ?? roleOfPath(file);
  const info: FileInfo = {
    file,
    role,
    text: fm.text,
    lines: new TextLines(fm.text),
    src,
    regions: codeRegions(src, role, model.vocabulary),
  };
  m.set(file, info);
  return info;
}
