/**
 * Random well-typed effect programs for the differential test, written as source text of the
 * effect language (so they go through the real parser, checker and lowering). Every choice is
 * read from a list of numbers that fast-check draws (`programArbitrary`), so the same seed gives
 * the same programs. Types: numbers, conditions, lists of numbers. Every name is declared before
 * use and used only where it is visible; loops always end.
 */
import fc from "fast-check";

type Ty = "num" | "bool" | "list";

/** A program and the RNG seed it runs with, drawn by fast-check. */
export const programArbitrary = fc
  .tuple(fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), fc.integer({ min: 1, max: 2 ** 30 }))
  .map(([choices, seed]) => ({ text: new ProgramGen(choices).program(), seed }));

interface Local {
  readonly name: string;
  readonly ty: Ty;
  readonly writable: boolean;
}

export class ProgramGen {
  private scopes: Local[][] = [[]];
  private names = 0;
  /** How many `where` filters enclose the expression being written (`it` is a number there). */
  private whereDepth = 0;
  private loopDepth = 0;

  private next = 0;
  /** Past this many choices the program winds down: leaves only, so its size stays bounded. */
  private budget = 160;

  constructor(private readonly choices: readonly number[]) {}

  private int(min: number, max: number): number {
    const c = this.choices[this.next++ % this.choices.length] ?? 0;
    this.budget--;
    // Mixed with the position, so a short list still gives varied choices when it wraps around.
    return min + ((c + Math.floor(this.next / this.choices.length) * 7919) % (max - min + 1));
  }
  private oneOf<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)] as T;
  }
  private visible(ty: Ty, writable = false): Local[] {
    return this.scopes.flat().filter((l) => l.ty === ty && (!writable || l.writable));
  }
  private fresh(prefix: string): string {
    return `${prefix}${this.names++}`;
  }

  expr(ty: Ty, depth: number): string {
    switch (ty) {
      case "num":
        return this.num(depth);
      case "bool":
        return this.bool(depth);
      case "list":
        return this.list(depth);
    }
  }

  num(depth: number): string {
    if (this.budget <= 0) depth = 0;
    const leaves = this.visible("num");
    const leaf = (): string => {
      const k = this.int(0, 3);
      if (k === 0 && leaves.length) return this.oneOf(leaves).name;
      if (k === 1 && this.whereDepth > 0) return "it";
      return String(this.int(0, 9));
    };
    if (depth <= 0) return leaf();
    const d = depth - 1;
    switch (this.int(0, 13)) {
      case 0:
      case 1:
        return leaf();
      case 2: {
        // A unary chain: `- -n`, `- - -3` (spaces keep the minus signs apart).
        const n = this.int(1, 3);
        return `${"- ".repeat(n)}${this.num(d)}`;
      }
      case 3:
      case 4:
        return `(${this.num(d)} ${this.oneOf(["+", "-", "*", "/", "%"])} ${this.num(d)})`;
      case 5:
        return `count(${this.list(d)})`;
      case 6:
        return `sum(${this.list(d)})`;
      case 7:
        return `${this.oneOf(["min", "max"])}(${this.num(d)}, ${this.num(d)})`;
      case 8:
        return `abs(${this.num(d)})`;
      case 9:
        return this.int(0, 1) ? `random(${this.int(1, 6)})` : `random(abs(${this.num(d)}) + 1)`;
      // first/last may give none, which is no number until tested (check/maybe-none): as
      // numbers they appear through the statement that tests them (see `stmt`, case 8).
      case 10:
        return `sum(take(${this.list(d)} + [${this.int(0, 9)}], 1))`;
      case 11:
        return `sum([${this.int(0, 9)}] + take(${this.list(d)}, random(${this.int(1, 4)})))`;
      case 12:
        return `(${this.num(d)} + ${this.num(d)} * ${this.num(d)})`;
      default:
        return `${this.num(d)} - ${this.num(d)} - ${this.num(d)}`.replace(/^(.*)$/, "($1)");
    }
  }

  bool(depth: number): string {
    if (this.budget <= 0) depth = 0;
    const leaves = this.visible("bool");
    if (depth <= 0) return leaves.length && this.int(0, 1) ? this.oneOf(leaves).name : this.oneOf(["true", "false"]);
    const d = depth - 1;
    switch (this.int(0, 9)) {
      case 0:
        return leaves.length ? this.oneOf(leaves).name : "true";
      case 1:
      case 2:
        return `(${this.num(d)} ${this.oneOf(["<", "<=", ">", ">=", "==", "!="])} ${this.num(d)})`;
      case 3:
        return `${"not ".repeat(this.int(1, 3))}${this.bool(d)}`;
      case 4:
        return `(${this.bool(d)} ${this.oneOf(["and", "or"])} ${this.bool(d)})`;
      case 5:
        return `(${this.num(d)} in ${this.list(d)})`;
      case 6:
        return `(count(${this.where(d)}) > 0)`;
      case 7:
        return `(${this.list(d)} ${this.oneOf(["==", "!="])} ${this.list(d)})`;
      case 8:
        return `(at(${this.list(d)}, ${this.int(-1, 4)}) ${this.oneOf(["==", "!="])} ${this.int(0, 1) ? "none" : this.num(d)})`;
      default:
        return `(random(2) == ${this.int(0, 1)})`;
    }
  }

  private where(depth: number): string {
    const list = this.list(depth);
    this.whereDepth++;
    const cond =
      this.int(0, 2) === 0
        ? `random(${this.int(2, 3)}) == 0`
        : `it ${this.oneOf(["<", ">", "==", "!="])} ${this.num(depth)}`;
    this.whereDepth--;
    return `(${list} where ${cond})`;
  }

  list(depth: number): string {
    if (this.budget <= 0) depth = 0;
    const leaves = this.visible("list");
    const literal = () => `[${Array.from({ length: this.int(1, 4) }, () => this.num(Math.min(depth, 1))).join(", ")}]`;
    if (depth <= 0) return leaves.length && this.int(0, 1) ? this.oneOf(leaves).name : literal();
    const d = depth - 1;
    switch (this.int(0, 8)) {
      case 0:
        return leaves.length ? this.oneOf(leaves).name : literal();
      case 1:
        return literal();
      case 2:
        return `(${this.list(d)} + ${this.list(d)})`;
      case 3:
        return `(${this.list(d)} + ${literal()} + ${this.list(d)})`;
      case 4:
        return `take(${this.list(d)}, ${this.num(d)})`;
      case 5:
        return this.where(d);
      case 6:
        return `remove-at(${this.list(d)}, ${this.int(0, 1) ? this.int(-1, 4) : this.num(d)})`;
      case 7:
        return `map(${this.list(d)}, it ${this.oneOf(["+", "-", "*"])} ${this.num(Math.min(d, 1))})`;
      default:
        return `(${this.list(d)} where it ${this.oneOf(["<", ">"])} ${this.int(0, 9)})`;
    }
  }

  /** A block of statements at `indent`. */
  block(indent: string, size: number, depth: number): string[] {
    this.scopes.push([]);
    const out: string[] = [];
    for (let i = 0; i < size; i++) out.push(...this.stmt(indent, depth));
    if (this.loopDepth > 0 && this.int(0, 5) === 0)
      out.push(`${indent}if ${this.bool(1)} {`, `${indent}  break`, `${indent}}`);
    this.scopes.pop();
    return out;
  }

  private declare(name: string, ty: Ty, writable = true): void {
    this.scopes[this.scopes.length - 1]?.push({ name, ty, writable });
  }

  stmt(indent: string, depth: number): string[] {
    if (this.budget <= 0) depth = 0;
    const k = depth <= 0 ? this.int(0, 2) : this.int(0, 8);
    switch (k) {
      case 0:
      case 1: {
        const ty = this.oneOf<Ty>(["num", "num", "bool", "list"]);
        const value = this.expr(ty, this.int(1, 2));
        const name = this.fresh("v");
        this.declare(name, ty);
        return [`${indent}let ${name} = ${value}`];
      }
      case 2: {
        // No list assignment inside a loop: `xs = xs + xs` in nested loops would grow without bound.
        const targets = [
          ...this.visible("num", true),
          ...(this.loopDepth > 0 ? [] : this.visible("list", true)),
          ...this.visible("bool", true),
        ];
        if (!targets.length) return [`${indent}log "n={${this.num(2)}} b={${this.bool(1)}}"`];
        const t = this.oneOf(targets);
        if (t.ty === "num") return [`${indent}${t.name} ${this.oneOf(["=", "+=", "-="])} ${this.num(2)}`];
        return [`${indent}${t.name} = ${this.expr(t.ty, 2)}`];
      }
      case 3: {
        const lines = [`${indent}if ${this.bool(2)} {`, ...this.block(indent + "  ", this.int(1, 3), depth - 1)];
        const e = this.int(0, 2);
        if (e === 1) lines.push(`${indent}} else {`, ...this.block(indent + "  ", this.int(1, 2), depth - 1));
        if (e === 2)
          lines.push(`${indent}} else if ${this.bool(1)} {`, ...this.block(indent + "  ", this.int(1, 2), depth - 1));
        lines.push(`${indent}}`);
        return lines;
      }
      case 4: {
        const list = this.list(2);
        const v = this.fresh("x");
        this.scopes.push([{ name: v, ty: "num", writable: false }]);
        this.loopDepth++;
        const body = this.block(indent + "  ", this.int(1, 3), depth - 1);
        this.loopDepth--;
        this.scopes.pop();
        return [`${indent}for each ${v} in ${list} {`, ...body, `${indent}}`];
      }
      case 5: {
        // Bounded: the counter goes up first, so a `break` anywhere still ends the loop.
        const w = this.fresh("w");
        this.declare(w, "num", false);
        this.loopDepth++;
        const body = this.block(indent + "  ", this.int(1, 3), depth - 1);
        this.loopDepth--;
        return [
          `${indent}let ${w} = 0`,
          `${indent}while ${w} < ${this.int(1, 3)} {`,
          `${indent}  ${w} += 1`,
          ...body,
          `${indent}}`,
        ];
      }
      case 6:
        return [`${indent}log "n={${this.num(2)}} l={${this.list(1)}} b={${this.bool(1)}}"`];
      case 8: {
        // A value that may be none (first/last of a list that may be empty, or none itself),
        // used as a number only where a test says it is one; printed and compared freely.
        const o = this.fresh("o");
        const init =
          this.int(0, 4) === 0
            ? "none"
            : `${this.oneOf(["first", "last"])}(${this.list(1)} where it > ${this.int(0, 9)})`;
        const lines = [
          `${indent}let ${o} = ${init}`,
          `${indent}log "${o}={${o}} {${o} == none} {${o} != ${this.int(0, 9)}}"`,
        ];
        if (init === "none" && this.int(0, 1) === 0) lines.push(`${indent}${o} = last(${this.list(1)})`);
        const test = this.int(0, 2);
        if (test === 0)
          lines.push(`${indent}if ${o} != none {`, `${indent}  log "{${o} + ${this.num(1)}}"`, `${indent}}`);
        else if (test === 1)
          lines.push(
            `${indent}if ${o} == none {`,
            `${indent}  log "none"`,
            `${indent}} else {`,
            `${indent}  log "{${o} * 2}"`,
            `${indent}}`,
          );
        else if (this.loopDepth === 0) lines.push(`${indent}if ${o} == none { return }`, `${indent}log "{${o} - 1}"`);
        return lines;
      }
      default: {
        const name = this.fresh("v");
        const value = this.num(3);
        this.declare(name, "num");
        return [`${indent}let ${name} = ${value}`, `${indent}${name} += ${this.num(1)}`];
      }
    }
  }

  /** A whole program: a few statements, nested up to `depth`. */
  program(): string {
    const lines = this.block("", this.int(1, 4), this.int(0, 2));
    return lines.join("\n");
  }
}
