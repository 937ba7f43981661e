// core/load-once.ts: a package loaded on first use, once for every caller, and tried again after a failed load.
import { describe, expect, it } from "vitest";
import { loadOnce } from "../../core/load-once.ts";

describe("loadOnce", () => {
  it("loads on the first call only, and every caller gets the same module", async () => {
    let loads = 0;
    const module = { name: "writer" };
    const load = loadOnce(async () => {
      loads++;
      return module;
    });
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(module);
    expect([a, b, loads]).toEqual([module, module, 1]);
  });

  it("tries again after a load that failed, and keeps the one that succeeds", async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error("cannot find package 'feed'");
      return { loads };
    });
    await expect(load()).rejects.toThrow("cannot find package 'feed'");
    expect(await load()).toEqual({ loads: 2 });
    expect(await load()).toEqual({ loads: 2 });
    expect(loads).toBe(2);
  });
});
