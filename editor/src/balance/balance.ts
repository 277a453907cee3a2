/**
 * The Balance tab: pick a game, decks, the games per pairing and the agent; Run plays every
 * ordered pairing on mirrored seeds in a web worker (progress shown) and shows the matchup matrix
 * (Wilson 95% intervals, coloured only where they exclude 50%) and the per-card figures of the
 * card open in the editor. After an edit is saved (the game recompiles), Run again with the same
 * settings is an A/B run: the same seeds on the new version, and the matchups that moved are
 * listed with the paired test of compiler/sim/lab/compare.ts, Holm-adjusted.
 */
import type { LabResult } from "../../../compiler/sim/lab/run.ts";
import { matchupChange, type MatchupChange } from "../../../compiler/sim/lab/compare.ts";
import { diffText, interval, pct, pText } from "../../../compiler/sim/lab/format.ts";
import type { GameRecord } from "../../../compiler/sim/record.ts";
import { holm } from "../../../compiler/sim/stats.ts";
import { readSource } from "../../../compiler/core/files/check-files.ts";
import { readFile, type GameTree } from "../api.ts";
import { html, setHtml, type Html } from "../html.ts";
import type { BalanceReply, BalanceRequest } from "./protocol.ts";
import BalanceWorker from "./balance.worker.ts?worker";

export interface BalanceHost {
  trees(): readonly GameTree[];
  /** The card id of the file open in the editor, if it is a card file. */
  currentCard(): string | null;
  status(text: string): void;
}

interface Run {
  readonly key: string;
  readonly version: string;
  readonly result: LabResult;
  readonly records: readonly GameRecord[];
}

export class Balance {
  private readonly worker = new BalanceWorker();
  private versions = new Map<string, string | null>();
  private last: Run | null = null;
  private changes: MatchupChange[] | null = null;
  private running = 0;
  /** Runs finished, also as the box's data-runs (what a test waits for). */
  private completed = 0;
  private message = "";

  constructor(
    private readonly box: HTMLElement,
    private readonly host: BalanceHost,
  ) {}

  private q<T extends HTMLElement = HTMLElement>(sel: string): T {
    return this.box.querySelector(sel) as T;
  }

  init(): void {
    for (const t of this.host.trees()) if (!this.versions.has(t.game)) this.versions.set(t.game, t.version);
    const games = this.host.trees().map((t) => t.game);
    setHtml(
      this.box,
      html`<div class="bl-controls">
          <label>game <select class="bl-game" data-testid="balance-game">${games.map((g) => html`<option value="${g}">${g}</option>`)}</select></label>
          <label>games per pairing <input class="bl-games" data-testid="balance-games" type="number" min="1" value="20" /></label>
          <label>agent <select class="bl-agent" data-testid="balance-agent"><option value="greedy">greedy</option><option value="random">random</option></select></label>
          <label>seed <input class="bl-seed" type="number" min="0" value="1" /></label>
          <div class="bl-decks" data-testid="balance-decks"></div>
          <button class="bl-run" data-testid="balance-run">Run</button>
          <progress class="bl-progress" data-testid="balance-progress" max="1" value="0"></progress>
          <span class="bl-msg" data-testid="balance-message"></span>
        </div>
        <div class="bl-out" data-testid="balance-out"></div>`,
    );
    this.q<HTMLSelectElement>(".bl-game").onchange = () => this.renderDecks();
    this.q<HTMLButtonElement>(".bl-run").onclick = () => void this.run();
    this.worker.onmessage = (e: MessageEvent<BalanceReply>) => this.reply(e.data);
    this.renderDecks();
  }

  /** The game was recompiled after a save: the next run plays the new version. */
  reload(game: string, version: string | null): void {
    this.versions.set(game, version);
  }

  /** The card open in the editor changed: show its figures. */
  refresh(): void {
    this.render();
  }

  private renderDecks(): void {
    const game = this.q<HTMLSelectElement>(".bl-game").value;
    const files = this.host.trees().find((t) => t.game === game)?.files ?? [];
    const decks = files.filter((f) => f.startsWith(`${game}/decks/`));
    setHtml(
      this.q(".bl-decks"),
      html`decks: ${decks.map(
        (d, i) =>
          html`<label><input type="checkbox" value="${d}" ${i < 3 ? html`checked` : ""} />${d.slice(game.length + 7).replace(/\.ya?ml$/, "")}</label> `,
      )}`,
    );
  }

  private say(text: string): void {
    this.message = text;
    this.q(".bl-msg").textContent = text;
  }

  private pending: { key: string; version: string; id: number } | null = null;

  async run(): Promise<void> {
    const game = this.q<HTMLSelectElement>(".bl-game").value;
    const version = this.versions.get(game) ?? null;
    if (version === null) return this.say(`${game} does not compile: fix it first`);
    const paths = [...this.box.querySelectorAll<HTMLInputElement>(".bl-decks input:checked")].map((x) => x.value);
    if (paths.length < 2) return this.say("pick at least two decks");
    const games = Math.max(1, Math.floor(Number(this.q<HTMLInputElement>(".bl-games").value) || 1));
    const seed = Math.max(0, Math.floor(Number(this.q<HTMLInputElement>(".bl-seed").value) || 0));
    const agent = this.q<HTMLSelectElement>(".bl-agent").value === "random" ? "random" : "greedy";
    const decks = await Promise.all(
      paths.map(async (p) => {
        // Read as the sandbox reads a deck: through the one YAML reader of the files phase (WS-1).
        const d = readSource({ path: p, text: await readFile(p) }).value() as {
          id: string;
          zones: Record<string, string[]>;
        };
        return { id: String(d.id), zones: d.zones };
      }),
    );
    const id = ++this.running;
    const key = JSON.stringify([game, paths, games, seed, agent]);
    this.pending = { key, version, id };
    this.q<HTMLProgressElement>(".bl-progress").value = 0;
    this.say(`running ${decks.length * (decks.length - 1) * games} games…`);
    this.q<HTMLButtonElement>(".bl-run").disabled = true;
    const q: BalanceRequest = { id, game, version, decks, games, seed, agent };
    this.worker.postMessage(q);
  }

