/** The local file API (editor/server): paths are relative to cards/. */

export interface GameTree {
  readonly game: string;
  readonly files: readonly string[];
  /** Entries with a game file's name that are not regular files (a FIFO, a dangling link): not opened. */
  readonly skipped: readonly { readonly path: string; readonly why: string }[];
  /** The compiled module's input hash (null when the game does not compile). */
  readonly version: string | null;
}

export interface CompileReply {
  readonly ok: boolean;
  readonly diagnostics: readonly string[];
  readonly version: string | null;
}

/**
 * This run's secret, from the meta tag the server put in index.html: every request that changes
 * something sends it back (editor/server/guard.ts), which no other web page can do.
 */
const token = document.querySelector<HTMLMetaElement>('meta[name="cardwright-token"]')?.content ?? "";
const writeHeaders = { "x-cardwright-token": token };

async function failOf(r: Response): Promise<Error> {
  const body = (await r.json().catch(() => ({ error: r.statusText }))) as { error?: string };
  return new Error(body.error ?? `HTTP ${r.status}`);
}

export async function fetchTree(): Promise<GameTree[]> {
  const r = await fetch("/api/tree");
  if (!r.ok) throw await failOf(r);
  return ((await r.json()) as { games: GameTree[] }).games;
}

export async function readFile(path: string): Promise<string> {
  const r = await fetch(`/api/file?path=${encodeURIComponent(path)}`);
  if (!r.ok) throw await failOf(r);
  return r.text();
}

export async function writeFile(path: string, text: string): Promise<void> {
  const r = await fetch(`/api/file?path=${encodeURIComponent(path)}`, {
    method: "PUT",
    body: text,
    headers: writeHeaders,
  });
  if (!r.ok) throw await failOf(r);
}

export async function compileGame(game: string): Promise<CompileReply> {
  const r = await fetch(`/api/compile?game=${encodeURIComponent(game)}`, { method: "POST", headers: writeHeaders });
  if (!r.ok) throw await failOf(r);
  return (await r.json()) as CompileReply;
}
