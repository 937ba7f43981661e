// Space weather for the planner, from two public NOAA SWPC products: the planetary Kp forecast (what
// the next hours hold) and the NOAA scales (today and the next days' R/S/G levels and chances).
// Either product alone still tells the planner something, so one failing gives partial data.
import { fetchText as defaultFetchText, type FetchTextFn } from "./fetch.ts";

export interface SpaceWeather {
  /** Highest Kp of the 3-hour intervals overlapping the next 24 hours. */
  kp: number | null;
  /** "G0"…"G5": the highest geomagnetic storm level expected over the next 24 hours. */
  stormScale: string;
  /** The next UTC day against today, by highest Kp (or by G scale without the Kp forecast). */
  trend: "rising" | "steady" | "falling";
  /** Chance percent of R1–R2 (minor) and R3 or more (major) radio blackouts on the next day. */
  radio: { minor: number | null; major: number | null };
  /** Chance percent of an S1 or greater solar radiation storm on the next day. */
  radiation: { chance: number | null };
  /** The data's own stamp (the scales' issue time, else the latest measured Kp interval). */
  asOf: string;
}

export const SPACE_WEATHER_URLS = Object.freeze({
  kpUrl: "https://services.swpc.noaa.gov/products/noaa-planetary-k-index-forecast.json",
  scalesUrl: "https://services.swpc.noaa.gov/products/noaa-scales.json",
});

const HOUR_MS = 3600_000;
/** A Kp difference of a whole step between days is a change; thirds of a step are noise. */
const TREND_STEP = 1;

interface KpRow {
  at: number; // start of the 3-hour interval, ms UTC
  kp: number;
  observed: string; // "observed" | "estimated" | "predicted"
  scale: number | null; // the G level the file gives, if any
}

type ScaleDay = {
  DateStamp?: string | null;
  TimeStamp?: string | null;
  R?: { Scale?: string | null; MinorProb?: string | null; MajorProb?: string | null } | null;
  S?: { Scale?: string | null; Prob?: string | null } | null;
  G?: { Scale?: string | null } | null;
};
type Scales = Record<string, ScaleDay | undefined>;

export async function fetchSpaceWeather(
  urls: { kpUrl: string; scalesUrl: string } = SPACE_WEATHER_URLS,
  now: Date = new Date(),
  fetchText: FetchTextFn = (url) => defaultFetchText(url),
): Promise<SpaceWeather | null> {
  const [kpText, scalesText] = await Promise.all([fetchText(urls.kpUrl).catch(() => null), fetchText(urls.scalesUrl).catch(() => null)]);
  const rows = kpText === null ? null : parseKpForecast(kpText);
  const scales = scalesText === null ? null : parseScales(scalesText);
  if (!rows && !scales) return null;
  return combine(rows, scales, now);
}

/** Both shapes SWPC has served: rows with a header row, and objects. Null when neither fits. */
function parseKpForecast(text: string): KpRow[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  let records: Array<Record<string, unknown>>;
  if (Array.isArray(data[0])) {
    const header = (data[0] as unknown[]).map(String);
    records = data
      .slice(1)
      .filter(Array.isArray)
      .map((row: unknown[]) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
  } else {
    records = data.filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null);
  }
  const rows: KpRow[] = [];
  for (const r of records) {
    const at = parseTimeTag(r.time_tag);
    const kp = toNumber(r.kp);
    if (at === null || kp === null) continue;
    rows.push({ at, kp, observed: String(r.observed ?? "").toLowerCase(), scale: gLevel(r.noaa_scale) });
  }
  return rows.length ? rows.sort((a, b) => a.at - b.at) : null;
}

function parseScales(text: string): Scales | null {
  try {
    const data = JSON.parse(text);
    return data && typeof data === "object" && !Array.isArray(data) && ("0" in data || "1" in data) ? (data as Scales) : null;
  } catch {
    return null;
  }
}

function combine(rows: KpRow[] | null, scales: Scales | null, now: Date): SpaceWeather {
  const t = now.getTime();
  // Intervals overlapping [now, now + 24 h): the one under way counts, whether estimated or predicted.
  const window = (rows ?? []).filter((r) => r.at + 3 * HOUR_MS > t && r.at < t + 24 * HOUR_MS);
  const kp = window.length ? Math.max(...window.map((r) => r.kp)) : null;

  // The next 24 hours touch today ("0") and the next day ("1") of the scales.
  const levels = [...window.map((r) => r.scale ?? levelOfKp(r.kp)), gLevel(scales?.["0"]?.G?.Scale), gLevel(scales?.["1"]?.G?.Scale)].filter(
    (l): l is number => l !== null,
  );
  const stormScale = `G${levels.length ? Math.max(...levels) : 0}`;

  return {
    kp,
    stormScale,
    trend: trendOf(rows, scales, now),
    radio: { minor: toNumber(scales?.["1"]?.R?.MinorProb), major: toNumber(scales?.["1"]?.R?.MajorProb) },
    radiation: { chance: toNumber(scales?.["1"]?.S?.Prob) },
    asOf: scalesStamp(scales) ?? latestMeasured(rows) ?? now.toISOString(),
  };
}

function trendOf(rows: KpRow[] | null, scales: Scales | null, now: Date): SpaceWeather["trend"] {
  const today = now.toISOString().slice(0, 10);
  const tomorrow = new Date(Date.parse(today) + 24 * HOUR_MS).toISOString().slice(0, 10);
  const maxOn = (day: string) => {
    const kps = (rows ?? []).filter((r) => new Date(r.at).toISOString().startsWith(day)).map((r) => r.kp);
    return kps.length ? Math.max(...kps) : null;
  };
  const [a, b] = [maxOn(today), maxOn(tomorrow)];
  if (a !== null && b !== null) return b - a >= TREND_STEP ? "rising" : a - b >= TREND_STEP ? "falling" : "steady";
  const [ga, gb] = [gLevel(scales?.["0"]?.G?.Scale), gLevel(scales?.["1"]?.G?.Scale)];
  if (ga !== null && gb !== null) return gb > ga ? "rising" : gb < ga ? "falling" : "steady";
  return "steady";
}

/** NOAA G scale from Kp: G1 at Kp 5 … G5 at Kp 9. SWPC rounds (4.67, "5-", already counts as G1). */
function levelOfKp(kp: number): number {
  return Math.min(5, Math.max(0, Math.round(kp) - 4));
}

/** "G2", "2", 2 → 2; anything else (null, "", "none") → null. */
function gLevel(value: unknown): number | null {
  const m = /^\s*G?\s*([0-5])\s*$/i.exec(String(value ?? ""));
  return m ? Number(m[1]) : null;
}

/** Numbers arrive as numbers or strings ("2.67", "10"); null, "" and junk are unknown, not zero. */
function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** "2025-11-13 00:00:00" or "2025-11-13T00:00:00" (UTC, no zone given) → ms. */
function parseTimeTag(value: unknown): number | null {
  if (typeof value !== "string") return null;
  let s = value.trim().replace(" ", "T");
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(s)) s += "Z";
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : ms;
}

function scalesStamp(scales: Scales | null): string | null {
  const day = scales?.["0"];
  if (!day?.DateStamp) return null;
  const ms = parseTimeTag(`${day.DateStamp}T${day.TimeStamp ?? "00:00:00"}`);
  return ms === null ? null : new Date(ms).toISOString();
}

function latestMeasured(rows: KpRow[] | null): string | null {
  const measured = (rows ?? []).filter((r) => r.observed !== "predicted");
  return measured.length ? new Date(measured[measured.length - 1].at).toISOString() : null;
}
