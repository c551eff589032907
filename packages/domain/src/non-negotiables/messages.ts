// The non-negotiables' words: the quick questions and their answers, the limits as a person taps
// them and as Sam reads them back, the neutral questions Sam puts to a candidate, and Sam's lines
// around them. Free of zod.
import type { FactKey, FactTopic, LimitId } from "./contracts.ts";

/** Each quick question about oneself, and how each answer reads on its button. */
export const FACT_QUESTIONS: Readonly<
  Record<FactKey, { question: string; answers: Readonly<Record<string, string>> }>
> = {
  smoking: { question: "Do you smoke or vape?", answers: { no: "No", sometimes: "Sometimes", daily: "Every day" } },
  drinking: { question: "Do you drink?", answers: { never: "Never", socially: "Socially", often: "Often" } },
  drugs: {
    question: "Cannabis or other drugs?",
    answers: { never: "Never", cannabis: "Cannabis sometimes", other: "Other drugs too" },
  },
  hasChildren: { question: "Do you have children?", answers: { no: "No", yes: "Yes" } },
  wantsChildren: {
    question: "Do you want children, or more children?",
    answers: { yes: "Yes", no: "No", unsure: "Not sure" },
  },
  wantsMarriage: {
    question: "Do you hope to marry one day?",
    answers: { yes: "Yes", no: "No", unsure: "Not sure" },
  },
  faith: {
    question: "What is your faith?",
    answers: {
      none: "None",
      spiritual: "Spiritual",
      christian: "Christian",
      jewish: "Jewish",
      muslim: "Muslim",
      hindu: "Hindu",
      buddhist: "Buddhist",
      other: "Another faith",
    },
  },
  faithImportance: {
    question: "How much does faith matter to you?",
    answers: { high: "A lot", some: "A little", low: "Not at all" },
  },
  politics: {
    question: "Your politics?",
    answers: {
      liberal: "Liberal",
      moderate: "Moderate",
      conservative: "Conservative",
      apolitical: "Not political",
      other: "Something else",
    },
  },
  politicsImportance: {
    question: "How much do politics matter to you?",
    answers: { high: "A lot", some: "A little", low: "Not at all" },
  },
  pets: {
    question: "Do you have dogs or cats?",
    answers: { dogs: "Dogs", cats: "Cats", both: "Both", none: "Neither" },
  },
  allergies: {
    question: "Are you allergic to dogs or cats?",
    answers: { dogs: "Dogs", cats: "Cats", both: "Both", none: "Neither" },
  },
  relationshipStatus: {
    question: "Your relationship status?",
    answers: {
      single: "Single",
      separated: "Separated",
      divorced: "Divorced",
      widowed: "Widowed",
      married: "Married",
    },
  },
  longDistance: { question: "Open to a long-distance relationship?", answers: { yes: "Yes", no: "No" } },
  relocate: { question: "Open to moving for the right person?", answers: { yes: "Yes", no: "No" } },
};

/** Each topic's heading in Settings, where its questions and limits sit together. */
export const FACT_TOPIC_HEADINGS: Readonly<Record<FactTopic, string>> = {
  smoking: "Smoking or vaping",
  drinking: "Drinking",
  drugs: "Cannabis and other drugs",
  children: "Children",
  marriage: "Marriage and relationship status",
  faith: "Faith",
  politics: "Politics",
  pets: "Dogs, cats and allergies",
  distance: "Long distance or moving",
};

/** How an answer is named on its topic's folded line in Settings, where a topic has several questions. */
export const FACT_SUMMARY_LABELS: Readonly<Partial<Record<FactKey, string>>> = {
  hasChildren: "Has children",
  wantsChildren: "Wants children",
  wantsMarriage: "Hopes to marry",
  faithImportance: "Matters",
  politicsImportance: "Matters",
  pets: "Has",
  allergies: "Allergic",
  longDistance: "Long distance",
  relocate: "Would move",
};

