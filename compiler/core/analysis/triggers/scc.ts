/** Strongly connected components (the trigger graph's loops, the call graph's recursion). */

/**
 * Strongly connected components of a directed graph over 0…n-1 (Tarjan, iterative). A component
 * comes after every component it has an edge to (reverse topological order).
 */
export function components(n: number, next: readonly (readonly number[])[]): number[][] {
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    while (work.length) {
      const top = work[work.length - 1] as [number, number];
      const [v, i] = top;
      if (i === 0 && index[v] === -1) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = true;
      }
      const succ = next[v] ?? [];
      if (i < succ.length) {
        top[1] = i + 1;
        const w = succ[i] as number;
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v] as number, index[w] as number);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] as number, low[v] as number);
      if (low[v] === index[v]) {
        const comp: number[] = [];
        for (let w = -1; w !== v; ) {
          w = stack.pop() as number;
          onStack[w] = false;
          comp.push(w);
        }
        out.push(comp);
      }
    }
  }
  return out;
}
