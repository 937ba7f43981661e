// Planner sources against loopback servers serving hand-written payloads in NOAA's real shapes.
// No test reaches the internet; time-dependent behaviour uses an injected clock, and the only
// "budget" is the test's own timeout.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ENSO_URL, fetchEnso, parseEnso } from "../../planner/sources/enso.ts";
import { SourceError, TtlCache, fetchText } from "../../planner/sources/fetch.ts";
import { SPACE_WEATHER_URLS, fetchSpaceWeather } from "../../planner/sources/space-weather.ts";
import { eventually } from "../helpers/eventually.ts";

type Reply = { status?: number; body?: string; type?: string; delayMs?: number; hang?: boolean };

interface Fake {
  url: (path: string) => string;
  hits: (path: string) => number;
  close: () => Promise<void>;
}

/** Routes answer with their replies in order; the last one repeats. */
async function serveRoutes(routes: Record<string, Reply[]>): Promise<Fake> {
  const hits = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? "/";
    const n = hits.get(path) ?? 0;
    hits.set(path, n + 1);
    const replies = routes[path] ?? [{ status: 404, body: "Not Found" }];
    const reply = replies[Math.min(n, replies.length - 1)];
    if (reply.hang) return; // accept, never answer: only the client's deadline ends it
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.writeHead(reply.status ?? 200, { "content-type": reply.type ?? "application/json" });
    res.end(reply.body ?? "");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => base + path,
    hits: (path) => hits.get(path) ?? 0,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

const fakes: Fake[] = [];
async function fake(routes: Record<string, Reply[]>) {
  const f = await serveRoutes(routes);
  fakes.push(f);
  return f;
}
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

const quick = (url: string) => fetchText(url, { timeoutMs: 1000, retries: 2, backoffMs: 5 });
const NOW = new Date("2025-11-13T10:00:00Z");

// Older shape: a header row, then rows of strings; a storm last night easing into a quiet day.
const KP_ROWS = JSON.stringify([
  ["time_tag", "kp", "observed", "noaa_scale"],
  ["2025-11-12 18:00:00", "5.33", "observed", "G1"],
  ["2025-11-12 21:00:00", "6.00", "observed", "G2"],
  ["2025-11-13 00:00:00", "4.67", "observed", "G1"],
  ["2025-11-13 03:00:00", "4.00", "observed", null],
  ["2025-11-13 06:00:00", "3.67", "estimated", null],
  ["2025-11-13 09:00:00", "3.33", "predicted", null],
  ["2025-11-13 12:00:00", "3.00", "predicted", null],
  ["2025-11-13 15:00:00", "2.67", "predicted", null],
  ["2025-11-13 18:00:00", "2.33", "predicted", null],
  ["2025-11-13 21:00:00", "2.67", "predicted", null],
  ["2025-11-14 00:00:00", "2.33", "predicted", null],
  ["2025-11-14 03:00:00", "2.00", "predicted", null],
  ["2025-11-14 06:00:00", "2.00", "predicted", null],
  ["2025-11-14 09:00:00", "1.67", "predicted", null],
  ["2025-11-14 12:00:00", "2.00", "predicted", null],
  ["2025-11-14 21:00:00", "2.33", "predicted", null],
]);

// Newer shape: objects with numbers; quiet today, a storm arriving after midnight.
const KP_OBJECTS = JSON.stringify([
  { time_tag: "2025-11-13T03:00:00", kp: 2.33, observed: "observed", noaa_scale: null },
  { time_tag: "2025-11-13T06:00:00", kp: 2.0, observed: "estimated", noaa_scale: null },
  { time_tag: "2025-11-13T09:00:00", kp: 2.67, observed: "predicted", noaa_scale: null },
  { time_tag: "2025-11-13T21:00:00", kp: 3.67, observed: "predicted", noaa_scale: null },
  { time_tag: "2025-11-14T00:00:00", kp: 4.67, observed: "predicted", noaa_scale: "G1" },
  { time_tag: "2025-11-14T03:00:00", kp: 5.67, observed: "predicted", noaa_scale: "G2" },
  { time_tag: "2025-11-14T06:00:00", kp: 5.0, observed: "predicted", noaa_scale: "G1" },
  // Past the 24 hours: does not count toward kp, does toward the next day's trend.
  { time_tag: "2025-11-14T12:00:00", kp: 6.67, observed: "predicted", noaa_scale: "G3" },
]);

const scaleDay = (date: string, time: string, r: [string | null, string | null, string | null], s: [string | null, string | null], g: string | null) => ({
  DateStamp: date,
  TimeStamp: time,
  R: { Scale: r[0], Text: r[0] === null ? null : r[0] === "0" ? "none" : "minor", MinorProb: r[1], MajorProb: r[2] },
  S: { Scale: s[0], Text: s[0] === null ? null : "none", Prob: s[1] },
  G: { Scale: g, Text: g === null ? null : g === "0" ? "none" : "minor" },
});
const SCALES = JSON.stringify({
  "-1": scaleDay("2025-11-12", "00:00:00", ["1", null, null], ["0", null], "2"),
  "0": scaleDay("2025-11-13", "09:45:00", ["0", null, null], ["0", null], "1"),
  "1": scaleDay("2025-11-13", "00:00:00", [null, "35", "10"], [null, "5"], "0"),
  "2": scaleDay("2025-11-14", "00:00:00", [null, "30", "5"], [null, "1"], "0"),
  "3": scaleDay("2025-11-15", "00:00:00", [null, "25", "5"], [null, null], "0"),
});

describe("fetchText", () => {
  it("retries a 5xx and returns the later success", async () => {
    const f = await fake({ "/p": [{ status: 503, body: "busy" }, { body: "ok" }] });
    expect(await quick(f.url("/p"))).toBe("ok");
    expect(f.hits("/p")).toBe(2);
  });

  it("does not retry a 4xx", async () => {
    const f = await fake({ "/p": [{ status: 404, body: "gone" }, { body: "ok" }] });
    const error = await quick(f.url("/p")).catch((e) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ status: 404, retryable: false });
    expect(f.hits("/p")).toBe(1);
  });

  it("gives up after the retries, with the last status", async () => {
    const f = await fake({ "/p": [{ status: 500 }] });
    await expect(quick(f.url("/p"))).rejects.toMatchObject({ status: 500 });
    expect(f.hits("/p")).toBe(3);
  });

  it("abandons an attempt that outlives its deadline, and retries it", async () => {
    const f = await fake({ "/p": [{ hang: true }, { body: "late but here" }] });
    expect(await fetchText(f.url("/p"), { timeoutMs: 200, retries: 1, backoffMs: 5 })).toBe("late but here");
    const g = await fake({ "/p": [{ hang: true }] });
    await expect(fetchText(g.url("/p"), { timeoutMs: 200, retries: 0 })).rejects.toThrow(/timed out/);
  });

  it("stops at once when the caller cancels", async () => {
    const f = await fake({ "/p": [{ hang: true }] });
    const controller = new AbortController();
    const pending = fetchText(f.url("/p"), { timeoutMs: 20_000, retries: 5, signal: controller.signal });
    // Cancelled once the request has arrived (a fixed 50 ms could pass before it did on a busy machine).
    await eventually(
      async () => f.hits("/p"),
      (n) => n > 0,
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ retryable: false });
    expect(f.hits("/p")).toBe(1);
  });
});

