// The podcasts as Apple Podcasts' validator would read them, over the real server with a short recorded
// library (a prayer and a blessing rendered into this test's DATA_DIR; nothing for the meditations show):
// each feed parses as XML and is RSS 2.0 with every tag Apple requires or recommends, the artwork is a square
// RGB PNG of 1400–3000 px that answers HEAD and Range, every enclosure's length is the size of the file its
// URL serves, and the show without episodes is linked from no page and says calmly why it is empty.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xml2js } from "xml-js";
import type { Piece } from "../../corpus/library.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { decodePng } from "../helpers/png.ts";
import { renderShortestOf } from "../helpers/pieces.ts";

const OWNER = { SANCTUARY_PODCAST_OWNER_NAME: "Keeper of the Sanctuary", SANCTUARY_PODCAST_OWNER_EMAIL: "keeper@sanctuary.example" };
const RECORDED = "prayers-and-rituals";
const EMPTY = "meditations-and-practices";
// RSS 2.0 (https://www.rssboard.org/rss-specification): the only un-prefixed elements a channel and an item may hold.
const RSS_CHANNEL =
  "title link description language copyright managingEditor webMaster pubDate lastBuildDate category generator docs cloud ttl image rating textInput skipHours skipDays item";
const RSS_ITEM = "title link description author category comments enclosure guid pubDate source";

let server: TestServer;
let dataDir: string;
let rendered: Piece[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sanctuary-podcasts-"));
  rendered = await renderShortestOf(dataDir, ["prayer", "blessing"]);
  server = await startTestServer(OWNER, {}, dataDir);
}, 240_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Node = Record<string, any>;
const asNodes = (n: unknown): Node[] => (n === undefined ? [] : Array.isArray(n) ? n : [n]) as Node[];
const nodeText = (n: Node | undefined): string => String(n?._text ?? n?._cdata ?? "").trim();

async function feed(slug: string, origin = server.url): Promise<{ res: Response; rss: Node; channel: Node }> {
  const res = await fetch(`${origin}/podcasts/${slug}/feed.xml`);
  // xml-js parses with sax in strict mode: a feed that is not well-formed XML throws here.
  const doc = xml2js(await res.text(), { compact: true }) as Node;
  return { res, rss: doc.rss, channel: doc.rss?.channel };
}

