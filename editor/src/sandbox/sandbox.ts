/**
 * The sandbox panel: the real runtime playing the compiled game module in the page. Start from
 * decks, from the rules' own deal (a game without deck files) or a scenario board, with as many
 * seats as the rules allow (`players: { min, max }`); click legal actions for any seat (or seat
 * an agent there); switch views; undo/redo; edit the board; hot reload; save as a scenario.
 */
import { flow, readScenarioFile, scenarioAt } from "../../../compiler/core/scenario/codec.ts";
import { readSource } from "../../../compiler/core/files/check-files.ts";
import {
  deckListsOfState,
  randomAgent,
  reportLines,
  type Action,
  type Agent,
  type AgentSpec,
  type DecisionReport,
  type EntityId,
  type GameModule,
  type LogEntry,
  type State,
  type StatementSource,
  type Value,
} from "../../../runtime/index.ts";
import { nextBreak, stateAt, traceAction, type TraceStep } from "./debugger.ts";
import { readFile, writeFile, type GameTree } from "../api.ts";
import { html, setHtml, type Html } from "../html.ts";
import { localizeLine } from "../i18n.ts";
import { renderBoard } from "./board.ts";
import { decisionHtml, historyHtml, logHtml } from "./render.ts";
import { defaultExpect, savePlan, scenarioText, type Change, type NamedProperties } from "./scenario-save.ts";
import { Session, type Start } from "./session.ts";
import type { AgentReply, AgentRequest } from "./agent-protocol.ts";
import AgentWorker from "./agent.worker.ts?worker";

/** What a seat's menu offers: a person, or an agent by its spec (runtime/agents, `makeAgent`). */
const SEATS: readonly { readonly value: string; readonly spec: AgentSpec }[] = [
  { value: "human", spec: { kind: "human" } },
  { value: "random", spec: { kind: "random" } },
  { value: "greedy", spec: { kind: "greedy" } },
  { value: "mcts:200", spec: { kind: "mcts", budget: { iterations: 200 } } },
  { value: "mcts:1000", spec: { kind: "mcts", budget: { iterations: 1000 } } },
];

export interface SandboxHost {
  openSource(file: string, line: number, col: number): void;
  /** Breakpoints set in the editor's gutter, as "file:line". */
  breakpoints(): ReadonlySet<string>;
  /** Marks the line the debugger stopped at (null: none). */
  showLine(at: StatementSource | null): void;
  trees(): readonly GameTree[];
  status(text: string): void;
  /** The properties the cards of `game` name (`card:hp`), from the checked model; null when not known. */
  namedProperties?(game: string): NamedProperties;
}

type Obj = Record<string, unknown>;

/** An agent at a seat: random answers at once in the page; the searching ones in the worker. */
interface SeatAgent {
  readonly spec: AgentSpec;
  /** The seat menu's value (`mcts:1000`). */
  readonly value: string;
  readonly sync: Agent | null;
}

export class Sandbox {
  session: Session | null = null;
  private game = "";
  private readonly modules = new Map<string, GameModule>();
  private versions = new Map<string, string | null>();
  private view: EntityId = 0;
  private selected: EntityId | null = null;
  /** Per seat: the agent that answers for it (absent: a person clicks). */
  private agents: Record<number, SeatAgent | undefined> = {};
  /** The worker that runs searching agents (made when one is first seated). */
  private worker: Worker | null = null;
  /** The request the worker is answering: a reply for any other (the board changed since) is dropped. */
  private asking: { id: number; seat: EntityId } | null = null;
  private requests = 0;
  /** The last searching agent's decision, as the viewing seat may read it. */
  private report: readonly string[] = [];
  private message = "";
  /** A paused answer: the state before it, the answer, its statements and where we are. */
  debug: { before: State; action: Action; trace: TraceStep[]; k: number } | null = null;

