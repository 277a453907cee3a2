/**
 * The page's language for card names and texts (ja/en): the header's switch sets it, the preview,
 * the sandbox board and its log read it. Card names in other languages come from the card files
 * (`name: { en, ja }`, through the check worker's symbols); a card without one keeps its English name.
 */
export type Lang = "en" | "ja";

const KEY = "cardwright.lang";
let lang: Lang = (globalThis.localStorage?.getItem(KEY) as Lang | null) === "ja" ? "ja" : "en";
/** card id → name by language, for the open game. */
let names = new Map<string, Readonly<Record<string, string>>>();
/** English name → Japanese name, longest first: log lines name cards by their English names. */
let byEnglish: [string, string][] = [];
const listeners = new Set<() => void>();

export const currentLang = (): Lang => lang;

export function setLang(l: Lang): void {
  lang = l;
  globalThis.localStorage?.setItem(KEY, l);
  for (const f of listeners) f();
}

export function onLangChange(f: () => void): void {
  listeners.add(f);
}

/** The open game's cards and their names (`names` holds every language the file gives). */
export function setCardNames(
  cards: readonly { id: string; name: string; names?: Readonly<Record<string, string>> }[],
): void {
  names = new Map(cards.map((c) => [c.id, c.names ?? { en: c.name }]));
  byEnglish = cards
    .filter((c) => c.names?.["ja"] && c.names["ja"] !== c.name)
    .map((c) => [c.name, c.names?.["ja"] as string] as [string, string])
    .sort((a, b) => b[0].length - a[0].length);
}

/** A card's name in the page's language (its English name when it has none in that language). */
export function cardName(id: string, english: string): string {
  return lang === "en" ? english : (names.get(id)?.[lang] ?? english);
}

/** A log line with every card name in the page's language (names are whole words of the line). */
export function localizeLine(text: string): string {
  if (lang === "en" || !byEnglish.length) return text;
  let out = text;
  for (const [en, ja] of byEnglish) if (out.includes(en)) out = out.split(en).join(ja);
  return out;
}
