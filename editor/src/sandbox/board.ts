/**
 * The board view: the game's properties and its own zones (`of: game`), then every zone of every
 * seat the match has, driven by the rules data.
 */
import {
  groupCards,
  keyFields,
  propTable,
  shownProps,
  zoneShow,
  type Engine,
  type Entity,
  type EntityId,
  type State,
  type Value,
} from "../../../runtime/index.ts";
import { html, joinHtml, setHtml, type Html } from "../html.ts";
import { cardName } from "../i18n.ts";

function valueText(st: State, v: Value): string {
  if (Array.isArray(v)) return `[${v.map((x) => valueText(st, x)).join(", ")}]`;
  return String(v);
}

/**
 * The properties a card or player shows (the rules' `show:`: main ones always, detail ones when
 * it is selected, hidden ones never), and a card's key fields first (its kind's `key`).
 */
function propsOf(engine: Engine, st: State, e: Entity, detail: boolean): string[] {
  const module = engine.module;
  const table = propTable(engine, e);
  const out: string[] = keyFields(engine, e).map(([k, v]) => `${k} ${valueText(st, v)}`);
  for (const [k, v] of shownProps(engine, e, detail ? "detail" : "main")) {
    // A property holding a card is an attachment: show what it points to.
    const target = typeof v === "number" && table[k]?.default === null ? st.entities[v] : undefined;
    out.push(
      target
        ? `${k} → ${target.card ? cardName(target.card, module.cards[target.card]?.name ?? target.card) : `P${target.id}`}`
        : `${k}: ${valueText(st, v)}`,
    );
  }
  for (const [k, n] of Object.entries(e.counters)) if (n) out.push(`#${k}: ${n}`);
  return out;
}

export function renderBoard(box: HTMLElement, engine: Engine, st: State, selected: EntityId | null): void {
  setHtml(box, boardHtml(engine, st, selected));
}

/** The seats of a match: the number its state records (a game for a range of seats), else the rules'. */
export function seatsOf(engine: Engine, st: State): number {
  return st.seats ?? engine.module.rules.players;
}

/** The board as markup (no DOM: the hidden-information test renders it in Node). */
export function boardHtml(engine: Engine, st: State, selected: EntityId | null): Html {
  const m = engine.module;
  const players = Array.from({ length: seatsOf(engine, st) }, (_, i) => i + 1);
  const toMove = st.decision?.player ?? null;
  const gameProps = propsOf(engine, st, st.entities[0] as Entity, selected === 0);
  const ofGame = (zone: string) => m.rules.zones[zone]?.of === "game";
  const out: Html[] = [
    html`<div class="game-props" data-testid="game-props">${m.name} — ${gameProps.length ? gameProps.join(" · ") : "(defaults)"}${st.match.over ? html` — <b>match over</b>` : ""}</div>`,
  ];
  // The game's own zones (a shared deck, cards set aside) first, then each seat's.
  const gameZones = Object.keys(m.rules.zones).filter(ofGame);
  if (gameZones.length) {
    out.push(html`<div class="seat game-zones" data-testid="seat-game"><div class="seat-head">game</div>`);
    zonesHtml(engine, st, 0, gameZones, selected, out);
    out.push(html`</div>`);
  }
  for (const p of players) {
    const pe = st.entities[p] as Entity;
    out.push(
      html`<div class="seat${toMove === p ? " to-move" : ""}" data-testid="seat-${p}"><div class="seat-head">${seatTitle(p, pe.props["name"])} <span class="props">${propsOf(engine, st, pe, selected === p).join(" · ")}</span></div>`,
    );
    zonesHtml(
      engine,
      st,
      p,
      Object.keys(m.rules.zones).filter((z) => !ofGame(z)),
      selected,
      out,
    );
    out.push(html`</div>`);
  }
  return html`${out}`;
}

/** "P2", or "P2 Alice" when the player has a name of its own (the sandbox names players P1, P2…). */
export function seatTitle(seat: EntityId, name: unknown): string {
  const own = typeof name === "string" ? name.trim() : "";
  return own === "" || own === `P${seat}` ? `P${seat}` : `P${seat} ${own}`;
}

/** The zones `zones` of `owner` (0: the game), each with its cards; the empty ones on one line at the end. */
function zonesHtml(
  engine: Engine,
  st: State,
  owner: EntityId,
  zones: readonly string[],
  selected: EntityId | null,
  out: Html[],
): void {
  const m = engine.module;
  const empty: string[] = [];
  for (const zone of zones) {
    const show = zoneShow(engine, zone);
    if (show === "hidden") continue;
    const ids = st.zones[`${owner}:${zone}`] ?? [];
    // Empty zones share one line at the end of the seat (the board stays short).
    if (!ids.length) {
      empty.push(zone);
      out.push(html`<div class="zone hidden" data-zone="${zone}"></div>`);
      continue;
    }
    // A hidden zone (a deck) and a detail zone are folded: opened when asked.
    const folded = m.rules.zones[zone]?.visibility === "hidden" || show === "detail";
    out.push(
      folded
        ? html`<details class="zone" data-zone="${zone}"><summary class="zone-name">${zone} (${ids.length})</summary>`
        : html`<div class="zone" data-zone="${zone}"><span class="zone-name">${zone} (${ids.length})</span>`,
    );
    if (m.rules.zones[zone]?.group === true)
      // Resources: one box per kind of card, with its count.
      for (const g of groupCards(engine, st, ids))
        out.push(
          html`<span class="card group${g.ids.includes(selected ?? -1) ? " selected" : ""}" data-entity="${g.ids[0] as number}" data-count="${g.ids.length}"><b>${g.name}</b> ×${g.ids.length}</span>`,
        );
    else
      for (const id of ids) {
        const e = st.entities[id];
        if (!e) continue;
        const hidden = e.card === null;
        const name = hidden ? "hidden card" : cardName(String(e.card), engine.nameOf(st, id));
        const props = hidden ? [] : propsOf(engine, st, e, selected === id);
        out.push(
          html`<span class="card${hidden ? " hidden-card" : ""}${selected === id ? " selected" : ""}" data-entity="${id}" title="${`#${id} ${e.card ?? ""}`}"><b>${name}</b>${props.length ? html`<small>${joinHtml(props, html`<br>`)}</small>` : ""}</span>`,
        );
      }
    out.push(folded ? html`</details>` : html`</div>`);
  }
  if (empty.length) out.push(html`<div class="zone empty-zones muted">empty: ${empty.join(", ")}</div>`);
}
