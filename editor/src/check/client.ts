/**
 * The page's link to the check worker (check.worker.ts): requests by id, replies matched to them.
 * No Monaco here, so the page's first script (boot.ts) can start the worker and the first check
 * before the editor's own code has loaded; language.ts adapts the replies to Monaco.
 */
import type { GameInput } from "../../../compiler/core/files/check-files.ts";
import type { Diagnostic } from "../../../compiler/core/text/diagnostics.ts";
import type { GameSymbols, ServiceMethod } from "./core.ts";
import type { CheckReply, CheckRequest } from "./protocol.ts";
import CheckWorker from "./check.worker.ts?worker";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class LanguageClient {
  private readonly worker = new CheckWorker();
  private next = 1;
  private readonly pending = new Map<number, (r: CheckReply) => void>();
  symbols: GameSymbols | null = null;

  constructor() {
    this.worker.onmessage = (e: MessageEvent<CheckReply>) => {
      if (e.data.symbols) this.symbols = e.data.symbols;
      this.pending.get(e.data.id)?.(e.data);
      this.pending.delete(e.data.id);
    };
  }

  private ask(req: DistributiveOmit<CheckRequest, "id">): Promise<CheckReply> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...req, id });
    });
  }

  /** Loads a game and checks it whole. */
  async load(input: GameInput): Promise<readonly Diagnostic[]> {
    return (await this.ask({ type: "load", input })).diagnostics ?? [];
  }

  /** A file changed: every file's diagnostics after the workspace re-checked what it touches. */
  async edit(path: string, text: string): Promise<readonly Diagnostic[]> {
    return (await this.ask({ type: "edit", path, text })).diagnostics ?? [];
  }

  /** A file left the game: every file's diagnostics after. */
  async remove(path: string): Promise<readonly Diagnostic[]> {
    return (await this.ask({ type: "remove", path })).diagnostics ?? [];
  }

  /** Checks any game input whole in a fresh workspace, without touching the loaded game. */
  async check(input: GameInput): Promise<readonly Diagnostic[]> {
    return (await this.ask({ type: "check", input })).diagnostics ?? [];
  }

  async call<T>(method: ServiceMethod, ...args: unknown[]): Promise<T> {
    return (await this.ask({ type: "call", method, args })).result as T;
  }
}