/** Each limit as a person taps it ("In a partner, a firm no:"). */
export const LIMIT_CHIPS: Readonly<Record<LimitId, string>> = {
  smokingAny: "Any smoking or vaping",
  smokingDaily: "Smoking every day",
  drinkingAny: "Any drinking",
  drinkingHeavy: "Heavy drinking",
  cannabis: "Cannabis",
  otherDrugs: "Other drugs",
  hasChildren: "Has children",
  wantsChildren: "Wants children",
  noChildrenWanted: "Doesn't want children",
  wantsMarriage: "Wants to marry",
  noMarriageWanted: "Doesn't want to marry",
  noFaith: "No faith",
  religious: "Religious",
  differentFaith: "A different faith",
  liberal: "Liberal politics",
  conservative: "Conservative politics",
  dogs: "Has dogs",
  cats: "Has cats",
  married: "Married",
  separated: "Separated, not yet divorced",
};

/** Each limit as Sam reads it back, after "you can't accept". */
export const LIMIT_READ_BACK: Readonly<Record<LimitId, string>> = {
  smokingAny: "any smoking or vaping",
  smokingDaily: "smoking every day",
  drinkingAny: "any drinking",
  drinkingHeavy: "heavy drinking",
  cannabis: "cannabis or other drugs",
  otherDrugs: "drugs other than cannabis",
  hasChildren: "someone who already has children",
  wantsChildren: "someone who wants children",
  noChildrenWanted: "someone who doesn't want children",
  wantsMarriage: "someone who wants to marry",
  noMarriageWanted: "someone who doesn't want to marry",
  noFaith: "someone without a faith",
  religious: "someone religious",
  differentFaith: "someone of a different faith",
  liberal: "liberal politics",
  conservative: "conservative politics",
  dogs: "a partner with dogs",
  cats: "a partner with cats",
  married: "someone who is married",
  separated: "someone separated but not yet divorced",
};

/**
 * The neutral question a candidate who left a topic unanswered is asked, and the answer that
 * ends the pair. It asks about them, never says who asked or why.
 */
export const LIMIT_QUESTIONS: Readonly<Record<LimitId, { question: string; endsOn: "yes" | "no" }>> = {
  smokingAny: { question: "Do you smoke or vape, even now and then?", endsOn: "yes" },
  smokingDaily: { question: "Do you smoke or vape every day?", endsOn: "yes" },
  drinkingAny: { question: "Do you drink alcohol?", endsOn: "yes" },
  drinkingHeavy: { question: "Do you drink most days, or heavily?", endsOn: "yes" },
  cannabis: { question: "Do you use cannabis or other drugs?", endsOn: "yes" },
  otherDrugs: { question: "Do you use any drugs other than cannabis?", endsOn: "yes" },
  hasChildren: { question: "Do you have children?", endsOn: "yes" },
  wantsChildren: { question: "Would you like to have children, or more children, one day?", endsOn: "yes" },
  noChildrenWanted: { question: "Would you like to have children, or more children, one day?", endsOn: "no" },
  wantsMarriage: { question: "Would you like to get married one day?", endsOn: "yes" },
  noMarriageWanted: { question: "Would you like to get married one day?", endsOn: "no" },
  noFaith: { question: "Do you have a faith?", endsOn: "no" },
  religious: { question: "Are you religious?", endsOn: "yes" },
  differentFaith: { question: "Are you religious?", endsOn: "yes" },
  liberal: { question: "Would you call your politics liberal?", endsOn: "yes" },
  conservative: { question: "Would you call your politics conservative?", endsOn: "yes" },
  dogs: { question: "Do you have a dog?", endsOn: "yes" },
  cats: { question: "Do you have a cat?", endsOn: "yes" },
  married: { question: "Are you married?", endsOn: "yes" },
  separated: { question: "Are you separated but not yet divorced?", endsOn: "yes" },
};

