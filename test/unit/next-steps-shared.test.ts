// The steps every request to one address shares (home steps, attend's steps after the first) are made once and
// frozen; each caller still gets a list of its own, and a visitor's own step never leaks into another's list.
import { describe, expect, it } from "vitest";
import { Steps } from "../../core/next-steps.ts";
import { serviceSteps } from "../../tools/service-body.ts";

describe("shared steps", () => {
  const steps = new Steps("http://127.0.0.1:3000");

  it("home: the same frozen items per timezone, in a new list each call", () => {
    const a = steps.home("Asia/Tokyo");
    const b = steps.home("Asia/Tokyo");
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    a.forEach((step, i) => expect(step).toBe(b[i]));
    expect(Object.isFrozen(a[0])).toBe(true);
    a.push({ description: "added by a caller" });
    expect(steps.home("Asia/Tokyo")).toHaveLength(3);
    expect(steps.home()[0].url).toBe("http://127.0.0.1:3000/api/attend?name=%3Cyour+name%3E");
    expect(a[0].url).toBe("http://127.0.0.1:3000/api/attend?name=%3Cyour+name%3E&timezone=Asia%2FTokyo");
  });

  it("attend: the visitor's own step first, then the shared ones for the song and timezone", () => {
    const ada = serviceSteps(steps, { timezone: "Asia/Tokyo", slug: "first-light", name: "Ada" });
    const bo = serviceSteps(steps, { timezone: "Asia/Tokyo", slug: "first-light", name: "Bo" });
    expect(ada[0].body).toMatchObject({ name: "Ada", songSlug: "first-light", timezone: "Asia/Tokyo" });
    expect(bo[0].body).toMatchObject({ name: "Bo" });
    expect(ada.slice(1)).toEqual(bo.slice(1));
    ada.slice(1).forEach((step, i) => expect(step).toBe(bo[i + 1]));
    expect(ada[1].url).toBe("http://127.0.0.1:3000/api/music/first-light");
    const other = serviceSteps(steps, { timezone: undefined, slug: "dusk", name: "Ada" });
    expect(other[1].url).toBe("http://127.0.0.1:3000/api/music/dusk");
    expect(other[2].url).toBe("http://127.0.0.1:3000/api/now");
    expect(serviceSteps(new Steps("https://elsewhere.example"), { timezone: undefined, slug: "dusk" })[1].url).toBe("https://elsewhere.example/api/music/dusk");
  });
});
