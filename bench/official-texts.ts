// Compares every GI card file's officialId and English name with a genshin-db data folder
// (its src/data/<Language>/tcg*/ JSON files, e.g. from a checkout of theBowja/genshin-db),
// and prints the official English and Japanese text of each matched card. It reads the data
// folder given on the command line; the data is not a dependency of the project.
//   npx tsx bench/official-texts.ts <genshin-db>/src/data [--texts]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

type Official = { id: number; name: string; description?: string };
const FOLDERS = ["tcgactioncards", "tcgcharactercards", "tcgsummons", "tcgstatuseffects"];

function load(root: string, language: string): Map<number, Official> {
  const byId = new Map<number, Official>();
  for (const folder of FOLDERS) {
    let files: string[] = [];
    try {
      files = readdirSync(join(root, language, folder));
    } catch {
      continue; // a language without this folder
    }
    for (const f of files) {
      const o = JSON.parse(readFileSync(join(root, language, folder, f), "utf8")) as Official;
      if (typeof o.id === "number" && !byId.has(o.id)) byId.set(o.id, o);
    }
  }
  return byId;
}

const [root, ...flags] = process.argv.slice(2);
if (!root) {
  console.error("usage: official-texts.ts <genshin-db src/data folder> [--texts]");
  process.exit(2);
}
const en = load(root, "English");
const ja = load(root, "Japanese");
if (en.size === 0) {
  console.error(`official-texts: no TCG data under ${join(root, "English")}`);
  process.exit(2);
}
const dir = "cards/gitcg/cards";
let missing = 0;
let nameDiff = 0;
let matched = 0;
for (const file of readdirSync(dir).sort()) {
  const card = parse(readFileSync(join(dir, file), "utf8")) as {
    id: string;
    officialId?: number;
    name?: { en?: string };
  };
  if (card.id.startsWith("test-")) continue; // rules-test fixtures are not official cards
  const o = card.officialId === undefined ? undefined : en.get(card.officialId);
  if (!o) {
    missing++;
    console.log(`${card.id}: no official card with id ${card.officialId ?? "(none)"}`);
    continue;
  }
  matched++;
  if (o.name !== card.name?.en) {
    nameDiff++;
    console.log(`${card.id}: name "${card.name?.en}" ≠ official "${o.name}"`);
  }
  if (flags.includes("--texts")) {
    console.log(`${card.id}\n  en: ${o.description ?? ""}\n  ja: ${ja.get(o.id)?.description ?? ""}`);
  }
}
console.log(`${matched} matched, ${nameDiff} name mismatches, ${missing} without an official card`);
