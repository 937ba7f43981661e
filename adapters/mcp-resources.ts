// MCP resources over the data in tools/mcp-resources.ts: resources/list (paginated), the templates, and
// resources/read, whose contents are the REST twin's body (through the shared `invoke`) or a document's markdown.
import {
  ProtocolError,
  ProtocolErrorCode,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/server";
import { SanctuaryError } from "../core/errors.ts";
import { RawJson, jsonAndQuoted, type Bytes, type JsonPieces } from "../core/json.ts";
import type { Library } from "../corpus/library.ts";
import { perContent } from "../corpus/per-content.ts";
import { BoundedMemo } from "../core/memo.ts";
import { RESOURCES, isTemplate, matchResource, type ListedResource, type ResourceKind } from "../tools/mcp-resources.ts";
import { SERVICE_APP } from "../tools/mcp-app.ts";
import type { AdapterContext } from "./context.ts";
import { stepsFor } from "./http.ts";
import { appListing, readApp } from "./mcp-app.ts";
import { invoke } from "./invoke.ts";
import type { McpCaller } from "./mcp-caller.ts";

/** Resources per resources/list page: the library alone holds a few hundred documents. */
export const PAGE_SIZE = 100;

const annotationsOf = (kind: ResourceKind) => (kind.visitorWritten ? { annotations: { audience: ["user" as const], priority: 0.3 } } : {});

function listed(kind: ResourceKind, r: ListedResource): Resource {
  return {
    uri: r.uri,
    name: r.name,
    title: r.title,
    ...(r.description ? { description: r.description } : {}),
    mimeType: kind.mimeType,
    ...(r.size ? { size: r.size } : {}),
    ...annotationsOf(kind),
  };
}

/** Every concrete resource: the fixed ones first (the entry points, then the MCP App), then each template's listed instances. */
function everyResource(library: Library, base: string): Resource[] {
  const fixed = RESOURCES.filter((k) => !isTemplate(k)).map((k) => listed(k, { uri: k.uri, name: k.name, title: k.title, description: k.description }));
  return [...fixed, appListing(base), ...RESOURCES.flatMap((k) => (k.list ? k.list(library).map((r) => listed(k, r)) : []))];
}

// The cursor is the offset, opaque to clients; a cursor that is not one of ours is refused as invalid params: one
// whose offset no page begins at (a page's worth on from the last, or 5, or past the end: an outside tester's
// made-up cursors were answered with an empty page or a page out of step with the others) as much as one misspelt.
const cursorOf = (offset: number) => Buffer.from(`offset:${offset}`).toString("base64url");
const notOurs = () => new ProtocolError(ProtocolErrorCode.InvalidParams, "The cursor is not one this server gave; list again from the start without one.");
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = Buffer.from(cursor, "base64url")
    .toString()
    .match(/^offset:(\d{1,6})$/);
  const offset = m ? Number(m[1]) : 0;
  if (offset <= 0 || offset % PAGE_SIZE !== 0) throw notOurs();
  return offset;
}

/** One page of the listing from `offset`; `base`, the address the caller reached (the app's CSP names it). */
function pageOf(library: Library, offset: number, base: string): ListResourcesResult {
  const all = everyResource(library, base);
  // A cursor from before the library shrank may point past its end: no page begins there now.
  if (offset > 0 && offset >= all.length) throw notOurs();
  const page = all.slice(offset, offset + PAGE_SIZE);
  return { resources: page, ...(offset + PAGE_SIZE < all.length ? { nextCursor: cursorOf(offset + PAGE_SIZE) } : {}) };
}

// A page depends on the library's content, the address and the offset alone: each is encoded once (listing every
// document measured each one's bytes and cost some 0.5 ms a call). Per content: an approval replaces it in place.
const pagesOf = perContent(() => new BoundedMemo<RawJson>(64));

/** resources/list as its encoded result, made once per library, address and page (a cursor not ours refused first). */
export function listResources(library: Library, cursor: string | undefined, base: string): RawJson {
  const offset = offsetOf(cursor);
  return pagesOf(library).get(`${offset} ${base}`, () => new RawJson([Buffer.from(JSON.stringify(pageOf(library, offset, base)), "utf8")]));
}

