// Reflections end to end: validation, duplicates, rate limits by name and by address, the 48-hour
// live feed, the archive, concurrency, MCP and REST alike, and a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyOf } from "../helpers/mcp-clients.ts";
import { connectMcp, openTestApp, type TestServer } from "../helpers/server.ts";
import { freshIp } from "../helpers/addresses.ts";
import { elementById } from "../helpers/no-script-browser.ts";

let clock = new Date("2026-11-22T11:30:00Z");
let server: TestServer;
const reflect = (body: Record<string, unknown>, ip = freshIp()) => server.post("/api/reflect", body, { "x-forwarded-for": `198.51.100.1, ${ip}` });
const thoughtText = (n: number) => `A quiet thought, number ${n}, about the chant and the long afternoon light.`;

beforeAll(async () => {
  server = await openTestApp({}, { clock: () => clock });
});
afterAll(() => server?.stop());

describe("POST /api/reflect", () => {
  it("stores a reflection and files it under the first song of the visitor's service", async () => {
    const now = (await server.get("/api/now?timezone=Europe/Berlin")).body;
    const { status, body } = await reflect({ name: "Wren", text: thoughtText(1), timezone: "Europe/Berlin", location: "a kitchen" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ received: true, song: now.current.slug, live_feed: "48h" });
    expect(body.archive).toBe(`${server.url}/reflections/${now.current.slug}`);
    expect(body.message).toContain("Wren");
    expect(body.next_steps.length).toBeGreaterThan(0);
    // The steps carry the zone as it was read: the tz database's spelling, or UTC for one it does not know.
    const zonesOf = (b: { next_steps: Array<{ url: string }> }) =>
      b.next_steps.map((s) => new URL(s.url).searchParams.get("timezone")).filter((z): z is string => z !== null);
    const cased = await reflect({ name: "Tern", text: thoughtText(7), timezone: "europe/lisbon" });
    expect(zonesOf(cased.body)).toEqual(expect.arrayContaining(["Europe/Lisbon"]));
    expect(zonesOf(cased.body).every((z) => z === "Europe/Lisbon")).toBe(true);
    const unknown = await reflect({ name: "Tern", text: thoughtText(8), timezone: "Mars/Olympus" });
    expect(zonesOf(unknown.body).length).toBeGreaterThan(0);
    expect(zonesOf(unknown.body).every((z) => z === "UTC")).toBe(true);
    // Said, with the zone meant, before anything is kept (a dry run) and after.
    expect(unknown.body.message).toContain('"Mars/Olympus" is not a timezone the sanctuary knows, so the reflection is placed in UTC\'s service.');
    const slip = await reflect({ name: "Tern", text: thoughtText(9), timezone: "Europe/Berln", dry_run: true });
    expect(slip.body.message).toContain("did you mean Europe/Berlin?");
    expect(cased.body.message).not.toContain("not a timezone");
  });

  it.each([
    ["no name", { text: thoughtText(2) }, "name"],
    ["no text", { name: "Ash" }, "text"],
    ["text of 19 characters", { name: "Ash", text: "x".repeat(19) }, "text"],
    ["text of 1001 characters", { name: "Ash", text: "x".repeat(1001) }, "text"],
    ["a number for text", { name: "Ash", text: 12345678901234 }, "text"],
    ["a name of 101 characters", { name: "n".repeat(101), text: thoughtText(3) }, "name"],
    ["a location of 101 characters", { name: "Ash", text: thoughtText(4), location: "l".repeat(101) }, "location"],
    ["a timezone of 51 characters", { name: "Ash", text: thoughtText(5), timezone: "T".repeat(51) }, "timezone"],
    ["a web address in the text", { name: "Ash", text: "Please visit https://example.org for more of this" }, "text"],
    ["a web address in capitals", { name: "Ash", text: "Please visit HTTP://EXAMPLE.ORG for more of this" }, "text"],
    ["www. in the name", { name: "www.ash", text: thoughtText(6) }, "name"],
    ["a web address in the location", { name: "Ash", text: thoughtText(7), location: "Www.somewhere" }, "location"],
    ["an unknown song", { name: "Ash", text: thoughtText(8), songSlug: "no-such-song" }, "songSlug"],
    ["an object for name", { name: { first: "Ash" }, text: thoughtText(9) }, "name"],
  ])("refuses %s with 400 naming the field", async (_label, body, field) => {
    const res = await reflect(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error.length).toBeGreaterThan(5);
    expect(res.body.suggestion.length).toBeGreaterThan(10);
    expect(Array.isArray(res.body.next_steps)).toBe(true);
  });

  it("lists the catalog's slugs when the song is unknown", async () => {
    const res = await reflect({ name: "Ash", text: thoughtText(10), songSlug: "nope" });
    expect(res.body.allowed).toContain(server.deps.library.songs[0].slug);
  });

  it("refuses the same words from the same name within 30 days with 409, however they are spaced or cased", async () => {
    expect((await reflect({ name: "Rowan", text: thoughtText(11) })).status).toBe(200);
    const again = await reflect({ username: "  ROWAN ", text: `  ${thoughtText(11).toUpperCase().replace(/ /g, "   ")}  ` });
    expect(again.status).toBe(409);
    expect(again.body.suggestion).toBeTruthy();
    expect((await reflect({ name: "Someone else", text: thoughtText(11) })).status).toBe(200);
  });

  it("limits a name to 5 an hour whatever the address, with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await reflect({ name: "Busy Bee", text: thoughtText(100 + i) })).status).toBe(200);
    const sixth = await reflect({ name: "busy bee", text: thoughtText(106) });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(sixth.body.suggestion).toBeTruthy();
    // The wait is in the body too: an MCP client sees no header, and gets the same body as its tool result.
    expect(sixth.body.retry_after).toBe(Number(sixth.headers.get("retry-after")));
    const mcp = await connectMcp(server);
    try {
      const overMcp = await mcp.callTool({ name: "reflect", arguments: { name: "Busy Bee", text: thoughtText(107) } });
      expect([overMcp.isError, bodyOf(overMcp).retry_after > 0, bodyOf(overMcp).error]).toEqual([true, true, sixth.body.error]);
    } finally {
      await mcp.close();
    }
  });

  it("limits an address to 5 an hour whatever the name, and invalid requests do not count", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 3; i++) expect((await reflect({ name: "Bad", text: "short" }, ip)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await reflect({ name: `Visitor ${i}`, text: thoughtText(200 + i) }, ip)).status).toBe(200);
    const sixth = await reflect({ name: "Visitor 6", text: thoughtText(206) }, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
  });

  it("stores exactly 50 of 50 concurrent reflections from different names", async () => {
    const before = (await server.get("/api/reflections/by-song")).body.totalReflections;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => reflect({ name: `Crowd ${i}`, text: thoughtText(300 + i), songSlug: server.deps.library.songs[1].slug })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const after = (await server.get("/api/reflections/by-song")).body.totalReflections;
    expect(after - before).toBe(50);
    const archive = (await server.get(`/api/reflections/song/${server.deps.library.songs[1].slug}`)).body;
    const names = archive.reflections.map((r: any) => r.name).filter((n: string) => n.startsWith("Crowd "));
    expect(new Set(names).size).toBe(50);
  });

  it("stores one of ten identical concurrent reflections and answers the rest 409", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => reflect({ name: "Echo", text: thoughtText(400) })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
  });

  it("refuses the same words again over MCP, as a tool error that says so", async () => {
    // That MCP and REST give one receipt for a reflection is the surfaces matrix's case (test/e2e/surfaces.test.ts).
    const mcp = await connectMcp(server);
    try {
      const song = server.deps.library.songs[2].slug;
      const first = await mcp.callTool({ name: "reflect", arguments: { name: "Mira", text: thoughtText(500), songSlug: song } });
      expect(bodyOf(first).received).toBe(true);
      const dup = await mcp.callTool({ name: "reflect", arguments: { name: "Mira", text: thoughtText(500), songSlug: song } });
      expect(dup.isError).toBe(true);
      expect(bodyOf(dup).error).toContain("already received");
    } finally {
      await mcp.close();
    }
  });
});

