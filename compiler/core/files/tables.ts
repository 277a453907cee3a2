/**
 * The runtime's data tables of a game (rules and cards), built by the checker from the checked
 * files so that emit never reads the YAML again.
 */
import type {
  ActionCondition,
  ActionDef,
  CardDef,
  ComputeDef,
  EffectDef,
  RulesData,
  TriggerDef,
  Value,
} from "../../../runtime/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";
import { invariantsData } from "./invariants.ts";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const zonesList = (v: unknown): string[] => (typeof v === "string" ? [v] : Array.isArray(v) ? v.map(String) : []);

export function rulesData(
  voc: Vocabulary,
  r: Obj,
  unitIds: ReadonlySet<string>,
  /** The unit ids of labels that read only the player and the arguments (plainLabels). */
  plain: ReadonlySet<string> = new Set(),
): RulesData {
  const props = (m: Vocabulary["props"]["card"]) =>
    Object.fromEntries(
      [...m.values()].map((p) => [
        p.name,
        {
          default: (p.default ?? null) as Value,
          ...(p.computed ? { computed: true } : {}),
          ...(p.show !== undefined ? { show: p.show } : {}),
          ...(p.min !== undefined ? { min: p.min } : {}),
          ...(p.max !== undefined ? { max: p.max } : {}),
        },
      ]),
    );
  const game = props(voc.props.game);
  for (const o of voc.options.values()) game[o.name] = { default: (o.default ?? null) as Value };
  const has = (id: string) => (unitIds.has(id) ? id : null);
  return {
    players: voc.players,
    ...(voc.minPlayers !== voc.players ? { minPlayers: voc.minPlayers } : {}),
    match: { games: voc.match.games, winsNeeded: voc.match.wins },
    props: { card: props(voc.props.card), player: props(voc.props.player), game },
    zones: Object.fromEntries(
      // A key is written only when declared, so modules of games without limits or roles stay as they were.
      [...voc.zones].map(([n, z]) => [
        n,
        {
          visibility: z.visibility,
          ...(z.limit !== undefined ? { limit: z.limit } : {}),
          ...(z.role !== undefined ? { role: z.role } : {}),
          ...(z.of === "game" ? { of: "game" as const } : {}),
          ...(z.show === "detail" || z.show === "hidden" ? { show: z.show } : {}),
          ...(z.group === true ? { group: true } : {}),
        },
      ]),
    ),
    kinds: Object.fromEntries(
      [...voc.kinds.values()].map((k) => [
        k.name,
        {
          activeIn: [...k.activeIn],
          display: has(`kind.${k.name}.display`),
          ...(k.key.length > 0 ? { key: [...k.key] } : {}),
          ...(k.keyUnlessZero.size > 0 ? { keyUnlessZero: [...k.keyUnlessZero] } : {}),
        },
      ]),
    ),
    events: Object.fromEntries(
      [...voc.events.values()].map((e) => [
        e.name,
        {
          stages: [...e.stages],
          ...(e.since !== null ? { since: e.since } : {}),
          entityFields: [...e.fields].filter(([, t]) => ["player", "card", "entity"].includes(t.t)).map(([n]) => n),
        },
      ]),
    ),
    order: {
      first: has("order.first"),
      zones: [...zonesList(obj(r["trigger-order"])["zones"])],
      rank: has("order.rank"),
    },
    actions: Object.keys(obj(r["actions"])).map((name) => ({
      name,
      window: voc.actions.get(name)?.window ?? "",
      param: unitIds.has(`action.${name}.for`) ? paramName(String(obj(obj(r["actions"])[name])["for"])) : null,
      list: has(`action.${name}.for`),
      when: has(`action.${name}.when`),
      ...actionConditions(obj(obj(r["actions"])[name])["when"], name, has),
      h: `action.${name}`,
      label: has(`action.${name}.label`),
      ...(plain.has(`action.${name}.label`) ? { labelPlain: true as const } : {}),
    })),
    flow: { game: "flow.game", scenario: has("flow.scenario") },
    deckErrors: has("deck.errors"),
    evaluate: has("evaluate"),
    ...(Array.isArray(r["invariants"]) ? { invariants: invariantsData(r, unitIds) } : {}),
    procedures: Object.fromEntries(
      [...voc.procedures.values()].map((p) => [p.name, { h: `proc.${p.name}`, params: p.params.map((x) => x.name) }]),
    ),
    ...(voc.versions ? { versions: { known: [...voc.versions.known], default: voc.versions.default } } : {}),
  };
}