describe("TtlCache", () => {
  it("keeps a value for its TTL, then loads again", async () => {
    const f = await fake({ "/p": [{ body: "one" }, { body: "two" }] });
    let now = 0;
    const cache = new TtlCache<string>(5 * 60_000, () => now);
    const load = () => quick(f.url("/p"));
    expect(await cache.get("k", 60_000, load)).toBe("one");
    now = 59_000;
    expect(await cache.get("k", 60_000, load)).toBe("one");
    expect(f.hits("/p")).toBe(1);
    now = 60_001;
    expect(await cache.get("k", 60_000, load)).toBe("two");
    expect(f.hits("/p")).toBe(2);
  });

  it("shares one in-flight load between concurrent callers", async () => {
    const f = await fake({ "/p": [{ body: "shared", delayMs: 100 }] });
    const cache = new TtlCache<string>();
    const results = await Promise.all([1, 2, 3].map(() => cache.get("k", 60_000, () => quick(f.url("/p")))));
    expect(results).toEqual(["shared", "shared", "shared"]);
    expect(f.hits("/p")).toBe(1);
  });

  it("remembers a failure as null for the failure TTL, not the value's TTL", async () => {
    const f = await fake({ "/p": [{ status: 404 }, { body: "back" }] });
    let now = 0;
    const cache = new TtlCache<string>(5 * 60_000, () => now);
    const load = () => quick(f.url("/p"));
    expect(await cache.get("k", 3600_000, load)).toBeNull();
    now = 4 * 60_000;
    expect(await cache.get("k", 3600_000, load)).toBeNull();
    expect(f.hits("/p")).toBe(1);
    now = 5 * 60_000 + 1;
    expect(await cache.get("k", 3600_000, load)).toBe("back");
  });
});