export function listResourceTemplates(): ListResourceTemplatesResult {
  return {
    resourceTemplates: RESOURCES.filter(isTemplate).map((k) => ({
      uriTemplate: k.uri,
      name: k.name,
      title: k.title,
      description: k.description,
      mimeType: k.mimeType,
      ...annotationsOf(k),
    })),
  };
}

/**
 * A refusal in JSON-RPC terms, carrying the REST error body: -32602 for what the reader asked wrongly (as the
 * 2026-07-28 revision asks for a missing resource), -32603 for what the server cannot give now (REST's 5xx).
 */
export function refusal(uri: string, body: Record<string, unknown>, status = 404): ProtocolError {
  const code = status >= 500 ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams;
  return new ProtocolError(code, String(body.error ?? "The resource could not be read."), { uri, ...body });
}

/** resources/read: the MCP App's HTML, or one contents item (`resourceItem`) as the encoded result. */
export async function readResource(uri: string, app: AdapterContext, call: { caller: McpCaller; base: string }): Promise<ReadResourceResult | RawJson> {
  if (uri === SERVICE_APP.uri) return readApp(stepsFor(call.base).base);
  return new RawJson(['{"contents":[', ...(await resourceItem(uri, app, call)), "]}"]);
}

/**
 * A resource's contents item, `{"uri":…,"mimeType":…,"text":…}`, as JSON pieces: what resources/read lists and a
 * prompt embeds. A resource an operation answers carries its REST twin's body as text, written from the bytes REST
 * writes and quoted as a tool call's text is (core/json.ts `jsonAndQuoted`: a song's or a list's quoted form made
 * once), never the body stringified and quoted again as an object's field, nor parsed back for a prompt to embed.
 */
export async function resourceItem(uri: string, app: AdapterContext, call: { caller: McpCaller; base: string }): Promise<JsonPieces> {
  const steps = stepsFor(call.base);
  if (uri === SERVICE_APP.uri) return [JSON.stringify(readApp(steps.base).contents[0])];
  const found = matchResource(uri);
  if (!found) {
    const error = new SanctuaryError("not_found", `No resource has the address ${uri}.`, {
      suggestion: "Nothing is lost. resources/list and resources/templates/list name every resource; documents are at sanctuary://docs/<path>.",
    });
    throw refusal(uri, error.body(steps.home()));
  }
  const { kind, vars } = found;
  if (kind.op) {
    const outcome = await invoke(kind.op, vars, app, { ip: call.caller.ip, baseUrl: call.caller.baseUrl, via: "mcp" });
    if (!outcome.ok) throw refusal(uri, outcome.error, outcome.status);
    const { quoted } = jsonAndQuoted(outcome.body);
    return [`{"uri":${JSON.stringify(uri)},"mimeType":${JSON.stringify(kind.mimeType)},"text":`, ...quoted, "}"];
  }
  const read = textItem(kind, vars, uri, app.library);
  if (read === null) {
    const error = new SanctuaryError("not_found", `There is nothing at ${uri}.`, {
      suggestion: "Nothing is lost. read_doc with no path lists the library's sections, and completions suggest paths.",
    });
    throw refusal(uri, error.body(steps.home()));
  }
  return [read];
}

// A text resource (a document, a section's contents) depends on the library's content alone: its item is encoded
// once per content and address read (a section's 18 KB of markdown was quoted afresh on every read), null where
// nothing is.
const textsOf = perContent(() => new BoundedMemo<Bytes | null>(1024));
function textItem(kind: ResourceKind, vars: Record<string, string>, uri: string, library: Library): Bytes | null {
  return textsOf(library).get(uri, () => {
    const text = kind.text?.(vars, library) ?? null;
    const item: ReadResourceResult["contents"][number] | null = text === null ? null : { uri, mimeType: kind.mimeType, text };
    return item && Buffer.from(JSON.stringify(item), "utf8");
  });
}
