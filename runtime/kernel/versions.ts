/**
 * Versions of a game: a card may carry other definitions for ranges of the game's versions
 * (`since` included, `until` excluded). A match is played at one version, chosen at setup and
 * kept in the state (`State.version`), so a saved state or a replay plays on at the same version.
 * No version (the default) plays every card's own definition.
 */
import { ModuleIndex } from "./module-index.ts";
import type { CardDef, CardVersion, GameModule } from "../types.ts";

/** The parts of a version ("4.10" → [4, 10]), or null when it is not numbers separated by dots. */
export function versionParts(v: string): number[] | null {
  if (!/^\d+(\.\d+)*$/.test(v)) return null;
  return v.split(".").map(Number);
}

/** Orders versions by their numbers: "4.2" < "4.10" < "5.0"; "4" equals "4.0". */
export function compareVersions(a: string, b: string): number {
  const x = versionParts(a) ?? [];
  const y = versionParts(b) ?? [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Whether a version lies in [since, until); a missing bound is open. */
export function inVersionRange(v: string, since: string | null, until: string | null): boolean {
  return (since === null || compareVersions(v, since) >= 0) && (until === null || compareVersions(v, until) < 0);
}

/** Why a version cannot be played with this module (one line), or null when it can. */
export function versionProblem(module: GameModule, version: string | undefined): string | null {
  if (version === undefined) return null;
  const known = module.rules.versions?.known;
  if (known === undefined) return `the game '${module.id}' declares no versions (asked for version '${version}')`;
  if (known.includes(version)) return null;
  const near = nearestVersion(version, known);
  return `unknown version '${version}' of '${module.id}'${near !== null ? ` (did you mean '${near}'?)` : ""}; versions: ${known.join(", ")}`;
}

/**
 * The known version `v` most likely means: one it differs from by a character typed too many or
 * too few at the end ("4.11" → "4.1"), else the closest by number (the lower one on a tie); null
 * when there is none.
 */
export function nearestVersion(v: string, known: readonly string[]): string | null {
  const typo = known.find((k) => Math.abs(k.length - v.length) === 1 && (k.startsWith(v) || v.startsWith(k)));
  if (typo !== undefined) return typo;
  const parts = versionParts(v);
  if (parts === null || known.length === 0) return null;
  const num = (p: readonly number[]) => p.reduce((acc, n, i) => acc + n / 1000 ** i, 0);
  const target = num(parts);
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of known) {
    const d = Math.abs(num(versionParts(k) ?? []) - target);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}

/** The definition of a card at a version: the version entry that covers it, or the card's own. */
export function cardAtVersion(def: CardDef, version: string | undefined): CardDef {
  if (version === undefined || def.versions === undefined) return def;
  const hit: CardVersion | undefined = def.versions.find((x) => inVersionRange(version, x.since, x.until));
  return hit === undefined ? def : hit.def;
}

const indexes = new WeakMap<ModuleIndex, Map<string, ModuleIndex>>();

/**
 * The module index of a version: the base index when no card changes at that version, else an
 * index over the module whose card table holds each card's definition at that version (built once
 * per base index and version). Step and pure functions are shared: a version's code is in the
 * module under its own handler ids.
 */
export function indexAtVersion(base: ModuleIndex, version: string | undefined): ModuleIndex {
  if (version === undefined) return base;
  let byVersion = indexes.get(base);
  if (byVersion === undefined) indexes.set(base, (byVersion = new Map()));
  const hit = byVersion.get(version);
  if (hit !== undefined) return hit;
  const problem = versionProblem(base.module, version);
  if (problem !== null) throw new Error(problem);
  let changed = false;
  const cards: Record<string, CardDef> = Object.create(null) as Record<string, CardDef>;
  for (const id in base.module.cards) {
    const def = base.module.cards[id] as CardDef;
    const at = cardAtVersion(def, version);
    if (at !== def) changed = true;
    cards[id] = at;
  }
  const ix = changed ? new ModuleIndex({ ...base.module, cards }) : base;
  byVersion.set(version, ix);
  return ix;
}