  constructor(
    private readonly box: HTMLElement,
    private readonly host: SandboxHost,
  ) {
    setHtml(
      box,
      html`
      <div class="sb-controls">
        <select data-testid="sb-game" class="sb-game"></select>
        <input type="search" data-testid="sb-start-search" class="sb-start-search" placeholder="search starts (deck, card, scenario)" size="24">
        <select data-testid="sb-start" class="sb-start"></select> <span class="sb-start-count muted" data-testid="sb-start-count"></span>
        seed <input data-testid="sb-seed" class="sb-seed" type="number" value="1" style="width:4em">
        seats <select data-testid="sb-seats" class="sb-seats"><option>2</option></select>
        <button data-testid="sb-go" class="sb-go">Start</button>
      </div>
      <div class="sb-controls">
        view <select data-testid="sb-view" class="sb-view"></select>
        <span class="sb-seat-menus"></span>
        <button data-testid="sb-undo" class="sb-undo">Undo</button>
        <button data-testid="sb-redo" class="sb-redo">Redo</button>
        <label><input type="checkbox" class="sb-debug-on" data-testid="sb-debug-on"> stop at breakpoints</label>
      </div>
      <div class="sb-debug hidden" data-testid="sb-debug"></div>
      <div class="sb-message" data-testid="sb-message"></div>
      <div class="sb-agent-report" data-testid="sb-agent-report"></div>
      <div class="sb-board" data-testid="sb-board"></div>
      <div class="sb-decision" data-testid="sb-decision"></div>
      <details class="sb-edit"><summary>Edit the board</summary>
        <div>selected: <span class="sb-selected" data-testid="sb-selected">none (click a card)</span></div>
        <div>set <input class="sb-prop" placeholder="property" size="8"> = <input class="sb-value" placeholder="value" size="6"> <button class="sb-set" data-testid="sb-set">Set</button> (on the selected card, or the viewed player if none)</div>
        <div>add <input class="sb-card" placeholder="card id" size="12"> to P<input class="sb-owner" value="1" size="1"> zone <input class="sb-zone" size="8"> <button class="sb-add" data-testid="sb-add">Add</button></div>
        <div>move selected to P<input class="sb-mowner" value="1" size="1"> zone <input class="sb-mzone" size="8"> <button class="sb-move" data-testid="sb-move">Move</button></div>
      </details>
      <div class="sb-controls">scenario name <input class="sb-name" data-testid="sb-name" size="24" value="sandbox board"> <button class="sb-save" data-testid="sb-save">Save board as scenario</button></div>
      <div class="sb-expect hidden" data-testid="sb-expect"></div>
      <div class="sb-history" data-testid="sb-history"></div>
      <div class="sb-log" data-testid="sb-log"></div>`,
    );
    this.q(".sb-game").onchange = () => void this.fillStarts();
    this.q(".sb-start-search").oninput = () => this.filterStarts();
    this.q(".sb-go").onclick = () => void this.startSelected();
    this.q<HTMLSelectElement>(".sb-view").onchange = (e) => {
      this.view = Number((e.target as HTMLSelectElement).value);
      this.render();
    };
    this.q<HTMLSelectElement>(".sb-seats").onchange = () => this.seatMenus(this.chosenSeats());
    this.seatMenus(2);
    this.q(".sb-undo").onclick = () => this.undo();
    this.q(".sb-redo").onclick = () => this.redo();
    this.q(".sb-set").onclick = () => this.editSet();
    this.q(".sb-add").onclick = () =>
      this.edit({
        type: "add",
        card: this.val(".sb-card"),
        owner: Number(this.val(".sb-owner")),
        zone: this.val(".sb-zone"),
      });
    this.q(".sb-move").onclick = () =>
      this.selected === null
        ? this.say("select a card first")
        : this.edit({
            type: "move",
            entity: this.selected,
            owner: Number(this.val(".sb-mowner")),
            zone: this.val(".sb-mzone"),
          });
    this.q(".sb-save").onclick = () => this.planSave(false);
    this.q(".sb-board").onclick = (e) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>("[data-entity]");
      if (!el) return;
      this.selected = Number(el.dataset["entity"]);
      this.render();
    };
  }

  /** Seats a person or an agent (a value of the seat menu) at `seat`. */
  seat(seat: EntityId, value: string): void {
    const spec = SEATS.find((o) => o.value === value)?.spec ?? { kind: "human" };
    this.cancelAsk();
    this.agents[seat] =
      spec.kind === "human"
        ? undefined
        : { spec, value, sync: spec.kind === "random" ? randomAgent(1000 + seat) : null };
  }

  /**
   * One seat menu per seat (P1 … Pn) and a view per seat: `n` is the seats of the match to start
   * (the seats menu), then those of the match started. A seat keeps what sits at it.
   */
  private seatMenus(n: number): void {
    for (const k of Object.keys(this.agents)) if (Number(k) > n) delete this.agents[Number(k)];
    const menus = this.q(".sb-seat-menus");
    setHtml(
      menus,
      html`${Array.from({ length: n }, (_, i) => {
        const p = i + 1;
        const at = this.agents[p]?.value ?? "human";
        return html`P${p} <select data-testid="sb-agent-${p}" class="sb-agent" data-seat="${p}">${SEATS.map((o) => html`<option ${o.value === at ? html`selected` : ""}>${o.value}</option>`)}</select> `;
      })}`,
    );
    for (const s of menus.querySelectorAll<HTMLSelectElement>(".sb-agent")) {
      s.onchange = () => {
        this.seat(Number(s.dataset["seat"]), s.value);
        this.followHuman();
        this.runAgents();
        this.render();
      };
    }
    const view = this.q<HTMLSelectElement>(".sb-view");
    if (this.view > n) this.view = 0;
    setHtml(
      view,
      html`<option value="0">omniscient</option>${Array.from({ length: n }, (_, i) => html`<option value="${i + 1}">P${i + 1}</option>`)}`,
    );
    view.value = String(this.view);
  }

  /** The seats menu's number (the seats a new match from decks or the rules' deal starts with). */
  private chosenSeats(): number {
    return Number(this.q<HTMLSelectElement>(".sb-seats").value) || 2;
  }

  private q<T extends HTMLElement = HTMLElement>(sel: string): T {
    return this.box.querySelector(sel) as T;
  }
  private val(sel: string): string {
    return this.q<HTMLInputElement>(sel).value.trim();
  }
  private say(text: string): void {
    this.message = text;
    this.render();
  }

  /** Fills the game list (called when the panel is first shown and after the tree changes). */
  async init(game?: string): Promise<void> {
    const sel = this.q<HTMLSelectElement>(".sb-game");
    setHtml(sel, html`${this.host.trees().map((t) => html`<option>${t.game}</option>`)}`);
    for (const t of this.host.trees()) if (!this.versions.has(t.game)) this.versions.set(t.game, t.version);
    if (game) sel.value = game;
    await this.fillStarts();
  }

  private async fillStarts(): Promise<void> {
    const game = this.q<HTMLSelectElement>(".sb-game").value;
    const files = this.host.trees().find((t) => t.game === game)?.files ?? [];
    const decks = files.filter((f) => f.startsWith(`${game}/decks/`));
    const options: Html[] = [];
    if (decks.length) {
      const a = decks[0] as string;
      const b = (decks[1] ?? decks[0]) as string;
      options.push(html`<option value="decks:${a}|${b}">decks: ${name(a)} vs ${name(b)}</option>`);
      for (const x of decks)
        for (const y of decks)
          if (x !== a || y !== b)
            options.push(html`<option value="decks:${x}|${y}">decks: ${name(x)} vs ${name(y)}</option>`);
    }
    // A game whose rules deal every card (no deck files) starts with empty seats, as `play` does.
    else options.push(html`<option value="deal:">new match (the rules deal)</option>`);
    for (const f of files.filter((x) => x.startsWith(`${game}/scenarios/`)))
      options.push(html`<option value="scenario:${f}">board of ${name(f)}…</option>`);
    setHtml(this.q(".sb-start"), html`${options}`);
    this.filterStarts();
    await this.fillSeats(game);
  }

  /** The seats menu: every number of seats the game's rules allow (`players: { min, max }`). */
  private async fillSeats(game: string): Promise<void> {
    let min = 2;
    let max = 2;
    try {
      const rules = (await this.module(game)).rules;
      max = rules.players;
      min = rules.minPlayers ?? max;
    } catch {
      // Not compiled (yet): the start reports why; two seats meanwhile.
    }
    const sel = this.q<HTMLSelectElement>(".sb-seats");
    const was = this.chosenSeats();
    const counts = Array.from({ length: max - min + 1 }, (_, i) => min + i);
    setHtml(sel, html`${counts.map((n) => html`<option>${n}</option>`)}`);
    sel.value = String(was >= min && was <= max ? was : min);
    sel.disabled = min === max;
    this.seatMenus(this.chosenSeats());
  }

  /** The start list, narrowed to the options whose text has every word of the search box. */
  private filterStarts(): void {
    const words = this.val(".sb-start-search").toLowerCase().split(/\s+/).filter(Boolean);
    const sel = this.q<HTMLSelectElement>(".sb-start");
    let shown = 0;
    let first: HTMLOptionElement | null = null;
    for (const o of sel.options) {
      const hit = words.every((w) => (o.textContent ?? "").toLowerCase().includes(w));
      o.hidden = !hit;
      if (hit) {
        shown++;
        first ??= o;
      }
    }
    if (sel.selectedOptions[0]?.hidden && first) sel.value = first.value;
    this.q(".sb-start-count").textContent = `${shown} of ${sel.options.length}`;
  }

  /** The URL of a game's compiled module at its current version (the page and the agent worker load it). */
  private moduleUrl(game: string): string {
    return `/dist/${game}/game.js?v=${this.versions.get(game) ?? "0"}`;
  }

  async module(game: string): Promise<GameModule> {
    const key = this.moduleUrl(game);
    const hit = this.modules.get(key);
    if (hit) return hit;
    const mod = (await import(/* @vite-ignore */ key)) as { game: GameModule };
    this.modules.set(key, mod.game);
    return mod.game;
  }

  private async startSelected(): Promise<void> {
    const game = this.q<HTMLSelectElement>(".sb-game").value;
    const what = this.q<HTMLSelectElement>(".sb-start").value;
    const seed = Number(this.val(".sb-seed")) || 1;
    const seats = this.chosenSeats();
    if (what.startsWith("decks:")) {
      // The pair of decks, seat after seat (a game for more seats than two deals them in turn).
      const pair = what.slice(6).split("|") as [string, string];
      await this.startDecks(
        game,
        Array.from({ length: seats }, (_, i) => pair[i % 2] as string),
        seed,
      );
    } else if (what === "deal:") await this.startDealt(game, seats, seed);
    else {
      const file = what.slice("scenario:".length);
      await this.startScenario(game, file, 0, seed);
    }
  }

  /** Starts from two deck files (paths relative to cards/). */
  async startDecks(game: string, decks: readonly string[], seed: number): Promise<void> {
    const parsed = await Promise.all(
      decks.map(
        async (d) =>
          readSource({ path: d, text: await readFile(d) }).value() as { id: string; zones: Record<string, string[]> },
      ),
    );
    await this.begin(game, { type: "decks", decks: parsed.map((d) => ({ id: d.id, zones: d.zones })), seed });
  }

  /** Starts a match of `seats` empty seats: the rules' setup deals every card. */
  async startDealt(game: string, seats: number, seed: number): Promise<void> {
    await this.begin(game, {
      type: "decks",
      decks: Array.from({ length: seats }, () => ({ id: "", zones: {} })),
      seed,
    });
  }

  /** Starts from the `given` board of a scenario file's scenario number `index`. */
  async startScenario(game: string, file: string, index: number, seed?: number): Promise<void> {
    // Read by the scenario codec, as the runner reads it (`version:` included).
    const sc = scenarioAt(readScenarioFile(`cards/${file}`, await readFile(file)), index);
    if (!sc) {
      this.say(`cards/${file} has no scenario ${index + 1} to start from (or does not parse)`);
      return;
    }
    await this.begin(game, {
      type: "board",
      file: `cards/${file}`,
      name: sc.name,
      given: sc.given,
      seed: seed ?? sc.seed,
      version: sc.version,
    });
  }

  private async begin(game: string, start: Start): Promise<void> {
    this.game = game;
    this.cancelAsk();
    this.report = [];
    try {
      this.session = new Session(await this.module(game), start);
      const n = this.session.seats();
      this.message = `started: ${
        start.type === "board"
          ? `board of "${start.name}"`
          : start.decks.every((d) => d.id === "")
            ? `${n} seats, the rules deal, seed ${start.seed}`
            : `decks ${start.decks.map((d) => d.id).join(" vs ")}, seed ${start.seed}`
      }`;
      // The seat menus and views follow the match (a scenario's board decides its seats).
      this.seatMenus(n);
    } catch (e) {
      this.session = null;
      this.message = `cannot start: ${e instanceof Error ? e.message : String(e)}`;
    }
    this.selected = null;
    this.runAgents();
    this.render();
  }

  /** Clicks on an action button land here. */
  act(index: number): void {
    const s = this.session;
    if (!s) return;
    this.cancelAsk();
    const a = s.engine.legalActions(s.state)[index];
    if (!a) return;
    if (this.q<HTMLInputElement>(".sb-debug-on").checked && this.host.breakpoints().size) {
      const trace = traceAction(s.engine, s.state, a);
      const k = nextBreak(trace, this.host.breakpoints(), 0);
      if (k >= 0) {
        this.debug = { before: s.engine.clone(s.state), action: a, trace, k };
        this.render();
        return;
      }
    }
    const err = s.act(a);
    this.message = err ?? "";
    this.runAgents();
    this.render();
  }

  /**
   * A match against an agent is seen as its one human sees it (not omniscient): with exactly one
   * human seat the view switches to it; the view menu can still change it after.
   */
  private followHuman(): void {
    const seats = this.session?.seats() ?? 2;
    const humans: number[] = [];
    for (let p = 1; p <= seats; p++) if (!this.agents[p]) humans.push(p);
    if (humans.length !== 1) return;
    this.view = humans[0] as number;
    this.q<HTMLSelectElement>(".sb-view").value = String(this.view);
  }

  /**
   * Lets the agents answer while it is their turn to decide: a random agent at once, a searching
   * one in the worker (the page shows "thinking…" and stays responsive; its answer is applied
   * when it arrives, unless the board changed meanwhile).
   */
  private runAgents(): void {
    const s = this.session;
    if (!s || this.asking !== null) return;
    for (let n = 0; n < 5000; n++) {
      const p = s.engine.toMove(s.state);
      const agent = p === null ? undefined : this.agents[p];
      if (!agent || p === null) return;
      if (agent.sync === null) return this.ask(s, p, agent.spec);
      const legal = s.engine.legalActions(s.state);
      if (s.act(agent.sync.choose(s.state, legal, s.engine)) !== null) return;
    }
  }

  private ask(s: Session, seat: EntityId, spec: AgentSpec): void {
    if (this.worker === null) {
      this.worker = new AgentWorker();
      this.worker.onmessage = (e: MessageEvent<AgentReply>) => this.answered(e.data);
    }
    const id = ++this.requests;
    this.asking = { id, seat };
    const request: AgentRequest = {
      id,
      module: this.moduleUrl(this.game),
      state: s.state,
      seat,
      spec,
      seed: 1000 * seat + s.cursor,
      decks: deckListsOfState(s.startState(), s.seats()),
    };
    this.worker.postMessage(request);
  }

  private answered(reply: AgentReply): void {
    const s = this.session;
    const asked = this.asking;
    if (!s || asked === null || reply.id !== asked.id) return;
    this.asking = null;
    if (!reply.ok) {
      this.say(`the agent of P${asked.seat} failed: ${reply.reason}`);
      return;
    }
    this.report = this.reportText(s, asked.seat, reply.report);
    this.message = s.act(reply.report.action) ?? "";
    this.runAgents();
    this.render();
  }

  /** The agent's choice and the alternatives it weighed, worded as the viewing seat may read them. */
  private reportText(s: Session, seat: EntityId, r: DecisionReport): string[] {
    return reportLines(s.engine, s.state, seat, r, this.view === 0 ? undefined : this.view);
  }

  /** Forgets a pending question (the board changed: its answer would be for another board). */
  private cancelAsk(): void {
    this.asking = null;
  }

  /** Debugger: the next statement (into procedures and triggers too). */
  step(): void {
    if (!this.debug) return;
    if (this.debug.k + 1 >= this.debug.trace.length) return this.finish();
    this.debug.k++;
    this.render();
  }

  /** Debugger: on to the next breakpoint, or to the end of the answer. */
  continue(): void {
    if (!this.debug) return;
    const k = nextBreak(this.debug.trace, this.host.breakpoints(), this.debug.k + 1);
    if (k < 0) return this.finish();
    this.debug.k = k;
    this.render();
  }

  /** Debugger: lets the answer run to its end on the real state. */
  finish(): void {
    const d = this.debug;
    const s = this.session;
    if (!d || !s) return;
    this.debug = null;
    this.host.showLine(null);
    this.message = s.act(d.action) ?? "";
    this.runAgents();
    this.render();
  }

  /**
   * Back to the last point where a human decides: the agents' answers since are undone with it
   * (else the agent would answer again at once and Undo would seem to do nothing), and if the
   * start itself is an agent's turn, the agent moves again (the game never waits on it).
   */
  undo(): void {
    const s = this.session;
    if (!s) return;
    this.cancelAsk();
    s.undo();
    while (s.cursor > 0 && this.agentToMove()) s.undo();
    this.runAgents();
    this.render();
  }

  private agentToMove(): boolean {
    const s = this.session;
    const p = s ? s.engine.toMove(s.state) : null;
    return p !== null && !!this.agents[p];
  }
  redo(): void {
    this.cancelAsk();
    this.session?.redo();
    this.runAgents();
    this.render();
  }

  private editSet(): void {
    const raw = this.val(".sb-value");
    const value: Value = /^-?\d+$/.test(raw)
      ? Number(raw)
      : raw === "true"
        ? true
        : raw === "false"
          ? false
          : raw === "none"
            ? null
            : raw;
    this.edit({ type: "set", entity: this.selected ?? (this.view || 1), prop: this.val(".sb-prop"), value });
  }

  private edit(step: Parameters<Session["push"]>[0]): void {
    if (!this.session) return this.say("start a game first");
    this.cancelAsk();
    this.message = this.session.push(step) ?? "edited";
    this.runAgents();
    this.render();
  }

  /** Hot reload: the game was recompiled; replay the history on the new module. */
  async reload(game: string, version: string | null): Promise<void> {
    this.versions.set(game, version);
    if (!this.session || this.game !== game) return;
    const r = this.session.reload(await this.module(game));
    this.message =
      r === null
        ? `reloaded ${game}: all ${this.session.cursor} step(s) replayed on the new rules`
        : `reloaded ${game}: step ${r.at + 1} no longer applies (${r.reason}); the history stops before it`;
    this.host.status(this.message);
    this.render();
  }

  /**
   * Save, step 1: what changed between the start board and now, as a list to pick the scenario's
   * expectations from (the changes on the cards and players the answers involved are ticked;
   * internal properties are listed only when `internal`).
   */
  planSave(internal: boolean): void {
    const s = this.session;
    const box = this.q(".sb-expect");
    if (!s) return;
    const plan = savePlan(s, this.host.namedProperties?.(this.game) ?? null);
    if (!plan.ok) {
      box.classList.add("hidden");
      this.say(`not saved: ${plan.problem}`);
      return;
    }
    const ticked = new Set(defaultExpect(plan.changes));
    const shown = plan.changes.filter((c) => internal || !c.internal);
    // Values as the file will write them (`[fairy, gnome]`, `me`).
    const value = (v: unknown) => flow(v);
    const row = (c: Change) =>
      html`<li><label><input type="checkbox" class="sb-expect-key" data-key="${c.key}" ${ticked.has(c.key) ? html`checked` : ""}> <code>${c.key}</code>: ${value(c.before)} → <b>${value(c.after)}</b>${c.internal ? html` <span class="muted">(internal)</span>` : ""}</label></li>`;
    setHtml(
      box,
      html`<div><b>Expect</b> (what changed since the start; ticked: the cards the answers involved)</div>
      <ul data-testid="sb-expect-list">${shown.length ? shown.map(row) : html`<li class="muted">nothing changed</li>`}</ul>
      <label><input type="checkbox" class="sb-internal" data-testid="sb-internal" ${internal ? html`checked` : ""}> show internal properties</label>
      <button class="sb-write" data-testid="sb-write">Write scenario</button>`,
    );
    box.classList.remove("hidden");
    this.q<HTMLInputElement>(".sb-internal").onchange = (e) => this.planSave((e.target as HTMLInputElement).checked);
    this.q(".sb-write").onclick = () => {
      const keys = [...box.querySelectorAll<HTMLInputElement>(".sb-expect-key")]
        .filter((x) => x.checked)
        .map((x) => x.dataset["key"] ?? "");
      void this.saveScenario(this.val(".sb-name"), keys);
    };
    this.say(`${plan.changes.length} change(s) since the start: pick what the scenario expects, then write it`);
  }

  /** Save, step 2: the scenario with the chosen expectations (default: the involved changes), written only when it passes. */
  async saveScenario(
    scenarioName: string,
    expect?: readonly string[],
  ): Promise<{ path: string; failures: readonly string[] } | null> {
    const s = this.session;
    if (!s) return null;
    const slug =
      scenarioName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "sandbox";
    const path = `cards/${this.game}/scenarios/sandbox-${slug}.yaml`;
    const named = this.host.namedProperties?.(this.game) ?? null;
    const r = scenarioText(s, path, scenarioName, expect === undefined ? { named } : { expect, named });
    if (r.failures.length) {
      this.say(`not saved: the scenario would fail: ${r.failures.join("; ")}`);
      return { path, failures: r.failures };
    }
    await writeFile(path.slice("cards/".length), r.text);
    this.q(".sb-expect").classList.add("hidden");
    this.say(`saved ${path} (it passes)`);
    return { path, failures: [] };
  }

  render(): void {
    const s = this.session;
    this.q("[data-testid=sb-message]").textContent = this.message;
    const thinking = this.asking === null ? null : this.agents[this.asking.seat];
    setHtml(
      this.q(".sb-agent-report"),
      thinking && this.asking
        ? html`<div class="thinking" data-testid="sb-thinking">P${this.asking.seat} (${thinking.value}) is thinking…</div>`
        : html`${this.report.map((l) => html`<div>${l}</div>`)}`,
    );
    if (!s) return;
    const d = this.debug;
    const real = d ? stateAt(s.engine, d.before, d.action, d.k) : s.state;
    const st: State = this.view === 0 ? real : s.engine.view(real, this.view);
    renderBoard(this.q(".sb-board"), s.engine, st, this.selected);
    this.renderDebug();
    const sel = this.selected === null ? null : real.entities[this.selected];
    this.q(".sb-selected").textContent = sel
      ? `#${sel.id} ${sel.card ?? ""} (P${sel.holder ?? sel.owner} ${sel.zone})`
      : "none (click a card)";
    if (d)
      setHtml(
        this.q(".sb-decision"),
        html`<div class="muted">(resolving "${s.engine.describe(d.before, d.action)}" in the debugger)</div>`,
      );
    else this.renderDecision(real);
    this.renderHistory();
    this.renderLog(st.log);
  }

  private renderDebug(): void {
    const box = this.q(".sb-debug");
    const d = this.debug;
    box.classList.toggle("hidden", d === null);
    if (!d) return;
    const t = d.trace[d.k] as TraceStep;
    this.host.showLine(t.src);
    const st = stateAt(this.session?.engine as NonNullable<typeof this.session>["engine"], d.before, d.action, d.k);
    // An entity id reads better with what it is: `2 (Opponent)`, `14 (Fairy)`.
    const val = (v: Value): Html => {
      const e = typeof v === "number" ? st.entities[v] : undefined;
      const name = e
        ? e.card === null
          ? String(e.props["name"] ?? `P${e.id}`)
          : (this.session?.module.cards[e.card]?.name ?? e.card)
        : null;
      return html`${JSON.stringify(v)}${name ? html` <span class="muted">(${name})</span>` : ""}`;
    };
    const rows = (o: Readonly<Record<string, Value>>): Html => {
      const entries = Object.entries(o);
      return entries.length
        ? html`${entries.map(([k, v]) => html`<tr><td>${k}</td><td>${val(v)}</td></tr>`)}`
        : html`<tr><td colspan="2" class="muted">(none)</td></tr>`;
    };
    setHtml(
      box,
      html`<div class="dbg-where" data-testid="dbg-where">Paused at ${`${t.src.file}:${t.src.line}:${t.src.col}`} — ${t.what} (statement ${d.k + 1} of ${d.trace.length})</div>
      <button data-testid="dbg-step" class="dbg-step">Step</button> <button data-testid="dbg-continue" class="dbg-continue">Continue</button> <button data-testid="dbg-finish" class="dbg-finish">Finish</button>
      <table class="dbg-vars" data-testid="dbg-locals"><tr><th colspan="2">locals</th></tr>${rows(t.locals)}</table>
      ${t.event ? html`<table class="dbg-vars" data-testid="dbg-event"><tr><th colspan="2">event ${t.event.name}</th></tr>${rows(t.event.fields)}</table>` : ""}`,
    );
    this.q(".dbg-step").onclick = () => this.step();
    this.q(".dbg-continue").onclick = () => this.continue();
    this.q(".dbg-finish").onclick = () => this.finish();
  }

  private renderDecision(st: State): void {
    const s = this.session as Session;
    const box = this.q(".sb-decision");
    setHtml(box, decisionHtml(s, st, this.view));
    for (const b of box.querySelectorAll<HTMLButtonElement>("button.act"))
      b.onclick = () => this.act(Number(b.dataset["i"]));
  }

  private renderHistory(): void {
    const s = this.session as Session;
    const box = this.q(".sb-history");
    setHtml(box, historyHtml(s, this.view));
    for (const li of box.querySelectorAll<HTMLElement>("li")) {
      li.onclick = () => {
        this.cancelAsk();
        s.goto(Number(li.dataset["n"]));
        this.render();
      };
    }
    // Keep the current step in sight without scrolling the whole panel.
    const here = box.querySelector<HTMLElement>("li.here");
    if (here) box.scrollTop = Math.max(0, here.offsetTop - box.offsetTop - box.clientHeight / 2);
  }

  /**
   * The log, nested by cause: each answer, then under it each handler that ran (its card or rule,
   * from the module's sources), then that handler's lines. A line opens the card line that made it.
   */
  private renderLog(log: readonly LogEntry[]): void {
    const box = this.q(".sb-log");
    setHtml(box, logHtml(this.session as Session, log, localizeLine));
    for (const el of box.querySelectorAll<HTMLElement>(".log-line.traced")) {
      el.onclick = () => {
        const by = log[Number(el.dataset["i"])]?.by;
        if (by) this.host.openSource(by.file, by.line, by.col);
      };
    }
  }
}

const name = (f: string) => (f.split("/").pop() ?? f).replace(/\.ya?ml$/, "");

export type { Action };
