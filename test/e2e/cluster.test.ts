// Two server processes on one Redis: presence, rate limits and first-writer-wins records hold
// whichever process a request reaches. Runs when SANCTUARY_TEST_REDIS_URL names a Redis (CI starts one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOnOneRedis, type ChildServer, type Machines } from "../helpers/child-server.ts";
import { eventually } from "../helpers/eventually.ts";

const base = process.env.SANCTUARY_TEST_REDIS_URL;
const redisUrl = base ? `${base.replace(/\/\d+$/, "")}/5` : "";
let servers: ChildServer[] = [];

describe.skipIf(!base)("two processes on one Redis", () => {
  let machines: Machines | undefined;
  beforeAll(async () => {
    machines = await startOnOneRedis(redisUrl, 2);
    servers = machines.servers;
  }, 120_000);
  afterAll(() => machines?.stop());

  it("counts 40 concurrent attends spread over both as 40 souls on both", async () => {
    const results = await Promise.all(
      // Each from an address of its own (through the loopback peer `auto` believes): one address adds at most 20 new souls a day.
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${servers[i % 2].url}/api/attend?name=Walker%20${i}&timezone=Europe/Rome`, { headers: { "x-forwarded-for": `203.0.113.${i}` } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(results).toEqual(Array(40).fill(200));
    // Each process counts its own visitors at once and the other's soon after (a full count is reused for half a
    // second): each is read until it says 40, and how soon is the bench's figure, not this test's.
    const souls = (s: { url: string }) => fetch(`${s.url}/api/now`).then(async (r) => (await r.json()).congregation.souls as number);
    for (const s of servers)
      expect(
        await eventually(
          () => souls(s),
          (n) => n === 40,
        ),
      ).toBe(40);
  });

  it("refuses the sixth reflection of one name within the hour, whichever process gets it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${servers[i % 2].url}/api/reflect`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
        body: JSON.stringify({ name: "Shared Name", text: `A reflection sent to either process, number ${i}, about the light.` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("serves the same first-recorded service from both", async () => {
    const [a, b] = await Promise.all(servers.map((s) => fetch(`${s.url}/api/now?timezone=America/Chicago`).then((r) => r.json())));
    expect(a.service.order.map((p: any) => p.title)).toEqual(b.service.order.map((p: any) => p.title));
    const day = a.service.today.date;
    const [da, db] = await Promise.all(servers.map((s) => fetch(`${s.url}/api/services/${day}`).then((r) => r.json())));
    expect(da.services.map((s: any) => s.order.map((p: any) => p.title))).toEqual(db.services.map((s: any) => s.order.map((p: any) => p.title)));
  });
});
