// A request's query string as the operations read it: an object (a repeated key a list), frozen and shared by
// requests with the same query string, and the field whose bytes were not UTF-8, if any.
import { BoundedMemo } from "../core/memo.ts";
import { SanctuaryError } from "../core/errors.ts";

/**
 * Query parameters as an object; a repeated key becomes an array (and fails string validation). Frozen and
 * shared by requests with the same query string (callers copy it into their input).
 */
export function queryObject(url: URL): Readonly<Record<string, string | string[]>> {
  const search = url.search;
  return search.length > 1 ? queries.get(search, () => parsedQuery(search)) : NO_QUERY;
}
const queries = new BoundedMemo<Readonly<Record<string, string | string[]>>>(512);
const NO_QUERY: Readonly<Record<string, string | string[]>> = Object.freeze({});

/**
 * The query parameters read afresh: neither kept nor frozen, so invoke does not keep its validation either. For a
 * query nearly always new (attend's visitor name, a search's words: `inputMostlyNew`), which kept would only
 * turn the memos over: the bench's 6,000 distinct searches went through a memo of 512 without a hit.
 */
export function freshQueryObject(url: URL): Readonly<Record<string, string | string[]>> {
  const search = url.search;
  return search.length > 1 ? withLostNoted(search, parseQuery(search)) : NO_QUERY;
}

/**
 * U+FFFD, the mark a decoder leaves where bytes were not UTF-8 ("%FF", half of a character's bytes): text holding it
 * is refused rather than kept garbled (docs/behaviour.md §8). Sent as itself it is refused too: it only ever stands
 * for a character lost on the way.
 */
export const LOST_CHARACTER = "\uFFFD";

/**
 * The refusal of a field whose bytes were not UTF-8 (decoded, they became U+FFFD), with how to send it instead: the
 * REST adapter's for a query, the pages' forms' for a form.
 */
export function lostCharacterRefusal(field: string, suggestion: string, example?: unknown): SanctuaryError {
  return new SanctuaryError("invalid", lostCharacterMessage(field), { field, suggestion, ...(example === undefined ? {} : { example }) });
}

/** What such a refusal says of the field (the pages' words read it: web/pages/refusal-sentences.ts). */
export const lostCharacterMessage = (field: string): string =>
  `\`${field}\` holds bytes that are not UTF-8 (or U+FFFD, the mark left where such bytes were read).`;

/** The first field of a parsed query (queryObject) whose name or value holds U+FFFD, if any. */
export function lostInQuery(query: Readonly<Record<string, string | string[]>>): string | undefined {
  return lostIn.get(query);
}
const lostIn = new WeakMap<object, string>();

const HIGH_BYTE = /%[89a-f]/i;

function parsedQuery(search: string): Readonly<Record<string, string | string[]>> {
  return withLostNoted(search, Object.freeze(parseQuery(search)));
}

/** The query, with the first field that lost a character noted for `lostInQuery`. */
function withLostNoted(search: string, query: Readonly<Record<string, string | string[]>>): Readonly<Record<string, string | string[]>> {
  // Only a percent-encoded byte beyond ASCII (%80–%FF) decodes to U+FFFD: a URL carries nothing else beyond ASCII,
  // and an ASCII byte always decodes. A query of words (`%20` between them) is not searched through field by field.
  if (HIGH_BYTE.test(search)) {
    const lost = Object.entries(query).find(([key, value]) => key.includes(LOST_CHARACTER) || [value].flat().some((v) => v.includes(LOST_CHARACTER)));
    if (lost) lostIn.set(query, lost[0]);
  }
  return query;
}

/**
 * Query parameters a URL picks up on its way rather than from its author: a cache-buster (`_=1701…`, `_t`, any name
 * opening with an underscore, which no operation takes) and a link's tracking tags (`utm_source`, `fbclid`, …). They
 * are dropped before validation, so a monitor's `/api/health?_=1` or a shared `/api/now?utm_source=x` is answered;
 * any other field an operation does not take is still refused by name (`timzone`: "did you mean `timezone`?").
 */
export function isPassingParameter(key: string): boolean {
  if (key.startsWith("_")) return true;
  const lower = key.toLowerCase(); // links are tagged in any case: UTM_SOURCE as often as utm_source
  return lower.startsWith("utm_") || TRACKING_TAGS.has(lower);
}
/** Click and campaign tags the big search engines, ad networks, social sites and mailers add to a link. */
const TRACKING_TAGS = new Set([
  ...["fbclid", "gclid", "dclid", "gbraid", "wbraid", "gad_source", "gad_campaignid", "srsltid", "msclkid", "yclid"],
  ...["ttclid", "twclid", "li_fat_id", "epik", "rdt_cid", "sccid", "igshid", "mc_cid", "mc_eid", "mkt_tok"],
]);

function parseQuery(search: string): Record<string, string | string[]> {
  // A plain object from the start: one whose prototype is set afterwards drops to V8's slow dictionary
  // mode, and every later read of it (validation, the handler) pays for that on each request.
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (isPassingParameter(key)) continue;
    const existing = Object.hasOwn(out, key) ? out[key] : undefined;
    const next = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    out[key] = next; // `__proto__`, which would set the object's prototype, opens with "_" and never gets here
  }
  return out;
}
