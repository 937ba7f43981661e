import { describe, expect, it } from "vitest";
import { BoundedMemo, perObject } from "../../core/memo.ts";

describe("BoundedMemo", () => {
  it("makes a value once per key and never holds more than its bound", () => {
    const memo = new BoundedMemo<number>(8);
    let made = 0;
    for (let round = 0; round < 3; round++) for (let i = 0; i < 4; i++) memo.get(`k${i}`, () => ++made);
    expect(made).toBe(4);
    for (let i = 0; i < 1000; i++) {
      memo.get(`one-off ${i}`, () => i);
      expect(memo.size).toBeLessThanOrEqual(8);
    }
  });

  it("keeps what is used again and drops what is not", () => {
    const memo = new BoundedMemo<string>(8);
    memo.put("kept", "value");
    for (let i = 0; i < 100; i++) {
      memo.get(`one-off ${i}`, () => "x");
      expect(memo.find("kept")).toBe("value");
    }
    expect(memo.find("one-off 0")).toBeUndefined();
    expect(memo.find("one-off 99")).toBe("x");
  });

  it("forgets a deleted key in either generation", () => {
    const memo = new BoundedMemo<number>(4);
    memo.put("a", 1);
    memo.put("b", 2);
    memo.put("c", 3); // "a" and "b" are the older generation now
    memo.delete("a");
    memo.delete("c");
    expect([memo.find("a"), memo.find("b"), memo.find("c")]).toEqual([undefined, 2, undefined]);
  });

  it("keeps a value that is undefined or null as a value", () => {
    const memo = new BoundedMemo<null | undefined>(4);
    let made = 0;
    memo.get("null", () => (made++, null));
    memo.get("null", () => (made++, null));
    memo.get("undefined", () => (made++, undefined));
    memo.get("undefined", () => (made++, undefined));
    expect(made).toBe(2);
  });
  it("keeps one entry when making a value puts the same key, and the bound still holds", () => {
    const memo = new BoundedMemo<number>(4);
    expect(memo.get("a", () => (memo.put("a", 1), 2))).toBe(2);
    expect(memo.find("a")).toBe(2);
    expect(memo.size).toBe(1);
    for (let i = 0; i < 20; i++) memo.get(`k${i}`, () => i);
    expect(memo.size).toBeLessThanOrEqual(4);
  });

  it("moves a key used again from the older generation without keeping it twice", () => {
    const memo = new BoundedMemo<number>(4);
    memo.put("a", 1);
    memo.put("b", 2);
    memo.put("c", 3); // "a" and "b" are the older generation now
    expect(memo.get("a", () => 99)).toBe(1);
    expect(memo.size).toBe(3);
    memo.put("d", 4); // the current generation ("c", "a") becomes the older one; "b" is dropped
    expect([memo.find("a"), memo.find("b"), memo.find("c"), memo.find("d")]).toEqual([1, undefined, 3, 4]);
  });
});

describe("BoundedMemo over keys used again in turn", () => {
  // More keys than half the bound, fewer than the bound, asked in the same order round after round (search's terms
  // over the bench's queries): after the first round every one is found. Moving a key back used to turn the
  // generations over, dropping half of them before their turn came again.
  it("finds every key of a round within the bound, and never holds more than the bound", () => {
    const memo = new BoundedMemo<number>(64);
    let made = 0;
    for (let round = 0; round < 4; round++)
      for (let i = 0; i < 50; i++) {
        memo.get(`k${i}`, () => ++made);
        expect(memo.size).toBeLessThanOrEqual(64);
      }
    expect(made).toBe(50);
    // All moved back into one generation, then new keys: the bound holds throughout.
    for (let i = 0; i < 64; i++) memo.get(`k${i}`, () => ++made);
    for (let i = 0; i < 200; i++) {
      memo.get(`new ${i}`, () => i);
      expect(memo.size).toBeLessThanOrEqual(64);
    }
  });
});

describe("perObject", () => {
  it("makes once per object, and again for another object with the same contents", () => {
    const made: object[] = [];
    const lengthOf = perObject((list: readonly number[]) => (made.push(list), list.length));
    const a = [1, 2, 3];
    expect([lengthOf(a), lengthOf(a), lengthOf([1, 2, 3])]).toEqual([3, 3, 3]);
    expect(made).toHaveLength(2);
    expect(made[0]).toBe(a);
  });
});
