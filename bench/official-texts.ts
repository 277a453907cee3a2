// The official English and Japanese text of every GI card at every version the rules declare,
// read from a git clone of the community database genshin-db (theBowja/genshin-db; its history
// holds one data update per game version, each commit's subject starting with the version). The
// data is read from the clone given on the command line; it is not a dependency of the project.
//
//   npx tsx bench/official-texts.ts <genshin-db git dir>            report: matched, differing names, differing texts
//   npx tsx bench/official-texts.ts <genshin-db git dir> --write    rewrite each card file's `officialText:` list
//
// A card is found by its `officialId` (action cards, characters, summons, statuses; a skill inside
// its character's entry), else by its English name among statuses. The version V's data is the
// commit just before the first commit of the next version (or the newest commit for the last).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Document, isMap, isScalar, parse, visit } from "yaml";

const REPO = "theBowja/genshin-db";
const FOLDERS = ["tcgactioncards", "tcgcharactercards", "tcgsummons", "tcgstatuseffects"] as const;
type Folder = (typeof FOLDERS)[number];

interface Found {
  readonly en: string;
  readonly ja: string | undefined;
  readonly name: string;
  /** The data file the text is in (English). */
  readonly path: string;
}
interface Raw {
  id?: number;
  hp?: number;
  maxenergy?: number;
  tagstext?: string[];
  name?: string;
  description?: string;
  skills?: { id?: number; name?: string; description?: string }[];
}

const [gitDir, ...flags] = process.argv.slice(2);
if (!gitDir) {
  console.error("usage: official-texts.ts <genshin-db git dir> [--write]");
  process.exit(2);
}
const git = (args: string[], input?: string) =>
  execFileSync("git", ["-C", gitDir ?? "", ...args], { encoding: "utf8", maxBuffer: 1 << 30, input });

const rules = parse(readFileSync("cards/gitcg/rules.yaml", "utf8")) as { versions: { known: string[] } };
const known = rules.versions.known;

/** Version → the commit holding its data. */
function versionCommits(): Map<string, string> {
  const log = git(["log", "--reverse", "--format=%H %s"])
    .split("\n")
    .filter(Boolean)
    .map((l) => ({ hash: l.slice(0, 40), version: /^(\d+\.\d+)(?![\d.])/.exec(l.slice(41))?.[1] }));
  const out = new Map<string, string>();
  const cmp = (a: string, b: string) => {
    const [a1, a2] = a.split(".").map(Number);
    const [b1, b2] = b.split(".").map(Number);
    return (a1 ?? 0) - (b1 ?? 0) || (a2 ?? 0) - (b2 ?? 0);
  };
  for (const v of known) {
    // The first commit of a later version; the version's data is the commit before it.
    const next = log.findIndex((c) => c.version !== undefined && cmp(c.version, v) > 0);
    const seen = log.findIndex((c) => c.version === v);
    if (seen < 0) continue;
    const at = next < 0 ? log.length - 1 : next - 1;
    const c = log[at];
    if (c) out.set(v, c.hash);
  }
  return out;
}

const blobCache = new Map<string, Raw>();
/** Every TCG entry of a commit in one language: folder → id → entry (and its file). */
function load(commit: string, language: string): Map<Folder, Map<number, { raw: Raw; path: string }>> {
  const out = new Map<Folder, Map<number, { raw: Raw; path: string }>>();
  const listing = git(["ls-tree", "-r", commit, `src/data/${language}/`])
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [meta, path] = l.split("\t");
      return { blob: (meta ?? "").split(" ")[2] ?? "", path: path ?? "" };
    })
    .filter((e) => FOLDERS.some((f) => e.path.includes(`/${f}/`)) && e.path.endsWith(".json"));
  const missing = [...new Set(listing.map((e) => e.blob).filter((b) => !blobCache.has(b)))];
  if (missing.length) {
    const raw = execFileSync("git", ["-C", gitDir ?? "", "cat-file", "--batch"], {
      input: `${missing.join("\n")}\n`,
      maxBuffer: 1 << 30,
    });
    let pos = 0;
    for (const b of missing) {
      const nl = raw.indexOf(10, pos);
      const size = Number(raw.subarray(pos, nl).toString("utf8").split(" ")[2]);
      const body = raw.subarray(nl + 1, nl + 1 + size).toString("utf8");
      pos = nl + 1 + size + 1;
      try {
        blobCache.set(b, JSON.parse(body) as Raw);
      } catch {
        blobCache.set(b, {});
      }
    }
  }
  for (const e of listing) {
    const folder = FOLDERS.find((f) => e.path.includes(`/${f}/`)) as Folder;
    const raw = blobCache.get(e.blob) ?? {};
    if (typeof raw.id !== "number") continue;
    const m = out.get(folder) ?? new Map();
    if (!m.has(raw.id)) m.set(raw.id, { raw, path: e.path });
    out.set(folder, m);
  }
  return out;
}

type Data = Map<Folder, Map<number, { raw: Raw; path: string }>>;
interface Card {
  id: string;
  kind: string;
  officialId?: number | string;
  name?: { en?: string } | string;
}
const nameOf = (c: Card) => (typeof c.name === "string" ? c.name : c.name?.en);

