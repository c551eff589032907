import type { FactValue } from "@sams-web/domain/non-negotiables/contracts";
import { SOMEONE_ELSE } from "./dealbreaker-topics.ts";
import { fromTexting, straightApostrophes } from "./text.ts";

// Where a person stands now, in their own words: "I'm married, but we live separate lives",
// "Technically I'm still married", "My wife and I separated last spring and the divorce should go
// through next year", "I'm in the middle of a divorce", "I'm a widow", "we divorced in 2019".
// What they were ("I was married for twelve years") is no status now; being "married to my job"
// is none at all.

type Status = FactValue<"relationshipStatus">;

const NOT_MARRIAGE = String.raw`(?!\s+to\s+(?:my|the|his|her|their)\s+(?:job|work|career|art|craft|music|business|phone|bike|garden))`;
const MARRIED_NOW = new RegExp(
  String.raw`\b(?:i'm|i\s+am)\s+(?:(?:still|technically|legally|currently|actually|officially|happily|also|kind\s+of|sort\s+of|on\s+paper)\s+){0,3}married\b${NOT_MARRIAGE}|\b(?:technically|legally|officially|on\s+paper)\s+(?:i'm\s+|i\s+am\s+)?(?:still\s+)?married\b${NOT_MARRIAGE}|^\s*(?:(?:still|technically|legally)\s+)+married\b${NOT_MARRIAGE}|\bmy\s+(?:wife|husband|spouse)\s+and\s+i\s+(?:live|have|are|share|sleep|still|sort\s+of)\b`,
  "i",
);
/** A spouse spoken of now, as the sentence's subject: "My husband knows I'm on here". */
const SPOUSE_NOW =
  /^\s*(?:but\s+|and\s+)?my\s+(?:wife|husband|spouse)\s+(?:knows|is\s+(?:fine|ok|okay|aware|happy)\s+with|doesn't\s+(?:know|mind))\b/i;
const SEPARATED_NOW =
  /\b(?:i'm|i\s+am|we're|we\s+are|we've|we\s+have|we\s+recently|recently|currently|just)\s+(?:\w+\s+)?separated\b|\b(?:we|i)\s+separated\b(?![^.!?]*\bdivorced?\b)|\b(?:in\s+the\s+middle\s+of|going\s+through|waiting\s+(?:on|for)|halfway\s+through|in\s+the\s+process\s+of)\s+(?:a|my|the|our)\s+divorce\b|\b(?:my|our|the)\s+divorce\s+(?:isn't|is\s+not|hasn't|has\s+not|not)\s+(?:yet\s+)?(?:final|finalised|finalized|through|done|come\s+through)\b|\bdivorce\s+(?:should|will|is\s+due\s+to|is\s+going\s+to|ought\s+to)\s+(?:go|come)\s+through\b|\bnot\s+(?:yet\s+)?divorced\b|\b(?:i'm|i\s+am|we're|we\s+are)\s+divorcing\b|\bdivorce\s+(?:is\s+)?(?:pending|ongoing|in\s+progress)\b/i;
const DIVORCED =
  /\b(?:i'm|i\s+am|i've\s+been)\s+(?:\w+\s+)?divorced\b|\b(?:we|and|then)\s+divorced\b|^\s*divorced\b|\bdivorce\s+(?:was|is|came|went)\s+(?:final|finalised|finalized|through|done)\b/i;
const WIDOWED =
  /\b(?:i'm|i\s+am)\s+(?:a\s+)?(?:widow|widower|widowed)\b|^\s*(?:a\s+)?(?:widow|widower|widowed)\b|\bmy\s+(?:late\s+)?(?:wife|husband)\s+(?:died|passed)\b|\bi\s+lost\s+my\s+(?:wife|husband)\b/i;
const SINGLE =
  /\b(?:i've\s+)?never\s+(?:been\s+)?married\b|\b(?:i'm|i\s+am)\s+(?:not|no\s+longer)\s+married\b|\b(?:i'm|i\s+am)\s+single\b/i;

/** The relationship statuses a person's words say they are in now (more than one when they say so). */
export function statusesIn(selfText: string): Set<Status> {
  const said = new Set<Status>();
  const sentences = straightApostrophes(fromTexting(selfText)).match(/[^.!?;\n]+[.!?;]*/g) ?? [];
  for (const sentence of sentences) {
    // A spouse who died, or who knows, is the speaker's own status, though the sentence's subject.
    if (WIDOWED.test(sentence)) said.add("widowed");
    if (SPOUSE_NOW.test(sentence)) said.add("married");
    if (SOMEONE_ELSE.test(sentence)) continue;
    if (MARRIED_NOW.test(sentence)) said.add("married");
    if (SEPARATED_NOW.test(sentence)) said.add("separated");
    else if (DIVORCED.test(sentence)) said.add("divorced");
    if (SINGLE.test(sentence)) said.add("single");
  }
  return said;
}
