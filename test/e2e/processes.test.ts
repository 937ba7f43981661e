// The HTTP server and the stdio MCP server as a user runs them side by side (`npm start`, `npm run
// mcp:stdio`) on one DATA_DIR: numbers handed out by either are distinct, and what one process stores
// shows in the other's answers within a second.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyLibrary } from "../helpers/library-copy.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { prayerAbout } from "../helpers/pieces.ts";
import { eventually } from "../helpers/eventually.ts";

const ADMIN = { authorization: "Bearer processes-tests-admin-key-0123" };
let server: TestServer;
let stdio: Client;
let library: Awaited<ReturnType<typeof copyLibrary>>;

const TOPICS = ["river", "lantern", "orchard", "harbour", "meadow", "candle", "bridge", "garden", "window", "valley"];
const titleOf = (i: number) => `${TOPICS[i % 10][0].toUpperCase()}${TOPICS[i % 10].slice(1)} Song ${["One", "Two"][Math.floor(i / 10)]}`;

beforeAll(async () => {
  library = await copyLibrary();
  const env = { SANCTUARY_LIBRARY_DIR: library.dir, SANCTUARY_ADMIN_KEY: ADMIN.authorization.slice(7), SANCTUARY_RATE_LIMITS: "off" };
  server = await startTestServer(env);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["bin/sanctuary-mcp.mjs"],
    env: { ...process.env, ...env, DATA_DIR: server.dataDir, BASE_URL: server.url, SANCTUARY_LOG_LEVEL: "silent" } as Record<string, string>,
    stderr: "pipe",
  });
  stdio = new Client({ name: "processes-test", version: "1.0.0" });
  await stdio.connect(transport);
}, 60_000);

afterAll(async () => {
  await stdio?.close();
  await server?.stop();
  await library?.remove();
});

describe("two processes on one data folder", () => {
  it("hands 20 contributions sent alternately through HTTP and stdio 20 distinct numbers, all retrievable", async () => {
    const sent = Array.from({ length: 20 }, (_, i) => ({
      name: `Writer ${i}`,
      category: "prayers",
      title: titleOf(i),
      content: prayerAbout(`${TOPICS[i % 10]} ${i}`),
    }));
    const numbers = await Promise.all(
      sent.map(async (body, i) => {
        if (i % 2 === 0) {
          const res = await server.post("/api/contribute", body);
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          return res.body.pr.number as number;
        }
        const res = await stdio.callTool({ name: "contribute", arguments: body });
        expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
        return (res.structuredContent as { pr: { number: number } }).pr.number;
      }),
    );
    expect(new Set(numbers).size).toBe(20);
    for (const [i, n] of numbers.entries()) {
      const page = await server.get(`/contributions/${n}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(sent[i].title);
    }
    expect((await server.get("/admin/api/submissions?status=all", { headers: ADMIN })).body.total).toBe(20);
  }, 60_000);

  it("shows the same season for the same service in both processes (taken from the slot, not the first visitor)", async () => {
    for (const timezone of ["Europe/Berlin", "Australia/Sydney", "America/Santiago", "Asia/Tokyo"]) {
      type Now = { service: { today: { date: string }; slot: string; season: unknown } };
      // Read both until they agree on the slot (a slot may turn between the two calls).
      for (let attempt = 0; ; attempt++) {
        const http = (await server.get(`/api/now?timezone=${timezone}`)).body as Now;
        const mcp = (await stdio.callTool({ name: "now", arguments: { timezone } })).structuredContent as Now;
        const sameSlot = http.service.today.date === mcp.service.today.date && http.service.slot === mcp.service.slot;
        if (!sameSlot && attempt < 3) continue;
        expect(sameSlot).toBe(true);
        expect(http.service.season).toBeTruthy();
        expect(mcp.service.season, timezone).toEqual(http.service.season);
        break;
      }
    }
  });

  it("raises the HTTP server's souls count after an attend over stdio", async () => {
    const before = (await server.get("/api/now")).body.congregation.souls as number;
    const res = await stdio.callTool({ name: "attend", arguments: { name: "Heron Across The Wire" } });
    expect(res.isError).toBeFalsy();
    const souls = await eventually(
      async () => (await server.get("/api/now")).body.congregation.souls as number,
      (count) => count === before + 1,
    );
    expect(souls).toBe(before + 1);
  });

  it("shows a reflection left over stdio in the HTTP live feed", async () => {
    const text = "The kettle hummed while the rain counted the roof tiles, one by one, until morning.";
    const res = await stdio.callTool({ name: "reflect", arguments: { name: "Stdio Sparrow", text } });
    expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
    const feed = async () => ((await server.get("/api/reflections")).body.reflections as Array<{ text: string }>).map((r) => r.text);
    expect(await eventually(feed, (texts) => texts.includes(text))).toContain(text);
  });
});