/**
 * What Sam asks when someone's words break a limit through a topic wider than the limit's own
 * question: "a parrot and two house rabbits" against "anything with feathers or fur" (read as
 * dogs and cats) is asked about pets, not only dogs and cats.
 */
export const WIDER_TOPIC_QUESTIONS = {
  pets: { question: "Do you have any pets?", endsOn: "yes" },
} as const satisfies Record<string, { question: string; endsOn: "yes" | "no" }>;

/** A question about a topic from someone's own words: "Is gambling part of your life?". */
export function topicQuestion(topic: string, plural: boolean): string {
  return `${plural ? "Are" : "Is"} ${topic} part of your life?`;
}

/** What Sam says back about an item asked of each candidate. */
export const ASK_NOTE = "I'll ask each person I find about these";

export const NON_NEGOTIABLES_MESSAGES = {
  // ours: Sam's lines at the dealbreakers stage
  tapsIntro:
    "Next, a few quick questions you can answer with a tap, so I never show you someone who breaks a firm no, nor show you to them. Skip any you like.",
  tapsWaiting: "The quick questions are just below whenever you're ready, or skip them.",
  tapsDone: "Here are my answers.",
  tapsSkipped: "I'd rather skip the quick questions.",
  readBackIntro: "Here's what I understood as your non-negotiables.",
  readBackFromWords: "From what you wrote:",
  readBackTraits: "I'll also keep in mind:",
  readBackNothing: "I didn't pick up any firm no from your answers, so I won't rule anyone out for you.",
  readBackLongDistance: "a long-distance relationship, unless one of you would move",
  readBackQuestion:
    "Is that right? Take out anything I got wrong, or tell me in your own words. You can change them any time in Settings.",
  readBackConfirmed: "Yes, that's right.",
  readBackConfirmedWithout: "That's right, without:",
  readBackAgain: "Thank you for putting me right.",
  // ours: the tap card and the settings section
  tapsHeading: "Quick questions",
  tapsPreferNot: "Prefer not to say",
  tapsSkipAll: "Skip these questions",
  tapsBack: "Back",
  tapsLimitsQuestion: "In a partner, which of these would be a firm no? Tap all that apply.",
  tapsLimitsNone: "None of these",
  tapsLimitsDone: "Done",
  tapsSending: "Saving your answers…",
  readBackKeep: "Keep",
  readBackConfirm: "Yes, that's right",
  nonNegotiablesHeading: "Non-negotiables",
  nonNegotiablesIntro:
    "What you are, and what you can't accept in a partner. These hold both ways: Sam never shows you someone who breaks them, nor shows you to them.",
  nonNegotiablesInAPartner: "In a partner, a firm no",
  nonNegotiablesFirmNo: "Firm no:",
  nonNegotiablesFromWords: "From what you told Sam",
  nonNegotiablesFromWordsNone: "Nothing from your own words yet.",
  nonNegotiablesRemove: "Remove",
  nonNegotiablesSaved: "Non-negotiables saved.",
  nonNegotiablesSaveFailed: "Could not save your non-negotiables. Please try again.",
  nonNegotiablesLoadFailed: "Could not load your non-negotiables.",
  nonNegotiablesNotAnswered: "Not answered",
  // ours: refusals
  nonNegotiablesNotNow: "Sam isn't asking these questions right now.",
  readingUnverified: "Those answers could not be verified as Sam's reading, so they were not saved.",
} as const;

function listed(items: readonly string[]): string {
  return items.join("; ");
}

/**
 * What Sam reads back: the limits (tapped, read from the person's words, and the distance rule),
 * the topics Sam will ask each candidate about, and what Sam only keeps in mind. Every part names
 * only the person's own answers and words.
 */
