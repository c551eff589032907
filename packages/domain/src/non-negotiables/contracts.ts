// The non-negotiables on the wire: the resource Settings reads and writes, and what the chat sends
// and receives at the dealbreakers stage. Free of zod (schemas.ts checks these shapes).

/** The answers of one person; a missing key was never answered, null is "prefer not to say". */
export interface Facts {
  smoking?: "no" | "sometimes" | "daily" | null;
  drinking?: "never" | "socially" | "often" | null;
  drugs?: "never" | "cannabis" | "other" | null;
  hasChildren?: "no" | "yes" | null;
  wantsChildren?: "yes" | "no" | "unsure" | null;
  wantsMarriage?: "yes" | "no" | "unsure" | null;
  faith?: "none" | "spiritual" | "christian" | "jewish" | "muslim" | "hindu" | "buddhist" | "other" | null;
  faithImportance?: "high" | "some" | "low" | null;
  politics?: "liberal" | "moderate" | "conservative" | "apolitical" | "other" | null;
  politicsImportance?: "high" | "some" | "low" | null;
  pets?: "dogs" | "cats" | "both" | "none" | null;
  allergies?: "dogs" | "cats" | "both" | "none" | null;
  relationshipStatus?: "single" | "separated" | "divorced" | "widowed" | "married" | null;
  longDistance?: "yes" | "no" | null;
  relocate?: "yes" | "no" | null;
  /** What they cannot accept in a partner. */
  limits?: LimitId[];
}

/** A question about oneself. */
export type FactKey = Exclude<keyof Facts, "limits">;
/** The topics the questions and limits are grouped by in Settings. */
export type FactTopic =
  | "smoking"
  | "drinking"
  | "drugs"
  | "children"
  | "marriage"
  | "faith"
  | "politics"
  | "pets"
  | "distance";
/** An answer to it. */
export type FactValue<K extends FactKey> = NonNullable<Facts[K]>;

/** What a person cannot accept in a partner (rules.ts LIMITS says what each refuses). */
export type LimitId =
  | "smokingAny"
  | "smokingDaily"
  | "drinkingAny"
  | "drinkingHeavy"
  | "cannabis"
  | "otherDrugs"
  | "hasChildren"
  | "wantsChildren"
  | "noChildrenWanted"
  | "wantsMarriage"
  | "noMarriageWanted"
  | "noFaith"
  | "religious"
  | "differentFaith"
  | "liberal"
  | "conservative"
  | "dogs"
  | "cats"
  | "married"
  | "separated";

/**
 * What Sam understood from a person's own words about their non-negotiables, item by item, and
 * read back to them: a limit the quick questions know (smoking, children...), a topic Sam asks
 * each candidate about (a neutral yes/no question; the answer `endsOn` ends the pair), or a trait
 * no question can settle, which Sam keeps in mind but never asks about nor refuses on. `words` is
 * the clause it was read from, the person's own.
 */
export type ReadingItem =
  | { kind: "limit"; id: string; limit: LimitId; words: string }
  | { kind: "ask"; id: string; label: string; question: string; endsOn: "yes" | "no"; words: string }
  | { kind: "trait"; id: string; label: string; words: string };

/** GET the signed-in person's non-negotiables; PUT new answers (and readings taken out). */
export const NON_NEGOTIABLES_PATH = "/api/non-negotiables";

export interface NonNegotiablesResponse {
  /** The quick questions' answers, tapped limits included. */
  facts: Facts;
  /** What Sam read from the person's own words and they confirmed (or kept in Settings). */
  reading: ReadingItem[];
  /** What Sam read back and waits to hear is right, or null. */
  pending: ReadingItem[] | null;
}

export interface NonNegotiablesUpdate {
  facts: Facts;
  /** Ids of confirmed reading items to take out. */
  removed?: string[];
}

/** A reading as a guest's browser keeps it: the server's signature makes it importable unchanged. */
export interface SignedReading {
  items: ReadingItem[];
  signature: string;
}

/**
 * What the chat sends at the dealbreakers stage with the person's message: the quick questions'
 * answers (null when skipped), or the confirmation of Sam's reading with the items taken out. A
 * guest sends back the signed reading it was given, with a confirmation or with a correction it
 * typed (and its answers, which Sam reads back again).
 */
export type NonNegotiablesStep =
  | { step: "taps"; facts: Facts | null }
  | { step: "confirm"; removed: string[]; reading?: SignedReading }
  | { step: "correct"; facts: Facts | null; reading: SignedReading };

/** Sam's reading as the chat's reply carries it; a guest's comes signed. */
export interface ReadingReply {
  items: ReadingItem[];
  signature?: string;
}

/** What a guest's browser keeps with the conversation, until it moves into an account. */
export interface GuestNonNegotiables {
  facts?: Facts | null;
  reading?: SignedReading;
  removed?: string[];
  confirmed?: boolean;
}
