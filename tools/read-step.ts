// The step that reads one page of the library found by search or ask: a song by its slug (read_song), any other
// piece by its path (read_doc). A page has one or the other (search/chunks.ts).
import type { Steps } from "../core/next-steps.ts";

export function readStep(steps: Steps, page: { title: string; slug?: string | null; path?: string | null }) {
  return page.slug
    ? steps.get(`Read "${page.title}"`, `/api/music/${page.slug}`, {}, { tool: "read_song", action: "read_song" })
    : steps.get(`Read "${page.title}"`, `/api/docs/${page.path}`, {}, { tool: "read_doc", action: "read_doc" });
}
