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

/** Every file of one game (paths under cards/, as the tree lists them) with its text. */
export async function readGameFiles(game: string): Promise<Record<string, string>> {
  const r = await fetch(`/api/game-files?game=${encodeURIComponent(game)}`);
  if (!r.ok) throw await failOf(r);
  return ((await r.json()) as { files: Record<string, string> }).files;
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

/** The text of a file, or null when it is not on disk (deleted or renamed away). */
export async function readFileOrNull(path: string): Promise<string | null> {
  const r = await fetch(`/api/file?path=${encodeURIComponent(path)}&ifExists=1`);
  if (r.status === 204) return null;
  if (!r.ok) throw await failOf(r);
  return r.text();
}

export async function renameFile(from: string, to: string): Promise<void> {
  const q = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const r = await fetch(`/api/rename?${q}`, { method: "POST", headers: writeHeaders });
  if (!r.ok) throw await failOf(r);
}

/**
 * Follows cards/ on disk: `onChange` gets each batch of changed paths (relative to cards/). The
 * stream carries this run's secret in its query (an EventSource sends no headers).
 */
export function followDisk(onChange: (paths: readonly string[]) => void): EventSource {
  const es = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
  es.addEventListener("files", (e) => {
    const data = JSON.parse((e as MessageEvent<string>).data) as { paths?: unknown };
    if (Array.isArray(data.paths)) onChange(data.paths.filter((p): p is string => typeof p === "string"));
  });
  return es;
}
