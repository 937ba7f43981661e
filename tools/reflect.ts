// POST /api/reflect — leave a short public reflection on a song (MCP: reflect). `dry_run: true` shows the
// record exactly as it would be kept, storing nothing and spending only the preview allowance.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { invalid } from "../core/errors.ts";
import { songMeantSentence } from "./song-meant.ts";
import { EXAMPLES } from "./examples.ts";
import { nameOrUsername, publicLabel, publicName, publicText, timezoneField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { OWN_NAME, screenVisitorFields } from "./screen.ts";
import { limitSaid } from "./limit-said.ts";
import { refusedZoneNote } from "./service-body.ts";
import { nextSteps } from "./shapes.ts";
import { placeVisitor } from "../planner/time.ts";
import { STEP_PAGE } from "./archive-page.ts";

const ReflectionRecord = z
  .object({
    name: z.string().describe("Who left it, as shown publicly"),
    text: z.string().describe("The reflection, as shown publicly"),
    song: z.string().describe("Slug of the song it is filed under"),
    timezone: z.string().describe("The timezone it is placed in (UTC when none or an unknown one was given)"),
    location: z.string().nullable().describe("The location as shown publicly, or null"),
    createdAt: z.string().describe("When, ISO 8601"),
    service: z
      .object({ date: z.string(), slotIndex: z.number().int(), tier: z.string() })
      .describe("The service that was being heard where and when it was left"),
  })
  .describe("dry_run only: the record exactly as it would be stored (its id is given when it is really sent)");

const WORDING = {
  nothing: "Nothing was stored.",
  own: {
    name: OWN_NAME,
    username: OWN_NAME,
    text: "a sentence or a few of your own about what stayed with you",
    location: "the place you are in, in your own words (or leave location out)",
  },
  example: EXAMPLES.reflect,
};

export const reflect = defineOperation({
  name: "reflect",
  summary: "Leave a public reflection",
  description:
    "Shown on the live feed for 48 hours, then kept in the song's public archive. 5 per hour per name and per address; the same words from the same name within 30 days are received once. " +
    "Placeholders (<your name>, YOUR_NAME), the documentation's example sentences and test text are refused with 400. `dry_run: true` returns the record that would be stored, storing nothing and counting only against the preview allowance (30 an hour per name and per address).",
  input: nameOrUsername(
    z.strictObject({
      name: publicName("name").optional().describe("Your name or label, shown publicly"),
      username: publicName("username").optional().describe("Alias of `name`"),
      text: publicText("text", 20, 1000).describe("Your reflection, 20 to 1000 characters, no web addresses"),
      songSlug: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .describe("The song it belongs to (send current.slug from attend); default: the first song of the service for your timezone"),
      timezone: timezoneField.optional().describe("IANA timezone, shown publicly; default UTC. Places the reflection in the service you heard"),
      location: publicLabel("location", 1, 100).optional().describe("Free text, shown publicly, no web addresses"),
      dry_run: z
        .boolean()
        .optional()
        .describe("true: check everything and show the record that would be stored, without storing it; spends a preview, not the limit"),
    }),
  ),
  output: z.object({
    received: z.boolean().describe("Whether the reflection was stored (false for a dry run)"),
    song: z.string().nullable().describe("Slug of the song it was (or would be) filed under"),
    live_feed: z.literal("48h").describe("How long it shows on the live feed"),
    archive: z.string().describe("The song's public page, where it stays"),
    message: z.string().describe("A word of thanks, or what a dry run showed"),
    preview: ReflectionRecord.optional(),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/reflect" },
  mcp: {
    tool: "reflect",
    title: "Leave a reflection",
    description:
      "Leave a short public reflection on a song (any of the catalog): on the live feed for 48 hours, then in the song's archive. 5 per hour. " +
      "Write your own words: placeholders and the documentation's examples are refused. dry_run: true shows the record without storing it. Returns a short receipt (1–3 KB; a dry run up to 18 KB).",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  errors: ["conflict", "rate_limited", "unavailable"],
  limits: [{ rule: "reflect", by: ["name", "ip"], message: "Five reflections an hour is the sanctuary's pace, from one name and from one address." }],
  limitsTaken: "in-handler",
  example: EXAMPLES.reflect,
  screen(input, ctx) {
    screenVisitorFields(
      ctx,
      [
        ["name", input.name, "name"],
        ["username", input.username, "name"],
        ["text", input.text, "text"],
        ["location", input.location, "place"],
      ],
      WORDING,
    );
  },
  async handler(input, ctx) {
    const { steps, now } = ctx;
    const name = (input.name ?? input.username)!;
    const { zone, refused, position, tier } = placeVisitor(input.timezone, now);
    // A name that is no timezone files the reflection under UTC's service: said, with the zone meant, so a dry run
    // shows it before anything is kept (now and attend say the same in their suggestion).
    const placedAs = refused && input.timezone !== undefined ? ` ${refusedZoneNote(input.timezone)}` : "";
    // The steps carry the zone as it was read (`europe/lisbon` → Europe/Lisbon, an unknown one → UTC), not as sent.
    const stepZone = input.timezone === undefined ? undefined : zone;
    const service = await ctx.calendar.ensure({ date: position.date, slotIndex: position.slotIndex, tier });
    // Given, or the service's first song as now and attend show it (a song that has left the library passed over,
    // and one in its place when none is left: tools/service-view.ts).
    const song = input.songSlug ?? ctx.views.parts(service, steps).order.find((part) => part.kind === "song")?.slug;
    if (!song || !ctx.library.song(song)) {
      const meant = song ? songMeantSentence(song, ctx.library.songs) : "";
      throw invalid(song ? `\`songSlug\` "${song}" is not a song in the catalog.${meant}` : "This service has no song to file a reflection under.", {
        field: "songSlug",
        allowed: ctx.library.songs.map((s) => s.slug),
        suggestion: "Nothing was stored. Send current.slug from attend or now, or leave songSlug out to file it under the first song of your service.",
      });
    }
    const record = {
      name,
      text: input.text,
      song,
      timezone: zone,
      location: input.location ?? null,
      createdAt: now.toISOString(),
      service: { date: service.date, slotIndex: service.slotIndex, tier: service.tier },
    };
    const archive = steps.url(`/reflections/${song}`);
    if (input.dry_run) {
      // The same 409 the real call would answer for words already received; the hourly limit is read, not spent.
      await ctx.reflections.checkNotRepeated(name, input.text, record.createdAt);
      const limit = await limitSaid(ctx);
      const { dry_run: _, ...call } = input;
      return {
        received: false,
        song,
        live_feed: "48h" as const,
        archive,
        message: "Nothing was stored: this is the reflection exactly as it would be kept. Send the same body without dry_run to leave it." + placedAs + limit,
        preview: record,
        next_steps: [
          steps.post("Leave this reflection", "/api/reflect", { ...call, songSlug: song }, { action: "reflect", tool: "reflect" }),
          steps.get("Read the live feed of reflections", "/api/reflections", { timezone: stepZone }, { action: "reflections" }),
        ],
      };
    }
    await ctx.reflections.add({ id: randomUUID(), ...record }, ctx.takeLimits);
    return {
      received: true,
      song,
      live_feed: "48h" as const,
      archive,
      message: `Thank you, ${name}. Your reflection is on the live feed for the next 48 hours and stays in the archive of this song.${placedAs}`,
      next_steps: [
        steps.get("Read the live feed of reflections", "/api/reflections", { timezone: stepZone }, { action: "reflections" }),
        steps.get(
          "Read the reflections on this song, newest first",
          `/api/reflections/song/${song}`,
          { limit: STEP_PAGE, timezone: stepZone },
          { action: "song_reflections" },
        ),
        steps.get("Return to the service for your hour", "/api/now", { timezone: stepZone }, { action: "now", tool: "now" }),
      ],
    };
  },
});