  private reply(m: BalanceReply): void {
    const p = this.pending;
    if (p === null || m.id !== p.id) return;
    if (m.type === "progress") {
      this.q<HTMLProgressElement>(".bl-progress").value = m.done / m.total;
      this.q(".bl-msg").textContent = `${m.done} of ${m.total} games`;
      return;
    }
    this.pending = null;
    this.q<HTMLButtonElement>(".bl-run").disabled = false;
    if (m.type === "error") return this.say(`the run failed: ${m.message}`);
    const before = this.last;
    // The same settings on another version of the game: an A/B run on the same seeds.
    if (before !== null && before.key === p.key && before.version !== p.version) {
      const ids = m.result.matchups.decks;
      const raw: Omit<MatchupChange, "adjusted" | "verdict">[] = [];
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++)
          raw.push(matchupChange(ids[i] as string, ids[j] as string, before.records, m.records));
      const adj = holm(raw.map((c) => c.p));
      this.changes = raw.map((c, k) => {
        const adjusted = adj[k] as number;
        return {
          ...c,
          adjusted,
          verdict: adjusted < 0.05 && c.diff !== null ? (c.diff.diff > 0 ? "up" : "down") : "same",
        };
      });
    } else this.changes = null;
    this.last = { key: p.key, version: p.version, result: m.result, records: m.records };
    this.box.dataset["runs"] = String(++this.completed);
    const moved = this.changes?.filter((c) => c.verdict !== "same").length;
    this.say(
      `${m.result.summary.games} games played${moved === undefined ? "" : `; ${moved} of ${this.changes?.length} matchups moved since the last run`}`,
    );
    this.host.status(`balance: ${this.message}`);
    this.render();
  }

  private render(): void {
    const r = this.last?.result;
    if (r === undefined) return;
    const m = r.matchups;
    const matrix = html`<table class="bl-matrix" data-testid="balance-matrix"><thead><tr><th>deck \\ opponent</th>${m.decks.map((d) => html`<th>${d}</th>`)}</tr></thead><tbody>${m.decks.map(
      (d, i) =>
        html`<tr><th>${d}</th>${(m.cells[i] ?? []).map((c) =>
          c === null
            ? html`<td>—</td>`
            : html`<td class="${c.verdict}">${pct(c.rate)}<br /><small>${interval(c.interval)}</small></td>`,
        )}</tr>`,
    )}</tbody></table>`;
    const changes: Html | string =
      this.changes === null
        ? ""
        : html`<h4>Moved since the last run (same seeds, Holm-adjusted paired test)</h4><table class="bl-moved" data-testid="balance-moved"><thead><tr><th>deck</th><th>opponent</th><th>before</th><th>now</th><th>change (points)</th><th>adj. p</th><th>verdict</th></tr></thead><tbody>${this.changes.map(
            (c) =>
              html`<tr class="${c.verdict === "same" ? "" : `moved-${c.verdict}`}"><td>${c.row}</td><td>${c.column}</td><td>${pct(c.a)}</td><td>${pct(c.b)}</td><td>${diffText(c.diff)}</td><td>${pText(c.adjusted)}</td><td>${c.verdict === "same" ? "no move" : `moved ${c.verdict}`}</td></tr>`,
          )}</tbody></table>`;
    const card = this.host.currentCard();
    const rows = card === null ? [] : r.cards.rows.filter((x) => x.card === card);
    const cardTable: Html | string =
      card === null
        ? ""
        : html`<h4>Card ${card}</h4>${
            rows.length === 0
              ? html`<p>not in the decks of this run</p>`
              : html`<table class="bl-card" data-testid="balance-card"><thead><tr><th>deck</th><th>drawn in</th><th>rate</th><th>− deck average</th><th>played in</th><th>rate</th><th>− deck average</th><th>adj. p</th></tr></thead><tbody>${rows.map(
                  (x) =>
                    html`<tr><td>${x.deck}</td><td>${x.drawn.games}</td><td>${pct(x.drawn.rate)}</td><td>${diffText(x.drawn.diff)}</td><td>${x.played.games}</td><td>${pct(x.played.rate)}</td><td class="${x.played.flag === null ? "" : `flag-${x.played.flag}`}">${diffText(x.played.diff)}</td><td>${pText(x.played.adjusted)}</td></tr>`,
                )}</tbody></table>`
          }`;
    const s = r.summary;
    setHtml(
      this.q(".bl-out"),
      html`${changes}<h4>Matchups (${r.plan.agents[0]}, ${r.plan.games} games per ordered pairing)</h4>${matrix}<p>first player ${pct(s.firstPlayer.rate)} (${interval(s.firstPlayer.interval)}); draws ${pct(s.draws.rate)}; timeouts ${pct(s.timeouts.rate)}</p>${cardTable}`,
    );
  }
}