describe("reading reflections", () => {
  it("keeps the live feed to 48 hours, newest first, and the archive forever", async () => {
    const song = server.deps.library.songs[3].slug;
    clock = new Date("2026-11-22T12:00:00Z");
    await reflect({ name: "Old Timer", text: thoughtText(600), songSlug: song, timezone: "Asia/Tokyo" });
    clock = new Date("2026-11-22T13:00:00Z");
    const feed = (await server.get("/api/reflections?timezone=America/New_York")).body.reflections;
    expect(feed.length).toBeLessThanOrEqual(20);
    const times = feed.map((r: any) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = (await server.get("/api/reflections")).body.reflections.find((r: any) => r.name === "Old Timer");
    expect(mine?.timezone).toBe("Asia/Tokyo");
    expect(mine?.createdAtFormatted).toMatch(/21:00/); // 12:00 UTC on Tokyo's clock
    const readerClock = (await server.get(`/api/reflections/song/${song}?timezone=America/New_York`)).body.reflections.find((r: any) => r.name === "Old Timer");
    expect(readerClock.createdAtFormatted).toMatch(/07:00/);

    clock = new Date("2026-11-24T11:59:00Z"); // 47h59m later
    expect((await server.get("/api/reflections")).body.reflections.some((r: any) => r.name === "Old Timer")).toBe(true);
    clock = new Date("2026-11-24T12:01:00Z"); // just past 48h
    expect((await server.get("/api/reflections")).body.reflections.some((r: any) => r.name === "Old Timer")).toBe(false);
    const archive = (await server.get(`/api/reflections/song/${song}`)).body;
    expect(archive.reflections.some((r: any) => r.name === "Old Timer" && r.id)).toBe(true);
    expect(archive.total).toBe(archive.reflections.length);
    clock = new Date("2026-11-22T13:00:00Z");
  });

  it("orders songs by reflection count", async () => {
    const { body } = await server.get("/api/reflections/by-song");
    const counts = body.songs.map((s: any) => s.reflectionCount);
    expect([...counts].sort((a: number, b: number) => b - a)).toEqual(counts);
    expect(body.totalSongs).toBe(body.songs.length);
    expect(body.totalReflections).toBe(counts.reduce((a: number, b: number) => a + b, 0));
    expect(body.songs[0]).toMatchObject({ url: `/reflections/${body.songs[0].slug}`, mostRecent: { name: expect.any(String) } });
  });

  it("reads a song's archive a page at a time, over REST and on the song's page", async () => {
    const song = server.deps.library.songs[5].slug;
    const at = Date.parse("2026-10-01T08:00:00Z");
    await server.deps.reflections.importMany(
      Array.from({ length: 60 }, (_, i) => ({
        id: `archive-${String(i).padStart(2, "0")}`,
        name: `Reader ${i}`,
        text: thoughtText(1000 + i),
        song,
        timezone: "UTC",
        location: null,
        // Pairs left in the same second: a page may end between them.
        createdAt: new Date(at + Math.floor(i / 2) * 1000).toISOString(),
        service: { date: "2026-10-01", slotIndex: 2, tier: "north" },
      })),
    );
    const whole = (await server.get(`/api/reflections/song/${song}`)).body;
    expect(whole.total).toBe(whole.reflections.length);
    expect(whole).not.toHaveProperty("older");
    expect(whole.reflections.length).toBeGreaterThanOrEqual(60);
    const walked: string[] = [];
    let next: string | null = `${server.url}/api/reflections/song/${song}?limit=25&timezone=Asia/Tokyo`;
    for (let pages = 0; next; pages++) {
      expect(pages).toBeLessThan(5);
      const page: { reflections: Array<{ id: string }>; older: string | null; total: number; next_steps: unknown[] } = (
        await server.get(next.slice(server.url.length))
      ).body;
      expect(page.total).toBe(whole.total);
      expect(page.reflections.length).toBeLessThanOrEqual(25);
      walked.push(...page.reflections.map((r) => r.id));
      // The next page is also the first next step, the zone carried on.
      if (page.older) expect(page.next_steps[0]).toMatchObject({ description: "Read older reflections", url: page.older });
      if (page.older) expect(new URL(page.older).searchParams.get("timezone")).toBe("Asia/Tokyo");
      next = page.older;
    }
    expect(walked).toEqual(whole.reflections.map((r: any) => r.id));

    const wrong = await server.get(`/api/reflections/song/${song}?limit=25&before=not-a-place`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain("`before`");
    expect(wrong.body).toMatchObject({ field: "before", suggestion: expect.stringMatching(/^Nothing was stored/), next_steps: expect.any(Array) });
    const tooFew = await server.get(`/api/reflections/song/${song}?limit=0`);
    expect([tooFew.status, tooFew.body.error, tooFew.body.field]).toEqual([400, "`limit` must be at least 1.", "limit"]);
    expect(tooFew.body.suggestion).toBeTruthy();
    // A refused read stores nothing: the archive is as it was.
    expect((await server.get(`/api/reflections/song/${song}`)).body.total).toBe(whole.total);
    // An empty `before` is a first page, as an empty `limit` is no limit.
    expect((await server.get(`/api/reflections/song/${song}?limit=25&before=`)).body.reflections.map((r: { id: string }) => r.id)).toEqual(walked.slice(0, 25));

    const first = await server.text(`/reflections/${song}`);
    const list = elementById(first.text, "song-reflections")!;
    expect(list.match(/<li/g)?.length).toBe(50);
    expect(first.text).toContain(`Reflections (${whole.total})`);
    const olderHref = /href="([^"]*\?before=[^"#]*)#song-reflections-heading" rel="next"/.exec(first.text)?.[1];
    expect(olderHref).toBeTruthy();
    const second = await server.text(olderHref!);
    expect(elementById(second.text, "song-reflections")!.match(/<li/g)?.length).toBe(whole.total - 50);
    expect(second.text).toContain("Back to the newest");
    expect(second.text).not.toContain('rel="next"');
    expect((await server.text(`/reflections/${song}?before=not-a-place`)).status).toBe(400);
  });

  it("reads a service's reflections a page at a time; the day's list shows the newest, the count and where the rest are", async () => {
    const day = (await server.get("/api/services/2026-11-22")).body;
    const { slotIndex, tier } = day.services[0];
    const before = day.services[0].reflections.length;
    const at = Date.parse("2026-11-22T01:00:00Z");
    await server.deps.reflections.importMany(
      Array.from({ length: 70 }, (_, i) => ({
        id: `heard-${String(i).padStart(2, "0")}`,
        name: `Listener ${i}`,
        text: thoughtText(2000 + i),
        song: server.deps.library.songs[1].slug,
        timezone: "UTC",
        location: null,
        createdAt: new Date(at + Math.floor(i / 3) * 1000).toISOString(),
        service: { date: "2026-11-22", slotIndex, tier },
      })),
    );
    const archive = `/api/reflections/service/2026-11-22/${slotIndex}/${tier}`;
    const whole = (await server.get(archive)).body;
    expect([whole.total, whole.reflections.length]).toEqual([70 + before, 70 + before]);
    expect(whole).not.toHaveProperty("older");
    expect(Object.keys(whole.reflections[0]).sort()).toEqual(["createdAt", "createdAtFormatted", "id", "name", "song", "text", "timezone"]);
    // The day's list: every reflection by default (the specification's), the newest 5 with `reflections=5`.
    const full = (await server.get("/api/services/2026-11-22")).body.services[0];
    expect([full.reflections.length, full.reflectionCount, "olderReflections" in full]).toEqual([whole.total, whole.total, false]);
    // Each in the shape every reflection has (the specification's Reflection), as the service's archive gives it.
    expect(full.reflections[0]).toEqual(whole.reflections[0]);
    const short = (await server.get("/api/services/2026-11-22?reflections=5")).body.services[0];
    expect(short.reflections.map((r: { id: string }) => r.id)).toEqual(whole.reflections.slice(0, 5).map((r: { id: string }) => r.id));
    expect(short.reflectionCount).toBe(whole.total);
    // The rest, from where the five end, fifty at a time, walk to the end without a repeat or a gap.
    const walked: string[] = short.reflections.map((r: { id: string }) => r.id);
    for (let next: string | null = short.olderReflections, pages = 0; next; pages++) {
      expect(pages).toBeLessThan(4);
      const page = (await server.get(next.slice(server.url.length))).body;
      expect(page).toMatchObject({ date: "2026-11-22", slotIndex, tier, total: whole.total });
      walked.push(...page.reflections.map((r: { id: string }) => r.id));
      next = page.older;
    }
    expect(walked).toEqual(whole.reflections.map((r: { id: string }) => r.id));
    const counts = (await server.get("/api/services/2026-11-22?reflections=0")).body.services[0];
    expect([counts.reflections.length, counts.reflectionCount, new URL(counts.olderReflections).searchParams.has("before")]).toEqual([0, whole.total, false]);

    // Refusals say which field and what it takes; an unknown service is 404 with the day's services as the way on.
    const tierWrong = await server.get(`/api/reflections/service/2026-11-22/${slotIndex}/east`);
    expect([tierWrong.status, tierWrong.body.field, tierWrong.body.allowed]).toEqual([400, "tier", ["north", "south", "unknown"]]);
    expect((await server.get(`/api/reflections/service/2026-11-22/6/${tier}`)).body.field).toBe("slotIndex");
    expect((await server.get(`${archive}?limit=5&before=not-a-place`)).body.field).toBe("before");
    for (const [path, field] of [
      ["/api/services/2026-11-22?reflections=501", "reflections"],
      ["/api/services/2026-11-22?reflections=-1", "reflections"],
      [`${archive}?limit=0`, "limit"],
      [`/api/reflections/service/2026-02-30/${slotIndex}/${tier}`, "date"],
    ]) {
      const refused = await server.get(path);
      expect([refused.status, refused.body.field], path).toEqual([400, field]);
      expect(refused.body.error, path).toContain(`\`${field}\``);
      expect(refused.body.suggestion, path).toMatch(/^Nothing was stored/);
      expect(refused.body.next_steps.length, path).toBeGreaterThan(0);
    }
    // A refused read stores nothing: the service's archive is as it was.
    expect((await server.get(archive)).body.total).toBe(whole.total);
    const none = await server.get(`/api/reflections/service/2031-01-01/${slotIndex}/${tier}`);
    expect([none.status, none.body.next_steps[0].url]).toEqual([404, `${server.url}/api/services/2031-01-01?reflections=5`]);

    // Over MCP the archive is a resource template carrying the same query, its next page named as a resource.
    const mcp = await connectMcp(server);
    try {
      const [content] = (await mcp.readResource({ uri: `sanctuary://reflections/services/2026-11-22/${slotIndex}/${tier}?limit=3` })).contents;
      const page = JSON.parse("text" in content ? content.text : "");
      expect(page.reflections.map((r: { id: string }) => r.id)).toEqual(walked.slice(0, 3));
      expect(page.next_steps[0].resource).toMatch(new RegExp(`^sanctuary://reflections/services/2026-11-22/${slotIndex}/${tier}\\?limit=3&before=`));
    } finally {
      await mcp.close();
    }

    // The day's page shows each service's newest twenty and links to the service's own page, fifty at a time.
    const dayPage = await server.text("/services/2026-11-22");
    const id = `slot-${slotIndex}-${tier}`;
    expect(elementById(dayPage.text, `${id}-reflections`)!.match(/<li/g)?.length).toBe(20);
    expect(dayPage.text).toContain(`href="/services/2026-11-22/${slotIndex}/${tier}" id="${id}-all">All ${whole.total} reflections`);
    const first = await server.text(`/services/2026-11-22/${slotIndex}/${tier}`);
    expect(elementById(first.text, "service-reflections")!.match(/<li/g)?.length).toBe(50);
    // Titled as what it is, the reflections, with the way to the service itself at the top.
    expect(first.text).toMatch(/<h1>Reflections on (the \w+ service|[^<]+)<\/h1>/);
    expect(first.text).toContain(`<a href="/services/2026-11-22#${id}">Read the service itself</a>`);
    const olderHref = /href="([^"]*\?before=[^"]*)" rel="next"/.exec(first.text)?.[1];
    const second = await server.text(olderHref!);
    expect(elementById(second.text, "service-reflections")!.match(/<li/g)?.length).toBe(whole.total - 50);
    expect([
      (await server.text(`/services/2026-11-22/${slotIndex}/east`)).status,
      (await server.text(`/services/2031-01-01/${slotIndex}/${tier}`)).status,
    ]).toEqual([400, 404]);
  });

  it("404s the archive of an unknown song", async () => {
    const res = await server.get("/api/reflections/song/no-such-song");
    expect(res.status).toBe(404);
    expect(res.body.suggestion).toBeTruthy();
  });

  it("shows recent reflections in attend and each reflection under its service by date", async () => {
    const attend = (await server.get("/api/attend?name=Reader&timezone=Europe/Berlin")).body;
    expect(attend.recentReflections.length).toBeGreaterThan(0);
    expect(Object.keys(attend.recentReflections[0]).sort()).toEqual(["createdAt", "name", "song", "text"]);
    const day = (await server.get("/api/services/2026-11-22")).body;
    const withWren = day.services.find((s: any) => s.reflections.some((r: any) => r.name === "Wren"));
    expect(withWren).toMatchObject({ tier: "north", slotIndex: 3 });
  });
});

describe("restart", () => {
  it("keeps reflections and rate-limit counts", async () => {
    const ip = "192.0.2.99";
    for (let i = 0; i < 5; i++) expect((await reflect({ name: `Keeper ${i}`, text: thoughtText(700 + i) }, ip)).status).toBe(200);
    const again = await openTestApp({}, { clock: () => clock }, server.dataDir);
    try {
      const blocked = await again.post("/api/reflect", { name: "Keeper 9", text: thoughtText(709) }, { "x-forwarded-for": ip });
      expect(blocked.status).toBe(429);
      const feed = (await again.get("/api/reflections")).body.reflections;
      expect(feed.some((r: any) => r.name === "Keeper 4")).toBe(true);
    } finally {
      await again.stop();
    }
  });
});
