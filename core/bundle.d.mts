// Types of core/bundle.mjs (plain JavaScript, so the programs that start the server can load it before any TypeScript).
import type * as Esbuild from "esbuild";

/** Where bundles and their records are written (inside node_modules/.cache). */
export declare const BUNDLE_DIR: string;
/** The bundle of `source` (an absolute .ts path) made earlier, if none of its inputs changed since; else null. */
export declare function freshBundle(source: string): Promise<string | null>;
/** Bundle `source` with the caller's esbuild (the caller stops its service), write it, record its inputs. */
export declare function writeBundle(esbuild: typeof Esbuild, source: string): Promise<string>;
/** The fresh bundle of `source`, else one made now; null when none can be had (the caller then runs tsx). */
export declare function bundleFor(source: string): Promise<string | null>;
/** Import the entry `source` as its bundle, or through tsx (said on stderr) when no bundle can be had. */
export declare function importEntry(source: string): Promise<Record<string, unknown>>;
/** Remove bundles no record names, records whose bundle is gone and left temporary files, once older than ten minutes. */
export declare function sweepBundles(): Promise<void>;