/** `when:` as text (quoted by refusals), or as a list of conditions with their reasons. */
function actionConditions(
  when: unknown,
  name: string,
  has: (id: string) => string | null,
): Pick<ActionDef, "whenText" | "conditions"> {
  if (typeof when === "string") return { whenText: when.trim() };
  if (!Array.isArray(when)) return {};
  const conditions: ActionCondition[] = [];
  when.forEach((c, i) => {
    const test = has(`action.${name}.when.${i}`);
    if (test === null) return;
    const text = typeof c === "string" ? c : String(obj(c)["test"] ?? "");
    conditions.push({ test, text: text.trim(), reason: has(`action.${name}.when.${i}.reason`) });
  });
  return { conditions };
}

function paramName(binding: string): string {
  return binding.trim().split(/\s+/)[0] ?? "it";
}

/** `unitKey(key)` names the code units of a card key (a version's own code has its own units; see versions.ts). */
export function cardData(
  voc: Vocabulary,
  id: string,
  kind: string,
  v: Obj,
  unitIds: ReadonlySet<string>,
  unitKey: (key: string) => string = () => id,
): CardDef {
  const k = voc.kinds.get(kind);
  const codeFields = new Set(
    [...(k?.fields.values() ?? [])].filter((f) => f.type === "effect" || f.type === "response").map((f) => f.name),
  );
  // officialText is for the checker (card-text); the runtime's table does not carry it.
  const skip = new Set([
    "id",
    "kind",
    "name",
    "keywords",
    "on",
    "modifiers",
    "versions",
    "officialText",
    ...codeFields,
  ]);
  const fields: Record<string, Value> = {};
  for (const [key, val] of Object.entries(v)) {
    if (skip.has(key)) continue;
    fields[key] = (val && typeof val === "object" && !Array.isArray(val) ? (displayName(val) ?? null) : val) as Value;
  }
  // Fields the card leaves out read as their declared default (kind fields, then card-fields).
  for (const f of [...voc.cardFields.values(), ...(k?.fields.values() ?? [])]) {
    if (fields[f.name] === undefined && f.default !== undefined && typeof f.type === "object")
      fields[f.name] = f.default as Value;
  }
  const has = (x: string) => (unitIds.has(x) ? x : null);
  const triggers: TriggerDef[] = ((v["on"] as unknown[] | undefined) ?? []).map((t, i) => {
    const o = obj(t);
    const limit = obj(o["limit"]);
    return {
      event: String(o["event"]),
      stage: o["stage"] === undefined ? null : String(o["stage"]),
      in: zonesList(o["in"]),
      when: has(`card.${unitKey("on")}.on.${i}.when`),
      h: `card.${unitKey("on")}.on.${i}`,
      usage: typeof o["usage"] === "number" ? o["usage"] : null,
      limit: typeof limit["count"] === "number" ? { count: limit["count"], per: String(limit["per"]) } : null,
      ...(typeof o["bounded"] === "string" ? { bounded: o["bounded"] } : {}),
    };
  });
  const computes: ComputeDef[] = ((v["modifiers"] as unknown[] | undefined) ?? []).map((m, i) => {
    const o = obj(m);
    return {
      prop: String(o["compute"]),
      when: has(`card.${unitKey("modifiers")}.modifiers.${i}.when`),
      fn: `card.${unitKey("modifiers")}.modifiers.${i}`,
      in: zonesList(o["in"]),
      ...(o["of"] === "self" ? { ofSelf: true } : {}),
    };
  });
  const effects: Record<string, EffectDef> = {};
  for (const f of codeFields) {
    if (v[f] === undefined) continue;
    const resp = obj(v[f]);
    effects[f] = {
      h: `card.${unitKey(f)}.${f}`,
      to: typeof resp["to"] === "string" ? resp["to"] : null,
      when: has(`card.${unitKey(f)}.${f}.when`),
    };
  }
  return {
    id,
    kind,
    name: displayName(v["name"]) ?? id,
    fields,
    keywords: ((v["keywords"] as string[] | undefined) ?? []).map(String),
    triggers,
    computes,
    effects,
  };
}

export function displayName(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  const o = obj(v);
  return typeof o["en"] === "string" ? o["en"] : undefined;
}
