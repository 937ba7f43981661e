// A package loaded where it is first used, and kept: what only some routes need (a feed's writer, a badge's
// measurer, a page's renderer) is not loaded by a process that never serves them (the stdio bin builds the route
// table but serves none of the web's routes; docs/performance.md, seventy-first session).
import { createRequire } from "node:module";

/** `load` (`() => import("pkg")`) run on the first call and its module kept; a load that failed is tried again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const require = createRequire(import.meta.url);

/**
 * A CommonJS package required on the first call and kept: synchronously, for code that cannot wait (a page's
 * rendering, a contribution's screening, a count, a store opening). `T` is the package's type (`typeof X`, from
 * `import type`), which a require cannot check.
 */
export function requiredOnce<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
