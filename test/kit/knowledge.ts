/**
 * The measure behind test/runtime/knowledge.test.ts and bench/knowledge.ts: random games of one
 * game, and at every decision, for every seat and the spectator, what the view shows and what an
 * observer could guess from it. Nothing here names a game.
 */
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { cardVisible, zoneVisible } from "../../runtime/kernel/knowledge.ts";
import { AgentRandom } from "../../runtime/state/rng.ts";
import { viewIdOf } from "../../runtime/host/view.ts";
import {
  Engine,
  type Entity,
  type EntityId,
  type GameModule,
  type MatchConfig,
  type State,
} from "../../runtime/index.ts";

export interface Guess {
  /** What the observer goes by. */
  readonly feature: Feature;
  /** How often it named the hidden card right, on the games it did not learn from. */
  readonly rate: number;
  /**
   * How often naming the commonest card of that zone, holding that many hidden cards, would have
   * been right, on the same games (what an observer knows without ids: zone sizes are public).
   */
  readonly base: number;
  readonly samples: number;
}

export interface KnowledgeReport {
  readonly views: number;
  readonly maskedSamples: number;
  readonly leaks: string[];
  readonly swaps: number;
  readonly swapMismatches: string[];
  readonly guesses: Guess[];
}

interface Sample {
  readonly half: 0 | 1;
  readonly zone: string;
  /** How many masked cards the zone holds: public (every view shows the zone's size). */
  readonly size: number;
  readonly order: string;
  readonly age: string;
  /** A control: a rank drawn at random, which by construction says nothing of the card. */
  readonly chance: string;
  /** The card this observer last saw with this id (none: never seen). */
  readonly reuse: string;
  readonly truth: string;
}

/** How far a game is played (`maxDecisions`), and how often the observer guesses and cards trade places. */
export interface MeasureOptions {
  readonly maxDecisions?: number;
  readonly sampleEvery?: number;
}

/**
 * Plays `games` random games from `seed` and measures what each view gives away: every view and
 * log line at every decision; guesses and trades at every `sampleEvery`-th decision.
 */
