// The planner end to end: the real `openai` client against a loopback server speaking the
// chat-completions wire format (structured output included), loopback SWPC and CPC sources,
// repair turns, fallbacks to the rotation, privacy of visitors' words, and an idle planner.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI, type Reply } from "../helpers/fake-openai.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";

const KP = [
  ["time_tag", "kp", "observed", "noaa_scale"],
  ["2026-11-21 00:00:00", "2.33", "observed", null],
  ["2026-11-22 00:00:00", "3.67", "predicted", null],
  ["2026-11-23 00:00:00", "5.00", "predicted", "G1"],
];
const SCALES = {
  "0": {
    DateStamp: "2026-11-22",
    TimeStamp: "00:00:00",
    R: { Scale: "0", Text: "none", MinorProb: "15", MajorProb: "1" },
    S: { Scale: "0", Text: "none", Prob: "1" },
    G: { Scale: "0", Text: "none" },
  },
  "1": {
    DateStamp: "2026-11-23",
    TimeStamp: "00:00:00",
    R: { Scale: null, Text: null, MinorProb: "20", MajorProb: "5" },
    S: { Scale: null, Text: null, Prob: "2" },
    G: { Scale: "1", Text: "minor" },
  },
};
const CPC = `<html><body><p>ENSO DIAGNOSTIC DISCUSSION issued by CLIMATE PREDICTION CENTER/NCEP/NWS and the International Research Institute for Climate and Society 13 November 2026</p>
<p>ENSO Alert System Status: La Ni&ntilde;a Advisory</p>
<p>Synopsis: La Niña is expected to continue through the northern winter, with a transition to ENSO-neutral likely in early spring.</p></body></html>`;

let sources: Server;
let sourcesUrl = "";
let fake: FakeOpenAI;
let server: TestServer;
const clock = new Date("2026-11-22T02:00:00Z");
const VISITOR = "Bartholomew Quince";
const PHRASE = "the blue heron at Kettle Pond";

/** A valid plan built from the candidate list the planner sent (lines "path | kind | seconds | title | themes"). */
function validPlan(body: any, name = "Lanterns Before Winter"): Reply {
  const prompt: string = body.messages.find((m: any) => m.role === "user").content;
  const rows = prompt
    .split("\n")
    .filter((l) => l.includes(" | "))
    .map((l) => l.split(" | "))
    .map(([path, kind, secs]) => ({ path, kind, seconds: parseInt(secs, 10) }));
  const longest = (kinds: string[], n: number) =>
    rows
      .filter((r) => kinds.includes(r.kind))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, n)
      .map((r) => r.path);
  const [chantA, chantB] = longest(["chant"], 2);
  const [songA, songB] = longest(["song"], 2);
  const [reading] = longest(["prayer", "practice"], 1);
  const [closing] = longest(["ritual", "blessing"], 1);
  return {
    content: JSON.stringify({
      pieces: [chantA, songA, chantB, songB, reading, closing],
      name,
      word: "The light comes late now, and leaves early. Sit with what the dark holds, and let it be enough for this hour.",
    }),
  };
}
const invalidPlan: Reply = { content: JSON.stringify({ pieces: ["songs/nope", "rituals/nope"], name: "One", word: "Too short." }) };