function expectApple(channel: Node, rss: Node) {
  expect(rss._attributes.version).toBe("2.0");
  expect(rss._attributes["xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
  expect(asNodes(channel)).toHaveLength(1);
  for (const name of Object.keys(channel).filter((k) => !k.startsWith("_") && !k.includes(":"))) expect(RSS_CHANNEL.split(" "), name).toContain(name);
  expect(nodeText(channel.title)).toMatch(/^Sanctuary: /);
  expect(nodeText(channel.description).length).toBeGreaterThan(20);
  expect(nodeText(channel.link)).toBe(`${server.url}/docs`);
  expect(nodeText(channel.language)).toMatch(/^[a-z]{2}(-[a-z]{2})?$/);
  expect(channel["itunes:image"]._attributes.href).toBe(`${server.url}/podcasts/artwork.png`);
  expect({ url: nodeText(channel.image.url), title: nodeText(channel.image.title), link: nodeText(channel.image.link) }).toEqual({
    url: `${server.url}/podcasts/artwork.png`,
    title: nodeText(channel.title),
    link: nodeText(channel.link),
  });
  const [category] = asNodes(channel["itunes:category"]);
  expect(category._attributes.text).toBe("Religion & Spirituality");
  expect(asNodes(category["itunes:category"]).map((c) => c._attributes.text)).toEqual(["Spirituality"]);
  expect(nodeText(channel["itunes:explicit"])).toBe("false");
  expect(nodeText(channel["itunes:author"])).toBe("Sanctuary");
  expect({ name: nodeText(channel["itunes:owner"]["itunes:name"]), email: nodeText(channel["itunes:owner"]["itunes:email"]) }).toEqual({
    name: OWNER.SANCTUARY_PODCAST_OWNER_NAME,
    email: OWNER.SANCTUARY_PODCAST_OWNER_EMAIL,
  });
}

describe("podcast feeds", () => {
  it("the recorded show is RSS 2.0 with every channel tag Apple requires", async () => {
    const { res, rss, channel } = await feed(RECORDED);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expectApple(channel, rss);
  });

  it("each episode has title, enclosure, guid, pubDate and duration, and its length is what its URL serves", async () => {
    const items = asNodes((await feed(RECORDED)).channel.item);
    expect(items.map((i) => nodeText(i.link)).sort()).toEqual(rendered.map((p) => `${server.url}/docs/${p.path}`).sort());
    expect(new Set(items.map((i) => nodeText(i.guid))).size).toBe(items.length);
    // A guid is the episode's whatever name the server is reached by (BASE_URL unset here): a reader keeps it.
    const byName = asNodes((await feed(RECORDED, server.url.replace("127.0.0.1", "localhost"))).channel.item);
    expect(byName.map((i) => nodeText(i.link))).not.toEqual(items.map((i) => nodeText(i.link)));
    expect(byName.map((i) => nodeText(i.guid))).toEqual(items.map((i) => nodeText(i.guid)));
    for (const item of items) {
      for (const name of Object.keys(item).filter((k) => !k.startsWith("_") && !k.includes(":"))) expect(RSS_ITEM.split(" "), name).toContain(name);
      expect(nodeText(item.title).length).toBeGreaterThan(0);
      expect(nodeText(item["itunes:explicit"])).toBe("false");
      // RFC 2822 dates, as Apple asks: "Wed, 15 Jun 2019 19:00:00 GMT".
      expect(nodeText(item.pubDate)).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Number.isNaN(Date.parse(nodeText(item.pubDate)))).toBe(false);
      const { url, length, type } = item.enclosure._attributes;
      expect(type).toBe("audio/mpeg");
      expect(url).toMatch(new RegExp(`^${server.url}/media/.+\\.mp3$`));
      expect(length).toMatch(/^[1-9]\d*$/);
      const piece = rendered.find((p) => `${server.url}/docs/${p.path}` === nodeText(item.link))!;
      expect(nodeText(item["itunes:duration"])).toBe(String(Math.round(server.deps.media.recording(piece)!.seconds)));
      const head = await fetch(url, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(length);
      const body = await fetch(url);
      expect(body.headers.get("content-type")).toBe("audio/mpeg");
      expect((await body.arrayBuffer()).byteLength).toBe(Number(length));
    }
  });

  it("the show without episodes is linked from no page, and its feed says calmly why it is empty", async () => {
    for (const path of ["/", "/docs", "/services", "/reflections"]) {
      const page = await (await fetch(server.url + path)).text();
      expect(page, path).toContain(`href="/podcasts/${RECORDED}/feed.xml"`);
      expect(page, path).not.toContain(`/podcasts/${EMPTY}/`);
    }
    const { res, rss, channel } = await feed(EMPTY);
    expect(res.status).toBe(200);
    expectApple(channel, rss);
    expect(asNodes(channel.item)).toEqual([]);
    expect(nodeText(channel.description)).toContain("No episode has been recorded yet");
  });
});

it("without an owner email set, the feeds carry no itunes:owner rather than an empty address", async () => {
  const unowned = await startTestServer({}, {}, dataDir);
  try {
    const xml = await (await fetch(`${unowned.url}/podcasts/${RECORDED}/feed.xml`)).text();
    const channel = (xml2js(xml, { compact: true }) as Node).rss.channel;
    expect([channel["itunes:owner"], xml.includes("itunes:email")]).toEqual([undefined, false]);
    expect(asNodes(channel.item).length).toBeGreaterThan(0);
  } finally {
    await unowned.stop();
  }
});

describe("podcast artwork", () => {
  const url = () => `${server.url}/podcasts/artwork.png`;

  it("is a square RGB PNG of 1400–3000 px without alpha, drawn from the icon on an opaque background", async () => {
    const res = await fetch(url());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(bytes.length).toBeLessThan(512 * 1024);
    const png = decodePng(bytes);
    expect(png.width).toBe(png.height);
    expect(png.width).toBeGreaterThanOrEqual(1400);
    expect(png.width).toBeLessThanOrEqual(3000);
    expect(png.bitDepth).toBe(8);
    // RGB (2), or a palette (3) with no tRNS chunk: no transparency either way.
    expect(png.colorType === 2 || (png.colorType === 3 && !png.chunks.includes("tRNS"))).toBe(true);
    expect(png.chunks[0]).toBe("IHDR");
    expect(png.chunks.at(-1)).toBe("IEND");
    // The corners are the pages' cream, the centre of the disc the icon's blue: the icon, drawn, not a blank square.
    const at = (x: number, y: number) => png.rgb(Math.round(x * (png.width - 1)), Math.round(y * (png.height - 1)));
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ])
      expect(at(x, y)).toEqual([0xf6, 0xf1, 0xe7]);
    expect(at(0.25, 0.47)).toEqual([0x25, 0x39, 0x5a]);
  });

  it("answers HEAD, Range and If-None-Match the way podcast directories and players ask", async () => {
    const full = Buffer.from(await (await fetch(url())).arrayBuffer());
    const head = await fetch(url(), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(full.length));
    expect(head.headers.get("content-type")).toBe("image/png");
    const etag = head.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const part = await fetch(url(), { headers: { range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${full.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(full.subarray(0, 8));
    expect((await fetch(url(), { headers: { "if-none-match": etag } })).status).toBe(304);
  });
});
