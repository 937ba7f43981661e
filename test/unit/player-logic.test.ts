// The pure decisions inside the pages' player scripts, run as the browser runs them (the asset files
// themselves, in a bare context with no document): which links and forms shell.js takes into the page
// instead of a full load, and when player.js may resume where a visitor left off.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

function load<T>(file: string, name: string): T {
  const context: Record<string, unknown> = { URL };
  runInNewContext(readFileSync(new URL(`../../web/pages/assets/${file}`, import.meta.url), "utf8"), context);
  return context[name] as T;
}

interface Link {
  href: string;
  target?: string;
  download?: boolean;
}
interface Click {
  button: number;
  defaultPrevented?: boolean;
  metaKey?: boolean;
  ctrlKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}
const shell = load<{
  takesUrl(href: string, here: string): boolean;
  takesClick(click: Click, link: Link, here: string): boolean;
  takesForm(form: { method?: string | null; target?: string; action?: string }, here: string): boolean;
}>("shell.js", "sanctuaryShellLogic");

const HERE = "https://sanctuary.test/docs/prayers/for-the-night-shift";
const plain: Click = { button: 0 };

describe("the shell takes only plain clicks on links to our own pages", () => {
  it.each([
    ["/", true],
    ["/services/2026-11-26", true],
    ["/reflections/two-notes", true],
    ["/docs#prayers", true],
    ["/search?q=tide", true],
    ["https://sanctuary.test/ask", true],
    ["https://elsewhere.test/", false],
    ["http://sanctuary.test/", false],
    ["/api/now", false],
    ["/api", false],
    ["/feed/reflections.xml", false],
    ["/feed/services.ics?timezone=UTC", false],
    ["/podcasts/songs/feed.xml", false],
    ["/podcasts/artwork.png", false],
    ["/media/songs/two-notes.mp3", false],
    ["/docs/prayers/for-the-night-shift.md?spoken", false],
    ["/llms.txt", false],
    ["/openapi.json", false],
    ["/mcp", false],
    ["/.well-known/mcp/server-card.json", false],
    ["mailto:someone@sanctuary.test", false],
    ["#main", false],
    [`${HERE}#agents-version`, false],
  ])("%s → %s", (href, taken) => {
    expect(shell.takesClick(plain, { href: new URL(href, HERE).href }, HERE)).toBe(taken);
  });

  it("leaves a click with a modifier, another button, a target, a download or an earlier handler to the browser", () => {
    const link = { href: "https://sanctuary.test/services" };
    expect(shell.takesClick(plain, link, HERE)).toBe(true);
    for (const click of [{ button: 1 }, { button: 0, metaKey: true }, { button: 0, ctrlKey: true }, { button: 0, shiftKey: true }, { button: 0, altKey: true }])
      expect(shell.takesClick(click, link, HERE)).toBe(false);
    expect(shell.takesClick({ button: 0, defaultPrevented: true }, link, HERE)).toBe(false);
    expect(shell.takesClick(plain, { ...link, target: "_blank" }, HERE)).toBe(false);
    expect(shell.takesClick(plain, { ...link, target: "_self" }, HERE)).toBe(true);
    expect(shell.takesClick(plain, { ...link, download: true }, HERE)).toBe(false);
  });

  it("takes GET forms to our pages (the header's search), never a POST", () => {
    expect(shell.takesForm({ method: "get", action: "https://sanctuary.test/search" }, HERE)).toBe(true);
    expect(shell.takesForm({ method: null, action: "https://sanctuary.test/search" }, HERE)).toBe(true);
    expect(shell.takesForm({ method: "post", action: "https://sanctuary.test/" }, HERE)).toBe(false);
    expect(shell.takesForm({ method: "get", action: "https://sanctuary.test/search", target: "_blank" }, HERE)).toBe(false);
    expect(shell.takesForm({ method: "get", action: "https://sanctuary.test/api/search" }, HERE)).toBe(false);
  });
});

interface Saved {
  v: number;
  service: { id: string; label: string; parts: Array<{ title: string; src: string | null; seconds: number; page: string | null }> };
  index: number;
  time: number;
  playing: boolean;
  at: number;
}
const player = load<{
  clock(seconds: number): string;
  firstRecorded(parts: Array<{ src: string | null }>, from: number): number;
  restorable(saved: unknown, now: number): Saved | null;
  resumeLabel(index: number, time: number): string;
  FORGET_AFTER: number;
}>("player.js", "sanctuaryPlayerLogic");

describe("the player's resuming", () => {
  const NOW = Date.UTC(2026, 10, 26, 15);
  const saved: Saved = {
    v: 1,
    service: {
      id: "2026-11-26 12:00 to 16:00 north: Morning Tide / Five Small Debts",
      label: "A service from the rotation · 12:00 to 16:00",
      parts: [
        { title: "Morning Tide", src: "/media/songs/morning-tide.mp3", seconds: 200, page: "/reflections/morning-tide" },
        { title: "Not Yet", src: null, seconds: 60, page: "/docs/chants/not-yet" },
        { title: "Five Small Debts", src: "/media/practice/five-small-debts.mp3", seconds: 251, page: "/docs/practice/five-small-debts" },
      ],
    },
    index: 2,
    time: 83.4,
    playing: true,
    at: NOW - 60_000,
  };

  it("goes on at the part and second left, within a slot's length of leaving", () => {
    expect(player.restorable(saved, NOW)).toEqual(saved);
    expect(player.restorable({ ...saved, at: NOW - player.FORGET_AFTER + 1000 }, NOW)).not.toBeNull();
    expect(player.resumeLabel(saved.index, saved.time)).toBe("Resume part 3 at 1:23");
  });

  it("starts afresh after that, and from anything it cannot trust", () => {
    expect(player.restorable({ ...saved, at: NOW - player.FORGET_AFTER - 1000 }, NOW)).toBeNull();
    expect(player.restorable({ ...saved, at: NOW + 3_600_000 }, NOW)).toBeNull();
    expect(player.restorable({ ...saved, index: 1 }, NOW)).toBeNull(); // a part with no recording
    expect(player.restorable({ ...saved, index: 7 }, NOW)).toBeNull();
    expect(player.restorable({ ...saved, time: -1 }, NOW)).toBeNull();
    expect(player.restorable({ ...saved, v: 2 }, NOW)).toBeNull();
    expect(player.restorable(null, NOW)).toBeNull();
    expect(player.restorable("a string", NOW)).toBeNull();
  });

  it("passes over parts without a recording, and says times as a player does", () => {
    expect(player.firstRecorded(saved.service.parts, 0)).toBe(0);
    expect(player.firstRecorded(saved.service.parts, 1)).toBe(2);
    expect(player.firstRecorded(saved.service.parts, 3)).toBe(-1);
    expect([0, 9.9, 83.4, 600, 3725].map(player.clock)).toEqual(["0:00", "0:09", "1:23", "10:00", "1:02:05"]);
  });
});
