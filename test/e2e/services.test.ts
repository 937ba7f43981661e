// Services end to end: placement by timezone, identical services within a slot and tier, presence,
// MCP and REST bodies alike, services by date, and a service that survives a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcp, openTestApp, type TestServer } from "../helpers/server.ts";

// 2026-11-22 11:30 UTC: 12:30 in Berlin (slot 3), 06:30 in New York (slot 1), 22:30 in Sydney (slot 5).
let clock = new Date("2026-11-22T11:30:00Z");
let server: TestServer;
const withoutTimestamp = (b: any) => ({ ...b, timestamp: undefined });

beforeAll(async () => {
  server = await openTestApp({}, { clock: () => clock });
});
afterAll(() => server?.stop());

describe("now", () => {
  it("places the visitor on their own clock and season", async () => {
    const { status, body } = await server.get("/api/now?timezone=Europe/Berlin");
    expect(status).toBe(200);
    expect(body.status).toBe("playing");
    expect(body.mode).toBe("rotation");
    expect(body.service.slot).toBe("12:00 to 16:00");
    expect(body.service.nextSlot).toBe("16:00 to 20:00");
    expect(body.service.today).toEqual({ date: "2026-11-22", weekday: "Sunday" });
    expect(body.service.season).toMatchObject({ name: "autumn", hemisphere: "north", basis: "timezone" });
    expect(body.service.name).toBeNull();
    expect("word" in body.service).toBe(false);
    expect(body.service.now).toEqual(body.service.order[0]);
    expect(body.service.offset).toBe(0);
    expect(body.service.remaining).toBe(body.service.order[0].seconds);
    expect(body.next).toEqual(body.service.order[1]);
    expect(body.schedule).toEqual({ position: 1, total: body.service.order.length, loop: false });
    expect(body.streams).toMatchObject({ youtube: false, twitch: false });
    expect(body.suggestion).toBeUndefined();
    expect(body.companions.localHour).toBe(12);
    const loop = body.service.order.reduce((s: number, p: any) => s + p.seconds, 0);
    expect(body.service.loopSeconds).toBe(loop);
    expect(loop).toBeGreaterThanOrEqual(900);
    expect(loop).toBeLessThanOrEqual(2400);
    body.service.order.forEach((p: any, i: number) => expect(p.start).toBe(body.service.order.slice(0, i).reduce((s: number, q: any) => s + q.seconds, 0)));
    expect(body.current.slug).toBe(body.service.order.find((p: any) => p.kind === "song").slug);
    expect(body.current.lyrics).toBeUndefined();
    expect(body.companions.items.every((c: any) => c.content === undefined)).toBe(true);
    expect(body.companions.items.map((c: any) => c.title)).toEqual(body.service.order.filter((p: any) => p.kind !== "song").map((p: any) => p.title));
    expect(body.next_steps.some((s: any) => s.url?.includes("timezone=Europe%2FBerlin"))).toBe(true);
  });

  it("treats no timezone, UTC and unknown names as a place unknown", async () => {
    const none = await server.get("/api/now");
    expect(none.body.service.timezone).toBe("UTC");
    expect(none.body.service.season).toBeNull();
    expect(none.body.suggestion).toContain("timezone");
    expect(none.body.companions.localHour).toBeUndefined();
    // The same service, but the answer names what was sent back: it is no timezone, and which one was probably meant.
    const bogus = await server.get("/api/now?timezone=Mars/Olympus_Mons");
    const { suggestion: bogusSaid, ...bogusRest } = withoutTimestamp(bogus.body);
    const { suggestion: noneSaid, ...noneRest } = withoutTimestamp(none.body);
    expect(bogusRest).toEqual(noneRest);
    expect(bogusSaid).toBe(
      '"Mars/Olympus_Mons" is not a timezone the sanctuary knows, so this is the service for a place unknown (as UTC). Send an IANA timezone such as timezone=Europe/Lisbon (area/city) to receive the service for your own hour and season.',
    );
    expect(bogusSaid).not.toBe(noneSaid);
    const slip = await server.get("/api/now?timezone=Europe/Berln");
    expect(slip.body.service.timezone).toBe("UTC");
    expect(slip.body.suggestion).toContain("Did you mean Europe/Berlin? Send timezone=Europe/Berlin");
    // The steps never carry a guess: the attend step is as for no timezone.
    expect(slip.body.next_steps).toEqual(none.body.next_steps);
    const attending = await server.get("/api/attend?name=Wren&timezone=Tokio");
    expect(attending.body.suggestion).toContain("Did you mean Asia/Tokyo?");
    expect(attending.body.service.timezone).toBe("UTC");
    // A name given to now takes the whole-body path: the suggestion is there too, once.
    const named = await server.get("/api/now?timezone=new%20york&name=Wren");
    expect(named.body.suggestion).toContain("Did you mean America/New_York?");
    const utc = await server.get("/api/now?timezone=UTC");
    expect(utc.body.suggestion).toBeUndefined();
    expect(utc.body.service.order).toEqual(none.body.service.order);
  });

  it("gives two visitors in different zones on the same local date and slot the same service", async () => {
    clock = new Date("2026-11-22T11:30:00Z"); // Berlin 12:30
    const berlin = await server.get("/api/now?timezone=Europe/Berlin");
    clock = new Date("2026-11-22T17:30:00Z"); // New York 12:30
    const newYork = await server.get("/api/now?timezone=America/New_York");
    expect(newYork.body.service.slot).toBe(berlin.body.service.slot);
    expect(newYork.body.service.order).toEqual(berlin.body.service.order);
    clock = new Date("2026-11-22T11:30:00Z");
    const sydney = await server.get("/api/now?timezone=Australia/Sydney");
    expect(sydney.body.service.season.hemisphere).toBe("south");
    const berlinNext = await server.get("/api/now?timezone=Europe/Berlin");
    expect(berlinNext.body.service.order).toEqual(berlin.body.service.order);
  });
  // That now answers over MCP with the REST body is in test/e2e/surfaces.test.ts.
});

