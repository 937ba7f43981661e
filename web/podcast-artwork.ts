// GET /podcasts/artwork.png: the podcasts' cover, drawn from the site's own icon (pages/assets/icon.svg) by
// resvg, a maintained SVG renderer with prebuilt binaries, at 3000 × 3000 pixels on the site's cream
// background. Apple Podcasts asks for square artwork of 1400–3000 px, JPEG or PNG with the right file
// extension, in the RGB colour space, on a server that answers HEAD (Podcasts Connect, "A Podcaster's Guide to
// RSS": https://help.apple.com/itc/podcasts_connect/#/itcb54353390), with no alpha channel and nothing
// important in the bottom fifth ("Artwork requirements", https://podcasters.apple.com/support/896-artwork-requirements,
// which also says "the largest size is preferred"). So 3000 px: a flat drawing compresses to about 80 KB,
// well under the 512 KB NPR One and Spotify ask for. The icon has no text, so no font is needed and system
// fonts are never loaded: the picture is the same on a machine that has none.
// Drawn once, at the first request, and kept in memory (render ≈ 0.1 s off the main thread, encode ≈ 0.2 s, once per process).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { H3Event } from "h3";
import type { Route } from "../core/route.ts";
import { opaqueRgbPng } from "../core/png.ts";
import { errorResponse } from "../adapters/http.ts";
import type { WebContext } from "./context.ts";
import { rangedResponse } from "./media.ts";

export const ARTWORK_PATH = "/podcasts/artwork.png";
export const ARTWORK_SIZE = 3000;
const BACKGROUND = "#f6f1e7"; // the pages' --bg (light)

const icon = readFileSync(new URL("./pages/assets/icon.svg", import.meta.url), "utf8");

/**
 * The cover as SVG: the icon at 22/32 of the width on an opaque square (no transparent corner), centred across
 * and a little above the middle, so its lowest edge stays out of the bottom fifth that players cover.
 */
export function artworkSvg(iconSvg: string = icon): string {
  const nested = iconSvg.trim().replace(/^<svg\b/, '<svg x="5" y="4" width="22" height="22"');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BACKGROUND}"/>${nested}</svg>`;
}

interface Artwork {
  png: Buffer;
  etag: string;
}

async function renderArtwork(): Promise<Artwork> {
  // Loaded here rather than at start: a platform without a resvg binary still serves everything else.
  const { renderAsync } = await import("@resvg/resvg-js");
  const image = await renderAsync(artworkSvg(), {
    fitTo: { mode: "width", value: ARTWORK_SIZE },
    background: BACKGROUND,
    font: { loadSystemFonts: false },
  });
  if (image.width !== ARTWORK_SIZE || image.height !== ARTWORK_SIZE) throw new Error(`artwork rendered at ${image.width}×${image.height}`);
  const png = await opaqueRgbPng(image.pixels, image.width, image.height);
  return { png, etag: `"${createHash("sha256").update(png).digest("hex").slice(0, 16)}"` };
}

export function artworkRoute(deps: Pick<WebContext, "log">): Route {
  let pending: Promise<Artwork> | null = null;
  const artwork = () =>
    (pending ??= renderArtwork().catch((err: unknown) => {
      pending = null; // try again at the next request rather than remember a failure
      throw err;
    }));
  return {
    method: "GET",
    path: ARTWORK_PATH,
    summary: `The podcasts' cover: ${ARTWORK_SIZE} × ${ARTWORK_SIZE} px RGB PNG drawn from the site's icon, with HEAD and Range`,
    produces: "image/png",
    ranged: true,
    errors: ["unavailable"],
    handler: async (event) => {
      try {
        return serveArtwork(event, await artwork());
      } catch (err) {
        deps.log.error({ err }, "podcast artwork could not be drawn");
        return errorResponse(event, "unavailable", "The podcast artwork could not be drawn just now.", {
          suggestion: "Nothing else is affected; the feeds and recordings still work. Try again in a minute.",
        });
      }
    },
  };
}

function serveArtwork(event: H3Event, { png, etag }: Artwork): Response {
  return rangedResponse(event, {
    size: png.length,
    etag,
    headers: { "content-type": "image/png", "cache-control": "public, max-age=86400" },
    slice: (start, end) => new Uint8Array(png.subarray(start, end + 1)),
  });
}