export function measureKnowledge(
  game: string,
  module: GameModule,
  games: number,
  seed: number,
  options: MeasureOptions = {},
): KnowledgeReport {
  const maxDecisions = options.maxDecisions ?? 2000;
  const every = options.sampleEvery ?? 1;
  const engine = new Engine(module);
  const zones = module.rules.zones;
  const { decks } = readDecks(gameDir(game), module);
  const min = module.rules.minPlayers ?? module.rules.players;
  const leaks: string[] = [];
  const swapMismatches: string[] = [];
  // Guesses are tallied as they come (a count per feature value while learning, a score while
  // testing), not kept: 1,000 games give millions of them.
  const tally = new GuessTally();
  let views = 0;
  let swaps = 0;
  for (let g = 0; g < games; g++) {
    const seats = min + (g % (module.rules.players - min + 1));
    const config: MatchConfig = {
      seed: seed + g,
      players: Array.from({ length: seats }, (_, i) => ({
        name: `P${i + 1}`,
        zones: decks.length === 0 ? {} : { ...(decks[(g + i) % decks.length]?.zones ?? {}) },
      })),
    };
    const rng = new AgentRandom(seed * 7919 + g);
    // The control's own generator: drawing from the agents' would change the games.
    const control = new AgentRandom(seed * 104729 + g);
    const s = engine.newMatch(config);
    const half: 0 | 1 = g < games / 2 ? 0 : 1;
    // Per observer: the card last seen with each id, and the log length already checked.
    const seen = Array.from({ length: seats + 1 }, () => new Map<EntityId, string>());
    const checked = Array.from({ length: seats + 1 }, () => 0);
    // Per observer: its log as read so far; a line once read must read the same later (a card
    // shown afterwards does not unmask what was said of it while it was hidden).
    const read = Array.from({ length: seats + 1 }, () => [] as string[]);
    // What each seat saw before the latest answer: the log lines it added may name those cards.
    let before = placesOf(s);
    for (let n = 0; n < maxDecisions && !engine.isOver(s); n++) {
      for (let p = 0; p <= seats; p++) {
        const v = engine.view(s, p);
        views++;
        const where = `${game} game ${g} decision ${n} seat ${p}`;
        checkView(s, v, p, zones, where, leaks);
        checkLog(v, p, checked[p] as number, before, s, zones, where, leaks);
        checked[p] = v.log.length;
        const lines = read[p] as string[];
        for (let i = 0; i < lines.length; i++)
          if (v.log[i]?.text !== lines[i]) {
            leaks.push(`${where}: log line ${i} read "${lines[i]}", now "${v.log[i]?.text}"`);
            break;
          }
        for (let i = lines.length; i < v.log.length; i++) lines.push(v.log[i]?.text ?? "");
        if (n % every === 0) observe(s, v, p, half, seen[p] as Map<EntityId, string>, control, tally);
        else remember(v, seen[p] as Map<EntityId, string>);
        if (n % (7 * every) === 0) {
          const m = swapHidden(engine, s, v, p, zones);
          if (m !== null) {
            swaps++;
            if (m !== "") swapMismatches.push(`${where}: ${m}`);
          }
        }
      }
      if (leaks.length > 5) break;
      const legal = engine.legalActions(s);
      const a = legal[rng.int(legal.length)];
      if (a === undefined) break;
      before = placesOf(s);
      const r = engine.apply(s, a);
      if (!r.ok) throw new Error(`${game} game ${g}: ${r.reason}`);
    }
    // The lines of the last answer (the end of the game) too.
    for (let p = 0; p <= seats; p++) {
      const v = engine.view(s, p);
      checkLog(v, p, checked[p] as number, before, s, zones, `${game} game ${g} end seat ${p}`, leaks);
    }
  }
  return {
    views,
    maskedSamples: tally.samples,
    leaks,
    swaps,
    swapMismatches,
    guesses: FEATURES.map((f) => tally.guess(f)),
  };
}

/** Every card the view shows is one its player sees; no hidden card is there by its own id. */
function checkView(
  s: State,
  v: State,
  p: EntityId,
  zones: GameModule["rules"]["zones"],
  where: string,
  leaks: string[],
): void {
  if (v.salt !== undefined || v.rng.length !== 0) leaks.push(`${where}: the view keeps the salt or the RNG`);
  for (const k in v.entities) {
    const e = v.entities[k as unknown as number] as Entity;
    if (e.card === null) continue;
    const real = s.entities[e.id];
    if (real === undefined || !cardVisible(zones, real, p)) leaks.push(`${where}: the view shows ${e.card} (${e.id})`);
  }
  for (const k in s.entities) {
    const e = s.entities[k as unknown as number] as Entity;
    if (e.card === null || cardVisible(zones, e, p)) continue;
    if (v.entities[e.id] !== undefined) leaks.push(`${where}: hidden ${e.card} keeps its id ${e.id}`);
  }
}

/** Where each card was and whom it was revealed to: what a seat could see, before an answer. */
type Places = ReadonlyMap<EntityId, { readonly key: string; readonly known: readonly EntityId[] }>;

function placesOf(s: State): Places {
  const out = new Map<EntityId, { key: string; known: readonly EntityId[] }>();
  for (const key in s.zones)
    for (const id of s.zones[key] as EntityId[]) out.set(id, { key, known: s.entities[id]?.known ?? [] });
  return out;
}

/**
 * The log lines added since `from`, as `p` reads them, name only cards `p` could see when each was
 * written: the answer's lines are replayed from where every card was before it (moves, creations,
 * reveals and shuffles as the raw log records them), and a line may name a card whose place `p`
 * saw then, a card moving from or to a zone `p` sees, or a card revealed to `p`.
 */
