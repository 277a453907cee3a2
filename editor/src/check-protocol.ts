/** Messages between the page and the check worker. */
import type { GameInput } from "../../compiler/core/compile.ts";
import type { Diagnostic } from "../../compiler/core/diagnostics.ts";
import type { GameSymbols } from "./check-core.ts";

export type CheckRequest =
  | { readonly type: "load"; readonly id: number; readonly input: GameInput }
  | { readonly type: "edit"; readonly id: number; readonly path: string; readonly text: string }
  | { readonly type: "check"; readonly id: number; readonly input: GameInput };

export type CheckReply =
  /** The answer to one request. */
  | { readonly type: "reply"; readonly id: number; readonly diagnostics: readonly Diagnostic[]; readonly symbols: GameSymbols | null; readonly ms: number }
  /** A full check that followed edits: every file's diagnostics. */
  | { readonly type: "full"; readonly game: string; readonly diagnostics: readonly Diagnostic[]; readonly symbols: GameSymbols | null; readonly ms: number };
