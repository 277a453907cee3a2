/** Deck files (`cards/<game>/decks/*.yaml`): a named list of card ids per starting zone, checked statically. */
import type { Diagnostic } from "../text/diagnostics.ts";
import type { DeckModel } from "../workspace/model.ts";
import type { Declaration, Reference } from "../semantic/symbols.ts";
import { validateWithSchema } from "./schema-validate.ts";
import { SourceFile } from "../text/source.ts";
import { didYouMean } from "../text/suggest.ts";
import { versionAt, type VersionTable } from "./versions.ts";

export const DECK_SCHEMA = {
  type: "object",
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    doc: { type: "string" },
    zones: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    version: {
      type: ["string", "number"],
      description: "the game version this deck is built for (one the rules declare)",
    },
  },
  required: ["id", "name", "zones"],
  additionalProperties: false,
};

/** What a deck is checked against: the game's zones and card ids. */
export interface DeckContext {
  readonly zones: { has(zone: string): boolean; keys(): Iterable<string> };
  readonly cards: ReadonlySet<string>;
  /** The game's versions, for a deck's `version:` (absent or null: the game declares none). */
  readonly versions?: VersionTable | null;
}

export interface DeckCheck {
  readonly deck: DeckModel | null;
  readonly diagnostics: readonly Diagnostic[];
  readonly declarations: readonly Declaration[];
  readonly references: readonly Reference[];
}

/** YAML, schema, zones and card ids of one deck file (the rules' deck-errors need the built game: node/decks.ts). */
export function checkDeckFile(
  ctx: DeckContext,
  file: { path: string; text: string },
  src: SourceFile = new SourceFile(file.path, file.text),
): DeckCheck {
  const diagnostics: Diagnostic[] = [];
  const references: Reference[] = [];
  for (const d of src.diagnostics) diagnostics.push(d);
  if (!src.ok) return { deck: null, diagnostics, declarations: [], references };
  const v = src.value() as { id: string; name: string; zones: Record<string, string[]>; version?: unknown };
  const d = validateWithSchema(src, v, DECK_SCHEMA, "deck");
  for (const x of d) diagnostics.push(x);
  if (d.length) return { deck: null, diagnostics, declarations: [], references };
  let ok = true;
  for (const [zone, ids] of Object.entries(v.zones)) {
    if (!ctx.zones.has(zone)) {
      const near = didYouMean(zone, ctx.zones.keys());
      diagnostics.push({
        file: src.file,
        range: src.rangeAt(["zones", zone], "key"),
        severity: "error",
        code: "deck/unknown-zone",
        message: `unknown zone '${zone}'`,
        ...(near ? { hint: near } : {}),
      });
      ok = false;
    } else {
      const span = src.spanAt(["zones", zone], "key");
      if (span) references.push({ symbol: `zone:${zone}`, span });
    }
    ids.forEach((id, i) => {
      const span = src.spanAt(["zones", zone, i]);
      if (ctx.cards.has(id)) {
        if (span) references.push({ symbol: `card:${id}`, span, type: { t: "cardid" } });
        return;
      }
      const near = didYouMean(id, ctx.cards);
      diagnostics.push({
        file: src.file,
        range: span?.range ?? src.rangeAt(["zones", zone, i]),
        severity: "error",
        code: "deck/unknown-card",
        message: `unknown card '${id}'`,
        ...(near ? { hint: near } : {}),
      });
      ok = false;
    });
  }
  const version =
    v.version !== undefined ? versionAt(ctx.versions ?? null, src, ["version"], diagnostics, references) : null;
  if (v.version !== undefined && version === null) ok = false;
  const idSpan = src.spanAt(["id"]) ?? src.spanOf(0, 0);
  const declarations: Declaration[] = [
    { id: `deck:${src.file}`, kind: "deck", name: v.id, detail: `deck ${v.id}: ${v.name}`, span: idSpan },
  ];
  const versionSpan = src.spanAt(["version"]);
  const pinned = version !== null ? { version, ...(versionSpan ? { versionSpan } : {}) } : {};
  return {
    deck: {
      id: v.id,
      name: v.name,
      file: src.file,
      zones: v.zones,
      zonesRange: src.rangeAt(["zones"], "key"),
      ok,
      ...pinned,
    },
    diagnostics,
    declarations,
    references,
  };
}
