// Whether an answer to a yes/no question says yes or no. A hard limit rests on it, so anything
// short of a clear answer is "unclear" and Sam asks again; "sometimes" and "a little" are yeses
// (a limit about a habit is about any of it).

import { straightApostrophes } from "./text.ts";

export type YesNo = "yes" | "no" | "unclear";

const NO =
  /^(?:no\b|nope\b|nah\b|never\b|not\b|none\b|nothing\b|neither\b|nada\b|non\b|negative\b|i\s+(?:don't|do not|haven't|have not|didn't|did not|wouldn't|would not|won't|will not|am not|can't|cannot|never)\b|i'm\s+not\b|i've\s+never\b|i\s+quit\b|i\s+stopped\b|i\s+used\s+to\b.*\b(?:not anymore|no longer|but (?:i )?(?:quit|stopped))|not\s+(?:at all|really|anymore|any more)\b)/i;
const YES =
  /^(?:yes\b|yeah\b|yep\b|yup\b|ya\b|yea\b|sure\b|of course\b|definitely\b|absolutely\b|correct\b|right\b|true\b|indeed\b|si\b|oui\b|guilty\b|i\s+(?:do|am|have|did|will|would|sometimes|occasionally|still)\b|i'm\s+(?!not\b)|i've\s+(?!never\b)|a\s+(?:little|bit)\b|sometimes\b|occasionally\b|now and then\b|somewhat\b|kind of\b|sort of\b|a few\b|some\b)/i;

export function readYesNo(answer: string): YesNo {
  // Accents off, so "sí" reads as "si" and word ends are plain ones.
  const text = straightApostrophes(answer.normalize("NFD").replace(/\p{M}/gu, ""))
    .replace(/^[\s"'(*_-]+/, "")
    .trim();
  if (text === "") return "unclear";
  if (NO.test(text)) return "no";
  if (YES.test(text)) return "yes";
  return "unclear";
}