beforeAll(async () => {
  sources = createServer((req, res) => {
    if (req.url === "/kp.json") return (res.writeHead(200, { "content-type": "application/json" }), res.end(JSON.stringify(KP)));
    if (req.url === "/scales.json") return (res.writeHead(200, { "content-type": "application/json" }), res.end(JSON.stringify(SCALES)));
    if (req.url === "/enso.html") return (res.writeHead(200, { "content-type": "text/html" }), res.end(CPC));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => sources.listen(0, "127.0.0.1", r));
  sourcesUrl = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
  fake = await startFakeOpenAI([validPlan]);
  server = await openTestApp(
    {
      SANCTUARY_OPENAI_BASE_URL: fake.baseURL,
      SANCTUARY_PLANNER_MODEL: "planner-model",
      SANCTUARY_PLANNER_TIMEOUT_MS: "800",
      SANCTUARY_SWPC_KP_URL: `${sourcesUrl}/kp.json`,
      SANCTUARY_SWPC_SCALES_URL: `${sourcesUrl}/scales.json`,
      SANCTUARY_ENSO_URL: `${sourcesUrl}/enso.html`,
    },
    { clock: () => clock, startPlanner: false },
  );
  // Reflections whose writer's name and words must never reach the model; enough of them for themes.
  for (let i = 0; i < 3; i++) {
    await server.deps.reflections.add({
      id: `r-privacy-${i}`,
      name: VISITOR,
      text: `I keep thinking of ${PHRASE} and of the gratitude I felt there, time ${i}.`,
      song: server.deps.library.songs[0].slug,
      timezone: "Europe/Berlin",
      location: null,
      createdAt: `2026-11-2${i}T10:00:00.000Z`,
      service: { date: `2026-11-2${i}`, slotIndex: 4, tier: "north" },
    });
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await new Promise((r) => sources?.close(r));
});

const planner = () => server.deps.planner!;
const key = (slotIndex: number, tier: "north" | "south" | "unknown" = "north") => ({ date: "2026-11-23", slotIndex, tier });

describe("planning with a model", () => {
  it("records a valid plan and serves it with mode planned, name, word and context", async () => {
    fake.replies.splice(0, fake.replies.length, validPlan);
    const entry = await planner().planKey(key(1));
    expect(entry?.outcome).toBe("planned");
    const sent = fake.requests.at(-1)!.body;
    expect(sent.model).toBe("planner-model");
    expect(sent.response_format.type).toBe("json_schema");
    expect(sent.response_format.json_schema.schema.properties).toHaveProperty("pieces");
    const day = (await server.get("/api/services/2026-11-23")).body;
    const planned = day.services.find((s: any) => s.slotIndex === 1 && s.tier === "north");
    expect(planned).toMatchObject({ mode: "planned", name: "Lanterns Before Winter" });
    expect(planned.word).toContain("light comes late");
    expect(planned.plannedFrom.told.join(" ")).toContain("Season: autumn");
    expect(planned.plannedFrom.earth.enso.status).toContain("La Niña Advisory");
    expect(planned.plannedFrom.sky.spaceWeather).toMatchObject({ kp: 5, radio: { minor: 20, major: 5 } });
  });

  it("shows the planned service to a visitor in that slot, and a planned key is never planned twice", async () => {
    const saved = clock.getTime();
    clock.setTime(Date.parse("2026-11-23T04:30:00Z")); // 05:30 in Berlin: slot 1 of 2026-11-23
    const now = (await server.get("/api/now?timezone=Europe/Berlin")).body;
    clock.setTime(saved);
    expect(now.mode).toBe("planned");
    expect(now.service.name).toBe("Lanterns Before Winter");
    expect(now.service.arrangedBy).toContain("planner-model");
    expect(now.service.sky.moon).toBeDefined();
    expect(now.service.earth.enso.status).toContain("La Niña");
    expect(await planner().planKey(key(1))).toBeNull();
  });

  it("gives the model one repair turn with the violations", async () => {
    fake.replies.splice(0, fake.replies.length, invalidPlan, validPlan);
    fake.requests.length = 0;
    const entry = await planner().planKey(key(2));
    expect(entry?.outcome).toBe("planned");
    expect(entry?.attempts.map((a) => a.outcome)).toEqual(["invalid", "valid"]);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1].body.messages.at(-1).content as string;
    expect(repair).toContain("breaks these rules");
    expect(repair).toContain("not in the candidate list");
  });

  it.each([
    ["a second invalid plan", [invalidPlan, invalidPlan], ["invalid", "invalid"]],
    ["a timeout", [{ delayMs: 2000, content: "{}" }], ["error"]],
    ["a 500", [{ status: 500 }], ["error"]],
    ["malformed JSON", [{ malformed: true } as Reply], ["error"]],
  ] as const)("falls back to the rotation after %s", async (_label, replies, outcomes) => {
    fake.replies.splice(0, fake.replies.length, ...replies);
    const slot = { "a second invalid plan": 3, "a timeout": 4, "a 500": 5, "malformed JSON": 0 }[_label];
    const k = { ...key(slot, "south") };
    const entry = await planner().planKey(k);
    expect(entry?.outcome).toBe("rotation");
    expect(entry?.attempts.map((a) => a.outcome)).toEqual(outcomes);
    expect(await server.deps.calendar.get(k)).toBeNull();
    const record = await server.deps.calendar.ensure(k);
    expect(record.mode).toBe("rotation");
    expect(record.name).toBeNull();
  });

  it("never blocks /api/now while a plan is being made", async () => {
    fake.replies.splice(0, fake.replies.length, { delayMs: 700, content: "{}" });
    const planning = planner()
      .planKey(key(3, "unknown"))
      .then(() => "plan");
    const answered = server.get("/api/now?timezone=Asia/Tokyo").then((r) => (r.status === 200 ? "now" : "error"));
    expect(await Promise.race([planning, answered])).toBe("now");
    await planning;
  });

  it("never sends or stores a visitor's name or words", async () => {
    fake.replies.splice(0, fake.replies.length, validPlan);
    fake.requests.length = 0;
    const entry = await planner().planKey(key(4));
    expect(entry?.outcome).toBe("planned");
    const sent = JSON.stringify(fake.requests.map((r) => r.body));
    const stored = JSON.stringify(await server.deps.calendar.get(key(4)));
    for (const secret of [VISITOR, "Bartholomew", "Quince", PHRASE, "blue heron", "Kettle Pond"]) {
      expect(sent).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
    const record = await server.deps.calendar.get(key(4));
    expect((record!.visitors as any).themes).toContain("gratitude");
    expect(JSON.stringify((record!.visitors as any).themes)).not.toMatch(/heron|kettle|pond|quince|bartholomew/i);
    expect((record!.plannedFrom!.told as string[]).join(" ")).toContain("gratitude");
  });

  it("refuses a name or word that names a visitor, through the repair turn", async () => {
    fake.replies.splice(0, fake.replies.length, (body) => validPlan(body, "For Bartholomew Tonight"), validPlan);
    const entry = await planner().planKey(key(5));
    expect(entry?.attempts[0].violations).toContain("the name or word names a visitor");
    expect(entry?.outcome).toBe("planned");
  });

  it("still plans when the sky and Earth sources are unreachable, and says so once; a model's failure is said with why", async () => {
    const lines: Array<{ level: number; msg: string; source?: string; errors?: string[] }> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const offline = await openTestApp(
      {
        SANCTUARY_OPENAI_BASE_URL: fake.baseURL,
        SANCTUARY_PLANNER_MODEL: "planner-model",
        SANCTUARY_SWPC_KP_URL: "http://127.0.0.1:9/kp",
        SANCTUARY_SWPC_SCALES_URL: "http://127.0.0.1:9/s",
        SANCTUARY_ENSO_URL: "http://127.0.0.1:9/e",
      },
      { clock: () => clock, startPlanner: false, log: pino({ level: "info" }, sink) },
    );
    try {
      fake.replies.splice(0, fake.replies.length, validPlan);
      const entry = await offline.deps.planner!.planKey({ date: "2026-11-24", slotIndex: 0, tier: "north" });
      expect(entry?.outcome).toBe("planned");
      const record = await offline.deps.calendar.get({ date: "2026-11-24", slotIndex: 0, tier: "north" });
      expect(record!.earth).toBeNull();
      expect((record!.sky as any).spaceWeather).toBeNull();
      expect((record!.sky as any).moon).toBeDefined();
      // A second plan meets the same sources down: still one line each, at warn, naming the source.
      fake.replies.splice(0, fake.replies.length, { status: 500 });
      const fallback = await offline.deps.planner!.planKey({ date: "2026-11-24", slotIndex: 1, tier: "north" });
      expect(fallback?.outcome).toBe("rotation");
      const unreadable = lines.filter((l) => l.msg.startsWith("planner source unreadable"));
      expect(unreadable.map((l) => [l.level, l.source])).toEqual([
        [40, "space weather (NOAA SWPC)"],
        [40, "ENSO (NOAA CPC)"],
      ]);
      // The rotation after the model's 500 says why, at warn; the plan that worked is an info line.
      const said = lines.filter((l) => l.msg.startsWith("planner"));
      const failed = said.find((l) => l.msg.includes("the model failed"));
      expect(failed?.level).toBe(40);
      expect(failed?.errors?.join(" ")).toMatch(/500/);
      expect(said.filter((l) => l.msg === "planner").map((l) => l.level)).toEqual([30]);
    } finally {
      await offline.stop();
    }
  });
});

describe("the operator's dry run", () => {
  it("prints what the planner is told and the arrangement, storing nothing", async () => {
    fake.replies.splice(0, fake.replies.length, validPlan);
    const { execFile } = await import("node:child_process");
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ["--import", "tsx", "planner/plan-cli.ts", "--date", "2026-12-02", "--slot", "3", "--tier", "south", "--dry-run"],
        {
          env: {
            ...process.env,
            BASE_URL: "",
            DATA_DIR: server.dataDir,
            SANCTUARY_OPENAI_BASE_URL: fake.baseURL,
            SANCTUARY_PLANNER_MODEL: "planner-model",
            SANCTUARY_SWPC_KP_URL: `${sourcesUrl}/kp.json`,
            SANCTUARY_SWPC_SCALES_URL: `${sourcesUrl}/scales.json`,
            SANCTUARY_ENSO_URL: `${sourcesUrl}/enso.html`,
          },
        },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    expect(out).toContain("Told:");
    expect(out).toContain("southern hemisphere");
    expect(out).toContain("Name: Lanterns Before Winter");
    expect(out).toContain("dry run");
    expect(await server.deps.calendar.get({ date: "2026-12-02", slotIndex: 3, tier: "south" })).toBeNull();
  });
});

describe("without a model", () => {
  it("keeps the planner idle and every service a rotation", async () => {
    const idle = await openTestApp({}, { clock: () => clock });
    try {
      expect(idle.deps.planner).toBeNull();
      expect((await idle.get("/api/now?timezone=Europe/Paris")).body.mode).toBe("rotation");
    } finally {
      await idle.stop();
    }
  });
});