describe("fetchSpaceWeather", () => {
  it("reads the row-shaped Kp forecast and the scales", async () => {
    const f = await fake({ "/kp": [{ body: KP_ROWS }], "/scales": [{ body: SCALES }] });
    const sw = await fetchSpaceWeather({ kpUrl: f.url("/kp"), scalesUrl: f.url("/scales") }, NOW, quick);
    expect(sw).toEqual({
      kp: 3.33, // the 09:00 interval under way; the storm before now does not count
      stormScale: "G1", // the scales say a minor storm is in progress now
      trend: "falling", // today reached 4.67, tomorrow peaks at 2.33
      radio: { minor: 35, major: 10 },
      radiation: { chance: 5 },
      asOf: "2025-11-13T09:45:00.000Z",
    });
  });

  it("reads the object-shaped Kp forecast", async () => {
    const f = await fake({ "/kp": [{ body: KP_OBJECTS }], "/scales": [{ body: SCALES }] });
    const sw = await fetchSpaceWeather({ kpUrl: f.url("/kp"), scalesUrl: f.url("/scales") }, NOW, quick);
    expect(sw).toMatchObject({ kp: 5.67, stormScale: "G2", trend: "rising" });
  });

  it("gives partial data when the scales fail", async () => {
    const f = await fake({ "/kp": [{ body: KP_ROWS }], "/scales": [{ status: 500 }] });
    const sw = await fetchSpaceWeather({ kpUrl: f.url("/kp"), scalesUrl: f.url("/scales") }, NOW, quick);
    expect(sw).toEqual({
      kp: 3.33,
      stormScale: "G0",
      trend: "falling",
      radio: { minor: null, major: null },
      radiation: { chance: null },
      asOf: "2025-11-13T06:00:00.000Z", // the latest interval measured rather than predicted
    });
  });

  it("gives partial data when the Kp forecast fails or is not JSON", async () => {
    const f = await fake({ "/kp": [{ body: "<html>maintenance</html>", type: "text/html" }], "/scales": [{ body: SCALES }] });
    const sw = await fetchSpaceWeather({ kpUrl: f.url("/kp"), scalesUrl: f.url("/scales") }, NOW, quick);
    expect(sw).toEqual({
      kp: null,
      stormScale: "G1",
      trend: "falling", // G1 today, G0 the next day
      radio: { minor: 35, major: 10 },
      radiation: { chance: 5 },
      asOf: "2025-11-13T09:45:00.000Z",
    });
  });

  it("is null when both products fail", async () => {
    const f = await fake({ "/kp": [{ status: 503 }], "/scales": [{ status: 404 }] });
    expect(await fetchSpaceWeather({ kpUrl: f.url("/kp"), scalesUrl: f.url("/scales") }, NOW, quick)).toBeNull();
  });

  // The budget with default options: three attempts of 4 s and 0.3 + 0.6 s between them.
  it("is null for an unreachable source, within the default budget", { timeout: 3 * 4000 + 900 + 2000 }, async () => {
    const port = await closedPort();
    const urls = { kpUrl: `http://127.0.0.1:${port}/kp`, scalesUrl: `http://127.0.0.1:${port}/scales` };
    expect(await fetchSpaceWeather(urls, NOW)).toBeNull();
    expect(await fetchEnso(`http://127.0.0.1:${port}/enso`)).toBeNull();
  });

  it("points at NOAA by default", () => {
    expect(SPACE_WEATHER_URLS.kpUrl).toMatch(/^https:\/\/services\.swpc\.noaa\.gov\/products\/noaa-planetary-k-index-forecast\.json$/);
    expect(SPACE_WEATHER_URLS.scalesUrl).toMatch(/noaa-scales\.json$/);
    expect(ENSO_URL).toMatch(/^https:\/\/www\.cpc\.ncep\.noaa\.gov\/.*ensodisc\.shtml$/);
  });
});

