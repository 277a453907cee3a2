/**
 * The chain operations of the language (runtime/flow/chain.ts): called like procedures, as a statement
 * or as `let x = op(…)`. A game's rules decide when to use them; the names are generic.
 */
import { T, type Type } from "./types.ts";

export interface ChainOpSpec {
  readonly params: readonly { readonly name: string; readonly type: Type }[];
  readonly returns: Type;
  readonly doc: string;
}

export const CHAIN_OPS: Readonly<Record<string, ChainOpSpec>> = {
  chain: {
    params: [
      { name: "source", type: T.card },
      { name: "targets", type: T.list(T.entity) },
    ],
    returns: T.void,
    doc: "chain(source, targets): the rest of this effect waits on the chain as a link; it fizzles if a target moves before it resolves",
  },
  "give-priority": {
    params: [{ name: "player", type: T.player }],
    returns: T.void,
    doc: "give-priority(p): p holds priority; passes start again",
  },
  "pass-priority": {
    params: [],
    returns: T.text,
    doc: 'pass-priority(): the holder passes; "passed", or once every player passed in a row "resolved" / "fizzled" (the top link) or "closed" (empty chain)',
  },
  "resolve-next": {
    params: [],
    returns: T.text,
    doc: 'resolve-next(): the top link resolves at once, with no passes, if it was on the chain when every player last passed in a row: "resolved" / "fizzled"; "open" when it arrived since, "closed" when the chain is empty',
  },
  negate: {
    params: [{ name: "source", type: T.card }],
    returns: T.bool,
    doc: "negate(card): removes the topmost chain link of that card, unresolved (true if there was one)",
  },
};

export function isChainOp(name: string): boolean {
  return Object.hasOwn(CHAIN_OPS, name);
}
