/**
 * The LSP's base protocol read strictly: `Header: value\r\n` lines, an empty line, then exactly
 * `Content-Length` bytes of UTF-8 JSON. vscode-jsonrpc's own reader reports a frame without
 * `Content-Length` (or with `-5`) and then waits for ever with its buffer out of step, so a
 * server fed one bad frame stays alive and deaf. Here any frame that breaks the protocol is a
 * `FramingError` on `onError`: the stream can't be trusted past it, and the server exits (an
 * editor restarts a language server that exits; it can't repair one that ignores it).
 */
import type { Readable } from "node:stream";
import { AbstractMessageReader, type DataCallback, type Disposable, type Message } from "vscode-jsonrpc/node";

/** Largest header block accepted (a real client sends two short lines). */
export const MAX_HEADER_BYTES = 8 * 1024;
/** Largest message body accepted: far above any document an editor sends, and a bound on what one frame can make the server buffer. */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;

export class FramingError extends Error {
  override readonly name = "FramingError";
}

const HEADER_END = Buffer.from("\r\n\r\n", "ascii");

/** Why a header block is not a valid frame header, or its body length. */
export function parseHeaders(block: string): { length: number } | { error: string } {
  let length: number | undefined;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) return { error: `malformed header line ${JSON.stringify(line)}` };
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-length") {
      if (!/^[0-9]{1,10}$/.test(value))
        return { error: `Content-Length must be a non-negative whole number, got ${JSON.stringify(value)}` };
      length = Number(value);
      if (length > MAX_BODY_BYTES)
        return { error: `Content-Length ${length} is over the limit of ${MAX_BODY_BYTES} bytes` };
    } else if (name === "content-type") {
      const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(value)?.[1]?.toLowerCase();
      if (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
        return { error: `unsupported charset ${JSON.stringify(charset)} (only utf-8)` };
    }
  }
  return length === undefined ? { error: "frame has no Content-Length header" } : { length };
}

/** A MessageReader over a byte stream that fails loudly (`onError` with a FramingError) on the first bad frame and reads nothing after it. */
export class StrictMessageReader extends AbstractMessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  private bodyLength = -1;
  private failed = false;
  private callback: DataCallback | undefined;

  constructor(private readonly readable: Readable) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer) => this.onData(chunk);
    const onError = (e: Error) => this.fireError(e);
    const onClose = () => this.fireClose();
    this.readable.on("data", onData);
    this.readable.on("error", onError);
    this.readable.on("close", onClose);
    this.readable.on("end", onClose);
    return {
      dispose: () => {
        this.readable.off("data", onData);
        this.readable.off("error", onError);
        this.readable.off("close", onClose);
        this.readable.off("end", onClose);
      },
    };
  }

  private fail(reason: string): void {
    this.failed = true;
    this.buffer = Buffer.alloc(0);
    this.fireError(new FramingError(reason));
  }

  private onData(chunk: Buffer): void {
    if (this.failed) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (!this.failed) {
      if (this.bodyLength < 0) {
        const end = this.buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (this.buffer.length > MAX_HEADER_BYTES) this.fail(`no end of headers within ${MAX_HEADER_BYTES} bytes`);
          return;
        }
        if (end > MAX_HEADER_BYTES) return this.fail(`headers longer than ${MAX_HEADER_BYTES} bytes`);
        const parsed = parseHeaders(this.buffer.subarray(0, end).toString("latin1"));
        if ("error" in parsed) return this.fail(parsed.error);
        this.bodyLength = parsed.length;
        this.buffer = this.buffer.subarray(end + HEADER_END.length);
      }
      if (this.buffer.length < this.bodyLength) return;
      const body = this.buffer.subarray(0, this.bodyLength);
      this.buffer = this.buffer.subarray(this.bodyLength);
      this.bodyLength = -1;
      let message: unknown;
      try {
        message = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
      } catch (e) {
        return this.fail(`message body is not UTF-8 JSON (${(e as Error).message})`);
      }
      if (!message || typeof message !== "object" || Array.isArray(message))
        return this.fail("message body is not a JSON object");
      this.callback?.(message as Message);
    }
  }
}
