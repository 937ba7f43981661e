// What is derived from the library's content (its guides read whole, the pieces' cards, the words it uses, the
// off-topic model) is made once per content, not once per Library object: an approval replaces a Library's content in
// place (library.ts replaceWith), and a cache keyed by the object went on serving the content from before it.
import type { Library, Piece } from "./library.ts";

/**
 * `make` memoized on the library's current content: its pieces array, replaced whole with the content, is the one key
 * (a WeakMap's, so content no longer held is let go).
 */
export function perContent<T>(make: (library: Library) => T): (library: Library) => T {
  const made = new WeakMap<readonly Piece[], T>();
  return (library) => {
    const key = library.pieces;
    // One lookup when made; `has` only for an undefined value.
    const kept = made.get(key);
    if (kept !== undefined || made.has(key)) return kept as T;
    const value = make(library);
    made.set(key, value);
    return value;
  };
}
