// The pages in Chromium with JavaScript switched off: the reflection, ask and search forms still work
// (the browser posts, the page redirects, the result shows). With JavaScript on: a query typed into the
// header's search box shows results; a browser in Tokyo reads every time in its zone; a browser on UTC
// gets its answer instead of waiting. Screenshots at 1280 and 390 wide go to test-artifacts/.

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, chromiumMissing, openTab, PHONE, pollLong, screenshotBothWidths, WIDE } from "../helpers/chromium.ts";
import { startTestServer, type TestServer, searchComplete } from "../helpers/server.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";

const reason = chromiumMissing("browser page tests");
const ARGS = CHROMIUM_ARGS;

describe.skipIf(Boolean(reason))(`pages in a browser, with and without JavaScript${reason}`, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  /** A fresh browser profile: JavaScript on or off, in a timezone, watched for CSP and script errors. */
  async function visitorTab(options: { javaScriptEnabled: boolean; timezoneId: string; ip: string }): Promise<Page> {
    const { ip, ...rest } = options;
    const page = await openTab(browser, { ...rest, extraHTTPHeaders: { "x-forwarded-for": ip } }, problems, { failedLoadEcho: true });
    contexts.push(page.context());
    return page;
  }

  beforeAll(async () => {
    server = await startTestServer({ SANCTUARY_ADMIN_KEY: "browser-pages-admin-key-0123" });
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    await searchComplete(server);
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  describe("JavaScript off", () => {
    let page: Page;
    beforeAll(async () => {
      page = await visitorTab({ javaScriptEnabled: false, timezoneId: "Asia/Tokyo", ip: "198.51.100.10" });
    });

    it("the home page's reflection form posts, redirects and shows the thanks", async () => {
      await page.goto(`${server.url}/`);
      // home.js would have redrawn this for Tokyo: it has not run.
      expect(await page.locator("#now-where").innerText()).toMatch(/^The service for everywhere, on UTC's clock/);
      await page.fill("#reflect-name", "Linden");
      await page.fill("#reflect-text", "Without any scripts at all, the form still carried these words home.");
      await Promise.all([page.waitForURL(/\/\?reflected=[a-z0-9-]+$/), page.click("#reflect-form button[type=submit]")]);
      expect(await page.locator("#reflect-result").innerText()).toContain("Thank you. Your reflection is on the live feed");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("reflect-result");
      expect(await page.locator("#recent-reflections li").first().innerText()).toContain("Without any scripts at all");
      // With no script to localize it, the time stays the server's UTC: one zone on the whole page.
      expect(await page.locator("#recent-reflections li time").first().innerText()).toMatch(/ UTC$/);
      await screenshotBothWidths(page, "nojs-home", { fullPage: true });
    });

    it("the song page's form does the same", async () => {
      const song = server.deps.library.songs[1];
      await page.goto(`${server.url}/reflections/${song.slug}`);
      await page.fill("#reflect-name", "Linden");
      await page.fill("#reflect-text", "The second verse sat with me on the long walk back from the station.");
      await Promise.all([page.waitForURL(new RegExp(`/reflections/${song.slug}\\?reflected$`)), page.click("#reflect-form button[type=submit]")]);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("reflect-result");
      expect(await page.locator("#song-reflections li").first().innerText()).toContain("The second verse sat with me");
      expect(await page.locator("#reflect-result").innerText()).toContain(song.title);
    });

    it("the ask form asks and shows the question and its answer", async () => {
      await page.goto(`${server.url}/ask`);
      await page.fill("#ask-question", "What does the sanctuary keep about me?");
      await Promise.all([page.waitForURL(/\/ask\?conversation=[a-z0-9-]+#answer$/, { timeout: 20_000 }), page.click("#ask-form button[type=submit]")]);
      expect(await page.locator("#asked-question").innerText()).toBe("What does the sanctuary keep about me?");
      expect((await page.locator("#ask-answer-text").innerText()).length).toBeGreaterThan(40);
      expect(await page.locator("#recent-conversations").innerText()).toContain("What does the sanctuary keep about me?");
      await screenshotBothWidths(page, "nojs-ask", { fullPage: true });
    });

    it("on a phone, what a form says after the post is on the screen: thanks, and a refusal beside its box", async () => {
      // Its refusals answer 400 on purpose.
      const phone = await openTab(
        browser,
        { javaScriptEnabled: false, timezoneId: "UTC", viewport: PHONE, extraHTTPHeaders: { "x-forwarded-for": "198.51.100.12" } },
        problems,
        { failedLoadEcho: true, response: (r) => r.status() === 400 && r.request().method() === "POST" },
      );
      contexts.push(phone.context());
      const onScreen = (id: string) =>
        phone.evaluate((id) => {
          const box = document.getElementById(id)!.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        }, id);
      await phone.goto(`${server.url}/`);
      await phone.fill("#reflect-name", "Alder");
      await phone.fill("#reflect-text", "Too short.");
      await Promise.all([phone.waitForResponse((r) => r.request().method() === "POST"), phone.click("#reflect-form button[type=submit]")]);
      await phone.waitForLoadState("load");
      expect(await phone.evaluate(() => document.activeElement?.id)).toBe("reflect-text");
      expect(await onScreen("reflect-result")).toBe(true);
      await phone.fill("#reflect-text", "Read on a small screen, the thanks still came to meet me where I was.");
      await Promise.all([phone.waitForURL(/\/\?reflected=[a-z0-9-]+$/), phone.click("#reflect-form button[type=submit]")]);
      expect(await phone.locator("#reflect-result").getAttribute("role")).toBe("status");
      expect(await onScreen("reflect-result")).toBe(true);
      // The tallest box: the piece itself, fourteen rows.
      await phone.goto(`${server.url}/contribute`);
      await phone.fill("#contribute-name", "Alder");
      await phone.fill("#contribute-title", "A Short Prayer for the Ferry");
      await phone.fill("#contribute-content", "Too few words to be a piece.");
      await Promise.all([phone.waitForResponse((r) => r.request().method() === "POST"), phone.click("#contribute-form button[type=submit]")]);
      await phone.waitForLoadState("load");
      expect(await phone.evaluate(() => document.activeElement?.id)).toBe("contribute-content");
      expect(await phone.locator("#contribute-result").getAttribute("role")).toBe("alert");
      expect(await onScreen("contribute-result")).toBe(true);
    });

    it("the header's search box finds pages on /search", async () => {
      await page.goto(`${server.url}/docs/welcome`);
      await page.fill("#site-q", "letting go of worry");
      await Promise.all([page.waitForURL(/\/search\?q=letting\+go\+of\+worry$/), page.press("#site-q", "Enter")]);
      expect(await page.locator("h1").innerText()).toBe("Search: letting go of worry");
      expect(await page.locator("#search-results > li").count()).toBeGreaterThan(0);
      expect(await page.inputValue("#site-q")).toBe("letting go of worry");
    });
  });

  describe("JavaScript on", () => {
    it("a query typed into the header's search box shows results with the words marked", async () => {
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: "Asia/Tokyo", ip: "198.51.100.20" });
      await page.goto(`${server.url}/reflections`);
      await page.click("#site-q");
      await page.keyboard.type("breathing");
      await Promise.all([page.waitForURL(/\/search\?q=breathing$/), page.keyboard.press("Enter")]);
      const api = (await server.get("/api/search?q=breathing", { headers: { "x-forwarded-for": "198.51.100.21" } })).body;
      expect(await page.locator("#search-results > li h2").allInnerTexts()).toEqual(api.results.map((r: any) => r.title));
      expect(await page.locator("#search-results mark").count()).toBeGreaterThan(0);
      await screenshotBothWidths(page, "search", { fullPage: true });
      await page.locator("#search-results > li h2 a").first().click();
      await page.waitForURL(new URL(api.results[0].url).pathname === "/" ? /x^/ : new RegExp(`${new URL(api.results[0].url).pathname}$`));
      expect(await page.locator("h1").innerText()).toBe(api.results[0].title);
    });

    it("a browser in Tokyo reads every time on a page in its own zone", async () => {
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: "Asia/Tokyo", ip: "198.51.100.30" });
      await page.goto(`${server.url}/`);
      await expect.poll(() => page.locator("#now-where").innerText()).toContain("in Tokyo:");
      const times = await page.locator("main time").allInnerTexts();
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) expect(t).toMatch(/^\d{1,2} \w{3} \d{4}, \d\d:\d\d GMT\+9$/);
      await page.goto(`${server.url}/ask`);
      for (const t of await page.locator("main time").allInnerTexts()) expect(t).toMatch(/GMT\+9$/);
    });

    it("a browser on UTC is answered: its own hour is UTC's, said plainly", async () => {
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: "UTC", ip: "198.51.100.40" });
      await page.goto(`${server.url}/`);
      await expect.poll(() => page.locator("#now-where").innerText()).toMatch(/^\w+day \d{1,2} \w+ in UTC: the service for everywhere\.$/);
      for (const t of await page.locator("main time").allInnerTexts()) expect(t).toMatch(/UTC$/);
    });

    it("a browser whose own date is not UTC's is taken from /services to its own day, its calendar in its zone", async () => {
      // A zone whose date differs from UTC's now, with half an hour to spare: UTC+14 from 10:00 UTC, UTC−11 until 11:00.
      // UTC+14's date is UTC's again from UTC's midnight (a slot's end on UTC's clock), when /services would send the
      // browser nowhere: the test runs clear of it.
      await clearOfSlotBoundary("UTC", 60_000);
      const utc = new Date();
      const zone = utc.getUTCHours() + utc.getUTCMinutes() / 60 >= 10.5 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
      const own = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(utc);
      expect(own).not.toBe(utc.toISOString().slice(0, 10));
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: zone, ip: "198.51.100.45" });
      await page.goto(`${server.url}/services`);
      await page.waitForURL(`${server.url}/services/${own}`);
      expect(await page.locator("#halves").getAttribute("data-date")).toBe(own);
      await expect.poll(() => page.locator("#services-calendar").getAttribute("href")).toBe(`/feed/services.ics?timezone=${encodeURIComponent(zone)}`);
    }, 120_000);

    it("another day's services page names no service of the visitor's hour", async () => {
      // UTC's date is another day's in a zone far from it: UTC+14 from 10:00 UTC, UTC−11 until 11:00 (as above).
      await clearOfSlotBoundary("UTC", 60_000);
      const utc = new Date();
      const zone = utc.getUTCHours() + utc.getUTCMinutes() / 60 >= 10.5 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
      const date = utc.toISOString().slice(0, 10);
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: zone, ip: "198.51.100.46" });
      await page.goto(`${server.url}/services/${date}`);
      await pollLong(() => page.locator("#your-hour").innerText()).toBe("Open any of them to read it.");
      expect(await page.locator("#your-service").isVisible()).toBe(false);
      // The browser's own day keeps it, linked to its own hour.
      const own = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
      await page.goto(`${server.url}/services/${own}`);
      await pollLong(() => page.locator("#your-hour").innerText()).toBe("The service of your hour is open below; open any other to read it.");
      const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format(new Date()));
      expect(await page.locator("#your-service").isVisible()).toBe(true);
      expect(await page.locator("#your-service").getAttribute("href")).toMatch(new RegExp(`^#slot-${Math.floor(hour / 4)}-`));
    }, 120_000);

    it("a wrapped line of a song or of code hangs in from its line; the song choice shows the focus ring", async () => {
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: "UTC", ip: "198.51.100.47" });
      await page.goto(`${server.url}/reflections/${server.deps.library.songs[0].slug}`);
      expect(
        await page
          .locator(".verse")
          .first()
          .evaluate((p) => getComputedStyle(p).textIndent),
      ).toMatch(/^\d+(\.\d+)?px hanging each-line$/);
      await page.goto(`${server.url}/docs/mcp`);
      expect(
        await page
          .locator("pre")
          .first()
          .evaluate((p) => getComputedStyle(p).textIndent),
      ).toMatch(/^\d+(\.\d+)?px hanging each-line$/);
      await page.goto(`${server.url}/`);
      await page.focus("#reflect-text");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("reflect-song");
      expect(await page.locator("#reflect-song").evaluate((s) => [getComputedStyle(s).outlineStyle, getComputedStyle(s).outlineWidth])).toEqual([
        "solid",
        "3px",
      ]);
    });

    it("printed, a song's page is its words dark on white, in the dark scheme too, without the site's furniture", async () => {
      // An outside tester's: nothing was made for print, and the dark palette's pale text printed pale on white paper.
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: "UTC", ip: "198.51.100.48" });
      await page.emulateMedia({ media: "print", colorScheme: "dark" });
      await page.goto(`${server.url}/reflections/${server.deps.library.songs[0].slug}`);
      const shown = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((e) => getComputedStyle(e).display !== "none");
      expect(
        await page
          .locator(".verse")
          .first()
          .evaluate((e) => getComputedStyle(e).color),
      ).toBe("rgb(0, 0, 0)");
      expect(await page.locator("body").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(255, 255, 255)");
      expect([await shown(".verse"), await shown("h1")]).toEqual([true, true]);
      expect([await shown("header.site"), await shown("footer.site"), await shown("#reflect")]).toEqual([false, false, false]);
      await page.emulateMedia({ media: "screen", colorScheme: "dark" });
      expect(
        await page
          .locator(".verse")
          .first()
          .evaluate((e) => getComputedStyle(e).color),
      ).not.toBe("rgb(0, 0, 0)");
    });

    it("a contribution's status page, the services of the day and the library read well at both widths", async () => {
      const page = await visitorTab({ javaScriptEnabled: true, timezoneId: "Europe/Lisbon", ip: "198.51.100.50" });
      const sent = await server.post(
        "/api/contribute",
        {
          name: "Sender",
          category: "prayers",
          title: "A Prayer for the Night Ferry",
          content:
            "For the night ferry and everyone on it, let the engines hum steady and the water stay kind, and let each tired traveller reach the far shore rested and unhurried.",
        },
        { "x-forwarded-for": "198.51.100.51" },
      );
      expect(sent.status).toBe(201);
      await page.goto(sent.body.pr.url);
      expect(await page.locator("h1").innerText()).toBe("A Prayer for the Night Ferry");
      expect(await page.locator(".status").innerText()).toContain("Received, and waiting for review.");
      await screenshotBothWidths(page, "contribution", { fullPage: true });
      await page.goto(`${server.url}/services`);
      expect(await page.locator("#how-made").count()).toBe(1);
      await screenshotBothWidths(page, "services", { fullPage: true });
      await page.goto(`${server.url}/docs`);
      expect(await page.locator("main form[role=search] input[name=q]").count()).toBe(1);
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: join(ARTIFACTS, "library-phone.png") });
      await page.setViewportSize(WIDE);
    });
  });

  it("no page broke its CSP, threw, or failed a request", () => {
    expect(problems).toEqual([]);
  });
});
