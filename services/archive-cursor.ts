// Where a page of a song's archive ends, as a cursor the next page starts after: the last reflection shown, by its
// place in the archive's order (its time in epoch ms, then its id, both descending). A cursor names a place, not a
// page number, so reflections arriving at the top while someone reads older pages neither repeat nor skip one.
// Written as base64url text: opaque to readers, safe in a query string, and checked when it comes back.

export interface ArchivePlace {
  /** The reflection's score in the archive: its creation time, epoch ms. */
  at: number;
  /** Its id (the archive's member): breaks ties between reflections left in the same millisecond. */
  id: string;
}

/** The longest cursor accepted: a 15-digit time and an id of up to 100 characters, encoded. */
export const CURSOR_MAX = 160;

export function cursorOf(place: ArchivePlace): string {
  return Buffer.from(`${place.at}:${place.id}`).toString("base64url");
}

/** The place a cursor names, or null for text no archive page gave (a reader may type or cut one short). */
export function placeOf(cursor: string): ArchivePlace | null {
  if (cursor.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const match = /^(\d{1,15}):([^\u0000-\u001f]{1,100})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  // Decoding is lenient (it ignores trailing bits), so only a cursor that encodes back to itself is one this gave.
  const place = match ? { at: Number(match[1]), id: match[2] } : null;
  return place && cursorOf(place) === cursor ? place : null;
}

/** True when `entry` comes after `place` in newest-first order (older, or as old with a lower id). */
export function isAfter(entry: { score: number; member: string }, place: ArchivePlace): boolean {
  return entry.score < place.at || (entry.score === place.at && entry.member < place.id);
}
