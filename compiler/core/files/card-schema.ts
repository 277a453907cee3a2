/** The JSON Schema of a game's card files, derived from its rules file (its kinds and their fields). */
import type { FieldDecl, Vocabulary } from "../semantic/vocabulary.ts";
import type { Type } from "../semantic/types.ts";
import { LOCALIZED_TEXT } from "../../../grammar/card-text-schema.ts";

/** `enum` of JSON Schema needs at least one value; an empty list allows nothing. */
function oneOfValues(values: readonly (string | number)[]): object {
  return values.length ? { enum: [...values] } : { not: {} };
}

const idPattern = "^[a-z0-9]+(-[a-z0-9]+)*$";
const localized = LOCALIZED_TEXT;

const VERSION = { type: ["string", "number"], description: "a version the rules declare (versions: known)" };
/**
 * The card's official text at each version it exists in, with where it was read (the card-text
 * check compares each version's code with it); or `none:` and why the card has none.
 */
const OFFICIAL_TEXT = {
  oneOf: [
    {
      type: "array",
      items: {
        type: "object",
        properties: {
          since: VERSION,
          until: VERSION,
          en: { type: "string", minLength: 1 },
          ja: { type: "string" },
          source: {
            type: "object",
            description: "where the text was read: a repository, a file in it and the commit",
            properties: {
              repo: { type: "string", minLength: 1 },
              path: { type: "string", minLength: 1 },
              commit: { type: "string", pattern: "^[0-9a-f]{7,40}$" },
            },
            required: ["repo", "path", "commit"],
            additionalProperties: false,
          },
        },
        required: ["en", "source"],
        additionalProperties: false,
      },
    },
    {
      type: "object",
      properties: { none: { type: "string", minLength: 1, description: "why the card has no official text" } },
      required: ["none"],
      additionalProperties: false,
    },
  ],
};

/** How a card id is written in a schema: by its shape (card files) or as one of the known ids (editors). */
const CARD_ID_SHAPE = { type: "string", pattern: idPattern };

/** The schema of a value of a declared type; `cardId` is the schema of one card id. */
export function valueSchema(ty: Type, voc: Vocabulary, cardId: object = CARD_ID_SHAPE): object {
  switch (ty.t) {
    case "number":
      return { type: "number" };
    case "bool":
      return { type: "boolean" };
    case "text":
      return { type: "string" };
    case "enum":
      return oneOfValues([...(voc.enums.get(ty.name) ?? [])]);
    case "cardid":
      return cardId;
    case "list":
      return { type: "array", items: valueSchema(ty.of, voc, cardId) };
    default:
      return {};
  }
}

function fieldSchema(f: FieldDecl, voc: Vocabulary): object {
  if (f.type === "effect") return { type: "string", description: "effect code" };
  if (f.type === "localized") return localized;
  if (f.type === "response") {
    return {
      type: "object",
      properties: { to: oneOfValues([...voc.events.keys()]), when: { type: "string" }, do: { type: "string" } },
      required: ["to", "do"],
      additionalProperties: false,
    };
  }
  return valueSchema(f.type, voc);
}

function triggerSchema(voc: Vocabulary): object {
  const stages = [...new Set([...voc.events.values()].flatMap((e) => e.stages))];
  return {
    type: "object",
    properties: {
      event: oneOfValues([...voc.events.keys()]),
      stage: stages.length ? { enum: stages } : { type: "string" },
      in: { oneOf: [oneOfValues([...voc.zones.keys()]), { type: "array", items: oneOfValues([...voc.zones.keys()]) }] },
      when: { type: "string" },
      usage: { type: "integer", minimum: 1 },
      bounded: {
        type: "string",
        minLength: 1,
        description:
          "why this trigger cannot keep firing, for a loop the analysis cannot see ends (e.g. a usage the game's rules spend)",
      },
      limit: {
        type: "object",
        properties: { count: { type: "integer", minimum: 1 }, per: oneOfValues([...voc.events.keys()]) },
        required: ["count", "per"],
        additionalProperties: false,
      },
      do: { type: "string" },
    },
    required: ["event", "do"],
    additionalProperties: false,
  };
}

