/**
 * Rename a card id in every file that names it (its own `id:`, other cards' fields and code, the
 * rules file, decks and scenarios), or a local in its code. Other names are declared by the
 * rules file and used by every card: renaming them is left to a deliberate edit.
 */
import type { CheckedModel } from "../../workspace/model.ts";
import type { FileInfo } from "../file-info.ts";
import type { LspRange, TextEdit, WorkspaceEdit } from "../protocol.ts";
import { toLspRange } from "../text.ts";

const CARD_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const LOCAL = /^[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*$/;

export function prepareRename(
  model: CheckedModel,
  info: FileInfo,
  offset: number,
): { range: LspRange; placeholder: string } | undefined {
  const hit = model.at(info.file, offset);
  if (!hit || (hit.declaration.kind !== "card" && hit.declaration.kind !== "local")) return undefined;
  return { range: toLspRange(hit.span.range), placeholder: hit.declaration.name };
}

/** The edits, or why the rename cannot be done. */
export function rename(
  model: CheckedModel,
  info: FileInfo,
  offset: number,
  newName: string,
): WorkspaceEdit | { error: string } {
  const hit = model.at(info.file, offset);
  if (!hit || (hit.declaration.kind !== "card" && hit.declaration.kind !== "local"))
    return { error: "only a card id or a local can be renamed here" };
  const d = hit.declaration;
  if (d.kind === "card") {
    if (!CARD_ID.test(newName))
      return { error: `'${newName}' is not a card id: use lower-case letters, digits and inner hyphens` };
    if (
      newName !== d.name &&
      (model.cards.some((c) => c.id === newName) ||
        model.vocabulary?.enumOfValue.has(newName) ||
        model.vocabulary?.keywords.has(newName))
    )
      return { error: `'${newName}' is already a name of the game` };
  } else if (!LOCAL.test(newName)) return { error: `'${newName}' is not a name` };
  const changes: Record<string, TextEdit[]> = {};
  for (const s of model.referencesTo(d.id))
    (changes[s.file] ??= []).push({ range: toLspRange(s.range), newText: newName });
  // A card file named after its id (as `check` wants) is renamed with it.
  const file = d.kind === "card" ? d.span?.file : undefined;
  const named = file ? /^(.*\/)?([^/]+)(\.ya?ml)$/.exec(file) : null;
  if (file && named && named[2] === d.name && newName !== d.name)
    return { changes, renames: [{ from: file, to: `${named[1] ?? ""}${newName}${named[3]}` }] };
  return { changes };
}