function checkLog(
  v: State,
  p: EntityId,
  from: number,
  before: Places,
  s: State,
  zones: GameModule["rules"]["zones"],
  where: string,
  leaks: string[],
): void {
  const now = new Map(before);
  const open = (key: unknown) => typeof key === "string" && zoneVisible(zones, key, p);
  const sees = (id: EntityId) => {
    const at = now.get(id);
    return at !== undefined && (open(at.key) || at.known.includes(0) || (p !== 0 && at.known.includes(p)));
  };
  for (let i = from; i < v.log.length; i++) {
    const entry = v.log[i];
    const raw = s.log[i];
    const d = entry?.data;
    const r = raw?.data;
    if (entry === undefined || raw === undefined) continue;
    if (d !== undefined && entry.kind === "text" && ("pieces" in d || "hide" in d))
      leaks.push(`${where}: log line ${i} keeps its pieces`);
    const told =
      (raw.kind === "move" && (open(r?.from) || open(r?.to))) ||
      (raw.kind === "create" && open(r?.zone)) ||
      (raw.kind === "reveal" && (r?.to === 0 || r?.to === p));
    for (const key in d ?? {}) {
      // Entities named: the entry's subject, a decision's pick, an action's arguments.
      const names = key === "entity" || (key === "value" && entry.kind === "decision") || key.startsWith("arg:");
      if (!names) continue;
      for (const id of idsIn(d?.[key])) {
        const e = s.entities[id];
        if (e === undefined || e.card === null || told || sees(id)) continue;
        leaks.push(`${where}: log line ${i} ("${entry.text}") names ${e.card}, hidden from seat ${p}`);
      }
    }
    // The card's place after this line.
    const id = typeof r?.entity === "number" ? r.entity : undefined;
    if (raw.kind === "move" && id !== undefined && r?.full !== true) {
      if (r?.removed === true) now.delete(id);
      else if (typeof r?.to === "string" && r.to !== r.from) now.set(id, { key: r.to, known: [] });
    } else if (raw.kind === "create" && id !== undefined && typeof r?.zone === "string")
      now.set(id, { key: r.zone, known: [] });
    else if (raw.kind === "reveal" && id !== undefined) {
      const at = now.get(id);
      if (at !== undefined) now.set(id, { key: at.key, known: [...at.known, r?.to as EntityId] });
    } else if (raw.kind === "shuffle" && typeof r?.zone === "string")
      for (const [k, at] of now) if (at.key === r.zone && at.known.length > 0) now.set(k, { key: at.key, known: [] });
  }
}

function idsIn(x: unknown): number[] {
  if (typeof x === "number") return [x];
  return Array.isArray(x) ? x.flatMap(idsIn) : [];
}

/** The observer's features for each masked card of the view, and the card it really is. */
function observe(
  s: State,
  v: State,
  p: EntityId,
  half: 0 | 1,
  seen: Map<EntityId, string>,
  control: AgentRandom,
  out: GuessTally,
): void {
  const real = new Map<EntityId, Entity>();
  for (const k in s.zones)
    for (const id of s.zones[k] as EntityId[]) {
      const e = s.entities[id] as Entity;
      if (e.card !== null) real.set(viewIdOf(s, p, e, k), e);
    }
  for (const key in v.zones) {
    const ids = v.zones[key] as EntityId[];
    const masked = ids.filter((id) => v.entities[id]?.card === null);
    if (masked.length === 0) continue;
    const byAge = [...new Set(masked.map((id) => (v.entities[id] as Entity).arrival))].sort((a, b) => a - b);
    const zone = key.slice(key.indexOf(":") + 1);
    const shuffled = masked.map((_, i) => i);
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = control.int(i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number];
    }
    masked.forEach((id, rank) => {
      const truth = real.get(id)?.card;
      if (truth === undefined || truth === null) return;
      out.add({
        half,
        zone,
        size: masked.length,
        order: `${zone}:${rank}/${masked.length}`,
        age: `${zone}:${byAge.indexOf((v.entities[id] as Entity).arrival)}/${masked.length}`,
        chance: `${zone}:${shuffled[rank]}/${masked.length}`,
        reuse: seen.get(id) ?? "",
        truth,
      });
    });
  }
  remember(v, seen);
}

