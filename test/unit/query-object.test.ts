// Query strings become plain objects: repeated names become lists (which validation then refuses),
// names such as constructor stay data, never the object's prototype or its methods, and a URL's passing
// parameters (a cache-buster, a link's tracking tags; `__proto__` among them) are dropped.
import { expect, it } from "vitest";
import type { H3Event } from "h3";
import { baseUrlOf } from "../../adapters/http.ts";
import { freshQueryObject, isPassingParameter, lostInQuery, queryObject } from "../../adapters/query.ts";

it("reads a query as a plain object, lists for repeated names, prototype names kept as data", () => {
  const out = queryObject(new URL("http://x/api/now?timezone=Europe%2FBerlin&t=1&t=2&t=3&__proto__=a&constructor=b&toString=c"));
  expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  expect(Object.keys(out)).toEqual(["timezone", "t", "constructor", "toString"]);
  expect(out.timezone).toBe("Europe/Berlin");
  expect(out.t).toEqual(["1", "2", "3"]);
  expect(Object.hasOwn(out, "__proto__")).toBe(false);
  expect([out.constructor, out.toString]).toEqual(["b", "c"]);
  expect(({} as Record<string, unknown>).a).toBeUndefined();
});

it("drops a URL's passing parameters (cache-busters, tracking tags) and keeps every other name", () => {
  const out = queryObject(new URL("http://x/api/now?_=1701&_t=2&utm_source=news&utm_medium=mail&fbclid=a&gclid=b&timezone=UTC&utm=kept&ref=kept"));
  expect(out).toEqual({ timezone: "UTC", utm: "kept", ref: "kept" });
  expect(isPassingParameter("time_zone")).toBe(false);
  for (const tag of ["UTM_SOURCE", "Utm_Campaign", "srsltid", "gad_source", "ttclid", "twclid", "li_fat_id", "epik", "MSCLKID"])
    expect(isPassingParameter(tag), tag).toBe(true);
  expect(isPassingParameter("dry_run")).toBe(false);
});

it("shares one frozen object per query string, and an empty one without a query", () => {
  const a = queryObject(new URL("http://x/api/now?timezone=Asia%2FTokyo"));
  expect(queryObject(new URL("http://y/api/attend?timezone=Asia%2FTokyo"))).toBe(a);
  expect(Object.isFrozen(a)).toBe(true);
  expect(queryObject(new URL("http://x/api/now"))).toEqual({});
  expect(queryObject(new URL("http://x/api/now?"))).toEqual({});
});

it("reads the base address as the URL parser's origin: host case, default port and IDN normalized", () => {
  const base = (href: string) => baseUrlOf({ url: new URL(href), context: {} } as H3Event);
  expect(base("HTTP://Example.COM:80/api/now?x=1")).toBe("http://example.com");
  expect(base("http://127.0.0.1:3000/api/now")).toBe("http://127.0.0.1:3000");
  expect(base("https://bücher.example:443/")).toBe("https://xn--bcher-kva.example");
  expect(base("http://[::1]:8080/a/b")).toBe("http://[::1]:8080");
  // BASE_URL, noted on the request's context by the common layer, wins over the request's own origin.
  expect(baseUrlOf({ url: new URL("http://x/"), context: { baseUrl: "https://configured.example" } } as H3Event)).toBe("https://configured.example");
});

it("notes a field that lost a character only where a byte beyond ASCII was escaped", () => {
  expect(lostInQuery(queryObject(new URL("http://x/api/search?q=letting%20go%2C%20slowly&limit=5")))).toBeUndefined();
  expect(lostInQuery(queryObject(new URL("http://x/api/attend?timezone=UTC&name=Byte%FFTester")))).toBe("name");
  expect(lostInQuery(queryObject(new URL("http://x/api/attend?name%C3=x")))).toBe("name\uFFFD");
  expect(lostInQuery(queryObject(new URL("http://x/api/search?q=%EF%BF%BD%20sent%20as%20itself")))).toBe("q");
  expect(lostInQuery(queryObject(new URL("http://x/api/search?q=caf%C3%A9%20au%20lait")))).toBeUndefined();
  expect(lostInQuery(freshQueryObject(new URL("http://x/api/attend?name=%ed%a0%80")))).toBe("name");
});
