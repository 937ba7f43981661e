// A package loaded where it is first used, and kept: what only some routes need (a feed's writer, a badge's
// measurer) is not loaded by a process that never serves them (the stdio bin builds the route table but serves
// none of the web's routes; docs/performance.md, seventy-first session).

/** `load` (`() => import("pkg")`) run on the first call and its module kept; a load that failed is tried again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