// In the style of the real page: site chrome, a centred heading block with <br>s, bold labels,
// entities for ñ and °, and long paragraphs after the synopsis.
const ENSO_PAGE = `<!DOCTYPE html>
<html lang="en"><head><title>Climate Prediction Center: ENSO Diagnostic Discussion</title>
<script type="text/javascript">var status = "ENSO Alert System Status: script noise";</script>
<style>.t { color: #000 }</style></head>
<body><a href="#contents">skip navigation links</a>
<table><tr><td class="nav"><a href="/">Climate Prediction Center</a><br><a href="/about">About Us</a></td></tr></table>
<!-- ENSO Alert System Status: a comment, not the status -->
<div align="center"><span class="t"><b>EL NI&Ntilde;O/SOUTHERN OSCILLATION (ENSO)<br>DIAGNOSTIC DISCUSSION</b></span><br>
issued by<br>CLIMATE PREDICTION CENTER/NCEP/NWS<br>
and the International Research Institute for Climate and Society<br>13 November 2025</div>
<p>&nbsp;</p>
<p><strong>ENSO Alert System Status:</strong> La Ni&ntilde;a Advisory</p>
<p>&nbsp;</p>
<p><strong>Synopsis:</strong>&nbsp; La Ni&ntilde;a is favored to continue into the Northern Hemisphere winter,
with a transition to ENSO-neutral most likely in January&ndash;March 2026 (55% chance).</p>
<p>La Ni&#241;a conditions emerged in October, as indicated by below-average sea surface temperatures (SSTs)
across the central and eastern equatorial Pacific Ocean [Fig. 1]. The latest weekly Ni&ntilde;o-3.4 index was -0.6&deg;C.</p>
</body></html>`;

describe("fetchEnso", () => {
  it("reads status, synopsis and issue date from the page", async () => {
    const f = await fake({ "/ensodisc.shtml": [{ body: ENSO_PAGE, type: "text/html" }] });
    expect(await fetchEnso(f.url("/ensodisc.shtml"), quick)).toEqual({
      status: "La Niña Advisory",
      synopsis:
        "La Niña is favored to continue into the Northern Hemisphere winter, with a transition to ENSO-neutral most likely in January–March 2026 (55% chance).",
      asOf: "2025-11-13",
    });
  });

  it("reads a status on the line after its label, and no date as null", () => {
    const page = "<p><b>ENSO Alert System Status:</b><br>Not Active</p><p><b>Synopsis:</b> ENSO-neutral is favored.</p>";
    expect(parseEnso(page)).toEqual({ status: "Not Active", synopsis: "ENSO-neutral is favored.", asOf: null });
  });

  it("is null for a page without the labels, and for an error page", async () => {
    const f = await fake({ "/moved": [{ body: "<html><body><h1>This page has moved</h1></body></html>", type: "text/html" }], "/down": [{ status: 502 }] });
    expect(await fetchEnso(f.url("/moved"), quick)).toBeNull();
    expect(await fetchEnso(f.url("/down"), quick)).toBeNull();
    expect(f.hits("/down")).toBe(3);
  });
});
