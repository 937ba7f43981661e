// The pages' one stylesheet, small scripts and type, served from this origin as files (never inline, so the
// CSP can say script-src 'self' and font-src 'self'). Each link carries a hash of the file's content, so
// browsers may keep it and still never run yesterday's script against today's page. The stylesheet's font
// addresses get their file's hash the same way, so the fonts can be kept for a year.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Route } from "../../core/route.ts";
import { errorResponse } from "../../adapters/http.ts";
import { fixedText } from "../text-response.ts";

const TYPES: Record<string, string> = { css: "text/css; charset=utf-8", js: "text/javascript; charset=utf-8", svg: "image/svg+xml" };
export const ASSET_NAMES = [
  "site.css",
  "theme.js",
  "times.js",
  "home.js",
  "player.js",
  "shell.js",
  "service-list.js",
  "reflect.js",
  "ask.js",
  "services.js",
  "icon.svg",
] as const;
export type AssetName = (typeof ASSET_NAMES)[number];

/** Source Serif 4 (SIL Open Font License, from the npm package): the one family of every page, in the three faces the stylesheet uses. */
const FONT_FILES = ["SourceSerif4_400Regular", "SourceSerif4_400Regular_Italic", "SourceSerif4_600SemiBold"] as const;
const require = createRequire(import.meta.url);
const hashOf = (body: string | Buffer) => createHash("sha256").update(body).digest("hex").slice(0, 12);

const fonts = new Map<string, { body: Buffer; version: string }>(
  FONT_FILES.map((name) => {
    const weight = name.slice("SourceSerif4_".length);
    const body = readFileSync(require.resolve(`@expo-google-fonts/source-serif-4/${weight}/${name}.ttf`));
    return [`${name}.ttf`, { body, version: hashOf(body) }];
  }),
);

interface Asset {
  body: string;
  type: string;
  version: string;
}

/** The stylesheet names its fonts as /assets/fonts/<file>; each address gains ?v=<the file's hash>. */
const versionedFonts = (css: string) =>
  css.replace(/\/assets\/fonts\/([A-Za-z0-9_]+\.ttf)/g, (whole, file: string) => (fonts.has(file) ? `${whole}?v=${fonts.get(file)!.version}` : whole));

const assets = new Map<string, Asset>(
  ASSET_NAMES.map((name) => {
    const read = readFileSync(new URL(`./assets/${name}`, import.meta.url), "utf8");
    const body = name.endsWith(".css") ? versionedFonts(read) : read;
    const type = TYPES[name.slice(name.lastIndexOf(".") + 1)];
    return [name, { body, type, version: hashOf(body) }];
  }),
);

/** The URL a page links to for an asset. */
export function assetHref(name: AssetName): string {
  return `/assets/${name}?v=${assets.get(name)!.version}`;
}

/** The URL of a font face (the page preloads the regular one). */
export function fontHref(file: (typeof FONT_FILES)[number]): string {
  return `/assets/fonts/${file}.ttf?v=${fonts.get(`${file}.ttf`)!.version}`;
}

export function assetRoute(): Route {
  // Each file's bytes and ETag are made once: the files do not change while the process runs.
  const answers = new Map(
    [...assets].map(([name, asset]) => [name, fixedText(asset.body, { "content-type": asset.type, "cache-control": "public, max-age=86400" })]),
  );
  return {
    method: "GET",
    path: "/assets/:file",
    summary: `The pages' stylesheet, scripts and icon (${ASSET_NAMES.join(", ")})`,
    // Each type an asset is served as, from the files themselves.
    produces: [...new Set([...assets.values()].map((asset) => asset.type.split(";")[0]!.trim()))],
    errors: ["not_found"],
    handler: (event) => {
      const answer = answers.get(String(event.context.params?.file ?? ""));
      return answer ? answer(event) : errorResponse(event, "not_found", `There is no asset at ${event.url.pathname}.`);
    },
  };
}

export function fontRoute(): Route {
  return {
    method: "GET",
    path: "/assets/fonts/:file",
    summary: `The pages' typeface, Source Serif 4 (${FONT_FILES.map((f) => `${f}.ttf`).join(", ")})`,
    produces: "font/ttf",
    errors: ["not_found"],
    handler: (event) => {
      const font = fonts.get(String(event.context.params?.file ?? ""));
      if (!font) return errorResponse(event, "not_found", `There is no font at ${event.url.pathname}.`);
      // Addresses carry the file's hash (the stylesheet's links do), so a year is safe.
      return new Response(new Uint8Array(font.body), {
        headers: { "content-type": "font/ttf", "cache-control": "public, max-age=31536000, immutable" },
      });
    },
  };
}
