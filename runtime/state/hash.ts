/**
 * A stable hash of a state: a canonical walk (object keys sorted, types tagged) fed into two
 * 32-bit multiplicative lanes (cyrb53-style), returned as 16 hex digits. Equal states (also
 * after a JSON round trip) hash equal, whatever the insertion order of their keys.
 */
import type { State } from "../types.ts";

class Hasher {
  h1 = 0xdeadbeef;
  h2 = 0x41c6ce57;

  text(s: string): void {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  value(v: unknown): void {
    if (v === null || v === undefined) this.text("n");
    else if (typeof v === "number") this.text(`d${v};`);
    else if (typeof v === "string") this.text(`s${v.length}:${v}`);
    else if (typeof v === "boolean") this.text(v ? "t" : "f");
    else if (Array.isArray(v)) {
      this.text(`[${v.length}`);
      for (const x of v) this.value(x);
      this.text("]");
    } else if (typeof v === "object") {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o).sort();
      this.text("{");
      for (const k of keys) {
        if (o[k] === undefined) continue;
        this.text(`s${k.length}:${k}`);
        this.value(o[k]);
      }
      this.text("}");
    } else this.text(`?${String(v)}`);
  }

  digest(): string {
    let h1 = this.h1;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0");
  }
}

/** Hash of any plain value. */
export function hashValue(v: unknown): string {
  const h = new Hasher();
  h.value(v);
  return h.digest();
}

/**
 * Hash of a state. With `log: false` the log (and the decision count) is left out, so two
 * positions reached by different paths can compare equal.
 */
export function hashState(state: State, options?: { readonly log?: boolean }): string {
  if (options?.log === false) {
    const { log: _log, turnstile: _t, ...rest } = state;
    return hashValue(rest);
  }
  return hashValue(state);
}
