// Which address a limit counts against (docs/behaviour.md §9, SANCTUARY_TRUST_PROXY): with `none` a client cannot
// name itself with X-Forwarded-For; with `auto` (the default) behind a loopback peer, the one forwarded hop
// is the client. The admin lockout counts the same address, for wrong keys only (web/admin-auth.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const KEY = "client-address-admin-key-0123";
let none: TestServer;
let auto: TestServer;

beforeAll(async () => {
  [none, auto] = await Promise.all([
    startTestServer({ SANCTUARY_TRUST_PROXY: "none", SANCTUARY_ADMIN_KEY: KEY }),
    startTestServer({ SANCTUARY_ADMIN_KEY: KEY }),
  ]);
});
afterAll(async () => {
  await none?.stop();
  await auto?.stop();
});

const reflectForwardedFor = (server: TestServer, i: number, forwardedFor: string) =>
  server.post(
    "/api/reflect",
    { name: `Passer-by ${i}`, text: `A short thought from a passer-by, number ${i}, about the chant.` },
    { "x-forwarded-for": forwardedFor },
  );

describe("SANCTUARY_TRUST_PROXY=none", () => {
  it("ignores X-Forwarded-For: six reflections from one socket under six forwarded addresses, the sixth is 429", async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await reflectForwardedFor(none, i, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("locks wrong keys for the socket's address, whatever address each guess claims; the right key still passes", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await none.get("/admin/api/submissions", { headers: { authorization: `Bearer wrong-${i}`, "x-forwarded-for": `198.51.100.${i}` } });
      expect(res.status).toBe(403);
    }
    const again = await none.get("/admin/api/submissions", { headers: { authorization: "Bearer wrong-again", "x-forwarded-for": "198.51.100.99" } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    const right = await none.get("/admin/api/submissions", { headers: { authorization: `Bearer ${KEY}`, "x-forwarded-for": "198.51.100.99" } });
    expect(right.status).toBe(200);
  });
});

describe("SANCTUARY_TRUST_PROXY=auto (the default) behind a loopback peer", () => {
  it("counts the forwarded address: six addresses all pass, a sixth from one address is 429 while another passes", async () => {
    for (let i = 1; i <= 6; i++) expect((await reflectForwardedFor(auto, i, `10.0.0.1, 203.0.113.${i}`)).status).toBe(200);
    for (let i = 7; i <= 10; i++) expect((await reflectForwardedFor(auto, i, "203.0.113.1")).status).toBe(200);
    expect((await reflectForwardedFor(auto, 11, "203.0.113.1")).status).toBe(429);
    expect((await reflectForwardedFor(auto, 12, "203.0.113.2")).status).toBe(200);
  });

  it("locks wrong keys for the forwarded address only", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await auto.get("/admin/api/submissions", { headers: { authorization: `Bearer wrong-${i}`, "x-forwarded-for": "192.0.2.10" } })).status).toBe(403);
    }
    expect((await auto.get("/admin/api/submissions", { headers: { authorization: "Bearer wrong-10", "x-forwarded-for": "192.0.2.10" } })).status).toBe(429);
    expect((await auto.get("/admin/api/submissions", { headers: { authorization: "Bearer wrong-11", "x-forwarded-for": "192.0.2.11" } })).status).toBe(403);
    expect((await auto.get("/admin/api/submissions", { headers: { authorization: `Bearer ${KEY}`, "x-forwarded-for": "192.0.2.10" } })).status).toBe(200);
  });
});
