// Who may use the moderation queue's admin API: whoever sends SANCTUARY_ADMIN_KEY as a Bearer token.
// Compared in constant time; the key is never logged or echoed. Ten failures an hour lock an address, but
// only for keys in the same group as the failures: keys that begin as the admin key does (its first
// KEY_PREFIX characters) and keys that do not are counted apart. Guessers, who do not know the prefix, lock
// only the second group, so someone sharing the admin's address (a NAT, an office, a CDN edge) cannot lock
// the admin out; and since a wrong key is answered alike in both groups, a guess never tells whether its
// prefix was right.
import { createHash, timingSafeEqual } from "node:crypto";
import type { H3Event } from "h3";
import { clientIp } from "../adapters/http.ts";
import type { WebContext } from "./context.ts";
import { forbidden, rateLimited, unavailable } from "../core/errors.ts";
import { ModerationQueue } from "../review/queue.ts";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
export function keyMatches(given: string, key: string): boolean {
  return timingSafeEqual(digest(given), digest(key));
}

/** How many of the admin key's first characters set a guess's lockout group. */
export const KEY_PREFIX = 4;

/** Whether the sent key begins as the admin key does (constant time, like the key itself). */
export function prefixMatches(given: string, key: string): boolean {
  return given.length >= KEY_PREFIX && keyMatches(given.slice(0, KEY_PREFIX), key.slice(0, KEY_PREFIX));
}

/** Resolves to the queue when the request may moderate; throws the error to answer with otherwise. */
export async function authorizeAdmin(event: H3Event, deps: WebContext): Promise<ModerationQueue> {
  const key = deps.config.review.adminKey;
  if (!key) {
    throw unavailable("The admin interface is not enabled on this server.", {
      suggestion: "Nothing is wrong, and submissions wait safely in the queue. An operator turns the admin interface on by setting SANCTUARY_ADMIN_KEY.",
    });
  }
  await checkAdminKey(event, deps, key);
  if (!(deps.review instanceof ModerationQueue)) {
    throw unavailable("Submissions are reviewed on the code host, not in a local queue.", {
      suggestion: "Nothing is waiting here. Contributions arrive as pull requests and feedback as issues in the configured repository.",
    });
  }
  return deps.review;
}

/** The Bearer token a request sends, or "" (never logged or echoed). */
export function bearerOf(event: H3Event): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(event.req.headers.get("authorization") ?? "")?.[1] ?? "";
}

/**
 * Resolves when the request sends `key`; throws 403 for a wrong or missing key (logged, and counted in its lockout
 * group) and 429 while that group is locked. The admin API and /metrics (web/metrics.ts) share it.
 */
export async function checkAdminKey(event: H3Event, deps: WebContext, key: string): Promise<void> {
  const ip = clientIp(event, deps.config.trustProxy);
  const given = bearerOf(event);
  const nearKey = prefixMatches(given, key);
  const group: Record<string, string> = nearKey ? { ipKeyPrefix: ip } : { ip };
  // A locked group is refused before its key is checked, so guessing while locked learns nothing.
  const wait = await deps.limits.secondsUntilFree("adminAuth", group);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!keyMatches(given, key)) {
    deps.log.warn({ ip, path: event.url.pathname, sent: given ? "a wrong key" : "no key" }, "admin authorization failed");
    await deps.limits.consume("adminAuth", group, "Too many attempts to use the admin interface from this address.");
    // A wrong key with the right prefix, while the other group is locked, is answered as that group is.
    const other = nearKey ? await deps.limits.secondsUntilFree("adminAuth", { ip }) : 0;
    if (other > 0) throw tooManyAttempts(other);
    throw forbidden("The admin key is missing or not correct.", {
      suggestion: "Nothing was changed. Send the admin key as the header Authorization: Bearer <key>. Visitors do not need this part of the sanctuary.",
    });
  }
}

function tooManyAttempts(seconds: number) {
  return rateLimited("Too many attempts to use the admin interface from this address.", seconds, {
    suggestion: "Nothing was changed. The admin interface pauses for an address after repeated wrong keys; please wait for the Retry-After seconds.",
  });
}
