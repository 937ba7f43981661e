// What the access line says of an MCP message (adapters/request-log.ts writes it): its method and what it names,
// never its arguments.
import type { RequestNote } from "./request-log.ts";

// The protocol's own methods: anything else a client sends is logged and counted as "other".
const RPC_METHODS = new Set(
  "initialize ping tools/list tools/call resources/list resources/templates/list resources/read resources/subscribe prompts/list prompts/get completion/complete logging/setLevel server/discover notifications/initialized notifications/cancelled".split(
    " ",
  ),
);

// Notes that name only a method or a listed tool are few: one frozen object each, made once, not one per request.
const fixedNotes = new Map<string, Readonly<RequestNote>>();
const fixedNote = (rpc: string, tool?: string): Readonly<RequestNote> => {
  const key = tool === undefined ? rpc : `${rpc} ${tool}`;
  let note = fixedNotes.get(key);
  if (!note) fixedNotes.set(key, (note = Object.freeze(tool === undefined ? { rpc } : { rpc, tool })));
  return note;
};

// A conversation's URI holds its question's words (the slug), as its REST twin's path does (rest.wordsInPath).
const CONVERSATION = /^sanctuary:\/\/conversations\/(?!recent$)[^/]+$/;

/** A resource's URI as logged: without its query, and a conversation's by its template, never its words. */
function loggedUri(uri: string): string {
  const bare = uri.split(/[?#]/)[0].slice(0, 200);
  return CONVERSATION.test(bare) ? "sanctuary://conversations/{slug}" : bare;
}

/** What the access line says of a JSON-RPC message: its method, a listed tool's name, a resource's URI without
 * its query, a prompt's name. Never arguments (they carry visitors' words), never an unlisted name sent by a client. */
export function rpcNote(body: unknown, tools: Set<string>): Readonly<RequestNote> {
  if (Array.isArray(body)) return fixedNote("batch");
  const message = body as { method?: unknown; params?: { name?: unknown; uri?: unknown } } | null;
  const method = typeof message?.method === "string" && RPC_METHODS.has(message.method) ? message.method : "other";
  const params = message?.params;
  if (method === "tools/call") return fixedNote(method, typeof params?.name === "string" && tools.has(params.name) ? params.name : "unlisted");
  if (method === "resources/read" && typeof params?.uri === "string") return { rpc: method, uri: loggedUri(params.uri) };
  if (method === "prompts/get" && typeof params?.name === "string") return { rpc: method, prompt: params.name.slice(0, 64) };
  return fixedNote(method);
}
