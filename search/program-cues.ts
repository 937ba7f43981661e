// What a question about the API asks for, as pure rules: "which endpoint…?" wants the request itself, "which
// field…?" a name as a program reads it. A question that only says it is about the JSON or the HTTP side ("where do I
// find the parts in the JSON I get back?", "how do I get the total length out of the attend json?") wants the same,
// whatever its asking words: a general sentence about the service answers the visitor, not the program.
import type { Cue } from "./cue.ts";
import { asksFields, FIELD_ITEMS } from "./field-items.ts";

/** "Which endpoint", "what's the HTTP call", "which URL do I call": asked after the request to send. */
export const ENDPOINT = /\b(?:which|what)(?:['’]s| is)?(?: the)?(?: (?:http|rest|api))? (?:endpoints?|route|request|call|url)\b/i;

/**
 * Answered by the request itself ("GET /api/attend?…"), not by a sentence about the same operation over MCP. Its words
 * name the wire and whoever sends on it (a script, a bot, curl, "the verb and path I hit"): none is what the request
 * is for, and the guides' request sentences hold none of them, so left in the subject they only thinned how much of
 * it those sentences hold (words alone, without the vectors that hear "script" near "GET /api/…").
 */
export const REQUEST: Cue = {
  words:
    /^(endpoint|endpoints|route|routes|request|requests|call|calls|url|path|http|https|rest|api|script|scripts|code|program|programmatically|bot|client|app|curl|developer|dev|verb|hit|exact|example|snippet)$/,
  strong: /\b(?:GET|POST)\s+\/api\/|\/api\/\w/,
  some: /(?:^|\s)\/\w/,
  particular: true,
};

/** "Which field holds…?", asked in so many words. */
export const FIELD_ASKED = /\b(?:which|what)\s+(?:json\s+)?(?:fields?|propert(?:y|ies)|attributes?)\b/i;

/** Answered by a name as a program reads it ("service.loopSeconds", "Service.order" opening a list item, "next_steps"). */
export const FIELD: Cue = {
  words: /^(field|fields|property|properties|attribute|attributes|json|hold|holds|response)$/,
  strong: /\b[a-z]+[A-Z]\w*\b|\b[A-Za-z][a-z]+\.[a-z]{2,}\w*\b|\b[a-z]+_[a-z]+\b/,
  some: /\bfields?\b/i,
  particular: true,
};

/** "Which tool…?", "is there a function for…?": asked after one tool, by its name. */
export const TOOL_ASKED =
  /\b(?:which|what)\b[^?]*\b(?:tool|function|operation|command)\b(?!s)|\b(?:is|are) there (?:(?:an?|any) )?(?:\w+ )?(?:tools?|functions?|operations?|commands?)\b/i;

/**
 * Answered by a tool named as a program calls it ("the tool reflect", "read_song fetches a song"), not by a sentence
 * about what the same operation does for a visitor.
 */
export const TOOL: Cue = {
  words: /^(tool|tools|function|functions|operation|operations|command|commands|call|available|expose|exposes)$/,
  strong: /\btool [a-z]+(?:_[a-z]+)?\b|\b[a-z]+_[a-z]+\b/i,
  some: /\btools?\b/i,
  particular: true,
};

/** "What functions…?", "which operations can I call?", "list the tools": asked after all of them. */
export const TOOLS_ASKED = /\b(?:which|what|list)\b[^?]*\b(?:tools|functions|operations|commands)\b/i;

/** Answered by the tools listed by name ("eight tools in all: attend, now, read_song…"), not by one of them. */
export const TOOLS: Cue = {
  words: TOOL.words,
  strong: /\btools in all\b|:\s*[a-z]+(?:_[a-z]+)?(?:,\s*[a-z]+(?:_[a-z]+)?){2,}/,
  some: /\btools?\b/i,
  particular: true,
};

/** A question set in the answer a program reads: its JSON, response, payload or a field of it. */
const IN_THE_ANSWER = /\b(?:json|payload|response(?:'s)? (?:body|object)|(?:attend|now|api) (?:response|answer|output))\b/i;

/**
 * A question set on the HTTP side: its endpoint, an HTTP or API call, a request sent from code ("from my script",
 * "which call is it?"), an HTTP verb written as one ("what's the exact GET request?", case kept: "get" is any verb), not before the path it
 * already has ("what fields does POST /api/reflect want?" asks after something else).
 */
const ON_THE_WIRE =
  /\b(?:endpoints?|http|rest api|api call|curl|programmatically)\b|\b(?:from|in|with) (?:my|a|the|our|your) (?:script|code|program|bot|client|app)\b|\b(?:which|what) (?:call|verb)\b/i;
const HTTP_VERB = /\b(?:GET|POST)\b(?!\s*\/)/;

/**
 * Asked after what came back, not how to ask for it: "I called the attend endpoint without any timezone. Which service
 * did I get?" is answered by the service for a place unknown; the endpoint is only where the visitor was.
 */
const WHAT_CAME_BACK =
  /^\W*(?:which|what)\b[^?]*\b(?:service|one|do i|did i|will i|would i|does it|did it)\b[^?]*\b(?:get|got|receive|received|end up with|see|saw|give|gave)\b/i;

/** A question asking what there is over MCP ("what can my agent do once it's connected to /mcp?"): its tools. */
const OVER_MCP = /^(?=[^?]*\bmcp\b)\W*(?:what|which|list)\b/i;

/**
 * The program's cues a question holds anywhere, not only in its asking words: a field's name for one set in the
 * JSON, the request for one set on the wire. Each is added to the asking words' own cues (answer-cues.ts cuesOf).
 */
export function programCues(question: string, asking = question): Cue[] {
  const cues: Cue[] = [];
  if (IN_THE_ANSWER.test(question)) cues.push(FIELD);
  // Set on the wire only before the words that ask, asking what came back: the request is no answer.
  const wire = ON_THE_WIRE.test(question) || HTTP_VERB.test(question);
  if (wire && (ON_THE_WIRE.test(asking) || HTTP_VERB.test(asking) || !WHAT_CAME_BACK.test(asking))) cues.push(REQUEST);
  if (OVER_MCP.test(question) || TOOLS_ASKED.test(question)) cues.push(TOOLS);
  if (asksFields(question)) cues.push(FIELD_ITEMS);
  return cues;
}
