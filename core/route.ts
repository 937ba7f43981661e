// The one shape of a route that is not an operation (pages, feeds, media, badges, admin, discovery):
// data that app.ts mounts and the OpenAPI generator and GET /api describe.
import type { H3Event } from "h3";
import type { z } from "zod";
import type { ErrorKind } from "./errors.ts";

export type RouteMethod = "GET" | "POST";

/** A body a route reads, as a media type and its shape (documentation only: OpenAPI's requestBody). */
export interface RouteBody {
  type: "application/json" | "application/x-www-form-urlencoded";
  schema: z.ZodType;
  /** False where an empty body is read as no fields (an admin's decision with no note). */
  required: boolean;
  description?: string;
}

export interface Route {
  method: RouteMethod;
  path: string;
  summary: string;
  /** Media type of a success, or each it may be (a page and its markdown, the stylesheet and the scripts). */
  produces: string | readonly string[];
  status?: number;
  /** Error kinds it may answer with. */
  errors?: ErrorKind[];
  /** It answers Range and conditional requests (web/media.ts `rangedResponse`): 206, 304 and 416 besides a success. */
  ranged?: true;
  /** Its errors' body: the error shape (default), or a JSON-RPC error envelope (POST /mcp). A page's are pages. */
  errorBody?: "json-rpc";
  /** The body it reads (documentation only); without it, none is described (a redirect's POST reads none). */
  takes?: RouteBody;
  /** Its JSON success's shape, as a Zod schema (documentation only; without it, any object). */
  answers?: z.ZodType;
  /** Other statuses it answers, with no body to describe (documentation only: 202 to a JSON-RPC notification). */
  responses?: Record<number, string>;
  /**
   * Methods its path answers with 405 and `Allow` naming this one, each with why, and any other status it answers
   * them with (documentation only: GET and DELETE /mcp; a browser's GET is sent to a page).
   */
  refuses?: Record<string, string | { why: string; responses: Record<number, string> }>;
  /** Query parameters it reads, as a Zod object (documentation only). */
  query?: z.ZodObject;
  /** Its path's parameters, as a Zod object (documentation only; without it, each is any text). */
  params?: z.ZodObject;
  /** Its path holds a visitor's words (a conversation's slug is made from its question): logs name the pattern. */
  wordsInPath?: true;
  handler: (event: H3Event) => Response | Promise<Response>;
}

/** One line of GET /api: every route and operation with its method and summary. */
export interface RouteSummary {
  method: string;
  path: string;
  summary: string;
  tool?: string;
}
