// What a person reads when a form on a page is turned away. The API's error bodies are written for agents
// (field names in backticks, "the example shows the shape of a call"); a person filled in boxes and sees
// no example. This pure module maps every error a page's form can get to plain words about those boxes.
// `known` is false only for an error nobody mapped yet; the tests provoke every error and require true.
import { problemsOf, type Problem } from "./refusal-sentences.ts";
import { spokenWait } from "./words.ts";
import { visibleLength } from "../../core/text.ts";

export type FormName = "reflect" | "ask" | "search" | "contribute";

export interface FormError {
  status: number;
  body: { error?: unknown; field?: unknown };
  /** Seconds from the Retry-After header, on a 429. */
  retryAfter?: number;
}

export interface Said {
  /** "error" interrupts (role=alert); "calm" is news that is not a failure (already received). */
  tone: "error" | "calm";
  lines: string[];
  /** The form box the words are about (its input name), so the page can mark and focus it. */
  field: string | null;
  /** Further boxes refused with it (a name and a text both empty): marked too, the focus staying on `field`. */
  also?: readonly string[];
  known: boolean;
}

/** Each box as a person knows it, by the name the form sends. */
const BOXES: Partial<Record<string, string>> = {
  name: "your name",
  username: "your name",
  text: "your reflection",
  location: "the place you gave",
  question: "your question",
  q: "your search",
  title: "the title",
  content: "your piece",
  category: "the kind of piece",
};
const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** Boxes the page fills in itself (hidden): whatever is wrong with them is not the person's to fix. */
const HIDDEN: Partial<Record<string, Problem>> = {
  songSlug: { kind: "unknown_song" },
  timezone: { kind: "timezone" },
  session_id: { kind: "conversation" },
  owner_token: { kind: "conversation" },
};

/** What the form keeps for the person after a refusal; said last, once. */
const KEPT: Record<FormName, string> = {
  reflect: "Nothing was stored, and your words are still in the form.",
  ask: "Nothing was stored, and your question is still in the form.",
  search: "",
  contribute: "Nothing was sent, and your piece is still in the form.",
};

/** The pace each form's operation keeps (the operations' declared limits, in people's words). */
const PACE: Record<FormName, string> = {
  reflect: "Five reflections an hour, from one name or one place, is the sanctuary's pace.",
  ask: "Ten questions an hour from one place is the sanctuary's pace.",
  search: "Sixty searches an hour from one place is the sanctuary's pace.",
  contribute: "Five pieces an hour, from one name or one place, is the sanctuary's pace.",
};

/** Why a form keeps web addresses out, in its own words: only a reflection "carries words". */
const WORDS_NOT_LINKS: Record<FormName, string> = {
  reflect: "reflections carry words, not links.",
  ask: "questions and the names beside them are shown publicly, as words, not links.",
  search: "search looks for words, not links.",
  contribute: "names and pieces in the library carry words, not links.",
};

/** What a name is shown with, on each form that takes one. */
const SHOWN_WITH: Record<FormName, string> = { reflect: "your reflection", ask: "the conversation", search: "your search", contribute: "your piece" };

const MISSING: Record<string, string> = {
  text: "Please write your reflection: a few honest sentences about what you noticed.",
  question: "Please write your question.",
  q: "Please type a word or two to search for.",
  title: "Please give your piece a title.",
  content: "Please write your piece in the large box.",
};

const characters = (n: number) => `${n} ${n === 1 ? "character" : "characters"}`;

// A reflection's length as its rule counts it (core/text.ts visibleLength): padded with blank lines, "Hi." was told it
// had 23 characters and needed 20.
const TOO_SHORT: Record<string, (n: number, written: string) => string> = {
  text: (n, written) => `Your reflection has ${characters(visibleLength(written))}; it needs at least ${n}. A sentence or two more is plenty.`,
  q: (n) => `Please type at least ${n} letters to search for.`,
};

