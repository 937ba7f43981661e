// core/object-mark.ts: a value kept on an object, as a weak map would keep it, and never seen by the object's readers.
import { expect, it } from "vitest";
import { objectMark } from "../../core/object-mark.ts";

it("keeps a value per object, marks anew, and keeps marks of different makings apart", () => {
  const a = objectMark<number>();
  const b = objectMark<string>();
  const one = { title: "one" };
  const two = { title: "two" };
  expect(a.get(one)).toBeUndefined();
  a.set(one, 1);
  a.set(two, 2);
  b.set(one, "b's");
  expect([a.get(one), a.get(two), b.get(one), b.get(two)]).toEqual([1, 2, "b's", undefined]);
  a.set(one, 11);
  expect(a.get(one)).toBe(11);
  expect(a.get({ title: "one" })).toBeUndefined();
});

it("is seen by no reader of the object: its keys, JSON, a spread, a structured clone, its prototype", () => {
  const mark = objectMark<{ kept: boolean }>();
  const card = { title: "A card", n: 1 };
  mark.set(card, { kept: true });
  expect(Object.keys(card)).toEqual(["title", "n"]);
  expect(Reflect.ownKeys(card)).toEqual(["title", "n"]);
  expect(JSON.stringify(card)).toBe('{"title":"A card","n":1}');
  expect(Object.getPrototypeOf(card)).toBe(Object.prototype);
  const copy = { ...card };
  const clone = structuredClone(card);
  expect([mark.get(copy), mark.get(clone)]).toEqual([undefined, undefined]);
  expect(clone).toEqual(card);
});

it("marks an object that can take no new field (frozen, sealed, not extensible) beside it, and anew there too", () => {
  const mark = objectMark<string>();
  for (const held of [Object.freeze({ a: 1 }), Object.seal({ b: 2 }), Object.preventExtensions({ c: 3 }), Object.freeze([1, 2])]) {
    mark.set(held, "first");
    expect(mark.get(held)).toBe("first");
    mark.set(held, "again");
    expect(mark.get(held)).toBe("again");
  }
  // Marked while it could take the field, then frozen: the value stays on it, and may be marked anew.
  const later = { d: 4 };
  mark.set(later, "before");
  Object.freeze(later);
  expect(mark.get(later)).toBe("before");
  mark.set(later, "after");
  expect(mark.get(later)).toBe("after");
});