function modifierSchema(voc: Vocabulary): object {
  const computed = [...voc.props.card.values(), ...voc.props.player.values(), ...voc.props.game.values()]
    .filter((p) => p.computed)
    .map((p) => p.name);
  return {
    type: "object",
    properties: {
      compute: oneOfValues([...new Set(computed)]),
      of: { const: "self", description: "only this card's own property (cheaper than when: subject == self)" },
      when: { type: "string" },
      in: { oneOf: [oneOfValues([...voc.zones.keys()]), { type: "array", items: oneOfValues([...voc.zones.keys()]) }] },
      do: { type: "string" },
    },
    required: ["compute", "do"],
    additionalProperties: false,
  };
}

const kindSchemas = new WeakMap<Vocabulary, Map<string, object>>();

/** The schema of one kind's card files (cached per vocabulary, so ajv compiles it once). */
export function kindSchema(voc: Vocabulary, kind: string): object {
  let m = kindSchemas.get(voc);
  if (!m) kindSchemas.set(voc, (m = new Map()));
  let s = m.get(kind);
  if (!s) m.set(kind, (s = buildKindSchema(voc, kind)));
  return s;
}

function buildKindSchema(voc: Vocabulary, kind: string): object {
  const k = voc.kinds.get(kind);
  const properties: Record<string, object> = {
    id: { type: "string", pattern: idPattern, description: "unique id of the card in its game (kebab-case)" },
    kind: { const: kind },
    name: localized,
    text: localized,
    keywords: { type: "array", items: oneOfValues([...voc.keywords]), uniqueItems: true },
    on: { type: "array", items: triggerSchema(voc) },
    modifiers: { type: "array", items: modifierSchema(voc) },
    officialId: { type: ["string", "number"] },
    officialText: OFFICIAL_TEXT,
    sameNameAs: {
      type: "string",
      pattern: idPattern,
      description:
        "the card whose name this card shows on purpose (a variant of it); without it, two cards of one kind with one name are a warning",
    },
  };
  const required = ["id", "kind", "name"];
  for (const f of [...voc.cardFields.values(), ...(k?.fields.values() ?? [])]) {
    properties[f.name] = fieldSchema(f, voc);
    if (!f.optional) required.push(f.name);
  }
  // Versions: each entry a since/until range and the keys of the card that differ in it.
  const overridable = Object.fromEntries(
    Object.entries(properties).filter(
      ([k]) => k !== "id" && k !== "kind" && k !== "sameNameAs" && k !== "officialText",
    ),
  );
  const version = { type: ["string", "number"], description: "a version the rules declare (versions: known)" };
  properties["versions"] = {
    type: "array",
    description: "the card at other versions of the game: since (included), until (excluded), and the keys that differ",
    items: {
      type: "object",
      properties: { since: version, until: version, ...overridable },
      additionalProperties: false,
    },
  };
  return { type: "object", properties, required, additionalProperties: false };
}

/** The schema for the `kind` key alone, checked first so other errors speak about the right kind. */
export function kindKeySchema(voc: Vocabulary): object {
  const cached = kindKeySchemas.get(voc);
  if (cached) return cached;
  const s = { type: "object", properties: { kind: oneOfValues([...voc.kinds.keys()]) }, required: ["kind"] };
  kindKeySchemas.set(voc, s);
  return s;
}
const kindKeySchemas = new WeakMap<Vocabulary, object>();

/** One schema for every card file of the game (for VS Code's YAML extension and monaco-yaml). */
export function cardFileSchema(voc: Vocabulary): object {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: `${voc.name} card`,
    type: "object",
    properties: { kind: oneOfValues([...voc.kinds.keys()]) },
    required: ["kind"],
    allOf: [...voc.kinds.keys()].map((k) => ({ if: { properties: { kind: { const: k } } }, then: kindSchema(voc, k) })),
  };
}
