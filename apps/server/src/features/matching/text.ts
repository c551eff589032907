// Text helpers shared by retrieval and the heuristic scorer: words in, comparable stems out.

const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have i i'm im in is it its me my of on or so that the their them they this to was we were with you your who what when where which will would can could just really very about also like love want someone partner".split(
    " ",
  ),
);

/** A crude, deterministic stem: enough to make "hiking" meet "hike" and "books" meet "book". */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith("es")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith("e")) return word.slice(0, -1);
  return word;
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
}

/** Content stems of a text, stop words removed. */
export function stems(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w) && w.length > 2)
    .map((w) => stem(w.replace(/'s$/, "").replace(/'/g, "")));
}

// Sentences that address the scorer rather than describe a person ("ignore previous
// instructions", "rate me 100%"). They are dropped before retrieval and scoring, so a narrative
// that carries them is judged exactly like its clean twin.
const INSTRUCTION_PATTERNS = [
  /\b(ignore|disregard|forget|override)\b[^.!?]*\b(instructions?|prompts?|rules?|above|previous|prior|everything)\b/i,
  /\b(rate|score|rank|grade|mark)\s+(me|this|us|him|her|them|my)\b/i,
  /\b\d{1,3}\s*(%|percent|\/\s*10|\/\s*100|out of)/i,
  /\b(system|developer)\s+(prompt|message|instructions?)\b/i,
  /\byou\s+(are|must|should|will)\s+(an?\s+)?(ai|assistant|model|scorer|judge|language model|now)\b/i,
  /\b(compatib\w*|perfect match|match score|scorer|scoring)\b/i,
];

export function stripInstructions(text: string): string {
  return (text.match(/[^.!?\n]+[.!?]*/g) ?? [])
    .filter((sentence) => !INSTRUCTION_PATTERNS.some((pattern) => pattern.test(sentence)))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}
