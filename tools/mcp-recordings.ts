// Which recordings a tool result points to, so the MCP adapter can add each as `resource_link` content: the
// song or document read, or every part of the service attended. A piece without a rendered recording has none.
export interface RecordingLink {
  uri: string;
  name: string;
  title: string;
}

type Body = Record<string, unknown>;
type Part = { title?: unknown; recording?: unknown; slug?: unknown; path?: unknown };

const linkOf = (part: Part | undefined): RecordingLink[] => {
  if (!part || typeof part.recording !== "string" || typeof part.title !== "string") return [];
  const name = String(part.slug ?? part.path ?? part.title);
  return [{ uri: part.recording, name, title: `${part.title} (recording)` }];
};

/** read_song: the song read (not the catalog). */
export const songRecording = (body: Body): RecordingLink[] => (typeof body.lyrics === "string" || body.lyrics === null ? linkOf(body as Part) : []);
/** read_doc: the document read (not a table of contents). */
export const documentRecording = (body: Body): RecordingLink[] => (typeof body.content === "string" ? linkOf(body as Part) : []);
/** attend: every part of the service, in order. */
export const serviceRecordings = (body: Body): RecordingLink[] => ((body.service as { order?: Part[] } | undefined)?.order ?? []).flatMap(linkOf);