export function readBackMessage(parts: {
  limits: readonly LimitId[];
  noLongDistance: boolean;
  asked: readonly string[];
  traits: readonly string[];
}): string {
  const { limits, noLongDistance, asked, traits } = parts;
  const refused = [
    ...limits.map((limit) => LIMIT_READ_BACK[limit]),
    ...(noLongDistance ? [NON_NEGOTIABLES_MESSAGES.readBackLongDistance] : []),
  ];
  const lines: string[] = [NON_NEGOTIABLES_MESSAGES.readBackIntro];
  if (refused.length === 0 && asked.length === 0 && traits.length === 0) {
    lines.push(NON_NEGOTIABLES_MESSAGES.readBackNothing);
  }
  if (refused.length > 0) lines.push(`You can't accept: ${listed(refused)}.`);
  if (asked.length > 0) lines.push(`${NON_NEGOTIABLES_MESSAGES.readBackFromWords} ${listed(asked)}; ${ASK_NOTE}.`);
  if (traits.length > 0) lines.push(`${NON_NEGOTIABLES_MESSAGES.readBackTraits} ${listed(traits)}.`);
  lines.push(NON_NEGOTIABLES_MESSAGES.readBackQuestion);
  return lines.join("\n");
}

/**
 * Topics Sam asks candidates about when a dealbreaker names them in any of many words (debts,
 * moving away, an open relationship...): each with a neutral yes/no question and the answer that
 * ends the pair.
 */
export const AREA_QUESTIONS = {
  debts: { question: "Are you paying off any debts?", endsOn: "yes" },
  work: { question: "Are you working at the moment?", endsOn: "no" },
  moving: { question: "Are you planning to move far from where you live now?", endsOn: "yes" },
  distance: { question: "Do you live far from here, or spend weeks at a time away?", endsOn: "yes" },
  activism: { question: "Is political activism a big part of your life?", endsOn: "yes" },
  attached: { question: "Are you married or seeing anyone at the moment?", endsOn: "yes" },
  open: { question: "Are you in, or looking for, an open relationship?", endsOn: "yes" },
  cheating: { question: "Have you ever cheated on a partner?", endsOn: "yes" },
  socialMedia: { question: "Do you share much of your life on social media?", endsOn: "yes" },
  ex: { question: "Do you live with an ex, or stay very close to one?", endsOn: "yes" },
  record: { question: "Do you have a criminal record, or have you been to prison?", endsOn: "yes" },
  temper: { question: "Do you lose your temper easily?", endsOn: "yes" },
  drinkDriving: { question: "Do you ever drive after drinking?", endsOn: "yes" },
  meat: { question: "Do you eat meat?", endsOn: "yes" },
  hours: { question: "Do you work nights or shifts?", endsOn: "yes" },
  extremeSports: { question: "Do you do extreme or dangerous sports?", endsOn: "yes" },
  gaming: { question: "Do you spend much of your free time playing video games?", endsOn: "yes" },
  jealousy: { question: "Do you get jealous easily?", endsOn: "yes" },
  parents: { question: "Do you live with your parents?", endsOn: "yes" },
  motorbikes: { question: "Do you ride a motorbike?", endsOn: "yes" },
  military: { question: "Are you in the armed forces, or could you be deployed away?", endsOn: "yes" },
  networkMarketing: { question: "Do you sell for a network-marketing (MLM) company?", endsOn: "yes" },
  crypto: { question: "Do you trade crypto or day-trade?", endsOn: "yes" },
  exoticPets: { question: "Do you keep snakes, reptiles or other exotic pets?", endsOn: "yes" },
  lateness: { question: "Do you often run late?", endsOn: "yes" },
  astrology: { question: "Do you plan your life around astrology or horoscopes?", endsOn: "yes" },
  conspiracies: { question: "Do you believe in conspiracy theories?", endsOn: "yes" },
  porn: { question: "Is porn a regular part of your life?", endsOn: "yes" },
  stripClubs: { question: "Do you go to strip clubs?", endsOn: "yes" },
  driving: { question: "Do you drive?", endsOn: "no" },
  workaholic: { question: "Does work take up most of your evenings and weekends?", endsOn: "yes" },
  partying: { question: "Do you go out partying most weekends?", endsOn: "yes" },
  gym: { question: "Is the gym a big part of your life?", endsOn: "yes" },
  sportFan: { question: "Does following sport take up much of your time?", endsOn: "yes" },
  phone: { question: "Are you on your phone a lot, even over dinner?", endsOn: "yes" },
  datingOthers: { question: "Are you dating or talking to other people at the moment?", endsOn: "yes" },
  hoarding: { question: "Do you keep a lot of things, or live with a lot of clutter?", endsOn: "yes" },
  hunting: { question: "Do you hunt or shoot animals?", endsOn: "yes" },
  spending: { question: "Do you often spend more than you earn?", endsOn: "yes" },
  piercings: { question: "Do you have piercings, other than in your ears?", endsOn: "yes" },
  fossilFuels: { question: "Do you work in oil, gas or another fossil-fuel industry?", endsOn: "yes" },
  livingApart: { question: "Do you want to keep a home of your own, even with a serious partner?", endsOn: "yes" },
  pickyEating: { question: "Are you a fussy eater?", endsOn: "yes" },
  landlord: { question: "Do you own homes that you rent out?", endsOn: "yes" },
  rural: { question: "Do you live in, or want to move to, the countryside?", endsOn: "yes" },
  casual: { question: "Are you looking for something casual rather than a committed relationship?", endsOn: "yes" },
  messy: { question: "Would you say you're messy at home?", endsOn: "yes" },
  nightOwl: { question: "Are you a night owl who sleeps late into the day?", endsOn: "yes" },
  nomad: { question: "Do you move around a lot, or plan to live on the road?", endsOn: "yes" },
} as const satisfies Record<string, { question: string; endsOn: "yes" | "no" }>;

