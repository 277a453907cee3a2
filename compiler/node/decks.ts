/** Deck files (`cards/<game>/decks/*.yaml`): a named list of card ids per starting zone. */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Engine } from "../../runtime/engine.ts";
import type { GameModule } from "../../runtime/types.ts";
import type { Diagnostic } from "../core/diagnostics.ts";
import { validateWithSchema } from "../core/schema-validate.ts";
import { SourceFile } from "../core/source.ts";
import { didYouMean } from "../core/suggest.ts";
import { readTextFile } from "./project.ts";

export interface Deck {
  readonly id: string;
  readonly name: string;
  readonly zones: Readonly<Record<string, readonly string[]>>;
  readonly file: string;
}

const DECK_SCHEMA = {
  type: "object",
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    doc: { type: "string" },
    zones: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
  required: ["id", "name", "zones"],
  additionalProperties: false,
};

/** Reads and checks a game's decks against its compiled module (card ids and zones exist). */
export function readDecks(dir: string, module: GameModule, cwd = process.cwd(), folder = "decks"): { decks: Deck[]; diagnostics: Diagnostic[] } {
  const decks: Deck[] = [];
  const diagnostics: Diagnostic[] = [];
  const deckDir = join(dir, folder);
  if (!existsSync(deckDir)) return { decks, diagnostics };
  for (const f of readdirSync(deckDir).filter((x) => /\.ya?ml$/.test(x)).sort()) {
    const read = readTextFile(join(deckDir, f), cwd);
    if ("code" in read) {
      diagnostics.push(read);
      continue;
    }
    const src = new SourceFile(read.path, read.text);
    diagnostics.push(...src.diagnostics);
    if (!src.ok) continue;
    const v = src.value() as { id: string; name: string; zones: Record<string, string[]> };
    const d = validateWithSchema(src, v, DECK_SCHEMA, "deck");
    diagnostics.push(...d);
    if (d.length) continue;
    let ok = true;
    for (const [zone, ids] of Object.entries(v.zones)) {
      if (!Object.hasOwn(module.rules.zones, zone)) {
        diagnostics.push({ file: src.file, range: src.rangeAt(["zones", zone], "key"), severity: "error", code: "deck/unknown-zone", message: `unknown zone '${zone}'`, ...hint(didYouMean(zone, Object.keys(module.rules.zones))) });
        ok = false;
      }
      ids.forEach((id, i) => {
        if (!Object.hasOwn(module.cards, id)) {
          diagnostics.push({ file: src.file, range: src.rangeAt(["zones", zone, i]), severity: "error", code: "deck/unknown-card", message: `unknown card '${id}'`, ...hint(didYouMean(id, Object.keys(module.cards))) });
          ok = false;
        }
      });
    }
    if (!ok) continue;
    // The rules' deck-building rules (`deck-errors`), each problem naming the rule it breaks.
    const engine = new Engine(module);
    const seats = Array.from({ length: module.rules.players }, (_, i) => ({ name: `P${i + 1}`, zones: v.zones }));
    const problems = engine.deckErrors({ seed: 1, players: seats })[0] ?? [];
    for (const message of problems) diagnostics.push({ file: src.file, range: src.rangeAt(["zones"], "key"), severity: "error", code: "deck/illegal", message });
    if (problems.length === 0) decks.push({ id: v.id, name: v.name, zones: v.zones, file: src.file });
  }
  return { decks, diagnostics };
}

function hint(h: string | undefined): { hint?: string } {
  return h === undefined ? {} : { hint: h };
}
