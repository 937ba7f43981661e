// The one way the browser tests find and start Chromium (Debian's, driven by playwright-core).
import { existsSync } from "node:fs";
import { join } from "node:path";

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