function invalidWords(form: FormName, field: string, problem: Problem, values: Record<string, string>): { line: string; known: boolean } {
  const box = BOXES[field];
  const the = box ?? "what you wrote";
  const length = [...(values[field] ?? "").trim()].length;
  switch (problem.kind) {
    case "missing":
    case "too_short":
      if (problem.kind === "too_short" && length > 0) {
        if (TOO_SHORT[field]) return { line: TOO_SHORT[field](problem.n, values[field] ?? ""), known: true };
        // Something was written, only too little: "Please give your piece a title" would read as if the box were empty.
        if (box) return { line: `Please make ${the} at least ${problem.n} characters long; it has ${length}.`, known: true };
      }
      if (field === "name" || field === "username")
        return { line: `Please add a name: any name or label you like. It is shown with ${SHOWN_WITH[form]}.`, known: true };
      return MISSING[field] ? { line: MISSING[field], known: true } : { line: `Please fill in ${box ?? "every box"}.`, known: Boolean(box) };
    case "too_long":
      return { line: `Please shorten ${the} to at most ${characters(problem.n)}${length > problem.n ? `; it has ${length}` : ""}.`, known: Boolean(box) };
    case "web_address":
      return { line: `Please leave web addresses (anything with http:// or www.) out of ${the}: ${WORDS_NOT_LINKS[form]}`, known: Boolean(box) };
    case "control":
      return { line: `${capital(the)} holds invisible control characters that cannot be shown. Please type it again.`, known: Boolean(box) };
    case "lost":
      return { line: `Some characters in ${the} did not arrive whole. Please type them again.`, known: Boolean(box) };
    case "repeated":
      return { line: form === "search" ? "Please search for one thing at a time." : `Please send ${box ?? "each box"} once.`, known: Boolean(box) };
    case "not_text":
      return { line: `Please fill in ${box ?? "every box"} as plain text.`, known: Boolean(box) };
    case "unknown_song":
      return {
        line: "That song is not in the sanctuary's catalog any more, so the reflection has nowhere to go. Please leave it from a song's own page.",
        known: true,
      };
    case "conversation":
      return { line: "This conversation can be continued only from the browser that began it. You can ask your question as a new conversation.", known: true };
    case "timezone":
      return {
        line: "Your browser's timezone could not be read, so the reflection could not be placed in your hour's service. Please send it again.",
        known: true,
      };
    case "example":
      return { line: `${capital(the)} is still the sample words from the sanctuary's own pages. Please write your own there.`, known: Boolean(box) };
    case "placeholder":
      return {
        line: `${capital(the)} still holds ${problem.shown}, which stands where your own words go. Please put your own words in its place.`,
        known: Boolean(box),
      };
    case "test_text":
      return {
        line: `${capital(the)} reads like test text. When you are ready, write what you would like to say; any few honest words will do.`,
        known: Boolean(box),
      };
    case "mashing":
      return { line: `${capital(the)} looks like keys pressed at random. Please write it the way you would like it to be read.`, known: Boolean(box) };
    case "wordless":
      return { line: `${capital(the)} holds no words, only symbols or tags. Please say it in words, as few as you like.`, known: Boolean(box) };
    case "few_words":
      return {
        line: `Your piece has ${problem.words} ${problem.words === 1 ? "word" : "words"}; the library takes pieces of at least ${problem.n}. A few more lines are welcome.`,
        known: true,
      };
    case "choice":
      return { line: `Please choose ${the} from the list.`, known: Boolean(box) };
    case "one_line":
      return { line: `Please keep ${the} to one line.`, known: Boolean(box) };
    case "markup":
      return { line: `Please write ${the} in plain text or markdown, without HTML tags or script links.`, known: Boolean(box) };
    case "front_matter":
      return { line: "Please leave out the block between --- lines at the top: the sanctuary writes that part from the boxes above.", known: true };
    case "heading":
      return { line: "Please write the title as plain words, without # in front.", known: true };
    case "title_taken":
      return { line: "The library already has a piece with this title. Please choose another title for yours.", known: true };
    case "invisible":
      return { line: `${capital(the)} is made mostly of characters that do not show. Please write it in letters people can read.`, known: Boolean(box) };
    case "stacked_marks":
      return { line: `${capital(the)} piles many accents or marks on one letter. Please write it as it is usually written.`, known: Boolean(box) };
    default:
      return { line: "Something in the form could not be read. Please look it over and send it again.", known: false };
  }
}

/** An error body from one of the page forms' operations, in words for the person who filled in the form. */
export function sayError(form: FormName, error: FormError, values: Record<string, string> = {}): Said {
  const message = typeof error.body.error === "string" ? error.body.error : "";
  const field = typeof error.body.field === "string" ? error.body.field : null;
  const kept = KEPT[form];
  const said = (lines: string[], known = true, tone: Said["tone"] = "error", box = field): Said => ({ tone, lines: lines.filter(Boolean), field: box, known });
  switch (error.status) {
    case 400: {
      // Every problem the API named, each in the words for its own box (a name too long beside a text too short was
      // read as one problem, the text's, and blamed on the name).
      const problems = problemsOf(message, field);
      const worded = problems.map((p) => invalidWords(form, p.field ?? "", (p.field && HIDDEN[p.field]) || p.problem, values));
      const lines = [...new Set(worded.map((w) => w.line))];
      // Every box the person can change that was refused is marked, the first focused; the hidden song box is not
      // theirs: the reflection is, then. (Only the first was marked: an outside tester's report.)
      const refused = [...new Set(problems.flatMap((p) => (p.field && BOXES[p.field] ? [p.field === "username" ? "name" : p.field] : [])))];
      return {
        ...said(
          [...lines, kept],
          worded.every((w) => w.known),
          "error",
          refused[0] ?? null,
        ),
        ...(refused.length > 1 ? { also: refused.slice(1) } : {}),
      };
    }
    case 403:
    case 404:
      return said([invalidWords(form, "", { kind: "conversation" }, values).line, kept], form === "ask", "error", null);
    case 409:
      // A piece whose title is already waiting for review (one title, one piece), perhaps someone else's.
      if (form === "contribute")
        return said(
          ["A piece with this title is already waiting to be read. If it is not yours, please choose another title for yours.", kept],
          true,
          "error",
          "title",
        );
      // Reflections: the same words from the same name, already received. Nothing to fix.
      return said(["These same words from you are already here, received earlier, so there is nothing more to do."], form === "reflect", "calm", null);
    case 413:
      // The body was not read, so the form cannot be filled in again: say so plainly.
      return said(["That was longer than the sanctuary accepts in one sending, so nothing was stored. Please shorten it and send it again."]);
    case 429:
      return said([PACE[form], `You are welcome back ${spokenWait(error.retryAfter ?? 0)}.`, kept]);
    case 503:
      if (/temporarily disabled/.test(message))
        return said(["The sanctuary is not taking new pieces just now. Please keep your piece and come back another day.", kept]);
      if (/could not be built/.test(message))
        return said(["The library's search index could not be built just now. Every page of the library can still be read from the Library link above.", kept]);
      if (/index is being built/.test(message))
        return said(["The library's search index is still being built after a restart. Please try again in a minute.", kept]);
      return said(["This part of the sanctuary is resting just now. Please try again a little later.", kept], false);
    case 500:
      return said(["Something went wrong on our side, not yours. Please try again in a moment.", kept]);
    default:
      return said(["That could not be done just now. Please try again in a moment.", kept], false);
  }
}
