// The player that stays, in Chromium: a service started on the home page goes on playing in the player bar
// while the visitor follows a link to the reading's page, searches from the header, and comes back with the
// back button, and to the part's own page from the bar (shell.js swaps <main>, the bar's <audio> is never
// touched; scripts a page needs are loaded on the way); the Media Session names the part; a reload goes on at
// the same part and second; a browser that refuses to start by itself offers "Resume
// part N at m:ss"; another service starts from its beginning. With JavaScript off there is no bar, and each
// page has its own player with its length printed beside it. The recordings are tones written into the
// media manifest before the server starts, as in player.test.ts.

import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spokenDuration } from "../../web/pages/words.ts";
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, chromiumMissing, openTab, pollLong, screenshotBothWidths } from "../helpers/chromium.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { writeStandIns } from "../helpers/pieces.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";
import { placeOf } from "../../web/pages/words.ts";

const reason = chromiumMissing("player bar tests");
const ZONE = "Asia/Tokyo";
// A loaded machine may take a while to fetch a page or start a sound: wait for states, never time them.
interface Part {
  title: string;
  kind: string;
  url: string;
  path?: string;
  slug?: string;
}

describe.skipIf(Boolean(reason))(`the player bar across pages${reason}`, () => {
  let server: TestServer;
  let dataDir: string;
  let browser: Browser;
  let order: Part[];
  let reading: Part;
  let readingSeconds: number;
  const problems: string[] = [];

  beforeAll(async () => {
    // The pages are held to the service the probe asked for here: the suite runs within one slot.
    await clearOfSlotBoundary(ZONE, 5 * 60_000);
    dataDir = await mkdtemp(join(tmpdir(), "sanctuary-player-bar-"));
    // The service the browser's hour hears: its first part and its reading get recordings.
    const probe = await startTestServer({}, {}, dataDir);
    order = (await probe.get(`/api/now?timezone=${ZONE}`)).body.service.order;
    const pieceOf = (p: Part) => probe.deps.library.pieces.find((x) => (p.path ? x.path === p.path : x.kind === "song" && x.slug === p.slug))!;
    reading = order.find((p) => p.kind === "prayer" || p.kind === "practice")!;
    readingSeconds = pieceOf(reading).declaredSeconds;
    await probe.stop();
    // The first part is long enough to outlast every step below while it plays.
    await writeStandIns(
      join(dataDir, "media"),
      (
        [
          [order[0], 120],
          [reading, 5],
        ] as const
      ).map(([part, seconds]) => ({ path: pieceOf(part).path, seconds, listed: pieceOf(part).declaredSeconds })),
    );
    server = await startTestServer({}, {}, dataDir);
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required"] });
  }, 510_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const tokyoTab = (javaScriptEnabled = true, initScript?: () => void): Promise<Page> =>
    openTab(browser, { javaScriptEnabled, timezoneId: ZONE }, problems, {}, initScript);
  const bar = (page: Page) => page.locator("#player-bar");
  const sound = (page: Page) =>
    bar(page)
      .locator("audio")
      .evaluate((a: HTMLAudioElement) => ({
        src: a.getAttribute("src"),
        time: a.currentTime,
        paused: a.paused,
        resumedAt: (window as unknown as { startedAt?: number }).startedAt ?? null,
      }));
  // Where the bar's sound last began playing (after a load, a seek or a pause), for the pages' lifetime.
  const watchStarts = () =>
    document.addEventListener(
      "playing",
      (e) => void ((window as unknown as { startedAt?: number }).startedAt = (e.target as HTMLMediaElement).currentTime),
      true,
    );
  async function startOnHome(page: Page) {
    await page.goto(server.url + "/", { waitUntil: "load" });
    // The browser's own hour's service, so the list is not redrawn under the test.
    await pollLong(() => page.locator("#now-where").innerText()).toContain(placeOf(ZONE));
    await page.locator(".service-player button").click();
    await pollLong(async () => (await sound(page)).time).toBeGreaterThan(0.3);
  }

  it("keeps the part playing through a link, a header search, the back button and the bar's own link; a reload resumes it", async () => {
    const page = await tokyoTab(true, watchStarts);
    await startOnHome(page);
    const started = await sound(page);
    expect(started.src).toMatch(/^\/media\/.+\.mp3$/);
    expect(started.paused).toBe(false);
    expect(await bar(page).isVisible()).toBe(true);
    expect(await bar(page).locator(".bar-part").innerText()).toBe(order[0].title);
    await page.locator("#service-parts > li").first().scrollIntoViewIfNeeded();
    await screenshotBothWidths(page, "player-bar-home");

    // A mark on this document: a full page load would lose it, a swapped <main> keeps it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
    const link = page.locator(`#service-parts > li[data-title="${reading.title}"] h3 a`);
    await link.click();
    await page.waitForURL(server.url + new URL(reading.url).pathname, { waitUntil: "commit" });
    await pollLong(() => page.locator("main h1").innerText()).toBe(reading.title);
    expect(await page.title()).toBe(`${reading.title} · Sanctuary`);
    expect(await stayed()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    expect(await page.locator("header nav a[aria-current]").innerText()).toBe("Library");
    const there = await sound(page);
    expect(there.src).toBe(started.src);
    expect(there.time).toBeGreaterThan(started.time); // not started again
    expect(there.paused).toBe(false);
    await pollLong(async () => (await sound(page)).time).toBeGreaterThan(there.time);
    expect(await bar(page).isVisible()).toBe(true);
    // The reading's own player says its length before it is played.
    expect(await page.locator("main .player-length").innerText()).toMatch(/^Length (\d+\u00a0min( \d+\u00a0s)?|\d+\u00a0s)$/);

    const media = await page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return { title: m?.title, artist: m?.artist, album: m?.album, artwork: m?.artwork.map((a) => a.type), state: navigator.mediaSession.playbackState };
    });
    expect(media).toMatchObject({ title: order[0].title, artist: "Sanctuary", artwork: ["image/png", "image/svg+xml"], state: "playing" });
    expect(media.album).toContain(" · ");
    await screenshotBothWidths(page, "player-bar-prayer");

    // One sound at a time: the page's own player pauses the bar, and the bar's play pauses the page's.
    const own = page.locator("main audio");
    await own.evaluate((a: HTMLAudioElement) => a.play());
    await pollLong(async () => (await sound(page)).paused).toBe(true);
    await bar(page).locator(".bar-toggle").click();
    await pollLong(async () => (await sound(page)).paused).toBe(false);
    expect(await own.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

    // The header's search (a GET form) is taken the same way.
    await page.fill("#site-q", "gratitude");
    await page.locator(".site-search button").click();
    await page.waitForURL(/\/search\?q=gratitude$/, { waitUntil: "commit" });
    await pollLong(() => page.locator("main h1").innerText()).not.toBe(reading.title);
    expect(await stayed()).toBe(true);
    expect((await sound(page)).paused).toBe(false);

    // The day's services: their lists are views of the bar too, wired on the swapped page.
    await page.locator("header nav a", { hasText: "Services" }).click();
    await pollLong(() => page.locator("main h1").innerText()).toMatch(/^Services of /);
    // The services are folded but the server opens one (its hour): that one's player is wired on the swapped page.
    await pollLong(() => page.locator("main details.service[open] .service-player").first().isVisible()).toBe(true);
    // Swapped in, whatever the hour: where the browser's day is not yet (or no longer) UTC's, /services sends it on to
    // its own day's page through the shell, not by a full load that would cut the sound (it failed from 15:00 UTC).
    expect(await stayed()).toBe(true);
    expect(await page.locator("header nav a[aria-current]").innerText()).toBe("Services");
    expect((await sound(page)).paused).toBe(false);
    // Another half of the world, taken the same way: the page's script reads the new address, not the one left
    // (it ran before the address changed, saw no ?half= and moved the page back to the browser's own half).
    const day = await page.locator("main h1").innerText();
    await page.locator("#halves a[data-half=south]").click();
    await page.waitForURL(/[?&]half=south$/, { waitUntil: "commit" });
    await page.waitForLoadState("networkidle");
    expect(await page.locator("#halves strong").innerText()).toBe("the southern half of the world");
    expect(await page.locator("#halves").getAttribute("data-tier")).toBe("south");
    expect(await page.locator("main h1").innerText()).toBe(day);
    expect(page.url()).toMatch(/[?&]half=south$/);
    expect(await stayed()).toBe(true);
    expect((await sound(page)).paused).toBe(false);

    // Back four times: the day's services for the browser's half, the search, the reading's page, then home, the part
    // still playing and marked again.
    await page.goBack();
    await pollLong(() => page.url()).toMatch(/\/services(\/[\d-]+)?$/);
    await page.goBack();
    await page.waitForURL(/\/search\?q=gratitude$/, { waitUntil: "commit" });
    await page.goBack();
    await pollLong(() => page.locator("main h1").innerText()).toBe(reading.title);
    await page.goBack();
    await page.waitForURL(server.url + "/", { waitUntil: "commit" });
    await pollLong(() => page.locator("main h1").getAttribute("id")).toBe("service-name");
    expect(await stayed()).toBe(true);
    const back = await sound(page);
    expect(back.src).toBe(started.src);
    expect(back.paused).toBe(false);
    expect(back.time).toBeGreaterThan(there.time);
    await pollLong(() => page.locator("#service-parts > li").first().getAttribute("aria-current")).toBe("true");
    await pollLong(() => page.locator(".service-player button").innerText()).toBe("Pause");

    // The bar's title leads to the part's own page (the song's), taken the same way.
    await bar(page).locator(".bar-part").click();
    await pollLong(() => page.locator("main h1").innerText()).toBe(order[0].title);
    expect(await stayed()).toBe(true);

    // A reload there goes on at the same part and second it was left at (saved as the page went).
    await page.evaluate(() => {
      addEventListener("pagehide", () => sessionStorage.setItem("left-at", JSON.parse(sessionStorage.getItem("sanctuary:player")!).time));
    });
    await page.reload({ waitUntil: "load" });
    expect(await stayed()).toBe(false);
    await pollLong(async () => (await sound(page)).resumedAt).not.toBeNull();
    const leftAt = Number(await page.evaluate(() => sessionStorage.getItem("left-at")));
    const resumed = await sound(page);
    expect(resumed.src).toBe(started.src);
    expect(leftAt).toBeGreaterThan(back.time);
    expect(Math.abs(resumed.resumedAt! - leftAt)).toBeLessThan(1);
    expect(resumed.paused).toBe(false);
    expect(await bar(page).isVisible()).toBe(true);

    // From that page home again: its scripts, never loaded on this page, load and mark the part playing.
    await page.locator("header nav a", { hasText: "Now" }).click();
    await pollLong(() => page.locator("main h1").getAttribute("id")).toBe("service-name");
    await pollLong(() => page.locator("#now-where").innerText()).toContain(placeOf(ZONE));
    await pollLong(() => page.locator("#service-parts > li").first().getAttribute("aria-current")).toBe("true");
    expect(await page.locator("#service-parts .part-play").count()).toBeGreaterThan(0);
    expect((await sound(page)).paused).toBe(false);

    // Another service (the list now names a different one) starts from its beginning, not where this one is.
    await page.locator("#service-parts").evaluate((list) => list.setAttribute("data-service", "another service"));
    await pollLong(() => page.locator(".service-player button").innerText()).toBe("Play the service");
    await page.evaluate(() => delete (window as unknown as { startedAt?: number }).startedAt);
    await page.locator(".service-player button").click();
    await pollLong(async () => (await sound(page)).resumedAt).not.toBeNull();
    expect((await sound(page)).resumedAt).toBeLessThan(0.5);

    // Next part: the bar passes over the parts without a recording to the reading, and says which it is.
    const at = order.indexOf(reading);
    await bar(page).locator(".bar-next").click();
    await pollLong(() => bar(page).locator(".bar-position").innerText()).toBe(`Part ${at + 1} of ${order.length}`);
    await pollLong(async () => (await sound(page)).src !== started.src && !(await sound(page)).paused).toBe(true);
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(reading.title);
    await pollLong(() => page.locator(`#service-parts > li[data-title="${reading.title}"]`).getAttribute("aria-current")).toBe("true");
    await page.context().close();
  }, 120_000);

  it("offers to resume at the part and second when the browser will not start by itself", async () => {
    // The browser's rule without a press on the page, stood in for: play() is refused until the first press.
    const page = await tokyoTab(true, () => {
      document.addEventListener(
        "playing",
        (e) => void ((window as unknown as { startedAt?: number }).startedAt = (e.target as HTMLMediaElement).currentTime),
        true,
      );
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        return navigator.userActivation.hasBeenActive ? play.call(this) : Promise.reject(new DOMException("Not without a press", "NotAllowedError"));
      };
    });
    await startOnHome(page);
    await pollLong(async () => (await sound(page)).time).toBeGreaterThan(2);
    await page.locator(".service-player button").click(); // pause
    await pollLong(async () => (await sound(page)).paused).toBe(true);
    const left = (await sound(page)).time;
    await page.reload({ waitUntil: "load" });
    const toggle = bar(page).locator(".bar-toggle");
    const label = `Resume part 1 at ${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
    await pollLong(() => toggle.innerText()).toBe(label);
    await screenshotBothWidths(page, "player-bar-resume");
    expect(await bar(page).locator(".bar-length").innerText()).toMatch(/^\d+:\d\d$/);
    expect((await sound(page)).paused).toBe(true);
    await toggle.click();
    await pollLong(async () => (await sound(page)).resumedAt).not.toBeNull();
    expect(Math.abs((await sound(page)).resumedAt! - left)).toBeLessThan(1);
    await page.context().close();
  }, 90_000);

  it("without JavaScript: no bar, and each page's own players, lengths printed beside them", async () => {
    const page = await tokyoTab(false);
    await page.goto(server.url + "/", { waitUntil: "load" });
    expect(await bar(page).isVisible()).toBe(false);
    expect(await page.locator(".service-player").isVisible()).toBe(false);
    // (This is the service for everywhere: without scripts the page cannot know the browser's zone.)
    const players = page.locator("#service-parts > li audio");
    for (const player of await players.all()) expect(await player.isVisible()).toBe(true);
    expect(await page.locator(".part-play").count()).toBe(0);
    await page.goto(server.url + new URL(reading.url).pathname, { waitUntil: "load" });
    expect(await page.locator("main h1").innerText()).toBe(reading.title);
    expect(await bar(page).isVisible()).toBe(false);
    expect(await page.locator("main audio").isVisible()).toBe(true);
    // The manifest's length (here the declared one), not the tone's five seconds nor a player's "0:00".
    expect(await page.locator("main .player-length").innerText()).toBe(`Length ${spokenDuration(readingSeconds)}`);
    await page.context().close();
  }, 60_000);

  it("no page broke its CSP or threw", () => {
    expect(problems).toEqual([]);
  });
});
