// The one way the browser tests find and start Chromium (Debian's, driven by playwright-core).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Page, Response } from "playwright-core";

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
