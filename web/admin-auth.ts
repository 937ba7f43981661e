// Who may use the moderation queue's admin API: whoever sends SANCTUARY_ADMIN_KEY as a Bearer token.
// Compared in constant time; ten failures an hour from one address block that address (all its admin
// requests, even with the right key, so guessing learns nothing). The key is never logged or echoed.
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

/** Resolves to the queue when the request may moderate; throws the error to answer with otherwise. */
export async function authorizeAdmin(event: H3Event, deps: WebContext): Promise<ModerationQueue> {
  const key = deps.config.review.adminKey;
  if (!key) {
    throw unavailable("The admin interface is not enabled on this server.", {
      suggestion: "Nothing is wrong, and submissions wait safely in the queue. An operator turns the admin interface on by setting SANCTUARY_ADMIN_KEY.",
    });
  }
  const ip = clientIp(event, deps.config.trustProxy);
  const wait = await deps.limits.secondsUntilFree("adminAuth", { ip });
  if (wait > 0) throw tooManyAttempts(wait);
  const given = /^Bearer\s+(\S+)\s*$/i.exec(event.req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!keyMatches(given, key)) {
    deps.log.warn({ ip, path: event.url.pathname, sent: given ? "a wrong key" : "no key" }, "admin authorization failed");
    await deps.limits.consume("adminAuth", { ip }, "Too many attempts to use the admin interface from this address.");
    throw forbidden("The admin key is missing or not correct.", {
      suggestion: "Nothing was changed. Send the admin key as the header Authorization: Bearer <key>. Visitors do not need this part of the sanctuary.",
    });
  }
  if (!(deps.review instanceof ModerationQueue)) {
    throw unavailable("Submissions are reviewed on the code host, not in a local queue.", {
      suggestion: "Nothing is waiting here. Contributions arrive as pull requests and feedback as issues in the configured repository.",
    });
  }
  return deps.review;
}

function tooManyAttempts(seconds: number) {
  return rateLimited("Too many attempts to use the admin interface from this address.", seconds, {
    suggestion: "Nothing was changed. The admin interface pauses for an address after repeated wrong keys; please wait for the Retry-After seconds.",
  });
}
