// Titles waiting for review, keyed by the slug they would take (one file name per slug), so the same
// piece is not queued twice. A claim is taken atomically (kv.update) before submitting and released
// when the submission fails or a moderator decides.
import { z } from "zod";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { conflict, type SanctuaryError } from "../core/errors.ts";

const Claim = z.object({
  /** Where the waiting submission is (queue number or pull-request URL). */
  ref: z.string(),
  /** Epoch ms after which the claim lapses; null keeps it until released. */
  expires: z.number().nullable(),
});

/** A claim that cannot be read holds nothing: the title may be claimed again (as a lapsed claim). */
export const TITLE_CLAIM = keyFamily("claim on a title waiting for review", Claim, { ifCorrupt: "missing" });

export class PendingTitles {
  constructor(
    private kv: KeyValueStore,
    /** How long a claim lasts when nobody here can release it (a code host decides elsewhere); null: forever. */
    private lifetimeMs: number | null,
  ) {}

  private key(slug: string): string {
    return `review:pending:${slug}`;
  }

  async isPending(slug: string, now = Date.now()): Promise<boolean> {
    const claim = await this.kv.read(TITLE_CLAIM, this.key(slug));
    return claim !== null && (claim.expires === null || claim.expires > now);
  }

  /** Take the slug for `ref`; false when another submission holds it. */
  async claim(slug: string, ref: string, now = Date.now()): Promise<boolean> {
    // A held claim is answered from a read, so a refused duplicate writes nothing.
    if (await this.isPending(slug, now)) return false;
    let taken = false;
    await this.kv.updateChecked(TITLE_CLAIM, this.key(slug), (current) => {
      // The change may run again when another process wrote the key meanwhile: decide afresh each time.
      taken = false;
      if (current && current.ref !== ref && (current.expires === null || current.expires > now)) return current;
      taken = true;
      return { ref, expires: this.lifetimeMs === null ? null : now + this.lifetimeMs };
    });
    return taken;
  }

  release(slug: string): Promise<void> {
    return this.kv.remove(this.key(slug));
  }
}

/** 409: a piece that would take the same file name is already waiting (most often the same piece sent again). */
export function alreadyPending(title: string): SanctuaryError {
  return conflict(`A piece titled "${title}" is already waiting for review.`, {
    field: "title",
    suggestion:
      "It was received and people will read it with care, so there is nothing more to do for it. If this is a different piece, give it a title of its own.",
  });
}
