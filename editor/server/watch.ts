/**
 * The disk as the page must follow it: a watch on cards/ (recursive) that reports, in batches,
 * which paths changed — a file saved by the sandbox, a card deleted or renamed in a shell, a new
 * file from git. The page re-reads what it needs (the tree, a file) through the guarded file
 * API; an event names paths only (relative to cards/), never their contents.
 */
import { existsSync, type FSWatcher, watch } from "node:fs";
import { sep } from "node:path";

export interface CardsWatch {
  /** Calls `listener` with each batch of changed paths; returns the unsubscribe. */
  subscribe(listener: (paths: readonly string[]) => void): () => void;
  close(): void;
}

/** Changes closer together than this come as one batch (an editor's save is several events). */
const BATCH_MS = 60;

export function watchCards(cardsDir: string): CardsWatch {
  const listeners = new Set<(paths: readonly string[]) => void>();
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let watcher: FSWatcher | null = null;
  const flush = () => {
    timer = null;
    const paths = [...pending].sort();
    pending = new Set();
    for (const l of listeners) l(paths);
  };
  const start = () => {
    if (watcher || !existsSync(cardsDir)) return;
    watcher = watch(cardsDir, { recursive: true }, (_event, name) => {
      if (name === null) return;
      const rel = String(name).split(sep).join("/");
      // Editors' swap and backup files are not game files.
      if (/(^|\/)(\.[^/]*\.sw.|[^/]*~|\.#[^/]*)$/.test(rel)) return;
      pending.add(rel);
      timer ??= setTimeout(flush, BATCH_MS);
    });
    // A watch that fails (the folder removed) stops reporting; the page still works by reloads.
    watcher.on("error", () => {
      watcher?.close();
      watcher = null;
    });
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
      watcher = null;
      listeners.clear();
    },
  };
}
