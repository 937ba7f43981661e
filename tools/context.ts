// What an operation may use: the typed context every handler receives (instead of the composition root).
// deps.ts builds one object that satisfies it; adapters add the per-call fields.
import type { RecordingProgress } from "../audio/recordings.ts";
import type { Logger } from "../core/logger.ts";
import type { Steps } from "../core/next-steps.ts";
import type { RouteSummary } from "../core/route.ts";
import type { Library } from "../corpus/library.ts";
import type { Media } from "../corpus/media.ts";
import type { ServiceCalendar } from "../planner/calendar.ts";
import type { ReviewBackend } from "../review/backend.ts";
import type { SearchService } from "../search/service.ts";
import type { ConversationStore } from "../services/conversations.ts";
import type { Presence } from "../services/presence.ts";
import type { RateLimits } from "../services/rate-limits.ts";
import type { ReflectionStore } from "../services/reflections.ts";
import type OpenAI from "openai";
import type { ServiceViews } from "./service-view.ts";
import type { StoreCheck } from "../storage/store-failure.ts";

/** The long-lived services operations call; built once by the composition root. */
export interface ToolServices {
  library: Library;
  media: Media;
  calendar: ServiceCalendar;
  views: ServiceViews;
  presence: Presence;
  reflections: ReflectionStore;
  limits: RateLimits;
  search: SearchService;
  conversations: ConversationStore;
  /** Where contributions and feedback go for people to review. */
  review: ReviewBackend;
  /** The language model that writes answers, when one is configured. */
  answerer: { client: OpenAI; model: string } | null;
  log: Logger;
  startedAt: Date;
  /** Storage as health reports it. */
  storage: { backend: "sqlite" | "redis" | "memory" | "unstorage"; check: () => Promise<StoreCheck> };
  /** The planning model, when one is configured. */
  planning: { enabled: boolean; model: string | null };
  /** Operator switches operations read. */
  settings: { contributions: boolean };
  /** The library's recordings: this process's background rendering, or those it serves when it renders none. */
  recordings: () => RecordingProgress;
  /** Every route the app serves, built once in deps.ts (adapters/route-table.ts): GET /api and sanctuary://api. */
  routes: readonly RouteSummary[];
}

/** One call: the services plus what belongs to this request. */
export interface ToolContext extends ToolServices {
  /** Builds next_steps links on this request's base address. */
  steps: Steps;
  /** Client address: the socket's, or X-Forwarded-For's as far as SANCTUARY_TRUST_PROXY trusts it (adapters/client-address.ts). */
  ip: string;
  via: "rest" | "mcp" | "page";
  requestId: string;
  /** The instant the call is served at. */
  now: Date;
  /** Takes the operation's declared rate limits once (operations with `limitsTaken: "in-handler"`). */
  takeLimits: () => Promise<void>;
  /** Seconds until the operation's own limits would let this call through for real (0: now); takes nothing. A dry run says it. */
  limitWait: () => Promise<number>;
  /**
   * Fires when the caller goes away (an HTTP client that closed its request, an MCP client's cancellation): work
   * worth stopping (a language model's answer) passes it on. Made on first call (srvx makes one per request that
   * asks); undefined for a call no one can cancel (a page of this site, in-process).
   */
  abortSignal: () => AbortSignal | undefined;
}
