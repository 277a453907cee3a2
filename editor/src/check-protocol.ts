/** Messages between the page and the check workers. */
import type { GameInput } from "../../compiler/core/compile.ts";
import type { Diagnostic } from "../../compiler/core/diagnostics.ts";
import type { GameSymbols } from "./check-core.ts";

export type CheckRequest =
  /** Check a game whole and keep it (its vocabulary serves later edits). */
  | { readonly type: "load"; readonly id: number; readonly input: GameInput }
  /** One file changed: its diagnostics, fast (a card file against the kept vocabulary). */
  | { readonly type: "edit"; readonly id: number; readonly path: string; readonly text: string }
  /** Check any game input whole without keeping it. */
  | { readonly type: "check"; readonly id: number; readonly input: GameInput };

export interface CheckReply {
  readonly id: number;
  readonly diagnostics: readonly Diagnostic[];
  /** After a whole-game check: what completion, hover and the preview need. */
  readonly symbols: GameSymbols | null;
  /** False when the edit could not be checked alone (a rules file): check the game whole. */
  readonly quick: boolean;
  readonly ms: number;
}
