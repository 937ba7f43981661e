// The service player in a real browser (Debian's Chromium, autoplay allowed): pressing the one play button
// on the home page plays the first part in the player bar, and when it ends the next part with a recording
// starts by itself, passing over a part that is not yet recorded, with the part playing marked in the list. The recordings are short
// tones written into the media manifest before the server starts (rendering real ones takes minutes); the
// manifest gives them the pieces' declared lengths, so the service the server arranges stays the same.

import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, chromiumMissing, watchForProblems } from "../helpers/chromium.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { writeStandIns } from "../helpers/pieces.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";
import { placeOf } from "../../web/pages/words.ts";

const reason = chromiumMissing("player tests");
const ARGS = CHROMIUM_ARGS;
const ZONE = "Asia/Tokyo";

describe.skipIf(Boolean(reason))(`the service player${reason}`, () => {
  let server: TestServer;
  let dataDir: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  let titles: string[];
  const problems: string[] = [];

  beforeAll(async () => {
    // The page is held to the service the probe asked for here: the suite runs within one slot.
    await clearOfSlotBoundary(ZONE, 5 * 60_000);
    dataDir = await mkdtemp(join(tmpdir(), "sanctuary-player-"));
    // The service the browser's hour hears: its first and third parts get recordings, the second none.
    const probe = await startTestServer({}, {}, dataDir);
    const order: Array<{ path?: string; slug?: string; title: string }> = (await probe.get(`/api/now?timezone=${ZONE}`)).body.service.order;
    const pieces = order.map((p) => probe.deps.library.pieces.find((x) => (p.path ? x.path === p.path : x.kind === "song" && x.slug === p.slug))!);
    await probe.stop();
    titles = order.map((p) => p.title);
    // Long enough that a loaded machine checks the first part while it still plays; short enough to wait out.
    await writeStandIns(
      join(dataDir, "media"),
      [0, 2].map((i) => ({ path: pieces[i].path, seconds: 4, hz: 330 + i * 110, listed: pieces[i].declaredSeconds })),
    );
    server = await startTestServer({}, {}, dataDir);

    profile = await mkdtemp(join(tmpdir(), "sanctuary-chromium-"));
    await mkdir(ARTIFACTS, { recursive: true });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...ARGS, "--autoplay-policy=no-user-gesture-required"],
      timezoneId: ZONE,
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    watchForProblems(page, problems);
  }, 450_000);
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) await rm(profile, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const partItem = (i: number) => page.locator("#service-parts > li").nth(i);
  // The bar's one <audio> plays the part whose own (hidden) player has the same recording.
  const isPlaying = async (i: number) => {
    const src = await partItem(i).locator("audio").getAttribute("src");
    return page
      .locator("#player-bar audio")
      .evaluate((a: HTMLAudioElement, want) => a.getAttribute("src") === want && !a.paused && !a.ended && a.currentTime > 0, src);
  };

  it("plays the first part on one press, then passes over the unrecorded part and starts the next by itself", async () => {
    await page.goto(server.url + "/", { waitUntil: "load" });
    // Wait for home.js to show the browser's own hour's service, so the parts are not redrawn mid-play.
    await expect.poll(() => page.locator("#now-where").innerText()).toContain(placeOf(ZONE));
    expect(await page.locator("#service-parts > li h3").allInnerTexts()).toEqual(titles);
    expect(await partItem(1).locator("audio").count()).toBe(0);
    expect(await partItem(1).locator(".not-recorded").innerText()).toBe("Not yet recorded; the player passes over it.");
    // With scripts, a recorded part's own player gives way to a button that plays it through the bar.
    expect(await partItem(0).locator("audio").isHidden()).toBe(true);
    expect(await partItem(0).locator(".part-play").innerText()).toBe("Play from here");
    expect(await page.locator("#player-bar").isHidden()).toBe(true);

    const button = page.locator(".service-player button");
    expect(await button.innerText()).toBe("Play the service");
    await button.click();
    await expect.poll(() => isPlaying(0)).toBe(true);
    await expect.poll(() => partItem(0).getAttribute("aria-current")).toBe("true");
    expect(await page.locator(".now-playing").innerText()).toBe(`Playing part 1 of ${titles.length}: ${titles[0]}.`);
    expect(await button.innerText()).toBe("Pause");
    expect(await partItem(0).locator(".part-play").isHidden()).toBe(true);
    expect(await partItem(2).locator(".part-play").innerText()).toBe("Play from here");
    expect(await page.locator("#player-bar .bar-part").innerText()).toBe(titles[0]);
    expect(await page.locator("#player-bar .bar-position").innerText()).toBe(`Part 1 of ${titles.length}`);
    await page.screenshot({ path: join(ARTIFACTS, "player-first-part.png") });

    // The first tone lasts 4 s; then the third part (the second has no recording) starts on its own.
    await expect.poll(() => isPlaying(2), { timeout: 30_000 }).toBe(true);
    expect(await partItem(2).getAttribute("aria-current")).toBe("true");
    expect(await partItem(0).getAttribute("aria-current")).toBeNull();
    expect(await partItem(1).getAttribute("aria-current")).toBeNull();
    expect(await isPlaying(0)).toBe(false);
    expect(await page.locator(".now-playing").innerText()).toBe(
      `Playing part 3 of ${titles.length}: ${titles[2]}. Passed over, not yet recorded: “${titles[1]}”.`,
    );
    await partItem(2).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, "player-third-part.png") });
    // What focus scrolls into view is kept clear of the bar's real height, which grows with the text (WCAG 2.4.11).
    const clearance = () =>
      page.evaluate(() => [document.documentElement.style.scrollPaddingBottom, `${document.getElementById("player-bar")!.offsetHeight + 16}px`]);
    await expect.poll(async () => new Set(await clearance()).size).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await partItem(2).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, "player-phone.png") });
    const phoneBar = (await clearance())[1];
    await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
    await expect.poll(async () => new Set(await clearance()).size).toBe(1);
    expect(parseInt((await clearance())[1], 10)).toBeGreaterThan(parseInt(phoneBar, 10));
    await page.evaluate(() => (document.documentElement.style.fontSize = ""));
    await page.setViewportSize({ width: 1280, height: 900 });
    // In forced colours (Windows high contrast) the play triangle keeps its shape: its transparent borders stay so.
    await page.emulateMedia({ forcedColors: "active" });
    const drawn = await partItem(0)
      .locator(".part-play")
      .evaluate((b) => [getComputedStyle(b, "::before").forcedColorAdjust, getComputedStyle(b, "::before").borderTopColor]);
    expect(drawn).toEqual(["none", "rgba(0, 0, 0, 0)"]);
    await page.emulateMedia({ forcedColors: "none" });

    // Pressing again pauses the part playing, and again goes on from where it was.
    await button.click();
    await expect.poll(() => button.innerText()).toBe("Go on");
    expect(await isPlaying(2)).toBe(false);
    expect(await page.locator("#player-bar .bar-toggle").innerText()).toBe("Play");
    // "Play from here" on the first part starts there, in place of the part that was paused. Pressed from the
    // keyboard, the button goes away with the focus handed to the bar's toggle, never dropped to the page.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("class") ?? document.activeElement?.tagName);
    await partItem(0).locator(".part-play").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => isPlaying(0)).toBe(true);
    expect(await partItem(0).getAttribute("aria-current")).toBe("true");
    expect(await focused()).toBe("bar-toggle");
    // Stop empties the bar: nothing is held, nothing marked; its focus goes to the page's own player.
    await page.locator("#player-bar .bar-stop").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#player-bar").isHidden()).toBe(true);
    expect(await focused()).toBe("play");
    await expect.poll(() => page.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe("");
    expect(await page.locator("#service-parts > li[aria-current]").count()).toBe(0);
    expect(await button.innerText()).toBe("Play the service");
  }, 90_000);

  it("no page broke its CSP or threw", () => {
    expect(problems).toEqual([]);
  });
});
