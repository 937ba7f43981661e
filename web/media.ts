// GET /media/<file>: the rendered recordings under DATA_DIR/media, with byte ranges so players can seek.
// Paths come from the outside world: everything resolves inside the media folder or is a 404.
import { open, realpath, stat, type FileHandle } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import type { H3Event } from "h3";
import type { WebContext } from "./context.ts";
import type { Route } from "../core/route.ts";
import { errorResponse } from "../adapters/http.ts";
import { percentDecoded } from "../core/text.ts";

const TYPES: Record<string, string> = {
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".opus": "audio/ogg",
  ".m4a": "audio/mp4",
  ".wav": "audio/wav",
};

export function mediaRoute(deps: WebContext): Route {
  return {
    method: "GET",
    path: "/media/**:path",
    summary: "A rendered recording (MP3), with Range requests for seeking; pieces link to it as `recording`",
    produces: "audio/mpeg",
    ranged: true,
    errors: ["not_found"],
    handler: (event) => serveMedia(event, deps.media.dir),
  };
}

/** The file a request names, or null when it does not exist or would lie outside `dir`. */
export async function mediaFile(dir: string, rawPath: string): Promise<string | null> {
  const relative = percentDecoded(rawPath);
  if (!relative || relative.includes("\0") || !TYPES[extname(relative).toLowerCase()]) return null;
  const root = resolve(dir);
  const candidate = resolve(root, relative);
  if (!candidate.startsWith(root + sep)) return null;
  // Resolve links too: a symlink inside the folder must not lead out of it.
  const [realRoot, real] = await Promise.all([realpath(root).catch(() => null), realpath(candidate).catch(() => null)]);
  if (!realRoot || !real || !real.startsWith(realRoot + sep)) return null;
  return real;
}

export type RangeResult = { start: number; end: number } | "unsatisfiable" | null;

/** One `bytes=` range (RFC 9110 §14.1.2). Multiple or malformed ranges are ignored (null): the whole file is sent. */
export function parseRange(header: string, size: number): RangeResult {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  // Past the end is unsatisfiable whatever the range's last byte (`bytes=999999-` on a smaller file too).
  if (start >= size) return "unsatisfiable";
  const last = m[2] === "" ? size - 1 : Number(m[2]);
  if (last < start) return null;
  return { start, end: Math.min(last, size - 1) };
}

async function serveMedia(event: H3Event, dir: string): Promise<Response> {
  const raw = String(event.context.params?.path ?? "");
  const file = await mediaFile(dir, raw);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    return errorResponse(event, "not_found", `There is no recording at /media/${raw}.`, {
      suggestion: "Nothing is lost. A piece's `recording` field holds its URL when one has been rendered; many pieces have none yet.",
    });
  }
  return rangedResponse(event, {
    size: info.size,
    etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    mtime: info.mtime,
    headers: { "content-type": TYPES[extname(file).toLowerCase()], "cache-control": "public, max-age=86400" },
    slice: (start, end) => fileSlice(file, start, end),
  });
}

const SLICE_CHUNK = 64 * 1024;

/**
 * Bytes start..end (inclusive) of a file as a web stream, read a chunk at a time as the client takes them (a
 * player seeking through a long recording holds one chunk, not the file). Written against the web stream the
 * Response takes: Node's own converter answers a stream of `node:stream/web`'s type, which the DOM's does not accept.
 */
export function fileSlice(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  let handle: FileHandle | undefined;
  let at = start;
  const close = () => handle?.close().catch(() => {});
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        handle ??= await open(file, "r");
        const want = Math.min(SLICE_CHUNK, end + 1 - at);
        const { bytesRead, buffer } = want > 0 ? await handle.read(Buffer.allocUnsafe(want), 0, want, at) : { bytesRead: 0, buffer: null };
        if (bytesRead === 0 || !buffer) {
          await close();
          controller.close();
          return;
        }
        at += bytesRead;
        controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}

/** One stored representation: its size, validators, headers and a way to read bytes start..end (inclusive). */
export interface Representation {
  size: number;
  etag: string;
  /** When given, Last-Modified is sent and If-Modified-Since and a date in If-Range are honoured. */
  mtime?: Date;
  headers: Record<string, string>;
  slice: (start: number, end: number) => BodyInit;
}

/** 304, 416, 206 or 200 for a representation, honouring If-None-Match, If-Modified-Since, Range and If-Range; HEAD gets no body. */
export function rangedResponse(event: H3Event, rep: Representation): Response {
  const lastModified = rep.mtime?.toUTCString();
  const headers: Record<string, string> = {
    ...rep.headers,
    "accept-ranges": "bytes",
    etag: rep.etag,
    ...(lastModified ? { "last-modified": lastModified } : {}),
  };
  if (notModified(event.req.headers, rep.etag, rep.mtime)) return new Response(null, { status: 304, headers });

  const rangeHeader = event.req.headers.get("range");
  const ifRange = event.req.headers.get("if-range");
  // A stale If-Range means the client's partial copy is of another version: send it all.
  const range = rangeHeader && (!ifRange || ifRange === rep.etag || ifRange === lastModified) ? parseRange(rangeHeader, rep.size) : null;
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${rep.size}` } });
  }
  const { start, end } = range ?? { start: 0, end: rep.size - 1 };
  const partial = range !== null;
  const length = Math.max(0, end - start + 1);
  const body = event.req.method === "HEAD" || length === 0 ? null : rep.slice(start, end);
  return new Response(body, {
    status: partial ? 206 : 200,
    headers: { ...headers, "content-length": String(length), ...(partial ? { "content-range": `bytes ${start}-${end}/${rep.size}` } : {}) },
  });
}

export function notModified(req: Headers, etag: string, mtime?: Date): boolean {
  const ifNoneMatch = req.get("if-none-match");
  if (ifNoneMatch) return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
  if (!mtime) return false;
  const since = Date.parse(req.get("if-modified-since") ?? "");
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}
