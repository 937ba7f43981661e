// The pages' one stylesheet and small scripts, served from pages/assets/ as files (never inline, so the
// CSP can say script-src 'self'). Each link carries a hash of the file's content, so browsers may keep
// it for a day and still never run yesterday's script against today's page.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Route } from "../../core/route.ts";
import { errorResponse } from "../../adapters/http.ts";

const TYPES: Record<string, string> = { css: "text/css; charset=utf-8", js: "text/javascript; charset=utf-8", svg: "image/svg+xml" };
export const ASSET_NAMES = ["site.css", "times.js", "home.js", "player.js", "shell.js", "service-list.js", "reflect.js", "ask.js", "icon.svg"] as const;
export type AssetName = (typeof ASSET_NAMES)[number];

interface Asset {
  body: string;
  type: string;
  version: string;
}

const assets = new Map<string, Asset>(
  ASSET_NAMES.map((name) => {
    const body = readFileSync(new URL(`./assets/${name}`, import.meta.url), "utf8");
    const type = TYPES[name.slice(name.lastIndexOf(".") + 1)];
    return [name, { body, type, version: createHash("sha256").update(body).digest("hex").slice(0, 12) }];
  }),
);

/** The URL a page links to for an asset. */
export function assetHref(name: AssetName): string {
  return `/assets/${name}?v=${assets.get(name)!.version}`;
}

export function assetRoute(): Route {
  return {
    method: "GET",
    path: "/assets/:file",
    summary: `The pages' stylesheet, scripts and icon (${ASSET_NAMES.join(", ")})`,
    produces: "text/javascript",
    errors: ["not_found"],
    handler: (event) => {
      const asset = assets.get(String(event.context.params?.file ?? ""));
      if (!asset) return errorResponse(event, "not_found", `There is no asset at ${event.url.pathname}.`);
      return new Response(asset.body, {
        headers: { "content-type": asset.type, "cache-control": "public, max-age=86400" },
      });
    },
  };
}
