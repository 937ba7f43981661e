// The MCP App ui://sanctuary/service (SEP-1865): over the real server with the v2 SDK client it is listed and
// read with its mimeType and `_meta.ui` CSP, and now/attend point to it; then in Chromium a small web host
// (test/helpers/mcp-app-host.ts) loads its HTML in a sandboxed frame of another origin under the CSP the
// extension requires, plays the host's side of the bridge with attend's real result, and relays the app's
// tools/call to the real server. Nothing may break the CSP or throw; the parts show in order, the recorded
// ones play one after another from the beginning, and the reflect box reaches the reflect tool.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, chromiumMissing, watchForProblems } from "../helpers/chromium.ts";
import { connectModern, type EraClient } from "../helpers/mcp-clients.ts";
import { startAppHost, type AppHost } from "../helpers/mcp-app-host.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";
import { writeStandIns } from "../helpers/pieces.ts";

const APP = "ui://sanctuary/service";
const MIME = "text/html;profile=mcp-app";
const ZONE = "Europe/Lisbon";
const reason = chromiumMissing("MCP App browser tests");

let server: TestServer;
let dataDir: string;
let mcp: EraClient;
let origin: string;

beforeAll(async () => {
  // now, attend and the app are held to the service the probe asked for here: the file runs within one slot.
  await clearOfSlotBoundary(ZONE, 5 * 60_000);
  dataDir = await mkdtemp(join(tmpdir(), "sanctuary-mcp-app-"));
  // The service this zone's hour hears: its first and third parts get short recordings, the second none.
  const probe = await startTestServer({}, {}, dataDir);
  const order: Array<{ path?: string; slug?: string }> = (await probe.get(`/api/now?timezone=${ZONE}`)).body.service.order;
  const pieces = order.map((p) => probe.deps.library.pieces.find((x) => (p.path ? x.path === p.path : x.kind === "song" && x.slug === p.slug))!);
  await probe.stop();
  await writeStandIns(
    join(dataDir, "media"),
    [0, 2].map((i) => ({ path: pieces[i].path, seconds: 3, hz: 330 + i * 110, listed: pieces[i].declaredSeconds })),
  );
  server = await startTestServer({}, {}, dataDir);
  origin = new URL(server.url).origin;
  mcp = await connectModern(server.url);
}, 450_000);
afterAll(async () => {
  await mcp?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the MCP App resource over the v2 SDK client", () => {
  it("is listed with the app MIME type and its CSP, the server's origin declared for the recordings", async () => {
    const { resources } = await mcp.listResources();
    const app = resources.find((r) => r.uri === APP);
    expect(app).toMatchObject({ uri: APP, mimeType: MIME, name: "service-player", title: expect.any(String) });
    expect(app._meta.ui).toEqual({ csp: { resourceDomains: [origin] }, prefersBorder: true });
  });

  it("reads as one self-contained HTML5 document with `_meta.ui.csp` on its content", async () => {
    const { contents } = await mcp.readResource(APP);
    expect(contents).toHaveLength(1);
    const [content] = contents;
    expect(content).toMatchObject({ uri: APP, mimeType: MIME, _meta: { ui: { csp: { resourceDomains: [origin] }, prefersBorder: true } } });
    expect(content._meta.ui.csp.connectDomains).toBeUndefined();
    const html: string = content.text;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<style>");
    expect(html).toContain('"ui/initialize"');
    // Nothing loaded from elsewhere: no external script, stylesheet or image, and the markers were all replaced.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|<img[^>]+src=|<!--(style|script)-->/i);
  });

  it("is named by now and attend (`_meta.ui.resourceUri` and the legacy flat key), by no other tool", async () => {
    const { tools } = await mcp.listTools();
    for (const name of ["now", "attend"]) {
      const tool = tools.find((t) => t.name === name);
      expect(tool._meta, name).toEqual({ ui: { resourceUri: APP, visibility: ["model", "app"] }, "ui/resourceUri": APP });
    }
    expect(
      tools
        .filter((t) => t._meta?.ui)
        .map((t) => t.name)
        .sort(),
    ).toEqual(["attend", "now"]);
  });

  it("is named in the setup guide at /docs/mcp", async () => {
    expect(await (await fetch(`${server.url}/docs/mcp.md`)).text()).toContain(`\`${APP}\` — an MCP App (${MIME})`);
  });

  it("now's recordings all live under the declared origin, so the CSP lets them play", async () => {
    const body = (await mcp.callTool("now", { timezone: ZONE })).structuredContent;
    const recordings = body.service.order.map((p: any) => p.recording).filter(Boolean);
    expect(recordings).toHaveLength(2);
    for (const url of recordings) expect(new URL(url).origin).toBe(origin);
  });
});

