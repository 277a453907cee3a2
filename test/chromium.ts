/** The Chromium the tests drive: Debian's (no download; `CHROMIUM_PATH` to use another), and its flags. */
export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/**
 * A name that resolves to 127.0.0.1 in the shared Chromium: a page on it is a DNS-rebinding
 * attacker's page (test/editor/hostile.test.ts).
 */
export const REBOUND_HOST = "attacker.example";

/** The shared Chromium's flags (a flag applies to the whole browser, not to one context). */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--host-resolver-rules=MAP ${REBOUND_HOST} 127.0.0.1`,
];
