/** The board view: every zone of every seat and the game's properties, driven by the rules data. */
import type { Engine, Entity, EntityId, GameModule, State, Value } from "../../../runtime/index.ts";
import { html, joinHtml, setHtml, type Html } from "../html.ts";

function valueText(st: State, v: Value): string {
  if (Array.isArray(v)) return `[${v.map((x) => valueText(st, x)).join(", ")}]`;
  return String(v);
}

/** Own properties that differ from the rules' defaults (what makes this entity special now). */
function propsOf(module: GameModule, st: State, e: Entity): string[] {
  const table =
    e.card === null ? (e.id === 0 ? module.rules.props.game : module.rules.props.player) : module.rules.props.card;
  const out: string[] = [];
  for (const [k, v] of Object.entries(e.props)) {
    if (k === "name") continue;
    const d = table[k]?.default;
    // Players always show their numbers (life, resources…); everything else only when it differs.
    const isPlayer = e.card === null && e.id !== 0;
    if (!(isPlayer && typeof d === "number") && JSON.stringify(v) === JSON.stringify(d ?? null)) continue;
    // A property holding a card is an attachment: show what it points to.
    const target = typeof v === "number" && table[k]?.default === null ? st.entities[v] : undefined;
    out.push(
      target
        ? `${k} → ${target.card ? (module.cards[target.card]?.name ?? target.card) : `P${target.id}`}`
        : `${k}: ${valueText(st, v)}`,
    );
  }
  for (const [k, n] of Object.entries(e.counters)) if (n) out.push(`#${k}: ${n}`);
  return out;
}

export function renderBoard(box: HTMLElement, engine: Engine, st: State, selected: EntityId | null): void {
  setHtml(box, boardHtml(engine, st, selected));
}

/** The board as markup (no DOM: the hidden-information test renders it in Node). */
export function boardHtml(engine: Engine, st: State, selected: EntityId | null): Html {
  const m = engine.module;
  const players = Array.from({ length: m.rules.players }, (_, i) => i + 1);
  const toMove = st.decision?.player ?? null;
  const gameProps = propsOf(m, st, st.entities[0] as Entity);
  const out: Html[] = [
    html`<div class="game-props" data-testid="game-props">${m.name} — ${gameProps.length ? gameProps.join(" · ") : "(defaults)"}${st.match.over ? html` — <b>match over</b>` : ""}</div>`,
  ];
  for (const p of players) {
    const pe = st.entities[p] as Entity;
    out.push(
      html`<div class="seat${toMove === p ? " to-move" : ""}" data-testid="seat-${p}"><div class="seat-head">P${p} ${String(pe.props["name"] ?? "")} <span class="props">${propsOf(m, st, pe).join(" · ")}</span></div>`,
    );
    const empty: string[] = [];
    for (const zone of Object.keys(m.rules.zones)) {
      const ids = st.zones[`${p}:${zone}`] ?? [];
      // Empty zones share one line at the end of the seat (the board stays short).
      if (!ids.length) {
        empty.push(zone);
        out.push(html`<div class="zone hidden" data-zone="${zone}"></div>`);
        continue;
      }
      // A hidden zone (a deck) is folded: its order is nobody's business until asked.
      const folded = m.rules.zones[zone]?.visibility === "hidden";
      out.push(
        folded
          ? html`<details class="zone" data-zone="${zone}"><summary class="zone-name">${zone} (${ids.length})</summary>`
          : html`<div class="zone" data-zone="${zone}"><span class="zone-name">${zone} (${ids.length})</span>`,
      );
      for (const id of ids) {
        const e = st.entities[id];
        if (!e) continue;
        const hidden = e.card === null;
        const name = hidden ? "hidden card" : (m.cards[e.card as string]?.name ?? String(e.card));
        const props = hidden ? [] : propsOf(m, st, e);
        out.push(
          html`<span class="card${hidden ? " hidden-card" : ""}${selected === id ? " selected" : ""}" data-entity="${id}" title="${`#${id} ${e.card ?? ""}`}"><b>${name}</b>${props.length ? html`<small>${joinHtml(props, html`<br>`)}</small>` : ""}</span>`,
        );
      }
      out.push(folded ? html`</details>` : html`</div>`);
    }
    if (empty.length) out.push(html`<div class="zone empty-zones muted">empty: ${empty.join(", ")}</div>`);
    out.push(html`</div>`);
  }
  return html`${out}`;
}