/** The cards the observer sees now, by id (what a reused id would give away). */
function remember(v: State, seen: Map<EntityId, string>): void {
  for (const k in v.entities) {
    const e = v.entities[k as unknown as number] as Entity;
    if (e.card !== null) seen.set(e.id, e.card);
  }
}

/** Two hidden cards of different kinds trade places: the view must read the same ("" when it does; null: no pair). */
function swapHidden(
  engine: Engine,
  s: State,
  v: State,
  p: EntityId,
  zones: GameModule["rules"]["zones"],
): string | null {
  const hidden = Object.values(s.entities).filter((e) => e.card !== null && !cardVisible(zones, e, p));
  const a = hidden[0];
  const b = hidden.find((e) => e.card !== a?.card);
  if (a === undefined || b === undefined) return null;
  const t = engine.clone(s);
  t.entities[a.id] = { ...(t.entities[a.id] as Entity), card: b.card, props: { ...b.props } };
  t.entities[b.id] = { ...(t.entities[b.id] as Entity), card: a.card, props: { ...a.props } };
  const w = engine.view(t, p);
  const same = JSON.stringify([v.entities, v.zones]) === JSON.stringify([w.entities, w.zones]);
  return same ? "" : `swapping ${a.card} (${a.id}) and ${b.card} (${b.id}) changes the view`;
}

const FEATURES = ["order", "age", "reuse", "chance"] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Learns on half 0 (the commonest card per zone, and per zone and feature value), scores on half 1.
 * Every game of half 0 is played before any of half 1, so learning ends at the first test sample.
 */
class GuessTally {
  samples = 0;
  private readonly learnt = new Map<string, Map<string, number>>();
  private commonest: Map<string, string> | null = null;
  private tested = 0;
  private baseRight = 0;
  private readonly right: Record<Feature, number> = { order: 0, age: 0, reuse: 0, chance: 0 };

  add(x: Sample): void {
    this.samples++;
    if (x.half === 0) {
      this.count(`z|${x.zone}|${x.size}`, x.truth);
      this.count(`o|${x.zone}|${x.order}`, x.truth);
      this.count(`a|${x.zone}|${x.age}`, x.truth);
      this.count(`c|${x.zone}|${x.chance}`, x.truth);
      return;
    }
    if (this.commonest === null) this.commonest = this.freeze();
    const best = this.commonest;
    const b = best.get(`z|${x.zone}|${x.size}`);
    this.tested++;
    if (b === x.truth) this.baseRight++;
    // A reused id is guessed as the card last seen with it; an order or an age as what it most often was.
    if ((best.get(`o|${x.zone}|${x.order}`) ?? b) === x.truth) this.right.order++;
    if ((best.get(`a|${x.zone}|${x.age}`) ?? b) === x.truth) this.right.age++;
    if ((best.get(`c|${x.zone}|${x.chance}`) ?? b) === x.truth) this.right.chance++;
    if ((x.reuse !== "" ? x.reuse : b) === x.truth) this.right.reuse++;
  }

  guess(feature: Feature): Guess {
    const n = Math.max(1, this.tested);
    return { feature, rate: this.right[feature] / n, base: this.baseRight / n, samples: this.tested };
  }

  private count(key: string, truth: string): void {
    let m = this.learnt.get(key);
    if (m === undefined) this.learnt.set(key, (m = new Map()));
    m.set(truth, (m.get(truth) ?? 0) + 1);
  }

  /** The commonest card per key; ties go to the name first in order, so the result is deterministic. */
  private freeze(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [k, m] of this.learnt) {
      let top = "";
      let most = -1;
      for (const [card, c] of m) if (c > most || (c === most && card.localeCompare(top) < 0)) [top, most] = [card, c];
      out.set(k, top);
    }
    return out;
  }
}
