/**
 * vitest's global set-up: what every test file of a run shares, made once in vitest's own process
 * and only when a file first asks for it (a run of the grammar tests launches no browser and builds
 * no app). A file asks through a small HTTP service on 127.0.0.1 whose address it gets by
 * `inject("shared")` (test/shared.ts is the other side):
 *
 * - `GET /chromium`: Debian's Chromium as a Playwright browser server, launched once; the answer is
 *   its WebSocket endpoint (each file opens its own contexts in it).
 * - `GET /app`: the editor's production build (editor/server/app-build.ts), built once for the run;
 *   the answer is its folder. Without it two workers would each build the same app at once.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { ensureAppBuild } from "../editor/server/app-build.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The address of the shared service (http://127.0.0.1:<port>). */
    shared: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let browser: Promise<BrowserServer> | null = null;
  let app: Promise<string> | null = null;
  const answers: Record<string, () => Promise<string>> = {
    "/chromium": async () => {
      browser ??= chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
      return (await browser).wsEndpoint();
    },
    "/app": async () => {
      app ??= ensureAppBuild().then((b) => b.dir);
      return app;
    },
  };
  const server: Server = createServer((req, res) => {
    const answer = answers[req.url ?? ""];
    if (answer === undefined) return void res.writeHead(404).end();
    answer().then(
      (text) => res.writeHead(200, { "content-type": "text/plain" }).end(text),
      (e: unknown) =>
        res.writeHead(500, { "content-type": "text/plain" }).end(e instanceof Error ? e.stack : String(e)),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  project.provide("shared", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    if (browser !== null) await (await browser.catch(() => null))?.close();
  };
}