/** Where to look for a card of this kind, in order. */
function foldersFor(kind: string): Folder[] {
  if (kind === "summon") return ["tcgsummons", "tcgstatuseffects"];
  if (kind === "status" || kind === "combat-status") return ["tcgstatuseffects", "tcgsummons", "tcgactioncards"];
  if (kind === "character") return ["tcgcharactercards"];
  return ["tcgactioncards", "tcgstatuseffects"];
}

function findIn(card: Card, en: Data, ja: Data): Found | undefined {
  const id = Number(card.officialId);
  const jaText = (folder: Folder, n: number) => ja.get(folder)?.get(n)?.raw.description;
  if (card.kind === "skill") {
    for (const [n, e] of en.get("tcgcharactercards") ?? []) {
      const s = e.raw.skills?.find((x) => x.id === id);
      if (!s) continue;
      const jaSkill = ja
        .get("tcgcharactercards")
        ?.get(n)
        ?.raw.skills?.find((x) => x.id === id);
      return { en: s.description ?? "", ja: jaSkill?.description, name: s.name ?? "", path: e.path };
    }
    return undefined;
  }
  for (const folder of foldersFor(card.kind)) {
    const e = Number.isFinite(id) ? en.get(folder)?.get(id) : undefined;
    // A character card has no text: its face is its HP, Energy and tags (element, weapon, nation).
    if (e && folder === "tcgcharactercards")
      return { en: face(e.raw) ?? "", ja: face(ja.get(folder)?.get(id)?.raw), name: e.raw.name ?? "", path: e.path };
    if (e) return { en: e.raw.description ?? "", ja: jaText(folder, id), name: e.raw.name ?? "", path: e.path };
  }
  // No official id: a status of the same English name.
  if (card.officialId === undefined)
    for (const folder of foldersFor(card.kind))
      for (const [n, e] of en.get(folder) ?? [])
        if (e.raw.name === nameOf(card))
          return { en: e.raw.description ?? "", ja: jaText(folder, n), name: e.raw.name ?? "", path: e.path };
  return undefined;
}

const face = (r: Raw | undefined) =>
  r ? `HP ${r.hp ?? "?"}. Energy ${r.maxenergy ?? "?"}. ${(r.tagstext ?? []).join(", ")}` : undefined;

/** The official text, cleaned of the data's markup: one line per paragraph. */
const clean = (s: string | undefined) =>
  s === undefined
    ? undefined
    : s
        .replace(/\\n/g, "\n")
        .replace(/<\/?color[^>]*>/g, "")
        .replace(/\{SPRITE_PRESET#\d+\}/g, "")
        .trim();

const commits = versionCommits();
const perVersion = new Map<string, { en: Data; ja: Data; commit: string }>();
for (const [v, c] of commits) perVersion.set(v, { en: load(c, "English"), ja: load(c, "Japanese"), commit: c });

const dir = "cards/gitcg/cards";
let matched = 0;
let missing = 0;
let nameDiff = 0;
for (const file of readdirSync(dir).sort()) {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  const card = parse(text) as Card;
  // Ranges of versions with one text (English and Japanese).
  const ranges: { since: string; until?: string; en: string; ja?: string; path: string; commit: string }[] = [];
  let name = "";
  for (const v of known) {
    const d = perVersion.get(v);
    const f = d ? findIn(card, d.en, d.ja) : undefined;
    const last = ranges[ranges.length - 1];
    if (!f || !d) {
      if (last && last.until === undefined) last.until = v;
      continue;
    }
    name = f.name;
    const en = clean(f.en) ?? "";
    const ja = clean(f.ja);
    if (last && last.until === undefined && last.en === en && last.ja === ja) continue;
    if (last && last.until === undefined) last.until = v;
    ranges.push({ since: v, en, ...(ja ? { ja } : {}), path: f.path, commit: d.commit });
  }
  if (!ranges.length) {
    missing++;
    console.log(`${card.id}: no official card (officialId ${card.officialId ?? "none"})`);
    continue;
  }
  matched++;
  if (name !== nameOf(card)) {
    nameDiff++;
    console.log(`${card.id}: name "${nameOf(card)}" ≠ official "${name}"`);
  }
  if (flags.includes("--texts"))
    for (const r of ranges) console.log(`${card.id} ${r.since}–${r.until ?? ""}\n  en: ${r.en}\n  ja: ${r.ja ?? ""}`);
  if (flags.includes("--write")) {
    const entries = ranges.map((r) => ({
      since: r.since,
      ...(r.until ? { until: r.until } : {}),
      en: r.en,
      ...(r.ja ? { ja: r.ja } : {}),
      source: { repo: REPO, path: r.path, commit: r.commit },
    }));
    const doc = new Document({ officialText: entries });
    // A source on one line; versions quoted (3.10 is not 3.1); texts as block scalars.
    visit(doc, {
      Pair(_, pair) {
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        if (key === "source" && isMap(pair.value)) pair.value.flow = true;
        if ((key === "since" || key === "until") && isScalar(pair.value)) pair.value.type = "QUOTE_DOUBLE";
      },
    });
    const block = doc.toString({ lineWidth: 0, blockQuote: "literal" });
    // The file without its old `officialText:` block (a top-level key up to the next one).
    const kept = text.replace(/^officialText:\n(?:[ #].*\n|\n)*/m, "");
    writeFileSync(path, `${kept.replace(/\n*$/, "\n")}${block}`);
  }
}
console.log(
  `${matched} cards with an official text, ${nameDiff} name mismatches, ${missing} without; versions: ${[...commits.keys()].join(" ")}`,
);
