/**
 * The version a match is played at, from what asks for one: `--version`, the decks (`version:`)
 * and a scenario board. They must agree; a disagreement is a positioned diagnostic at the file that
 * disagrees with the first (the command line, when it names a version).
 */
import type { Diagnostic } from "../core/text/diagnostics.ts";
import { versionConflicts, type VersionUse } from "../core/files/versions.ts";
import type { Deck } from "./decks.ts";

export function matchVersion(
  asked: string | undefined,
  decks: readonly (Deck | undefined)[],
  scenario: VersionUse | null,
): { readonly version: string | undefined } | { readonly diagnostics: readonly Diagnostic[] } {
  const uses: VersionUse[] = [];
  if (asked !== undefined) uses.push({ version: asked, file: "", span: null, what: "--version" });
  const seen = new Set<string>();
  for (const d of decks) {
    if (d?.version === undefined || seen.has(d.file)) continue;
    seen.add(d.file);
    uses.push({ version: d.version, file: d.file, span: d.versionSpan ?? null, what: `deck '${d.id}' (${d.file})` });
  }
  if (scenario) uses.push(scenario);
  const diagnostics = versionConflicts(uses);
  return diagnostics.length ? { diagnostics } : { version: uses[0]?.version };
}
