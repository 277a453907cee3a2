/**
 * A card's `officialText:` — its official text at each version it exists in, and where it was read:
 *
 *   officialText:
 *     - since: "4.4"          # included; until excluded; either may be left out
 *       en: "Deal 3 damage."
 *       ja: "…"
 *       source: { repo: owner/name, path: data/x.json, commit: 0123abc… }
 *
 * or `officialText: { none: "why" }` for a card that has none. The ranges are checked like a
 * card's `versions:` (format, known versions, empty ranges, overlaps); the card-text check
 * (analysis/card-text) compares each version's code with the text of that version.
 */
import { compareVersions, inVersionRange } from "../../../runtime/kernel/versions.ts";
import type { Diagnostic } from "../text/diagnostics.ts";
import type { Reference } from "../semantic/symbols.ts";
import type { SourceFile } from "../text/source.ts";
import { versionAt, type VersionTable } from "./versions.ts";

export interface OfficialText {
  /** Its place in the card's `officialText:` list. */
  readonly index: number;
  readonly since: string | null;
  readonly until: string | null;
  readonly en: string;
  readonly ja: string | undefined;
  readonly source: { readonly repo: string; readonly path: string; readonly commit: string };
}

/** What a card says of its official text: the texts, or why it has none. */
export type CardOfficial = { readonly texts: readonly OfficialText[] } | { readonly none: string };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const label = (e: { since: string | null; until: string | null }) => `${e.since ?? "…"}–${e.until ?? "…"}`;

/** The card's official texts (the well-formed entries), or undefined when it has no `officialText:`. */
export function cardOfficial(
  table: VersionTable | null,
  src: SourceFile,
  card: Obj,
  diags: Diagnostic[],
  refs: Reference[],
): CardOfficial | undefined {
  const raw = card["officialText"];
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) return { none: String(obj(raw)["none"] ?? "") };
  const texts: OfficialText[] = [];
  raw.forEach((item, index) => {
    const e = obj(item);
    let ok = true;
    const bound = (k: "since" | "until"): string | null => {
      if (e[k] === undefined) return null;
      const v = versionAt(table, src, ["officialText", index, k], diags, refs);
      if (v === null) ok = false;
      return v;
    };
    const since = bound("since");
    const until = bound("until");
    if (!ok) return;
    const at = (message: string, code: "version/range" | "version/overlap") =>
      diags.push({
        file: src.file,
        range: src.rangeAt(["officialText", index]),
        severity: "error",
        code,
        message,
      });
    if (since !== null && until !== null && compareVersions(since, until) >= 0) {
      at(`'until' ${until} must come after 'since' ${since}`, "version/range");
      return;
    }
    const known = table?.known ?? [];
    const prev = texts.find((p) =>
      known.some((v) => inVersionRange(v, p.since, p.until) && inVersionRange(v, since, until)),
    );
    if (prev) {
      at(`official texts ${label(prev)} and ${label({ since, until })} of this card overlap`, "version/overlap");
      return;
    }
    const s = obj(e["source"]);
    texts.push({
      index,
      since,
      until,
      en: String(e["en"]),
      ja: typeof e["ja"] === "string" ? e["ja"] : undefined,
      source: { repo: String(s["repo"]), path: String(s["path"]), commit: String(s["commit"]) },
    });
  });
  return { texts };
}
