// Share cards: every kind decodes as a 1200 × 630 PNG with its title drawn, awkward titles (markup
// characters, a very long question) stay inside the card, each page's og:image names its own card, and an
// unknown card is a JSON 404. The cards go to test-artifacts/card-*.png for a person to look at.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asIp, freshIp } from "../helpers/addresses.ts";
import { ARTIFACTS } from "../helpers/chromium.ts";
import { decodePng, type DecodedPng } from "../helpers/png.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";

const BACKGROUND: [number, number, number] = [0xfa, 0xf8, 0xf3];
// The band between the label row and the footer rule, where the title is drawn (web/share-cards.ts).
const TITLE_AREA = { left: 88, right: 1112, top: 168, bottom: 528 };

const inked = (png: DecodedPng, x: number, y: number) => png.rgb(x, y).some((c, i) => Math.abs(c - BACKGROUND[i]) > 24);

/** Pixels that are not the background in a box, every other pixel (enough to see text, a quarter of the work). */
function inkIn(png: DecodedPng, box: { left: number; right: number; top: number; bottom: number }): number {
  let n = 0;
  for (let y = box.top; y < box.bottom; y += 2) for (let x = box.left; x < box.right; x += 2) if (inked(png, x, y)) n++;
  return n;
}

let server: TestServer;
let song: { slug: string; title: string };
let other: { slug: string; title: string };
let doc: string;
const asked: Record<string, string> = {};

async function card(path: string, name?: string): Promise<DecodedPng> {
  const res = await server.fetch(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  expect(res.headers.get("cache-control")).toMatch(/public/);
  expect(res.headers.get("etag")).toMatch(/^"card-/);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (name) {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, `card-${name}.png`), bytes);
  }
  return decodePng(bytes);
}

async function askForSlug(question: string): Promise<string> {
  const res = await server.post("/api/ask", { question }, asIp(freshIp()));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.slug;
}

beforeAll(async () => {
  server = await openTestApp();
  const songs = server.deps.library.songs;
  [song, other] = [songs[0], songs[1]];
  doc = server.deps.library.documents.find((d) => d.kind === "prayer")!.path;
  asked.plain = await askForSlug("How do I rest when the day will not stop?");
  asked.marks = await askForSlug(`Why do 3 < 4 & 5 > 2 feel like "rest" and 'stillness' at once?`);
  asked.long = await askForSlug(
    `${"Wonderingly ".repeat(6)}what does the sanctuary keep of what I say, for how long, who can read it, and can I take it back later if I change my mind about all of it, the questions and the answers and the names?`,
  );
}, 120_000);

afterAll(() => server?.stop());

describe("share cards", () => {
  it("draws each kind at 1200 × 630 with its title in the title area", async () => {
    const paths = {
      home: "/cards/home.png",
      song: `/cards/song/${song.slug}.png`,
      doc: `/cards/docs/${doc}.png`,
      conversation: `/cards/conversation/${asked.plain}.png`,
      mcp: "/cards/docs/mcp.png",
    };
    for (const [kind, path] of Object.entries(paths)) {
      const png = await card(path, kind);
      expect([png.width, png.height, png.colorType], kind).toEqual([1200, 630, 2]);
      expect(inkIn(png, TITLE_AREA), kind).toBeGreaterThan(1500);
    }
  });

  it("draws another title differently", async () => {
    const differing = (a: DecodedPng, b: DecodedPng) => {
      let n = 0;
      for (let y = TITLE_AREA.top; y < TITLE_AREA.bottom; y += 2)
        for (let x = TITLE_AREA.left; x < TITLE_AREA.right; x += 2) if (inked(a, x, y) !== inked(b, x, y)) n++;
      return n;
    };
    expect(differing(await card(`/cards/song/${song.slug}.png`), await card(`/cards/song/${other.slug}.png`))).toBeGreaterThan(1000);
    // Two conversations of one question each by an unnamed visitor: the rest of their cards is the same, only the titles differ.
    const [plain, marks] = [await card(`/cards/conversation/${asked.plain}.png`), await card(`/cards/conversation/${asked.marks}.png`)];
    expect(differing(plain, marks)).toBeGreaterThan(1000);
    expect(differing(plain, plain)).toBe(0);
  });

  it("escapes markup characters and keeps a long title inside the card", async () => {
    for (const name of ["marks", "long"] as const) {
      const png = await card(`/cards/conversation/${asked[name]}.png`, `conversation-${name}`);
      expect(png.width).toBe(1200);
      expect(inkIn(png, TITLE_AREA), name).toBeGreaterThan(1500);
      // Nothing beyond the right margin: every pixel there is background, on every row.
      let beyond = 0;
      for (let y = 0; y < png.height; y++) for (let x = TITLE_AREA.right + 2; x < png.width; x++) if (inked(png, x, y)) beyond++;
      expect(beyond, name).toBe(0);
    }
  });

  it("answers HEAD, and again from its validator with 304", async () => {
    const path = `/cards/song/${song.slug}.png`;
    const etag = (await server.fetch(path)).headers.get("etag")!;
    const again = await server.fetch(path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await server.fetch(path, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type"), head.headers.get("etag")]).toEqual([200, "image/png", etag]);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(10_000);
  });

  it("names each page's own card in og:image, and that card answers", async () => {
    const pages = {
      "/": "/cards/home.png",
      [`/reflections/${song.slug}`]: `/cards/song/${song.slug}.png`,
      [`/docs/${doc}`]: `/cards/docs/${doc}.png`,
      [`/ask/${asked.marks}`]: `/cards/conversation/${asked.marks}.png`,
      "/docs/mcp": "/cards/docs/mcp.png",
      "/services": "/cards/home.png",
    };
    for (const [page, cardPath] of Object.entries(pages)) {
      const res = await server.get(page);
      expect(res.status, page).toBe(200);
      const meta = (property: string) => String(res.body).match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`))?.[1];
      expect(meta("og:image"), page).toBe(`${server.url}${cardPath}`);
      expect([meta("og:image:width"), meta("og:image:height")]).toEqual(["1200", "630"]);
      expect(meta("og:image:alt"), page).toMatch(/Sanctuary/);
      expect(meta("og:url"), page).toBe(`${server.url}${page}`);
      expect(meta("og:title"), page).toBeTruthy();
      expect(meta("og:description"), page).toBeTruthy();
      expect(meta("og:type"), page).toBe(page === "/" ? "website" : "article");
      expect(meta("twitter:card"), page).toBe("summary_large_image");
      const image = await server.fetch(meta("og:image")!);
      expect([image.status, image.headers.get("content-type")], page).toEqual([200, "image/png"]);
      await image.arrayBuffer();
    }
  });

  it("answers an unknown card with a JSON 404", async () => {
    for (const path of [
      "/cards/song/no-such-song.png",
      "/cards/docs/prayers/no-such-prayer.png",
      "/cards/conversation/no-such-talk.png",
      `/cards/song/${song.slug}.jpg`,
    ]) {
      const res = await server.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/application\/json/);
      expect(res.body.error, path).toMatch(/share card/);
      expect(res.body.suggestion, path).toBeTruthy();
    }
  });
});
