// What the pages say must be true of what is there: no player named when nothing is recorded, no "hour of yours" on
// a day that is not UTC's (the hour a page assumes without scripts), every slot of a day accounted for, nothing said
// to be "below" that stands above, and a kind word on an empty index.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { elementById, textOf } from "../helpers/no-script-browser.ts";

// 2026-11-22 12:00 UTC: every slot of the 22nd has begun somewhere; of the 23rd only the first (at UTC+14); of the 21st
// only the last began within the 30 hours the calendar records at a first start (planner/calendar.ts tick).
const clock = new Date("2026-11-22T12:00:00Z");
let server: TestServer;

beforeAll(async () => {
  server = await openTestApp({}, { clock: () => clock });
}, 120_000);
afterAll(() => server?.stop());

const truthfulPage = async (path: string) => {
  const r = await server.text(path);
  expect(r.status, path).toBe(200);
  return r.text;
};

describe("pages say only what is so", () => {
  it("with nothing recorded, no part speaks of a player, and the form does not speak of a song playing", async () => {
    const home = await truthfulPage("/");
    const notes = [...home.matchAll(/<p class="meta not-recorded">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(note).toBe("Not yet recorded; its words are below, to read.");
    expect(textOf(elementById(home, "reflect-song-hint"))).toBe("Reflections are kept with a song: choose the one your words are about.");
    const day = await truthfulPage("/services/2026-11-22");
    expect(day).not.toContain("the player passes over it");
    expect(day).toContain("Not yet recorded; its words are on its page, to read.");
  });

  it("a day that is today somewhere but not UTC's names no service of the visitor's hour without scripts", async () => {
    const ahead = await truthfulPage("/services/2026-11-23");
    expect(ahead).toContain('<span id="your-hour">Open any of them to read it.</span>');
    expect(ahead).toMatch(/<p hidden><a id="your-service"/);
    const today = await truthfulPage("/services/2026-11-22");
    expect(today).toContain('<span id="your-hour">The service of your hour is open below; open any other to read it.</span>');
    expect(today).toMatch(/<p><a id="your-service" href="#slot-3-/);
  });

  it("a day's slots without services say why: not arranged yet, or before the sanctuary opened", async () => {
    const ahead = await truthfulPage("/services/2026-11-23");
    expect(ahead).toContain('id="slot-0-unknown"');
    for (const slot of [1, 2, 3, 4, 5])
      expect(textOf(elementById(ahead, `slot-${slot}-missing`))).toBe(
        "Not arranged yet: its services are arranged when this hour first begins, somewhere in the world.",
      );
    const before = await truthfulPage("/services/2026-11-21");
    expect(before).toContain('id="slot-5-unknown"');
    for (const slot of [0, 1, 2, 3, 4])
      expect(textOf(elementById(before, `slot-${slot}-missing`))).toBe("No service was held at this hour: it came before the sanctuary opened.");
    expect(await truthfulPage("/services/2026-11-22")).not.toContain("-missing");
  });

  it("a service still heard somewhere keeps its reflections ahead of it, not behind", async () => {
    const ahead = await truthfulPage("/services/2026-11-23");
    expect(ahead).toContain("<h3>Reflections left while it is heard</h3>");
    expect(ahead).toContain("None yet: they gather here while it plays, wherever in the world it is heard.");
    expect(ahead).not.toContain("Reflections left while it was heard");
  });

  it("an empty coming date says it is not arranged yet, and where the nearest days are", async () => {
    // Within the week the calendar feed lists (/feed/services.ics links each event to its date): a page that exists.
    const r = await server.text("/services/2026-11-30");
    expect(r.status).toBe(200);
    expect(r.text).toContain("<h1>Not arranged yet</h1>");
    expect(r.text).toContain("Nothing is arranged for Monday 30 November 2026 yet");
    expect(r.text).not.toContain("Nothing was planned or heard");
    expect(r.text).toContain("The nearest day that has services is linked above.");
    expect(r.text).not.toContain("linked below");
    // Every day the calendar feed links to answers, in the zones where days begin first and last.
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const feed = await server.text(`/feed/services.ics?timezone=${zone}`);
      const linked = new Set([...feed.text.matchAll(/^URL;VALUE=URI:(.+)\r$/gm)].map((m) => new URL(m[1]!).pathname));
      expect(linked.size, zone).toBeGreaterThan(6);
      for (const path of linked) expect((await server.text(path)).status, `${zone} ${path}`).toBe(200);
    }
    // Further off, the same words, but nothing links there: 404.
    const far = await server.text("/services/2026-12-20");
    expect(far.status).toBe(404);
    expect(far.text).toContain("Nothing is arranged for Sunday 20 December 2026 yet");
  });

  it("an index with no reflections says so kindly, not with noughts", async () => {
    const index = await truthfulPage("/reflections");
    expect(index).not.toContain("0 reflections");
    expect(index).toContain("No one has left a reflection yet");
  });

  it("a song page labels the recording's words as the plain text they are", async () => {
    const song = server.deps.library.songs[0];
    expect(await truthfulPage(`/reflections/${song.slug}`)).toContain(`<a href="/docs/songs/${song.slug}.md?spoken">What the recording sings (plain text)</a>`);
  });
});