export type AreaName = keyof typeof AREA_QUESTIONS;

/**
 * Habits and stances no quick question settles, read from both people's words (so what the other
 * says of themselves settles a limit, or breaks it): each with the neutral question put to a
 * candidate who never said, ending the pair on a yes when the limit rules the topic out.
 */
export const WORD_TOPIC_QUESTIONS = {
  gambling: "Do you gamble or bet regularly?",
  guns: "Do you own a gun?",
  proLife: "Would you call yourself pro-life on abortion?",
  proChoice: "Would you call yourself pro-choice on abortion?",
  antiVax: "Are you against vaccination?",
} as const satisfies Record<string, string>;

export type WordTopicName = keyof typeof WORD_TOPIC_QUESTIONS;

/** A limit on lying about something askable ("your age", "being single"), asked about that thing. */
export function lieQuestion(subject: string): { question: string; endsOn: "yes" | "no" } {
  return { question: `Have you ever lied about ${subject}?`, endsOn: "yes" };
}

/** A height in the unit the person used: 5'10" or 178 cm. */
export function heightLabel(cm: number, imperial: boolean): string {
  if (!imperial) return `${Math.round(cm)} cm`;
  const inches = Math.round(cm / 2.54);
  return `${Math.floor(inches / 12)}'${inches % 12}"`;
}

/**
 * The question for an age or height limit relative to the person, put in plain numbers (the
 * candidate learns a bound, never whose it is). `min`/`max` are what the candidate may be.
 */
export function relativeLimitQuestion(
  measure: "age" | "height",
  bounds: { min?: number; max?: number },
  imperial = false,
): { question: string; endsOn: "yes" | "no" } {
  const { min, max } = bounds;
  if (measure === "age") {
    if (min !== undefined && max !== undefined) return { question: `Are you between ${min} and ${max}?`, endsOn: "no" };
    if (max !== undefined) return { question: `Are you older than ${max}?`, endsOn: "yes" };
    return { question: `Are you younger than ${min ?? 0}?`, endsOn: "yes" };
  }
  if (max !== undefined) return { question: `Are you taller than ${heightLabel(max, imperial)}?`, endsOn: "yes" };
  return { question: `Are you taller than ${heightLabel((min ?? 1) - 1, imperial)}?`, endsOn: "no" };
}
