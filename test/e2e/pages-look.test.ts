// How the pages look, in Chromium at 1280 and 390 px, light and dark: screenshots for a person to look at
// (test-artifacts/look-<page>-<scheme>-<width>.png, and -top.png for the first screen), and the things a look can be held to: /docs and
// /services fit in a few screens, nothing is wider than a phone, the header shows the icon and the name
// once, the theme button switches and remembers, the system's choice holds without scripts, lyrics' marks
// are drawn as marks, and the one typeface loads from this origin.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, chromiumMissing, openTab, pollLong } from "../helpers/chromium.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";

const reason = chromiumMissing("page look tests");
const WIDTHS = [1280, 390] as const;
const SCHEMES = ["light", "dark"] as const;
// Before the library was split by section and the services folded (1280 px wide): 34,118 and 15,052 px.
const TALLEST = { docs: 5000, services: 6000 };

describe.skipIf(Boolean(reason))(`the pages' look${reason}`, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let pages: Record<string, string>;

  async function lookTab(options: { colorScheme: "light" | "dark"; width: number; javaScriptEnabled?: boolean; timezoneId?: string }): Promise<Page> {
    const page = await openTab(
      browser,
      {
        colorScheme: options.colorScheme,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        viewport: { width: options.width, height: options.width > 500 ? 900 : 844 },
        timezoneId: options.timezoneId ?? "Europe/Lisbon",
      },
      problems,
    );
    contexts.push(page.context());
    return page;
  }
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  beforeAll(async () => {
    server = await startTestServer();
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    // A song whose lyrics hold both a section and a held break, so both kinds of mark are drawn.
    const song = server.deps.library.songs.find((s) => /^\[Verse/m.test(s.lyrics ?? "") && /^\[Instrumental/m.test(s.lyrics ?? ""))!;
    const prayer = server.deps.library.ofKind("prayer")[0];
    pages = {
      home: "/",
      docs: "/docs",
      section: "/docs/prayers",
      prayer: `/docs/${prayer.path}`,
      song: `/reflections/${song.slug}`,
      services: "/services",
      mcp: "/docs/mcp",
      ask: "/ask",
      contribute: "/contribute",
      // One long unbroken word searched for: it must wrap, not widen the page.
      search: `/search?q=${"Unbroken".repeat(14)}`,
    };
    // An agent's long unbroken name and place, shown under its reflection on the home page and the song's.
    const reflected = await server.post("/api/reflect", {
      name: "AgentIdentifierWithAVeryLongUnbrokenNameThatGoesOnAndOnBeyondTheEdgeOfTheScreenForSureYes",
      location: "SomewhereFarAwayWithAnEquallyLongUnbrokenPlaceNameThatKeepsGoingOnAndOn",
      text: "A long name should wrap and never push the page sideways on a phone.",
      songSlug: song.slug,
    });
    expect(reflected.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      it(`every page at ${width} px, ${scheme}: screenshots, no overflow, one name and one icon in the header`, async () => {
        const page = await lookTab({ colorScheme: scheme, width });
        for (const [name, path] of Object.entries(pages)) {
          await page.goto(server.url + path, { waitUntil: "load" });
          await page.evaluate(() => document.fonts.ready);
          await page.screenshot({ path: join(ARTIFACTS, `look-${name}-${scheme}-${width}.png`), fullPage: true });
          // The first screen alone, at full size: what a visitor sees on arriving.
          await page.screenshot({ path: join(ARTIFACTS, `look-${name}-${scheme}-${width}-top.png`) });
          const size = await page.evaluate(() => ({
            height: document.documentElement.scrollHeight,
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(size.scrollWidth, `${path} overflows at ${width}`).toBeLessThanOrEqual(size.clientWidth);
          // No label broken inside a word ("Sear / ch"): each word of a visible button sits on one line.
          const broken = await page.locator("button:visible, a.button:visible").evaluateAll((buttons) =>
            buttons.flatMap((button) => {
              const words = (button.textContent ?? "").trim().split(/\s+/).filter(Boolean);
              const range = document.createRange();
              const text = [...button.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim());
              if (!text) return [];
              let at = (text.textContent ?? "").indexOf(words[0] ?? "");
              return words.flatMap((word) => {
                at = (text.textContent ?? "").indexOf(word, at);
                if (at < 0) return [];
                range.setStart(text, at);
                range.setEnd(text, at + word.length);
                at += word.length;
                return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1 ? [word] : [];
              });
            }),
          );
          expect(broken, `${path} at ${width}`).toEqual([]);
          if (name === "docs" || name === "services") expect(size.height, path).toBeLessThan(TALLEST[name]);
          expect(await page.locator("header.site img").count(), path).toBe(1);
          expect((await page.locator("header.site").innerText()).match(/Sanctuary/g), path).toHaveLength(1);
          expect(await page.locator("h1").innerText(), path).not.toBe("Sanctuary");
          expect(await page.evaluate(() => document.fonts.check('16px "Source Serif 4"')), path).toBe(true);
        }
        // Eleven pages, two screenshots each: room for a loaded machine.
      }, 90_000);
    }
  }

  it("offers no Play button for a service with nothing recorded yet, but says so (this server records nothing)", async () => {
    const page = await lookTab({ colorScheme: "light", width: 390 });
    await page.goto(`${server.url}/`);
    const box = page.locator(".service-player").first();
    await pollLong(() => box.isVisible()).toBe(true);
    expect(await page.locator("#service-parts audio").count()).toBe(0);
    expect(await box.locator("button.play").isHidden()).toBe(true);
    await pollLong(() => box.locator(".now-playing").innerText()).toBe("Not recorded yet: its words are below, to read.");
    expect(await page.locator("#player-bar").isVisible()).toBe(false);
  });

  it("the theme button switches data-theme, and the choice holds after a reload", async () => {
    const page = await lookTab({ colorScheme: "light", width: 1280 });
    await page.goto(`${server.url}/docs`);
    const light = await background(page);
    const button = page.locator("#theme-toggle");
    await pollLong(() => button.isVisible()).toBe(true);
    expect(await page.getAttribute("html", "data-theme")).toBeNull();
    expect(await button.getAttribute("aria-pressed")).toBe("false");
    await button.click();
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    expect(await button.getAttribute("aria-pressed")).toBe("true");
    const dark = await background(page);
    expect(dark).not.toBe(light);
    await page.reload();
    // Set before the first paint by the script in <head>: already there when the page has loaded.
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    expect(await background(page)).toBe(dark);
    await page.locator("#theme-toggle").click();
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
    await page.goto(`${server.url}/services`);
    expect(await background(page)).toBe(light);
  });

  it("the header keeps the theme button on the brand's line, whether the site's typeface or a wider fallback shows", async () => {
    // font-display: optional shows the fallback on a first visit; the button wrapped alone below it (a tester's report).
    // A context of its own: the fonts refused here are no failed request of the pages' (the last test counts those).
    for (const fonts of ["ours", "fallback"]) {
      for (const width of [1280, 800]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        contexts.push(context);
        const page = await context.newPage();
        if (fonts === "fallback") await page.route(/\.(woff2?|ttf|otf)(\?|$)/, (route) => route.abort());
        await page.goto(`${server.url}/docs`, { waitUntil: "load" });
        const brand = (await page.locator(".brand").boundingBox())!;
        const toggle = (await page.locator("#theme-toggle").boundingBox())!;
        expect(toggle.y, `${fonts} at ${width}`).toBeLessThan(brand.y + brand.height);
      }
    }
  });

  it("without scripts the system's choice holds, and the button (which needs them) stays hidden", async () => {
    const dark = await lookTab({ colorScheme: "dark", width: 390, javaScriptEnabled: false });
    const light = await lookTab({ colorScheme: "light", width: 390, javaScriptEnabled: false });
    for (const page of [dark, light]) await page.goto(`${server.url}/`);
    expect(await background(dark)).not.toBe(await background(light));
    expect(await dark.locator("#theme-toggle").isVisible()).toBe(false);
    // The song's lyrics on the home page are drawn with their marks by the server.
    const marks = dark.locator("#service-parts .lyric-mark");
    expect(await marks.count()).toBeGreaterThan(0);
    // Folded words included (textContent): no part's words show a mark as bracketed text.
    expect(await dark.locator("#service-parts").evaluate((ol) => ol.textContent)).not.toMatch(/^\s*\[[^\]]*\]\s*$/m);
    await dark.screenshot({ path: join(ARTIFACTS, "look-home-nojs-dark-390.png"), fullPage: true });
  });

  it("lyrics' marks are elements, never bracketed words: on a song page and in the home page's parts", async () => {
    // The home page is compared with /api/now asked after it: within one of Lisbon's slots.
    await clearOfSlotBoundary("Europe/Lisbon", 60_000);
    const page = await lookTab({ colorScheme: "light", width: 1280 });
    await page.goto(server.url + pages.song);
    expect(await page.locator("main .lyrics .lyric-mark.section").count()).toBeGreaterThan(1);
    expect(await page.locator("main .lyrics .lyric-mark.hold").count()).toBeGreaterThan(0);
    expect(await page.locator("main .lyrics").innerText()).not.toMatch(/^\s*\[[^\]]*\]\s*$/m);
    await page.goto(`${server.url}/`);
    await pollLong(() => page.locator("#now-where").innerText()).toContain("in Lisbon:");
    const song = page.locator("#service-parts > li", { has: page.locator(".kind", { hasText: "Song" }) }).first();
    await song.locator("summary").click();
    await pollLong(() => song.locator(".lyric-mark").count()).toBeGreaterThan(0);
    expect(await song.locator(".lyrics").innerText()).not.toMatch(/^\s*\[[^\]]*\]\s*$/m);
    // Every part's words, as home.js loads them: marks drawn, in readings as in lyrics.
    for (const summary of await page.locator("#service-parts > li details > summary").all())
      if (!(await summary.evaluate((n) => (n.parentElement as HTMLDetailsElement).open))) await summary.click();
    await pollLong(() => page.locator("#service-parts").innerText()).not.toContain("Loading…");
    expect(await page.locator("#service-parts").innerText()).not.toMatch(/^\s*\[[^\]]*\]\s*$/m);
    // The reflection form offers the service's songs, the first chosen.
    const now = (await server.get("/api/now?timezone=Europe/Lisbon")).body;
    const titles = now.service.order.filter((p: any) => p.kind === "song").map((p: any) => p.title);
    expect(await page.locator("#reflect-song option").allInnerTexts()).toEqual(titles);
    expect(await page.locator("#reflect-song").inputValue()).toBe(now.current.slug);
    // The choice follows the part playing (player.js marks it aria-current), until the visitor chooses.
    const songs = now.service.order.filter((p: any) => p.kind === "song");
    const last = songs.at(-1);
    await page.evaluate(() => ((document.getElementById("reflect-song") as HTMLSelectElement).selectedIndex = -1));
    await page.evaluate((title) => document.querySelector(`#service-parts > li[data-title="${title}"]`)!.setAttribute("aria-current", "true"), last.title);
    await pollLong(() => page.locator("#reflect-song").inputValue()).toBe(last.slug);
    await page.selectOption("#reflect-song", songs[0].slug);
    // Read after the observer's turn (its callbacks run before the next task).
    const after = await page.evaluate(async (title) => {
      for (const li of document.querySelectorAll("#service-parts > li")) li.removeAttribute("aria-current");
      document.querySelector(`#service-parts > li[data-title="${title}"]`)!.setAttribute("aria-current", "true");
      await new Promise((r) => setTimeout(r, 0));
      return (document.getElementById("reflect-song") as HTMLSelectElement).value;
    }, last.title);
    expect(after).toBe(songs[0].slug);
  }, 120_000);

  it("/services opens one service, the browser's own slot and hemisphere, and folds the rest", async () => {
    // A southern zone whose date is the server's (UTC) date now: /services shows that date, and holds a slot once it
    // is heard (so it is asked for first). Sydney is a day ahead of UTC from 13:00 UTC; São Paulo then shares it,
    // until UTC's midnight (a slot's end on UTC's clock). The page opens the slot the browser's clock is in, read
    // again below: the test runs within one slot of UTC's and of the zone's.
    await clearOfSlotBoundary("UTC", 60_000);
    const zone = new Date().getUTCHours() < 12 ? "Australia/Sydney" : "America/Sao_Paulo";
    await clearOfSlotBoundary(zone, 60_000);
    expect((await server.get(`/api/now?timezone=${zone}`)).status).toBe(200);
    const page = await lookTab({ colorScheme: "light", width: 1280, timezoneId: zone });
    await page.goto(`${server.url}/services`);
    const services = page.locator("details.service");
    expect(await services.count()).toBeGreaterThan(1);
    const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format(new Date()));
    const tiers = await page.locator(`details.service[data-slot="${Math.floor(hour / 4)}"]`).evaluateAll((all) => all.map((d) => d.getAttribute("data-tier")));
    const expected = tiers.includes("south") ? "south" : tiers.includes("unknown") ? "unknown" : tiers[0];
    await pollLong(() => page.locator(`details.service[open][data-slot="${Math.floor(hour / 4)}"][data-tier="${expected}"]`).count()).toBe(1);
    expect(await page.locator("details.service[open]").count()).toBe(1);
    expect(await page.locator("#your-service").getAttribute("href")).toBe(`#slot-${Math.floor(hour / 4)}-${expected}`);
    // One half of the world is shown (this zone's): the other halves' services are a link away, not on the page.
    const shown = await page.locator("details.service:not([hidden])").evaluateAll((all) => all.map((d) => d.getAttribute("data-tier")));
    expect(shown.length).toBeGreaterThan(1);
    expect(await page.locator("#halves").getAttribute("data-tier")).toBe(expected);
    const id = await page.locator("details.service:not([open]):not([hidden])").first().getAttribute("id");
    await page.locator(`#${id} > summary`).click();
    expect(await page.locator(`#${id}`).getAttribute("open")).not.toBeNull();
  }, 180_000);

  it("no page broke its CSP, threw, or failed a request", () => {
    expect(problems).toEqual([]);
  });
});
