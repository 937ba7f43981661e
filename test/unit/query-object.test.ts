// Query strings become plain objects: repeated names become lists (which validation then refuses),
// and names such as __proto__ or constructor stay data, never the object's prototype or its methods.
import { expect, it } from "vitest";
import { queryObject } from "../../adapters/http.ts";

it("reads a query as a plain object, lists for repeated names, prototype names kept as data", () => {
  const out = queryObject(new URL("http://x/api/now?timezone=Europe%2FBerlin&t=1&t=2&t=3&__proto__=a&constructor=b&toString=c"));
  expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  expect(Object.keys(out)).toEqual(["timezone", "t", "__proto__", "constructor", "toString"]);
  expect(out.timezone).toBe("Europe/Berlin");
  expect(out.t).toEqual(["1", "2", "3"]);
  expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toBe("a");
  expect([out.constructor, out.toString]).toEqual(["b", "c"]);
  expect(({} as Record<string, unknown>).a).toBeUndefined();
});
