// A service's form (issue 26): which kinds its reading and closing are drawn from. Weighing length alone,
// the rotation would always take a practice and a ritual (they run two to five times longer than a prayer
// or a blessing) and no rotation service would ever pray or bless. So two services in every six are
// spoken: a prayer for the reading and a blessing for the closing, together, so that the shorter parts
// shorten the same services and the others keep the length of a full service (measured over a year: a
// prayer in one service and a blessing in another left most services under 22 minutes). Every tier and
// every slot meets it: a visitor who comes at the same hour every day hears a spoken service every third day.
// Pure: the key alone decides, so the same key always has the same form.
import type { Kind } from "../corpus/schema.ts";
import { parseDay } from "./season.ts";
import type { Role } from "./rules.ts";

export type Form = "spoken" | "guided";

/** The kinds a spoken service reads and closes with (a guided service may take any kind of its role). */
export const SPOKEN_KINDS: Readonly<Record<"reading" | "closing", Kind>> = { reading: "prayer", closing: "blessing" };

const DAY_MS = 86_400_000;

/** Spoken when (days since 1970-01-01 + slot) is a multiple of three: exactly two of a date's six slots, a different two each day. */
export function formOf(key: { date: string; slotIndex: number }): Form {
  return (parseDay(key.date) / DAY_MS + key.slotIndex) % 3 === 0 ? "spoken" : "guided";
}

/** Whether a piece of a kind may fill its role in a service of this form. Songs and chants fit every form. */
export function fitsForm(form: Form, role: Role, kind: Kind): boolean {
  if (form === "guided" || role === "song" || role === "chant") return true;
  return SPOKEN_KINDS[role] === kind;
}
