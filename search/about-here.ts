// A question about the sanctuary itself, asked of where the visitor is ("What is this place?", "what's this site
// for?", "Where am I?", "What is Sanctuary?"): read as the about guide's own question, "What is Sanctuary, in one
// line?". Asked as typed, "place" found the guides' sentences on a visitor's place (their time zone), "this" and
// "where am I" nothing at all, and "What is Sanctuary?" led with the FAQ's "What does the sanctuary keep about me?"
// (a first visitor's report). Only the whole question, so "What is this place's timezone?" is read as it is.

/** What a visitor may call the sanctuary when asking what it is. */
const HERE = String.raw`(?:this|here|(?:the\s+)?sanctuary|this\s+(?:place|site|website|web\s+site|web\s*page|page|server|thing|space|sanctuary|project))`;
const SELF = new RegExp(
  String.raw`^(?:(?:hi|hello|hey|so|ok|okay|um+)[,!.]?\s+)*` +
    String.raw`(?:what(?:'s|’s|\s+is)\s+${HERE}(?:\s+(?:for|about|exactly|really|then|anyway))?|where\s+am\s+i(?:\s+(?:now|right\s+now))?)` +
    String.raw`\s*[?.!]*$`,
  "i",
);

/** The about guide's question this reads as. */
export const WHAT_SANCTUARY_IS = "What is Sanctuary, in one line?";

/** The question as the about guide asks it, when the visitor asks what the sanctuary itself is; else null. */
export function askedAboutHere(question: string): string | null {
  return SELF.test(question.trim()) ? WHAT_SANCTUARY_IS : null;
}
