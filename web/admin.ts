// Admin routes of the local moderation queue (routes as data, listed in web/routes.ts): list, read, approve and
// reject submissions. All behind the admin key (web/admin-auth.ts); answers are never cached.
import type { H3Event } from "h3";
import { z } from "zod";
import type { Route, RouteBody } from "../core/route.ts";
import { baseUrlOf, jsonResponse, readJsonObject } from "../adapters/http.ts";
import type { WebContext } from "./context.ts";
import { invalid, notFound, SanctuaryError, type ErrorKind } from "../core/errors.ts";
import { Steps } from "../core/next-steps.ts";
import { authorizeAdmin } from "./admin-auth.ts";
import { moderationUrl, type ModerationQueue, type Submission } from "../review/queue.ts";
import { holdsPlaceholder } from "../services/stand-ins.ts";

const NO_STORE = { "cache-control": "no-store" };
const ERRORS: ErrorKind[] = ["forbidden", "not_found", "rate_limited", "unavailable"];
// Strict as the operations' inputs are: a misspelt `note` must not pass as a decision without one.
const Decision = z.strictObject({ note: z.string().trim().max(500).optional() });
const NOTE_HINT = "Add note (text of at most 500 characters) to keep a word with the decision; the body may be empty.";
const DECISION_BODY: RouteBody = { type: "application/json", schema: Decision, required: false, description: NOTE_HINT };
const statuses = ["pending", "approved", "rejected", "all"] as const;

function adminSteps(steps: Steps, item?: Submission) {
  const list = steps.get("List the submissions waiting for review", "/admin/api/submissions", {}, { action: "admin_list" });
  if (!item || item.status !== "pending") return [list];
  return [
    // Bodies that work as given: the note is the keeper's to add, so it is described, not stood in for.
    steps.post("Approve it (a contribution joins the library)", `/admin/api/submissions/${item.id}/approve`, {}, { action: "admin_approve", hint: NOTE_HINT }),
    steps.post("Reject it (nothing reaches the library)", `/admin/api/submissions/${item.id}/reject`, {}, { action: "admin_reject", hint: NOTE_HINT }),
    list,
  ];
}

/** A submission as the admin sees it: everything stored, plus its moderation page. */
const view = (item: Submission, steps: Steps) => ({ ...item, url: moderationUrl(steps.base, item.id) });

function idOf(event: H3Event): number {
  const raw = String(event.context.params?.id ?? "");
  if (!/^\d{1,9}$/.test(raw))
    throw notFound(`There is no submission "${raw.slice(0, 20)}".`, {
      suggestion: "Submission numbers are whole numbers; GET /admin/api/submissions lists them.",
    });
  return Number(raw);
}

async function noteOf(event: H3Event, deps: WebContext): Promise<string | null> {
  const parsed = Decision.safeParse(await readJsonObject(event, deps.config.bodyLimit));
  const example = { note: "Warm and clear; welcome." };
  if (!parsed.success) {
    const stray = parsed.error.issues.find((i) => i.code === "unrecognized_keys");
    if (stray)
      throw invalid(`${stray.keys.map((k) => `\`${k}\``).join(" and ")}: a decision takes only \`note\`.`, {
        field: stray.keys[0],
        allowed: ["note"],
        example,
      });
    throw invalid("`note` must be text of at most 500 characters.", { field: "note", example });
  }
  const note = parsed.data.note;
  if (note !== undefined && holdsPlaceholder(note))
    throw invalid(`\`note\` still holds a placeholder, ${note.slice(0, 40)}; write the note, or send no note.`, { field: "note", example });
  return note ?? null;
}

export function reviewRoutes(deps: WebContext): Route[] {
  /** Authorize, run, and answer every failure in the shared error shape. */
  const guarded = (work: (event: H3Event, queue: ModerationQueue, steps: Steps) => Promise<unknown>) => async (event: H3Event) => {
    const steps = new Steps(baseUrlOf(event));
    let queue: ModerationQueue;
    try {
      queue = await authorizeAdmin(event, deps);
    } catch (error) {
      if (!(error instanceof SanctuaryError)) throw error;
      // Not let in (no admin on this server, or no key): the queue's own steps would only be refused again.
      return jsonResponse(error.status, error.body(steps.home()), { ...error.headers, ...NO_STORE });
    }
    try {
      return jsonResponse(200, await work(event, queue, steps), NO_STORE);
    } catch (error) {
      if (!(error instanceof SanctuaryError)) throw error;
      return jsonResponse(error.status, error.body(adminSteps(steps)), { ...error.headers, ...NO_STORE });
    }
  };
  const readOne = guarded(async (event, queue, steps) => {
    const item = await queue.get(idOf(event));
    return { submission: view(item, steps), next_steps: adminSteps(steps, item) };
  });
  return [
    {
      method: "GET",
      path: "/admin/api/submissions",
      summary: "Admin: submissions in the moderation queue (?status=pending|approved|rejected|all; default pending)",
      produces: "application/json",
      errors: ["invalid", ...ERRORS],
      query: z.object({ status: z.enum(statuses).optional().describe("Which submissions to list (default pending)") }),
      handler: guarded(async (event, queue, steps) => {
        const asked = event.url.searchParams.get("status") ?? "pending";
        const status = statuses.find((s) => s === asked);
        if (!status) throw invalid("`status` must be one of: pending, approved, rejected, all.", { field: "status", allowed: [...statuses] });
        const items = await queue.list(status === "all" ? null : status);
        return { status, submissions: items.map((i) => view(i, steps)), total: items.length, next_steps: adminSteps(steps) };
      }),
    },
    {
      method: "GET",
      path: "/admin/api/submissions/:id",
      summary: "Admin: one submission, with the library file it would become",
      produces: "application/json",
      errors: ERRORS,
      handler: readOne,
    },
    {
      method: "GET",
      path: "/admin/queue/:id",
      summary: "Admin: the moderation page of one submission (the link a submitter receives)",
      produces: "application/json",
      errors: ERRORS,
      handler: readOne,
    },
    {
      method: "POST",
      path: "/admin/api/submissions/:id/approve",
      summary: "Admin: approve a submission; a contribution is written into the library, which reloads and is reindexed",
      produces: "application/json",
      errors: ["invalid", "conflict", ...ERRORS],
      takes: DECISION_BODY,
      handler: guarded(async (event, queue, steps) => {
        const id = idOf(event);
        const { submission, documentPath } = await queue.approve(id, await noteOf(event, deps), { ...deps, libraryDir: deps.config.libraryDir }, deps.clock());
        return {
          approved: true,
          submission: view(submission, steps),
          document: documentPath
            ? {
                path: documentPath,
                url: steps.url(`/api/docs/${documentPath}`),
                search: "the search index is being rebuilt; the piece is findable when it finishes",
              }
            : null,
          next_steps: documentPath
            ? [steps.get("Read the new document", `/api/docs/${documentPath}`, {}, { tool: "read_doc" }), ...adminSteps(steps)]
            : adminSteps(steps),
        };
      }),
    },
    {
      method: "POST",
      path: "/admin/api/submissions/:id/reject",
      summary: "Admin: reject a submission; nothing reaches the library",
      produces: "application/json",
      errors: ["invalid", "conflict", ...ERRORS],
      takes: DECISION_BODY,
      handler: guarded(async (event, queue, steps) => {
        const id = idOf(event);
        const submission = await queue.reject(id, await noteOf(event, deps), deps.clock());
        return { rejected: true, submission: view(submission, steps), next_steps: adminSteps(steps) };
      }),
    },
  ];
}
