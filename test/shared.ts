/**
 * What the test files of a run share (made once per run by test/global-setup.ts): one Chromium,
 * and the editor's built app. Chromium is Debian's (no download; `CHROMIUM_PATH` to use another).
 */
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";

export { CHROMIUM, CHROMIUM_ARGS, REBOUND_HOST } from "./chromium.ts";

async function ask(what: "chromium" | "app"): Promise<string> {
  const res = await fetch(`${inject("shared")}/${what}`);
  const text = await res.text();
  if (!res.ok) throw new Error(`the shared ${what} failed in the global set-up:\n${text}`);
  return text;
}

let browser: Promise<Browser> | null = null;

/**
 * The run's Chromium, connected once per worker (test files share their worker's modules). A file
 * opens its own contexts and closes them; it never closes the browser.
 */
export function sharedBrowser(): Promise<Browser> {
  const connected = browser;
  if (connected !== null) return connected.then((b) => (b.isConnected() ? b : reconnect()));
  return reconnect();
}

function reconnect(): Promise<Browser> {
  browser = ask("chromium").then((ws) => chromium.connect(ws));
  return browser;
}

/** Makes sure the editor's app is built (once for the run, whichever file asks first); its folder. */
export function sharedAppBuild(): Promise<string> {
  return ask("app");
}
