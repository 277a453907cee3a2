/**
 * What may follow a `.`: the members of a type, read from the game's vocabulary with the same
 * rules as the checker's member lookup (card properties and data fields, player zones and
 * properties, game properties and options, event fields, the match).
 */
import { join, KIND_ENUM, T, type Type } from "../semantic/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";

export interface Member {
  readonly name: string;
  readonly type: Type;
  readonly what: "property" | "field" | "zone" | "event-field";
  /** The model's symbol id of its declaration, when it has one. */
  readonly symbol?: string;
}

function cardMembers(voc: Vocabulary): Member[] {
  const out = new Map<string, Member>();
  const add = (m: Member) => {
    if (!out.has(m.name)) out.set(m.name, m);
  };
  add({ name: "owner", type: T.player, what: "property" });
  add({ name: "kind", type: T.enumOf(KIND_ENUM), what: "property" });
  add({ name: "card", type: T.cardid, what: "property" });
  add({ name: "name", type: T.text, what: "property" });
  for (const p of voc.props.card.values())
    add({ name: p.name, type: p.type, what: "property", symbol: `property:card:${p.name}` });
  for (const f of voc.cardFields.values()) {
    if (typeof f.type === "object" || f.type === "localized")
      add({
        name: f.name,
        type: typeof f.type === "object" ? f.type : T.text,
        what: "field",
        symbol: `field:*:${f.name}`,
      });
  }
  for (const k of voc.kinds.values()) {
    for (const f of k.fields.values()) {
      if (typeof f.type === "object" || f.type === "localized")
        add({
          name: f.name,
          type: typeof f.type === "object" ? f.type : T.text,
          what: "field",
          symbol: `field:${k.name}:${f.name}`,
        });
    }
  }
  return [...out.values()];
}

function playerMembers(voc: Vocabulary): Member[] {
  const out: Member[] = [];
  for (const z of voc.zones.keys()) out.push({ name: z, type: T.list(T.card), what: "zone", symbol: `zone:${z}` });
  out.push({ name: "name", type: T.text, what: "property" });
  for (const p of voc.props.player.values())
    out.push({ name: p.name, type: p.type, what: "property", symbol: `property:player:${p.name}` });
  return out;
}

/** The members of a value of type `ty` (none for lists, numbers…). */
export function membersOf(voc: Vocabulary, ty: Type): Member[] {
  // A value that may be none offers its members: the checker asks for the test (check/maybe-none).
  if (ty.t === "opt") return membersOf(voc, ty.of);
  switch (ty.t) {
    case "card":
      return cardMembers(voc);
    case "player":
      return playerMembers(voc);
    case "entity": {
      const players = playerMembers(voc).filter((m) => m.what !== "zone");
      const names = new Set(players.map((m) => m.name));
      return [...players, ...cardMembers(voc).filter((m) => !names.has(m.name))];
    }
    case "game":
      return [
        ...[...voc.props.game.values()].map(
          (p): Member => ({ name: p.name, type: p.type, what: "property", symbol: `property:game:${p.name}` }),
        ),
        ...[...voc.options.values()].map(
          (o): Member => ({ name: o.name, type: o.type, what: "property", symbol: `option:${o.name}` }),
        ),
      ];
    case "match":
      return [
        { name: "number", type: T.number, what: "property" },
        { name: "lastWinner", type: T.player, what: "property" },
        { name: "lastLoser", type: T.player, what: "property" },
      ];
    case "event": {
      if (ty.name) {
        const ev = voc.events.get(ty.name);
        return [...(ev?.fields ?? [])].map(([name, type]) => ({
          name,
          type,
          what: "event-field",
          symbol: `event-field:${ty.name}:${name}`,
        }));
      }
      // An event known only at run time: every field some event has.
      const all = new Map<string, Type>();
      for (const ev of voc.events.values())
        for (const [name, type] of ev.fields)
          all.set(name, all.has(name) ? (join(all.get(name) as Type, type) ?? T.unknown) : type);
      return [...all].map(([name, type]) => ({ name, type, what: "event-field" }));
    }
    default:
      return [];
  }
}