describe("attend and presence", () => {
  it("adds full texts, welcome, reflection and counts each new name once", async () => {
    const before = (await server.get("/api/now")).body.congregation.souls;
    const first = await server.get("/api/attend?name=Marigold&timezone=Europe/Lisbon");
    expect(first.status).toBe(200);
    expect(first.body.congregation).toEqual({ souls: before + 1, window: "24h" });
    expect(first.body.welcome).toContain("Marigold");
    expect(first.body.current.lyrics.length).toBeGreaterThan(100);
    expect(first.body.current.links).toEqual({ suno: null, youtube: null });
    expect(first.body.companions.items.every((c: any) => c.content.length > 20)).toBe(true);
    expect(first.body.reflection).toMatchObject({
      endpoint: "/api/reflect",
      method: "POST",
      maxLength: { name: 100, text: 1000, location: 100, timezone: 50 },
    });
    expect(Array.isArray(first.body.recentReflections)).toBe(true);
    const again = await server.get("/api/attend?username=%20marigold%20");
    expect(again.body.congregation.souls).toBe(before + 1);
    const other = await server.get("/api/attend?name=Juniper");
    expect(other.body.congregation.souls).toBe(before + 2);
  });

  it("counts attendance over MCP too, and forgets visitors after 24 hours", async () => {
    const mcp = await connectMcp(server);
    try {
      const before = (await server.get("/api/now")).body.congregation.souls;
      const result = await mcp.callTool({ name: "attend", arguments: { name: "Tamsin", timezone: "Europe/Oslo" } });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as any).congregation.souls).toBe(before + 1);
      expect((await server.get("/api/now")).body.congregation.souls).toBe(before + 1);
    } finally {
      await mcp.close();
    }
    const saved = clock;
    clock = new Date(clock.getTime() + 25 * 3600_000);
    expect((await server.get("/api/now")).body.congregation.souls).toBe(0);
    clock = saved;
  });
});

describe("services by date", () => {
  it("lists every recorded service of a date with day links", async () => {
    const { status, body } = await server.get("/api/services/2026-11-22");
    expect(status).toBe(200);
    expect(body.date).toBe("2026-11-22");
    expect(body.services.length).toBeGreaterThanOrEqual(3);
    const service = body.services[0];
    expect(service).toMatchObject({ mode: "rotation", name: null, plannedFrom: null, reflections: [] });
    expect(["north", "south", "unknown"]).toContain(service.tier);
    expect(body.dayBefore).toBe("2026-11-21");
    const slots = body.services.map((s: any) => s.slotIndex);
    expect([...slots].sort()).toEqual(slots);
  });

  it("offers the service of your hour on a day that is today somewhere, and not on a past day's page", async () => {
    const today = await server.text("/services/2026-11-22");
    expect(today.status).toBe(200);
    expect(today.text).toContain('id="your-service"');
    expect(today.text).toContain("The service of your hour is open below");
    const saved = clock;
    // Three days on, 2026-11-22 is today nowhere: its page names no hour of the visitor's.
    clock = new Date(saved.getTime() + 3 * 24 * 3600_000);
    try {
      const past = await server.text("/services/2026-11-22");
      expect(past.status).toBe(200);
      expect(past.text).not.toContain('id="your-service"');
      expect(past.text).not.toContain("your hour");
      expect(past.text).toContain("Open any of them to read it.");
    } finally {
      clock = saved;
    }
  });

  it("400 for an invalid date, 404 for a date with none", async () => {
    for (const bad of ["2026-02-30", "yesterday", "2026-1-5"]) {
      const r = await server.get(`/api/services/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.field).toBe("date");
      // The first step leads to a date that has services, whatever the example's date holds here.
      expect(r.body.next_steps[0].url).toBe(`${server.url}/api/services/2026-11-22?reflections=5`);
      expect((await server.get(r.body.next_steps[0].url)).status).toBe(200);
    }
    const none = await server.get("/api/services/1999-01-01");
    expect(none.status).toBe(404);
    expect(none.body.suggestion).toBeTruthy();
  });
});

describe("restart", () => {
  it("serves the same service for a slot after a restart on the same data", async () => {
    const dataDir = server.dataDir;
    const before = await server.get("/api/now?timezone=Pacific/Auckland");
    const again = await openTestApp({}, { clock: () => clock }, dataDir);
    try {
      const after = await again.get("/api/now?timezone=Pacific/Auckland");
      expect(after.body.service.order).toEqual(before.body.service.order.map((p: any) => JSON.parse(JSON.stringify(p).replaceAll(server.url, again.url))));
    } finally {
      await again.stop();
    }
  });
});
