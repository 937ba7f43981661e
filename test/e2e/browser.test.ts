// The pages in a real browser: Debian's Chromium driven by playwright-core against the real server.
// What a person looks for is on each page, the home page redraws for the browser's own timezone, the
// reflection form says its thanks and its refusals in people's words, asking shows the question and its
// answer, and no page trips its CSP. Screenshots (1280 and 390 wide) go to test-artifacts/ for a person
// to look at. browser-pages.test.ts covers the same forms with JavaScript off, search, and time zones.

import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, chromiumMissing, watchForProblems } from "../helpers/chromium.ts";
import { startTestServer, type TestServer, searchComplete } from "../helpers/server.ts";
import { serviceTitle } from "../../web/pages/words.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";

const reason = chromiumMissing("browser tests");
const ARGS = CHROMIUM_ARGS;
const ZONE = "Asia/Tokyo";

describe.skipIf(Boolean(reason))(`pages in a browser${reason}`, () => {
  let server: TestServer;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    // The pages are compared with /api/now asked before or after, and a reflection filed under one slot's song is
    // looked for under the song asked for a test later: the suite runs within one slot.
    await clearOfSlotBoundary(ZONE, 5 * 60_000);
    server = await startTestServer();
    profile = await mkdtemp(join(tmpdir(), "sanctuary-chromium-"));
    await mkdir(ARTIFACTS, { recursive: true });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      timezoneId: ZONE,
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    // CSP violations, script errors and failed requests show up here; a page that works has none. The one
    // expected failure is the 400 the form test provokes on purpose (the page showing the form again).
    watchForProblems(page, problems, { failedLoadEcho: true, response: (r) => r.request().method() === "POST" && r.status() === 400 });
    await searchComplete(server);
  }, 450_000);
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  const openPage = async (path: string) => {
    const res = await page.goto(server.url + path, { waitUntil: "load" });
    expect(res?.status(), path).toBe(200);
  };
  const h1 = () => page.locator("h1").innerText();

  it("the home page shows the service for the browser's own timezone, with its parts and players", async () => {
    await openPage("/");
    await expect.poll(() => page.locator("#now-where").innerText()).toContain("in Tokyo:");
    const now = (await server.get("/api/now?timezone=Asia/Tokyo")).body;
    // The page's heading is the service itself, by its name or its slot's.
    expect(await h1()).toBe(serviceTitle(now.service.name, now.service.slot));
    expect(await page.locator("#service-parts > li h3").allInnerTexts()).toEqual(now.service.order.map((p: any) => p.title));
    expect(await page.locator("#souls").innerText()).toMatch(
      /^(You may be the first here today|One other has attended in the last day|\d{1,3}(,\d{3})* souls have attended in the last day)\.$/,
    );
    // Lengths as people say them, also where the script redrew the parts.
    expect(await page.locator("#service-parts .meta").first().innerText()).toMatch(/ · (\d+ min( \d+ s)?|\d+ s)$/);
    expect(await page.locator('#reflect-form [name="songSlug"]').inputValue()).toBe(now.current.slug);
    // A song's lyrics load when opened, their section marks drawn as marks.
    const song = page.locator("#service-parts > li", { has: page.locator(".kind", { hasText: "Song" }) }).first();
    await song.locator("summary").click();
    await expect.poll(() => song.locator(".prose .lyric-mark.section").first().innerText()).toMatch(/^(Verse|Chorus|Intro)/i);
  });

  it("the reflection form says a refusal in people's words, keeps what was typed, then thanks", async () => {
    const tokyo = (await server.get("/api/now?timezone=Asia/Tokyo")).body.current.slug;
    const heard = () => page.locator('#reflect-form [name="songSlug"]').inputValue();
    await openPage("/");
    await page.fill("#reflect-name", "Wren");
    await page.fill("#reflect-text", "Too short.");
    await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.click("#reflect-form button[type=submit]")]);
    await page.waitForLoadState("load");
    const result = page.locator("#reflect-result");
    expect(await result.innerText()).toContain("Your reflection has 10 characters; it needs at least 20.");
    expect(await result.innerText()).not.toMatch(/`|example/);
    expect(await result.getAttribute("role")).toBe("alert");
    expect(await page.inputValue("#reflect-text")).toBe("Too short.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("reflect-text");

    // The form files under the song of the service the browser's own hour is hearing (home.js sets it).
    await expect.poll(heard).toBe(tokyo);
    await page.fill("#reflect-text", "The chant about the tide stayed with me through the whole grey afternoon.");
    await Promise.all([page.waitForURL(new RegExp(`/\\?reflected=${tokyo}$`)), page.click("#reflect-form button[type=submit]")]);
    expect(await result.innerText()).toContain("Thank you. Your reflection is on the live feed for the next 48 hours");
    // The thanks take the focus, so a screen reader reads them (an address with a fragment had cancelled autofocus).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("reflect-result");
    expect(await page.locator("#recent-reflections li").first().innerText()).toContain("The chant about the tide");
    // The browser's own zone went with it (reflect.js filled the hidden box), and its time reads in that zone.
    const stored = (await server.get("/api/reflections")).body.reflections.find((r: any) => r.text.startsWith("The chant about the tide"));
    expect(stored.timezone).toBe("Asia/Tokyo");
    expect(await page.locator("#recent-reflections li time").first().innerText()).toMatch(/GMT\+9$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, "home.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, "home-phone.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("the song page shows its lyrics, context and the reflection just left", async () => {
    const slug = (await server.get("/api/now?timezone=Asia/Tokyo")).body.current.slug;
    const song = (await server.get(`/api/music/${slug}`)).body;
    await openPage(`/reflections/${slug}`);
    expect(await h1()).toBe(song.title);
    expect(await page.locator("h2").allInnerTexts()).toEqual(
      expect.arrayContaining(["Lyrics", "Why it was written", "Reflections (1)", "Leave a reflection on this song"]),
    );
    expect(await page.locator("#song-reflections li").first().innerText()).toContain("The chant about the tide");
    await page.screenshot({ path: join(ARTIFACTS, "song.png"), fullPage: true });
  });

  it("asking on /ask shows the question, its answer, its sources and the recent list with it", async () => {
    await openPage("/ask");
    await page.fill("#ask-question", "How do I end my day gently?");
    await Promise.all([page.waitForURL(/\/ask\?conversation=[a-z0-9-]+#answer$/, { timeout: 20_000 }), page.click("#ask-form button[type=submit]")]);
    expect(await page.locator("#asked-question").innerText()).toBe("How do I end my day gently?");
    expect((await page.locator("#ask-answer-text").innerText()).length).toBeGreaterThan(40);
    expect(await page.locator("#ask-sources li").count()).toBeGreaterThan(0);
    expect(await page.locator("#recent-conversations").innerText()).toContain("How do I end my day gently?");
    expect(await page.locator("#ask-question").getAttribute("aria-describedby")).toBe("ask-question-hint");
    expect(await page.locator("label[for=ask-question]").innerText()).toBe("Your follow-up question");
    await page.screenshot({ path: join(ARTIFACTS, "ask.png"), fullPage: true });
    await page.click("#ask-link a");
    await page.waitForURL(/\/ask\/[a-z0-9-]+$/);
    expect(await h1()).toBe("How do I end my day gently?");
    expect(await page.locator("h3").allInnerTexts()).toContain("Answer");
  });

  it("every other page shows what a person would look for", async () => {
    await openPage("/services");
    // From 15:00 UTC a browser in Tokyo is on the next day, and services.js moves it there (location.replace) once
    // /api/now has said so: waited for, or the next page's navigation is cut off by it (a CI run at 23:10 UTC).
    const own = (await server.get(`/api/now?timezone=${ZONE}`)).body.service.today.date;
    if (own !== server.deps.clock().toISOString().slice(0, 10)) await page.waitForURL(`${server.url}/services/${own}`);
    expect(await h1()).toMatch(/^Services of \w+day \d+ \w+ \d{4}$/);
    expect(await page.locator("main h2").count()).toBeGreaterThan(0);
    await openPage("/reflections");
    expect(await h1()).toBe("Songs and their reflections");
    expect(await page.locator("main ul.plain li").count()).toBe(server.deps.library.songs.length);
    await openPage("/docs");
    expect(await h1()).toBe("The library");
    expect(await page.locator("main section h2").allInnerTexts()).toEqual(expect.arrayContaining(["Guides", "Prayers", "Chants"]));
    await page.click("text=Welcome to Sanctuary");
    await page.waitForURL(/\/docs\/welcome$/);
    expect(await h1()).toBe("Welcome to Sanctuary");
    expect(await page.locator("main .prose h2").count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, "doc.png"), fullPage: true });
  });

  it("the header's horizon keeps the visitor's hour: its watch named from the browser's clock, the sun placed and the night sky drawn by it", async () => {
    await openPage("/");
    const WATCHES = ["deep", "turning", "morning", "noon", "gathering", "closing"];
    // The watch of the hour in Tokyo (the browser's zone), before and after reading the page: a read that
    // straddles a watch's turn may see either.
    const watchNow = () =>
      WATCHES[Math.floor(Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: "Asia/Tokyo" }).format(new Date())) / 4)];
    const before = watchNow();
    const named = await page.evaluate(() => document.documentElement.dataset.watch);
    expect([before, watchNow()]).toContain(named);
    // What each watch draws (light theme): the sun high at noon, low at dusk; a dark sky in the night watches.
    const drawn = (watch: string) =>
      page.evaluate((w) => {
        const root = document.documentElement;
        root.dataset.watch = w;
        root.dataset.theme = "light";
        const sun = document.querySelector(".horizon .sun")!;
        const sky = document.querySelector(".horizon .sky-top")!;
        return { sun: getComputedStyle(sun).transform, sky: getComputedStyle(sky).stopColor };
      }, watch);
    const noon = await drawn("noon");
    const dusk = await drawn("gathering");
    const night = await drawn("deep");
    expect(noon.sun).toBe("matrix(1, 0, 0, 1, -80, -50)");
    expect(dusk.sun).toBe("matrix(1, 0, 0, 1, 30, 8)");
    expect(noon.sky).not.toBe(night.sky);
    expect(night.sky).toBe("rgb(39, 48, 74)");
    await page.locator(".horizon").screenshot({ path: join(ARTIFACTS, "horizon-deep-light.png") });
    await drawn("noon");
    await page.locator(".horizon").screenshot({ path: join(ARTIFACTS, "horizon-noon-light.png") });
    await page.evaluate(() => delete document.documentElement.dataset.theme);
  });

  it("no page broke its CSP or threw", () => {
    expect(problems).toEqual([]);
  });
});
