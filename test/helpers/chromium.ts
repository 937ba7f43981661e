// The one way the browser tests find and start Chromium (Debian's, driven by playwright-core).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page, Response } from "playwright-core";
import { expect } from "vitest";

export const CHROMIUM = "/usr/bin/chromium";
export const ARTIFACTS = join(process.cwd(), "test-artifacts");
// No background networking: this machine's closed network refuses Chromium's own connections.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** "" when Chromium is here, else the reason a suite is skipped (also printed once). */
export function chromiumMissing(suite: string): string {
  const reason = existsSync(CHROMIUM) ? "" : ` (SKIPPED: no browser at ${CHROMIUM}; apt-get install -y chromium)`;
  if (reason) console.warn(`${suite}${reason}`);
  return reason;
}

/**
 * Notes in `problems` what goes wrong on `page`: console errors, uncaught script errors (CSP violations show
 * up as either) and responses of 400 or more. A page that works adds none. `expected` passes over what a
 * suite provokes on purpose: the console's own echo of a failed load, or a response it asked for.
 */
export function watchForProblems(page: Page, problems: string[], expected: { failedLoadEcho?: boolean; response?: (r: Response) => boolean } = {}): void {
  page.on("console", (m) => {
    if (m.type() !== "error" || (expected.failedLoadEcho && m.text().startsWith("Failed to load resource"))) return;
    problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => void problems.push(`page error: ${e.message}`));
  page.on("response", (r) => void (r.status() >= 400 && !expected.response?.(r) && problems.push(`${r.status()} ${r.url()}`)));
}

/** The two widths pages are looked at: a laptop's and a phone's. */
export const WIDE = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * A new tab in a context of its own (cookies, storage and timezone apart from every other tab), watched for
 * problems; `initScript` runs in every document the tab opens, before the page's own scripts.
 */
export async function openTab(
  browser: Browser,
  options: BrowserContextOptions,
  problems: string[],
  watch: Parameters<typeof watchForProblems>[2] = {},
  initScript?: () => void,
): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDE, ...options });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  watchForProblems(page, problems, watch);
  return page;
}

/** `<name>.png` at 1280 px (the whole page when `fullPage`) and `<name>-phone.png` at 390, back at 1280 after. */
export async function screenshotBothWidths(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: options.fullPage ?? false });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-phone.png`) });
  await page.setViewportSize(WIDE);
}

/** `expect.poll` with room for a loaded machine: a page's own fetches can take seconds while a whole suite runs (its default waits 1 s). */
export const pollLong: typeof expect.poll = (fn, options) => expect.poll(fn, { timeout: 15_000, ...options });
