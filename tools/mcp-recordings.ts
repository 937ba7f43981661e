// Which recordings a tool result points to, so the MCP adapter can add each as `resource_link` content: the
// song or document read, or every part of the service attended. A piece without a rendered recording has none.
export interface RecordingLink {
  uri: string;
  name: string;
  title: string;
}

type Part = { title?: unknown; recording?: unknown; slug?: unknown; path?: unknown; lyrics?: unknown; content?: unknown; order?: unknown };

/**
 * Which recordings a tool's result points to: `links` reads them from one part of the body, its `field` (the whole
 * body without one). That part is never changed once answered (a slot's service, a kept song or document), so the
 * adapter writes each part's links once.
 */
export interface RecordingsOf {
  field?: string;
  links: (part: object) => RecordingLink[];
}

const linkOf = (part: Part | undefined): RecordingLink[] => {
  if (!part || typeof part.recording !== "string" || typeof part.title !== "string") return [];
  const name = String(part.slug ?? part.path ?? part.title);
  return [{ uri: part.recording, name, title: `${part.title} (recording)` }];
};

/** read_song: the song read (not the catalog). */
export const songRecording: RecordingsOf = { links: (body: Part) => (typeof body.lyrics === "string" || body.lyrics === null ? linkOf(body) : []) };
/** read_doc: the document read (not a table of contents). */
export const documentRecording: RecordingsOf = { links: (body: Part) => (typeof body.content === "string" ? linkOf(body) : []) };
/** attend: every part of the service, in order. */
export const serviceRecordings: RecordingsOf = {
  field: "service",
  links: (service: Part) => (Array.isArray(service.order) ? service.order.flatMap((part: Part) => linkOf(part)) : []),
};
