/** Messages between the page and the check worker. */
import type { GameInput } from "../../../compiler/core/files/check-files.ts";
import type { Diagnostic } from "../../../compiler/core/text/diagnostics.ts";
import type { GameSymbols, ServiceMethod } from "./core.ts";

export type CheckRequest =
  /** Check a game whole and keep it. */
  | { readonly type: "load"; readonly id: number; readonly input: GameInput }
  /** One file changed. */
  | { readonly type: "edit"; readonly id: number; readonly path: string; readonly text: string }
  /** A file left the game (deleted or renamed on disk). */
  | { readonly type: "remove"; readonly id: number; readonly path: string }
  /** Check any game input whole without keeping it (as the CLI does). */
  | { readonly type: "check"; readonly id: number; readonly input: GameInput }
  /** A language service call on the kept game. */
  | { readonly type: "call"; readonly id: number; readonly method: ServiceMethod; readonly args: readonly unknown[] };

export interface CheckReply {
  readonly id: number;
  readonly diagnostics?: readonly Diagnostic[];
  readonly symbols?: GameSymbols | null;
  readonly result?: unknown;
  readonly ms: number;
}
