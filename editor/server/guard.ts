/**
 * Who may talk to the authoring server. It listens on 127.0.0.1, but any web page the designer
 * visits can still send it requests: directly (a cross-site form or `<img>`), or through DNS
 * rebinding (a name of the attacker's that resolves to 127.0.0.1, so the browser calls the page
 * same-origin). Three rules stop both:
 * - every request must name this server in `Host` (`127.0.0.1:<port>`, `localhost:<port>` or
 *   `[::1]:<port>`): a rebound page sends its own name;
 * - a request that changes something must come from this server's own origin (`Origin` equal to
 *   `http://<Host>`, or absent as from curl) and not be marked cross-site by `Sec-Fetch-Site`;
 * - and it must carry the secret of this run in `x-cardwright-token`: the app reads it from the
 *   page it was served, which no other site can read (no CORS headers are ever sent).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

export const TOKEN_HEADER = "x-cardwright-token";
/** The meta tag of index.html that hands the secret to the app. */
export const TOKEN_META = "cardwright-token";

export type Refusal = { readonly status: 403; readonly error: string };

/** A fresh secret for one start of the server. */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The Host values that name this server. */
export function allowedHosts(port: number): readonly string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? undefined : v);

/** Null when `Host` names this server; otherwise why not. */
export function checkHost(headers: IncomingHttpHeaders, port: number): Refusal | null {
  const host = one(headers.host)?.toLowerCase();
  if (host !== undefined && allowedHosts(port).includes(host)) return null;
  return { status: 403, error: `refused: Host '${host ?? ""}' is not this server (use http://127.0.0.1:${port}/)` };
}

/** Methods that only read: everything else changes the disk or dist/. */
export const isSafeMethod = (method: string | undefined): boolean => method === "GET" || method === "HEAD";

/** Null when a state-changing request comes from this server's own page with this run's secret. */
export function checkWriter(headers: IncomingHttpHeaders, token: string, action = "change files"): Refusal | null {
  const origin = one(headers.origin);
  const host = one(headers.host)?.toLowerCase() ?? "";
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`)
    return {
      status: 403,
      error: `refused: a request from '${origin}' may not ${action} (only this server's own page may)`,
    };
  const site = one(headers["sec-fetch-site"]);
  if (site !== undefined && site !== "same-origin" && site !== "none")
    return { status: 403, error: `refused: a ${site} request may not ${action}` };
  const sent = one(headers[TOKEN_HEADER]);
  if (sent === undefined || !sameSecret(sent, token))
    return { status: 403, error: `refused: missing or wrong ${TOKEN_HEADER} (reload the editor page)` };
  return null;
}

/**
 * Null when a read of this run's event stream comes from this server's own page. The stream
 * names the files that change under cards/, so it is guarded like a write: same origin, not
 * cross-site, and the secret — in the query (`?token=`), since `EventSource` cannot send headers.
 */
export function checkStream(headers: IncomingHttpHeaders, url: URL, token: string): Refusal | null {
  const sent = url.searchParams.get("token") ?? undefined;
  return checkWriter({ ...headers, [TOKEN_HEADER]: sent }, token, "follow the files");
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** index.html with the secret in a meta tag, for the app to send back. */
export function withToken(indexHtml: string, token: string): string {
  return indexHtml.replace(/<head>/i, `<head>\n    <meta name="${TOKEN_META}" content="${token}" />`);
}