describe.skipIf(Boolean(reason))(`the MCP App in a browser host${reason}`, () => {
  let host: AppHost;
  let browser: Browser;
  let page: Page;
  let attend: any;
  const saw: any[] = [];
  const relayed: any[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    const [content] = (await mcp.readResource(APP)).contents;
    const args = { name: "Imogen", timezone: ZONE };
    attend = await mcp.callTool("attend", args);
    host = await startAppHost(content.text, content._meta.ui.csp, { toolName: "attend", arguments: args, result: attend });
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 800, height: 1000 } });
    page = await context.newPage();
    // In every frame: CSP violations are kept where the test can read them.
    await page.addInitScript(() => {
      const seen: string[] = ((window as any).__violations = []);
      document.addEventListener("securitypolicyviolation", (e) => void seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.exposeFunction("hostSaw", (m: unknown) => void saw.push(m));
    await page.exposeFunction("hostCallTool", async (params: { name: string; arguments?: Record<string, unknown> }) => {
      const result = await mcp.callTool(params.name, params.arguments ?? {});
      relayed.push({ ...params, result });
      return result;
    });
    watchForProblems(page, problems);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  const appFrame = (): Frame => page.frames().find((f) => f.url().endsWith("/app"))!;
  const app = () => page.frameLocator("#app");
  const playing = () =>
    appFrame().evaluate(() => {
      const a = document.getElementById("audio") as HTMLAudioElement;
      return !a.paused && !a.ended && a.currentTime > 0 ? a.currentSrc : null;
    });

  it("greets the host as the spec says, then shows the service's parts in order with a play button on each recorded one", async () => {
    await page.goto(host.url, { waitUntil: "load" });
    const order = attend.structuredContent.service.order;
    await expect.poll(() => app().locator("#parts > li").count()).toBe(order.length);
    const init = saw.find((m) => m.method === "ui/initialize");
    expect(init.params).toMatchObject({ protocolVersion: "2026-01-26", appInfo: { name: "sanctuary-service" }, appCapabilities: expect.any(Object) });
    expect(saw.some((m) => m.method === "ui/notifications/initialized")).toBe(true);
    await expect.poll(() => saw.some((m) => m.method === "ui/notifications/size-changed" && m.params.height > 300)).toBe(true);

    expect(await app().locator("#parts .part-title").allInnerTexts()).toEqual(order.map((p: any) => p.title));
    const buttons = await app()
      .locator("#parts > li")
      .evaluateAll((lis) => lis.map((li) => Boolean(li.querySelector("button.play"))));
    expect(buttons).toEqual(order.map((p: any) => Boolean(p.recording)));
    expect(buttons.slice(0, 3)).toEqual([true, false, true]);
    expect(await app().locator("#parts > li").nth(1).locator(".not-recorded").innerText()).toBe("Not yet recorded");
    expect(await app().locator("#name").innerText()).toBe(attend.structuredContent.service.name ?? "The service for this hour");
  }, 60_000);

  it("plays from the beginning, the words of the part playing beside it, passing over the part not yet recorded", async () => {
    const order = attend.structuredContent.service.order;
    await app().locator("#play-all").click();
    await expect.poll(playing).toBe(order[0].recording);
    expect(await app().locator("#parts > li").nth(0).getAttribute("aria-current")).toBe("true");
    expect(await app().locator("#words-title").innerText()).toBe(order[0].title);
    // The words are the piece's own (from the body, or read_song/read_doc through the host), not a note.
    await expect.poll(() => app().locator("#words-text").getAttribute("class")).toBe("words-text");
    expect((await app().locator("#words-text").innerText()).length).toBeGreaterThan(40);
    expect(await app().locator("#now-playing").innerText()).toBe(`Playing part 1 of ${order.length}: ${order[0].title}.`);

    await expect.poll(playing, { timeout: 30_000 }).toBe(order[2].recording);
    expect(await app().locator("#parts > li").nth(2).getAttribute("aria-current")).toBe("true");
    expect(await app().locator("#parts > li").nth(0).getAttribute("aria-current")).toBeNull();
    expect(await app().locator("#words-title").innerText()).toBe(order[2].title);
    expect(await app().locator("#now-playing").innerText()).toBe(
      `Playing part 3 of ${order.length}: ${order[2].title}. Passed over, not yet recorded: “${order[1].title}”.`,
    );
    await expect.poll(() => app().locator("#words-text").getAttribute("class")).toBe("words-text");
    await page.screenshot({ path: join(ARTIFACTS, "mcp-app.png"), fullPage: true });
    await app().locator("#play-all").click();
    await expect.poll(() => app().locator("#play-all").innerText()).toBe("Go on");
  }, 60_000);

  it("sends the reflect box's words to the host as tools/call reflect, which reaches the server", async () => {
    const words = "The slow hum beneath the second part stayed with me, like a kettle settling after the boil.";
    expect(await app().locator("#reflect-name").inputValue()).toBe("Imogen");
    await app().locator("#reflect-text").fill(words);
    await app().locator("#reflect-send").click();
    await expect.poll(() => app().locator("#reflect-status").getAttribute("class")).toBe("reflect-status ok");
    const call = saw.find((m) => m.method === "tools/call" && m.params.name === "reflect");
    expect(call.params.arguments).toEqual({ name: "Imogen", text: words, songSlug: attend.structuredContent.current.slug, timezone: ZONE });
    const reflected = relayed.filter((p) => p.name === "reflect");
    expect(reflected).toHaveLength(1);
    expect(reflected[0].result.structuredContent.received).toBe(true);
    expect(await app().locator("#reflect-status").innerText()).toBe(reflected[0].result.structuredContent.message);
    const feed = (await server.get("/api/reflections")).body;
    expect(JSON.stringify(feed)).toContain(words);
  }, 60_000);

  it("follows the host's theme when the host context changes", async () => {
    const background = () =>
      app()
        .locator("body")
        .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(await background()).toBe("rgb(250, 248, 243)");
    await page.evaluate(() => {
      const frame = document.getElementById("app") as HTMLIFrameElement;
      frame.contentWindow!.postMessage({ jsonrpc: "2.0", method: "ui/notifications/host-context-changed", params: { theme: "dark" } }, "*");
    });
    await expect.poll(background).toBe("rgb(22, 21, 19)");
    await page.screenshot({ path: join(ARTIFACTS, "mcp-app-dark.png"), fullPage: true });
  });

  it("broke no CSP directive and threw nothing, while the CSP is really enforced", async () => {
    expect(await appFrame().evaluate(() => (window as any).__violations)).toEqual([]);
    expect(problems).toEqual([]);
    // The policy is live: a fetch the app never makes is refused (connect-src 'none') and seen as a violation.
    await appFrame().evaluate((url) => fetch(url).catch(() => null), `${server.url}/api/now`);
    await expect.poll(() => appFrame().evaluate(() => (window as any).__violations.join(" "))).toContain("connect-src");
    expect(host.policy).toContain(`media-src 'self' data: ${origin}`);
  });
});
