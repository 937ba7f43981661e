// Belief asked about in a visitor's words ("I'm an atheist, is this place meant for someone like me?", "is this some
// kind of church thing?", "is there a priest I can talk to?"): the guides answer that the sanctuary keeps no creed and
// no clergy, and that visitors of every faith and of none are welcome. A question telling of the visitor's own (un)belief
// around other words ("honest question", "someone like me") or asking whether the place is religious, has clergy or
// requires belief, is read with the guides' words beside it, as a clock change is (clock-change-words.ts). Pure function.

/** The visitor's own belief or its want: "I'm an atheist", "I don't believe in God", "not religious", "no faith". */
const OWN_BELIEF = new RegExp(
  [
    String.raw`\b(?:atheists?|agnostics?|humanists?|secular|non-?believers?|unbelievers?|sceptics?|skeptics?)\b`,
    String.raw`\b(?:not|never been|isn(?:'|’)?t|aren(?:'|’)?t|non-?)\s*(?:very |at all |really |a |an? \w+ )?(?:religious|spiritual|believer|into religion)\b`,
    String.raw`\b(?:never had|don(?:'|’)?t have|do not have|have no|without)\s+(?:any |a )?(?:religion|faith|beliefs?)\b`,
    String.raw`\b(?:don(?:'|’)?t|do not|doesn(?:'|’)?t|never|didn(?:'|’)?t|can(?:'|’)?t)\s+(?:really |actually )?believe\b`,
    String.raw`\b(?:no|without (?:any|a)?)\s*(?:faith|religion|religious (?:background|beliefs?))\b`,
    String.raw`\b(?:i(?:'|’)?m|i am|we(?:'|’)?re|as an?) (?:\w+ )?(?:christian|catholic|muslim|jewish|jew|hindu|buddhist|sikh|pagan|protestant|orthodox)\b`,
  ].join("|"),
  "i",
);

/** Asked whether the place is religious, has clergy, or requires belief: "is this a church thing", "is there a priest", "do I have to believe". */
const ASKS_FAITH = new RegExp(
  [
    String.raw`\b(?:is|are) (?:this|it|the sanctuary|sanctuary|they|you)\b[^.?!]{0,25}\b(?:church|religio\w*|cult|sect|faith\w*|spiritual)\b`,
    String.raw`\b(?:priests?|ministers?|pastors?|vicars?|chaplains?|rabbis?|imams?|clergy\w*|monks?|nuns?|preachers?)\b`,
    String.raw`\b(?:have to|need(?: to)?|must|required?(?: to)?|expected to|supposed to|got to|gotta)\b[^.?!]{0,20}\b(?:believe|belief|faith|convert|worship|pray)\b`,
    String.raw`\b(?:sign up to|join|accept|hold|follow)\b[^.?!]{0,12}\b(?:a |any )?(?:faith|religion|creed|doctrines?|beliefs?)\b`,
    String.raw`\b(?:creed|doctrines?|dogma|statement of faith)\b`,
  ].join("|"),
  "i",
);

/** The guides' words for it. */
export const BELIEF_SAID = "(no creed, no clergy, no required beliefs: every faith and none welcome)";

/** Whether the question tells of the visitor's belief or asks whether belief, religion or clergy is part of the place. */
export const asksAboutBelief = (question: string) => OWN_BELIEF.test(question) || ASKS_FAITH.test(question);

/** The question with the guides' words on belief beside it, when it asks about belief in its own words. */
export function withBeliefWords(question: string): string {
  return asksAboutBelief(question) && !question.includes(BELIEF_SAID) ? `${question} ${BELIEF_SAID}` : question;
}
