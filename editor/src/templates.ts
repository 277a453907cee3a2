/**
 * Templates for a new card of each kind (from the game's rules: the kind's required fields, each
 * with a valid placeholder of its type) and for a new game.
 */
import type { FieldDecl, Vocabulary } from "../../compiler/core/semantic/vocabulary.ts";
import type { Type } from "../../compiler/core/semantic/types.ts";

function placeholder(ty: Type, voc: Vocabulary): string | null {
  switch (ty.t) {
    case "number":
      return "0";
    case "bool":
      return "false";
    case "text":
      return '""';
    case "enum":
      return voc.enums.get(ty.name)?.[0] ?? null;
    case "list":
      return "[]";
    default:
      return null;
  }
}

function fieldLine(f: FieldDecl, voc: Vocabulary): string | null {
  if (f.type === "effect") return `${f.name}: |\n  log "{self} does something"`;
  if (f.type === "localized") return `${f.name}: { en: "" }`;
  if (f.type === "response") {
    const ev = [...voc.events.keys()][0];
    return ev === undefined ? null : `${f.name}:\n  to: ${ev}\n  do: |\n    log "{self} responds"`;
  }
  const v = placeholder(f.type, voc);
  return v === null ? null : `${f.name}: ${v}`;
}

/** A card file of `kind` with every required field; the id is `id`. */
export function cardTemplate(voc: Vocabulary, kind: string, id: string): string {
  const k = voc.kinds.get(kind);
  const lines = [
    `id: ${id}`,
    `kind: ${kind}`,
    `name: { en: "${id.replace(/-/g, " ")}" }`,
    `text: { en: "What the card does." }`,
  ];
  for (const f of [...voc.cardFields.values(), ...(k?.fields.values() ?? [])]) {
    if (f.optional) continue;
    const line = fieldLine(f, voc);
    if (line !== null) lines.push(line);
  }
  return lines.join("\n") + "\n";
}

/** A new game: a rules file with one zone, one kind, a turn loop and a pass action, and a card. */
export function gameTemplate(name: string): { path: string; text: string }[] {
  const rules = `# ${name}: a new Cardwright game. Every rule is data; see docs/ for the rules file reference.
game: ${name}
name: ${name}
players: 2
zones:
  deck: { visibility: hidden }
  hand: { visibility: owner }
  field: { visibility: public }
kinds:
  unit:
    active-in: [field]
    fields:
      power: { type: number }
properties:
  player:
    life: { type: number, default: 10, min: 0 }
  game:
    current: { type: player, default: none }
windows: [main]
actions:
  pass:
    window: main
    label: "pass"
flow:
  game: |
    game.current = first(players())
    while true {
      act main by game.current
      game.current = other(game.current)
    }
`;
  const card = `id: first-unit
kind: unit
name: { en: First Unit }
text: { en: "A plain unit." }
power: 1
`;
  return [
    { path: `cards/${name}/rules.yaml`, text: rules },
    { path: `cards/${name}/cards/first-unit.yaml`, text: card },
  ];
}
