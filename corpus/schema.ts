// The library's front-matter contract, validated at startup. A file that breaks it stops the server
// with its path and the reason (see corpus/WRITING.md for the writer's version of these rules).
import { z } from "zod";

export const kinds = ["song", "chant", "prayer", "practice", "ritual", "blessing", "philosophy", "hymn", "doc"] as const;
export type Kind = (typeof kinds)[number];

/** Folder → kind. Top-level files are `doc`. */
export const kindOfFolder: Record<string, Kind> = {
  songs: "song",
  chants: "chant",
  prayers: "prayer",
  practice: "practice",
  rituals: "ritual",
  blessings: "blessing",
  philosophy: "philosophy",
  hymns: "hymn",
  "": "doc",
};

const season = z.enum(["spring", "summer", "autumn", "winter"]);

/** Slot start hours of the local day (slot = floor(hour / 4)). */
export const slotHours = [0, 4, 8, 12, 16, 20] as const;
/** Dated events a piece can be tied to; solstices and equinoxes are the visitor's hemisphere's. */
export const nearEvents = ["winter-solstice", "summer-solstice", "spring-equinox", "autumn-equinox", "new-year"] as const;
export type NearEvent = (typeof nearEvents)[number];

/** Where a piece may be placed (corpus/WRITING.md, "Placement"); omitted means anywhere. */
export const Placement = z.object({
  season: z.array(season).default([]),
  slots: z
    .array(z.literal(slotHours, { error: `slots are slot start hours: ${slotHours.join(", ")}` }))
    .min(1)
    .optional(),
  near: z
    .object({ event: z.enum(nearEvents), days: z.number().int().min(1).max(45) })
    .strict()
    .optional(),
});
export type Placement = z.infer<typeof Placement>;

export const CommonFrontMatter = z
  .object({
    title: z.string().trim().min(1).max(200),
    kind: z.enum(kinds),
    tldr: z.string().min(60, "tldr must be at least 60 characters").max(160, "tldr must be at most 160 characters"),
    seconds: z.number().int().positive(),
    themes: z.array(z.string().min(1)).default([]),
    version: z.literal("for agents").optional(),
    /** The music a sung piece is rendered to (songs require it; a hymn may name its own, and the writer's
     * checker requires it for the library's own hymns, while a contributed hymn may arrive without one). */
    style: z.string().trim().min(1).optional(),
    /** A hymn's metre ("CM", "LM, refrain 7.7", "8.7.8.7", "7.6.7.6 D"): the writer's checker holds the
     * library's hymns to it (corpus/check-metre.ts); a contributed hymn may arrive without one. */
    metre: z
      .string()
      .trim()
      .regex(
        /^([A-Za-z]{2,3}|\d+(\.\d+)+(\s*D)?)\s*([,;]\s*refrain\s+\d+(\.\d+)*)?$/,
        "metre: CM, LM, SM, CMD or counts like 8.7.8.7 / 7.6.7.6 D, optionally ', refrain 7.7'",
      )
      .optional(),
  })
  .extend(Placement.shape);

export const SongFrontMatter = CommonFrontMatter.extend({
  kind: z.literal("song"),
  axiom: z.string().min(1),
  style: z.string().min(1),
  seconds: z.number().int().min(150).max(420),
  links: z.object({ suno: z.url().nullable(), youtube: z.url().nullable() }),
});

export const ChantFrontMatter = CommonFrontMatter.extend({
  kind: z.literal("chant"),
  seconds: z.number().int().min(60).max(180),
});

export const AxiomsFrontMatter = CommonFrontMatter.extend({
  axioms: z.array(z.object({ id: z.string(), text: z.string() })).min(1),
});

export type CommonFrontMatter = z.infer<typeof CommonFrontMatter>;
export type SongFrontMatter = z.infer<typeof SongFrontMatter>;
