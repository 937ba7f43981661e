// Approving a queued contribution: write its file into the library folder atomically, reload the library in
// place (every holder of the library sees it at once) and rebuild the search index in the background.
import { stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomically } from "../core/atomic-write.ts";
import { loadLibrary, type Library, type Piece } from "../corpus/library.ts";
import type { Logger } from "../core/logger.ts";
import type { SearchService } from "../search/service.ts";
import { conflict, SanctuaryError } from "../core/errors.ts";
import type { ContributionDraft } from "./document.ts";
import { folded } from "../services/screening.ts";

/** The library piece that already has this title or file name, if any. */
export function libraryTwin(library: Library, draft: Pick<ContributionDraft, "title" | "slug">): Piece | null {
  const title = folded(draft.title);
  return library.pieces.find((p) => folded(p.title) === title || p.slug === draft.slug) ?? null;
}

/** What publishing touches: the live library, its folder, the search index to rebuild, the log. */
export interface PublishPorts {
  library: Library;
  libraryDir: string;
  search: SearchService;
  log: Logger;
}

/** Returns the library path of the new document. Callers serialize publications (one reload at a time). */
export async function publishContribution(draft: ContributionDraft, deps: PublishPorts): Promise<string> {
  const twin = libraryTwin(deps.library, draft);
  if (twin)
    throw conflict(`The library already holds a piece with this title or file name (${twin.path}).`, {
      suggestion: "Nothing was written. Reject this submission, or ask its author for a title of its own.",
    });
  const file = join(deps.libraryDir, draft.category, `${draft.slug}.md`);
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    throw conflict(`A file already exists at ${draft.category}/${draft.slug}.md.`, {
      suggestion: "Nothing was written. Reject this submission or move the existing file first.",
    });
  await writeFileAtomically(file, draft.source);
  let fresh: Library;
  try {
    fresh = await loadLibrary(deps.libraryDir);
  } catch (error) {
    // The library must always load; take the file back out rather than leave a server that cannot restart.
    await unlink(file).catch(() => {});
    throw new SanctuaryError("conflict", `The library would not load with this piece: ${(error as Error).message}`, {
      suggestion: "Nothing was kept. Reject this submission, or fix the file by hand and reload.",
    });
  }
  deps.library.replaceWith(fresh);
  deps.log.info({ path: draft.path, hash: fresh.contentHash }, "contribution approved and added to the library");
  void reindex(deps);
  return draft.path;
}

/**
 * Rebuild the search index for the library as it is now. A build already running started from older content
 * (concurrent rebuild calls share it), so wait it out and then start one of our own.
 */
export async function reindex(deps: PublishPorts): Promise<void> {
  const index = deps.search.index;
  if (!index) return; // The index is still being created; it will open from the library as it is by then.
  try {
    while (index.isBuilding) await index.rebuild(deps.library);
    await index.rebuild(deps.library);
  } catch (err) {
    deps.log.error({ err }, "search index rebuild after an approval failed");
  }
}

/**
 * Whether the index needs a build that nothing has under way: the served index was built from older content than
 * the library holds (a rebuild after an approval failed, a WordNet child killed under load, or the approval reached
 * this process while its index was still being chosen or opened), or the first build failed (a disk that was full,
 * say) and search answers from words alone. Pure over the index's state and the two hashes.
 */
export function indexBehind(deps: Pick<PublishPorts, "library" | "search">): boolean {
  const index = deps.search.index;
  if (!index || index.isBuilding) return false;
  return index.ready ? index.contentHash !== deps.library.contentHash : index.buildFailure !== null;
}
