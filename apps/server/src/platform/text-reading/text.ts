// Text helpers shared by retrieval, the heuristic scorer and the scripted interviewer: words in,
// comparable stems out.
import leven from "leven";
import { stemmer } from "stemmer";

const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have i i'm im in is it its me my of on or so that the their them they this to was we were with you your who what when where which will would can could just really very about also like love want someone partner".split(
    " ",
  ),
);

/**
 * A word's stem (Porter's algorithm, the `stemmer` package): "hiking" meets "hike", "books" meets
 * "book". Deterministic.
 */
export function stem(word: string): string {
  return stemmer(word);
}

/**
 * Curly apostrophes (‘ ’) as the straight one, so that the readers' patterns, written with
 * ', read "don’t" as "don't".
 */
export function straightApostrophes(text: string): string {
  return text.replace(/[\u2018\u2019]/g, "'");
}

/** Curly apostrophes and double quotes as straight ones: heights are written 5’10” as often as 5'10". */
export function straightQuotes(text: string): string {
  return straightApostrophes(text).replace(/[\u201c\u201d]/g, '"');
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
  // Notes addressed to whatever reads the text ("P.S. for the algorithm: ...").
  /\b(for|to|dear|hey|attention)\s+(the\s+)?(ai|algorithm|bot|model|system|matcher|computer|machine)\b/i,
];

export function stripInstructions(text: string): string {
  return (text.match(/[^.!?\n]+[.!?]*/g) ?? [])
    .filter((sentence) => !INSTRUCTION_PATTERNS.some((pattern) => pattern.test(sentence)))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

// ── Reading statements: what a person says of themselves, with negation ────────────────────

/** A word of a statement, and whether the statement denies it ("I don't smoke"). */
export interface ReadWord {
  word: string;
  stem: string;
  negated: boolean;
}

/** A clause of a statement, read word by word. */
export type ReadClause = readonly ReadWord[];

// Sentences that say the opposite of their words, and questions: neither is a statement about
// the person, so neither counts as evidence for or against anything.
const SARCASM = /\b(oh,? (sure|yes|yeah|great|joy|wow)|yeah,? right|said no one ever|as if)\b|\/s\b/i;
// Clauses that leave a point open ("not sure about kids", "kids maybe") say neither yes nor no.
const HEDGE = /\b(not sure|unsure|not certain|undecided|maybe|perhaps|might)\b/i;
// Words that deny what follows them in the clause ("never smoked", "no kids", "allergic to cats",
// "rather be outdoors than on the couch", "quit smoking").
const NEGATION_CUES = new Set(
  "not no never nothing none nobody neither nor without than hate hates hated dislike dislikes avoid against quit quitting stopped former formerly ex allergic zero cannot dont doesnt didnt isnt arent wasnt cant wont wouldnt couldnt havent hasnt aint".split(
    " ",
  ),
);
/** How many words after a cue it still denies, unless "and" starts a new predicate first. */
const NEGATION_SCOPE = 5;
// Markers after what they deny: "hiking is not my thing", "kids aren't in my future", "kids
// are not something I'm looking for",
// "cigarettes are a no", "tobacco is a hard pass", "hunting is where I draw the line".
const NOT_MINE = String.raw`(?:for\s+me|my\s+thing|in\s+my\s+(?:future|plans|cards)|on\s+the\s+(?:table|cards)|happening|something\s+(?:i'm\s+|i\s+am\s+|i\s+)?(?:looking\s+for|want|need))`;
const A_NO_WORD = "(?:hard|firm|absolute|total|big|definite|automatic|instant)";
const A_NO = String.raw`(?:an?\s+(?:${A_NO_WORD}\s+)?|${A_NO_WORD}\s+)(?:no|pass|no-go|non-starter|nonstarter|dealbreaker|deal-breaker|deal\s+breaker)(?:\s+for\s+me)?`;
/** "Hunting is where I draw the line", "guns are out of the question". */
const RULED_OUT = String.raw`(?:where\s+i\s+draw\s+the\s+line|out\s+of\s+the\s+question|off\s+the\s+table|unacceptable|a\s+red\s+line|a\s+no\s+from\s+me)`;
/**
 * A refusal said by the person after the thing it refuses, in words of their own: "ashtray breath
 * is something I can't get past", "debts are baggage I won't take on", "a man who punches walls is
 * someone I'll never date", "church is not something I'll ever do": a thing, then a first-person
 * refusal of it. The thing may be any word; the refusal's grammar is what is read.
 */
const FIRST_PERSON_REFUSAL = String.raw`(?:(?:a|an|the|one)\s+)?(?:something|someone|somebody|things?|baggage|stuff|what)\s+(?:that\s+)?(?:i|i'll|i'd|i've|i\s+will|i\s+would)\s+(?:just\s+|simply\s+|really\s+)?(?:can't|cannot|won't|will\s+not|will\s+never|would\s+never|could\s+never|couldn't|never|refuse\s+to|don't|do\s+not)(?:\s+[\w']+){0,3}`;
/** "... not something I'll ever do", "... not something I'd consider". */
const NOT_FOR_ME = String.raw`not\s+(?:something|anything|a\s+thing)\s+(?:i'll|i'd|i\s+will|i\s+would|i\s+can|i\s+could)\s+(?:ever\s+)?[\w']+`;
/** What the thing does to the person: "heavy ink puts me off", "vapour in the car would finish me off". */
const AVERSION = String.raw`(?:would|will|'d|'ll)\s+break\s+my\s+heart|(?:(?:is|are|'s|'re)\s+going\s+to|(?:is|are|'s|'re)\s+gonna|would|will|'d|'ll)\s+eat\s+me\s+alive|(?:puts?|turns?)\s+me\s+(?:right\s+|completely\s+|totally\s+|straight\s+|really\s+)?off|(?:would|will|'d|'ll)\s+(?:finish|end|kill)\s+me(?:\s+off)?|ends\s+it\s+for\s+me|(?:makes?|made)\s+me\s+(?:sneeze|itch|wheeze|cough|sick|ill|gag|retch)|(?:don't|do\s+not|doesn't|does\s+not)\s+mix|(?:won't|will\s+not|wouldn't|would\s+not)\s+work(?:\s+for\s+me)?|(?:would|will|'d|'ll)\s+(?:wear|grind)\s+me\s+down|(?:would|will|'d|'ll)\s+(?:exhaust|drain|suffocate|smother)\s+me|(?:won't|will\s+not|wouldn't|would\s+not|doesn't|does\s+not|don't|do\s+not)\s+suit\s+me|(?:is|are|'s|'re)\s+where\s+i\s+(?:check|tap|bow)\s+out|need\s+not\s+apply|(?:haven't|have\s+not|hasn't|has\s+not|never)\s+worked\s+(?:out\s+)?for\s+me|(?:isn't|is\s+not)\s+a\s+relationship\s+to\s+me|(?:has|have)\s+no\s+place\s+in\s+my\s+(?:life|home|world|house|future)`;
export const POST_NEGATION = new RegExp(
  String.raw`\b(?:(?:(?:is|are|'s|'re)\s+(?:both\s+|all\s+)?)(?:not\s+${NOT_MINE}|${NOT_FOR_ME}|${A_NO}|${RULED_OUT}|${FIRST_PERSON_REFUSAL})|not\s+${NOT_MINE}|${A_NO}|(?:isn't|aren't)\s+${NOT_MINE}|(?:(?:has|have|'ve|had)\s+never\s+been|(?:hasn't|haven't|wasn't|weren't)\s+(?:ever\s+)?(?:been\s+)?)\s*${NOT_MINE}|(?:isn't|aren't)\s+${NOT_FOR_ME.replace(/^not\\s\+/, "")}|${AVERSION}|hard\s+pass)\b`,
  "i",
);
const CLAUSE_BREAK =
  /[,;:()"\u2013\u2014]|\s-\s|\b(?:but|though|although|however|whereas|while|so)\b|\band\s+(?=(?:i|i'm|i've|i'd|my|we)\b)/i;

function isCue(word: string): boolean {
  return NEGATION_CUES.has(word) || word.endsWith("n't");
}

/** A clause read word by word; a cue denies the words after it, a trailing marker those before it. */
/**
 * Eagerness said with a negation ("I can't wait to have a family", "I can't picture my life
 * without being a dad"): nothing is denied.
 */
const EAGER =
  /\b(?:can't|cannot|can\s+not|couldn't)\s+(?:wait|(?:picture|imagine|see)\s+(?:my\s+life|myself|a\s+life|a\s+future|my\s+future|life)\s+without)\b/gi;
/** A denied absence is a presence: "I never miss Friday prayers" keeps them. */
const NEVER_MISS = /\b(?:never|don't|do\s+not|wouldn't|would\s+never|won't|rarely)\s+miss(?:es|ed)?\b/gi;
/** So is a denied going without: "I never leave the house without my handgun" has one. */
const NEVER_WITHOUT =
  /\b(?:never|don't|do\s+not|wouldn't|would\s+never|won't|rarely)\s+((?:[\w']+\s+){0,4}?)without\b/gi;
/** Driving after drinking, however said: "drinks and drives", "drink-driving", "drives drunk". */
export const DRINK_DRIVING = String.raw`\b(?:drink|drinks|drinking|drank)\s+(?:and|&|then)\s+(?:drive|drives|driving|drove)\b|\b(?:drink|drunk)[-\s]driv(?:e|es|ing|er|ers)\b|\b(?:drive|drives|driving|drove)\s+(?:drunk|after\s+drinking|under\s+the\s+influence)\b`;

/**
 * Turns of phrase that name a topic in more than one word, joined so the topic's word list knows
 * them: "little ones" are children, blending families is taking on stepchildren, and what one
 * buys from a dealer is drugs.
 */
const PHRASES: readonly [RegExp, string][] = [
  [/\b(?:little|young)\s+ones\b/gi, "little-ones"],
  // A single parent has children now.
  [/\bsingle\s+(?:mums?|moms?|mothers?|dads?|fathers?|parents?)\b/gi, "someone with kids"],
  // Habits in idiom: lighting up (not a room or a face), rolling one's own, a glass of red, an
  // evening down the pub, pills and powders.
  [
    /\b(?:light|lights|lighting|lit|spark|sparks|sparking)\s+up\b(?!\s+(?:a|the|my|your|their|his|her|any|every)\s+(?:room|face|life|day|world|stage|sky|party|place|eyes))/gi,
    "smoke",
  ],
  [
    /\bgolden\s+virginia\b|\broll(?:s|ing)?\s+(?:my|your|their|his|her)\s+own\b(?=\s*(?:$|[,;.!]|and\b|or\b|too\b))/gi,
    "roll-ups",
  ],
  // Smoking food is curing it, and the smoke of a fire is no cigarette: "I smoke my own bacon",
  // "smoke alarms", "fire and smoke".
  [
    /\b(?:smok(?:e|es|ed|ing))\s+(?:(?:my|our|their|his|her|your|the|some|a|own|home-made|homemade|fresh|wild|local)\s+)*(?:bacon|salmon|fish|trout|mackerel|haddock|kippers?|eel|meats?|brisket|ribs|pork|sausages?|cheeses?|chicken|turkey|duck|ham|food|chillies|chilies|paprika|garlic|nuts)\b/gi,
    "cure food",
  ],
  [
    /\b(?:over|with)\s+(?:wood\s+|hickory\s+|oak\s+|apple\s+|cherry\s+)?smoke\b|\b(?:wood|oak|peat|beech|hickory|apple|cherry|bonfire|campfire|fire|kiln)\s*smoke\b|\b(?:deal|deals|dealing|dealt)\s+with\s+(?:more\s+|a\s+lot\s+of\s+|lots\s+of\s+|plenty\s+of\s+)?smoke\b|\bsmoke\s+(?:alarms?|detectors?|machines?|signals?|bombs?|screens?|damage|inhalation|jumpers?)\b|\b(?:fire|fires|flames)\s+and\s+smoke\b|\bsmoke\s+and\s+(?:fire|flames|mirrors)\b/gi,
    "fire",
  ],
  [/\bglass(?:es)?\s+of\s+(?:red|white|ros[eé]|bubbly|fizz)\b/gi, "wine"],
  // Driving after drinking is its own question (AREA_QUESTIONS.drinkDriving), not a rule against
  // a glass of wine: "Anyone who drinks and drives".
  [new RegExp(DRINK_DRIVING, "gi"), "drink-driving"],
  // Weeding is gardening, not cannabis ("weed" stems the same): "my weeding is never done".
  [/\bweed(?:ing|ed|killer)\b|\b(?:pull|pulls|pulling|pulled)\s+(?:up\s+)?(?:the\s+)?weeds\b/gi, "gardening"],
  // Drinking what holds no alcohol is no drinking: "I drink a lot of tea and water".
  [
    /\b(?:drink|drinks|drinking|drank)(?=\s+(?:(?:a\s+lot\s+of|lots\s+of|plenty\s+of|loads\s+of|so\s+much|too\s+much|mostly|only|just|green|black|herbal|iced|fresh|strong|oat|decaf)\s+)*(?:tea|teas|coffee|coffees|water|juice|juices|milk|smoothies?|soda|pop|cola|kombucha|lemonade|squash|hot\s+chocolate|cocoa|espresso|lattes?|matcha)\b)/gi,
    "sip",
  ],
  [
    /\b(?:down|round)\s+the\s+(?:pub|boozer)\b|\bdown\s+(?:my|the)\s+local\b|\bpropping\s+up\s+the\s+bar\b|\bon\s+the\s+(?:sauce|lash|booze)\b|\b(?:hit|hits|hitting)\s+the\s+bottle\b/gi,
    "drinking",
  ],
  [
    /\bpills\s+(?:and|or|&)\s+powders?\b|\b(?:drop|drops|dropping|dropped|pop|pops|popping|popped)\s+(?:a\s+)?pills?\b/gi,
    "drugs",
  ],
  // Parties named in more than one word, or capitalised where the plain word means something else
  // ("eat your greens", "a labour of love"); and politics words used of something else.
  [/\b(?:the\s+Greens|Green\s+Party|Greens?\s+(?:voter|member|councillor|candidate|activist))\b/g, "green-voter"],
  [/\bvot(?:e|es|ed|ing)\s+(green|labour)\b/gi, "$1-voter"],
  [/\bLabour\b(?!-)/g, "labour-voter"],
  [/\blib\s*dems?\b|\bliberal\s+democrats?\b/gi, "liberal"],
  [/\bReform\s+UK\b|\bvot(?:e|es|ed|ing)\s+reform\b/gi, "reform-voter"],
  [/\b(?:left\s+of\s+cent(?:re|er)|cent(?:re|er)[-\s]left|far[-\s]left|hard[-\s]left)\b/gi, "left-wing"],
  [
    /\b(?:right\s+of\s+cent(?:re|er)|cent(?:re|er)[-\s]right|far[-\s]right|hard[-\s]right|alt[-\s]right)\b/gi,
    "right-wing",
  ],
  [
    /\b(?:conservative|liberal|progressive)(?=\s+(?:with|about|in\s+(?:how|what)|when|estimates?|dresser|amounts?|helpings?|arts|use|sprinkling|dose|rock|metal|house|trance|lenses|disease|education|school))/gi,
    "measured",
  ],
  // A former spouse is no stance on marriage: "a best friend who used to be your husband".
  [/\bused\s+to\s+be\s+(?:your|their|his|her|my)\s+(?:wife|husband|spouse)\b/gi, "was your ex-partner"],
  [/\bblend(?:ed|ing)?\s+(?:our\s+|two\s+)?famil(?:y|ies)\b/gi, "stepfamily"],
  [/\b(?:buy|buys|bought|get|gets|got|score|scores)\s+(?:\w+\s+){0,2}from\s+a\s+dealer\b/gi, "buy drugs"],
  [/\bdrug\s+dealers?\b/gi, "drugs"],
  // "Joint" alone is also an account or a knee; smoked or rolled, or had somewhere, it is cannabis.
  [
    /\b(?:a|the|my|one|another)\s+joint\s+(?=(?:on\s+the\s+(?:balcony|sofa|couch|porch|step|back\s+step)|after\s+(?:work|dinner|i\s+log\s+off)|before\s+bed|to\s+(?:unwind|relax|wind\s+down)|every\s+(?:night|evening))\b)/gi,
    "weed ",
  ],
  [
    /\b(smok(?:e|es|ed|ing)|roll(?:s|ed|ing)?|spark(?:s|ed|ing)?\s+up)\s+(?:a\s+|the\s+(?:odd|occasional)\s+|an\s+occasional\s+)?joints?\b/gi,
    "$1 weed",
  ],
  // Caring for animals at work or as a volunteer is no pet at home: "I volunteer at a dog shelter".
  [
    /\b(?:dog|cat|animal|pet)s?\s+(?:shelters?|rescue\s+(?:centres?|centers?)|sanctuar(?:y|ies)|groomers?|grooming|walkers?|walking\s+business|trainers?|training\s+classes|daycare|hospitals?|clinics?)\b/gi,
    "animal-work",
  ],
  [
    /\b(?:treat|treats|treated|treating|groom|grooms|groomed|grooming|train|trains|trained|training|walk|walks|walking|look\s+after|looks\s+after|looking\s+after|care\s+for|cares\s+for|caring\s+for|work\s+with|works\s+with|working\s+with)\s+(?:other\s+people's\s+|people's\s+)?(?:dogs|cats|animals|pets|puppies|kittens)\b(?=\s+(?:all\s+day|every\s+day|for\s+a\s+living|for\s+work|at\s+work|professionally)|\s*[,;.!?]|\s*$)/gi,
    "animal-work",
  ],
  // Words with a dog in them that keep none: "a hot dog vendor", "the underdog", "dog-tired".
  [
    /\b(?:hot|corn)[-\s]?dogs?\b|\bunderdogs?\b|\btop\s+dog\b|\bdog[-\s](?:tired|eared|days)\b|\bdogged(?:ly)?\b/gi,
    "idiom",
  ],
  // Drugs as someone's work, not their habit: "I hand out drugs all day", "I work in drug rehab".
  [
    /\b(?:hand(?:s|ed|ing)?\s+out|dispens(?:e|es|ed|ing)|prescrib(?:e|es|ed|ing)|administer(?:s|ed|ing)?)\s+(?:\w+\s+)?drugs\b|\bdrugs?\s+(?:rehabilitation|rehab|policy|polic(?:ies)|trials?|testing|research|counsell?ors?|counsell?ing|workers?|services?|education|awareness|safety|development|discovery|compan(?:y|ies)|charit(?:y|ies)|squad|enforcement|units?|teams?|officers?|detectives?|dogs?|charts?|doses|rounds|trolleys?|errors|interactions)\b|\bdrugs?\b(?=[^.!?]{0,40}\b(?:prescription|prescribed)\b)/gi,
    "medicine-work",
  ],
  // A habit that took someone from the person is theirs to hate, not to have: "I lost my brother
  // to drugs", "smoking killed my grandad".
  [
    /\b(?:lost|lose|losing)\s+(?:my|a|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}?to\s+(?:drugs|drink|alcohol|alcoholism|addiction|gambling|an\s+overdose|heroin|cocaine)\b|\b(?:smoking|cigarettes|drinking|drink|alcohol|drugs|gambling|heroin|cocaine)\s+(?:killed|took|ruined|destroyed|wrecked)\s+(?:my|our)\b/gi,
    "lost someone dear",
  ],
  // A place of a habit as someone's workplace: "I'm a casino architect", "a brewery engineer".
  [
    /\b(?:casino|betting[-\s]shop|bookmakers?|tobacco|brewery|distillery|gun)\s+(?:architects?|designers?|engineers?|inspectors?|regulators?|auditors?|accountants?|lawyers?|cleaners?|builders?|electricians?|plumbers?|security|receptionists?|chefs?)\b/gi,
    "workplace",
  ],
  // Against guns is no gun: "I'm anti-gun and campaign for gun control".
  [/\banti[-\s]?guns?\b|\bgun\s+(?:control|reform|violence|crime|laws?|safety|deaths|lobby)\b/gi, "gun-policy"],
  // Idioms that name a habit, a faith, a pet or a child without one: "oh my god", "yoga is my
  // church", "my only drug is chocolate", "smoking hot", "my pet peeve", "no kidding", "married to
  // my job".
  [
    /\b(?:oh\s+my|for|by)\s+(?:god|gosh|lord)(?:'s\s+sake)?\b|\bthank\s+(?:god|goodness)\b(?!\s+(?:every|each|daily|always|for\s+(?:my|his|her|our|the\s+gift)))|\bgod\s+(?:knows|help\s+me|forbid)\b|\b(?:is|are)\s+my\s+(?:church|religion|temple|faith|drug|therapy)\b|\b(?:my|the)\s+only\s+drug\b|\bsmoking\s+hot\b|\bpet\s+(?:peeves?|projects?|hates?|subjects?|names?|theor(?:y|ies))\b|\bkidd(?:ing|ed)\b|\b(?:like\s+)?a\s+kid\s+in\s+a\s+(?:sweet|candy|toy)\s+(?:shop|store)\b|\bmarried\s+to\s+(?:my|the|his|her|their)\s+(?:job|work|career|desk|business|phone)\b/gi,
    "idiom",
  ],
  // A craving that is no drug: "adrenaline junkies", "a news junkie"; substances that are no drug.
  [
    /\b(adrenaline|news|gym|sugar|caffeine|coffee|fitness|thrill|speed|culture|fashion|data|property)\s+junkies?\b/gi,
    "$1-fan",
  ],
  [/\b(?:hazardous|toxic|chemical|dangerous|radioactive|cleaning)\s+substances\b/gi, "chemicals"],
  // "Nothing beats X" loves X, it denies nothing.
  [/\bnothing\s+(?:beats|compares\s+(?:to|with)|tops|quite\s+beats)\b/gi, "I love"],
  [/\bno\s+offen[cs]e\b/gi, "idiom"],
  // A card game's trump is no politician: "a good trump card".
  [/\btrump\s+cards?\b/gi, "card"],
  // Loving an animal is no animal at home: "a cat lover", "a dog person" (having one is read
  // elsewhere); "no cat people" still refuses cats.
  [
    /\b(?:a|more\s+of\s+a|big|huge|total|massive)\s+(?:cat|dog|animal|pet)[-\s](?:lover|person|fan)\b/gi,
    "animal-lover",
  ],
  // A wish said through negations or a change of heart: "I wouldn't say no to kids", "I never
  // thought I'd want kids until I became an uncle".
  [/\b(?:wouldn't|would\s+not|won't|will\s+not)\s+say\s+no\s+to\b/gi, "would love"],
  [/\bnever\s+thought\s+(?:i'd|i\s+would)\s+(want|love|like)\b(?=[^.!?]*\buntil\b)/gi, "now $1"],
  // A wish outgrown: "I'm past the age where I want children", "past wanting kids", "too old for babies".
  [
    /\bpast\s+(?:the\s+age\s+(?:where|when|of|for)\s+(?:i\s+|one\s+|you\s+)?(?:want(?:ed|ing)?|hav(?:e|ing))|want(?:ing)?)\b|\b(?:too\s+old|too\s+late)\s+(?:for|to\s+(?:want|have|start))\b/gi,
    "no longer want",
  ],
  // Children as the company a habit is kept in, not a wish for them: "people who smoke around children".
  [
    /\b(?:around|near|in\s+front\s+of|close\s+to)\s+(?:the\s+|my\s+|our\s+|your\s+|their\s+|other\s+people's\s+)?(?:kids|children|babies|a\s+baby|little\s+ones)\b/gi,
    "around others",
  ],
  // Children's things, when no one's children are meant: "a kids' football coach", "the children's ward".
  [
    /(?<!\b(?:my|our|his|her|their|your)\s+(?:\w+\s+)?)\b(?:kids'|kids's|children's|childrens)\s+(?=(?:football|rugby|swimming|tennis|sports?|clubs?|coach(?:es|ing)?|camps?|books?|authors?|writer|tv|television|shows?|theatre|parties|party|entertainer|menu|clothes|clothing|fashion|ward|hospital|nurse|doctor|charity|charities|library|section|channel|songs?|choir|classes|lessons?|ministry|home|homes|services?|rights|play|games?|toys?)\b)/gi,
    "youth ",
  ],
  // Another person's children, taken on with a partner, are stepchildren: "I'm not looking to take
  // on someone else's children" is no stance on having children of one's own.
  [
    /\b(?:someone\s+else's|somebody\s+else's|other\s+people's|another\s+(?:man's|woman's|person's))\s+(?:kids|children|child)\b/gi,
    "stepkids",
  ],
  // A family as a plan or an aspiration is children ("starting a family" is read in topicsIn);
  // "family" alone is not ("I love my family").
  [/(?<!\b(?:have|has|got|had)\s+)\ba\s+family\s+of\s+(?:my|our)\s+own\b/gi, "kids someday"],
  // Not yet is no "no": "No kids yet, but I'd love them in a few years".
  [/\bno\s+(?:kids|children|babies)\s+(?:yet|so\s+far|for\s+now)\b/gi, "none so far"],
  [/\ba\s+family\s+(?:is|as)\s+(?:your|the|their|a)\s+plan\b/gi, "kids are your plan"],
  // Someone else's animals and children are not the person's own: "I walk my neighbour's dog".
  [
    /\b(?:my|our|a|the)\s+(?:\w+\s+)?(?:neighbou?rs?|friends?|sisters?|brothers?|mum|mom|mother|dad|father|parents|boss|colleagues?|cousins?|aunt|uncle|gran|granny|grandma|grandpa|flatmates?|roommates?|housemates?|clients?|customers?)'s?\s+(?:dogs?|cats?|pupp(?:y|ies)|kittens?)\b/gi,
    "someone else's animal",
  ],
  [
    /\b(?:my|our|a|the)\s+(?:\w+\s+)?(?:neighbou?rs?|friends?|sisters?|brothers?|cousins?|colleagues?|clients?)'s?\s+(?:kids|children|baby|babies|toddlers?)\b/gi,
    "someone else's youngsters",
  ],
  // Churches as places, not worship: "a choir that sings in old churches", "the church hall".
  [
    /\b(?:in|at)\s+(?:(?:old|local|historic|medieval|village|empty|beautiful)\s+)?churches\b|\bchurch\s+(?:halls?|concerts?|buildings?|architecture|roofs?|towers?|spires?)\b/gi,
    "venues",
  ],
  // A gamble taken is a risk, not gambling: "I took a gamble moving here".
  [
    /\b(?:took|take|takes|taking|was|is|it's)\s+(?:a\s+)?(?:(?:big|huge|calculated|real|bit\s+of\s+a)\s+)?gamble\b/gi,
    "risk",
  ],
  // Gambling in more than one word; "slots" alone are also times and places.
  [
    /\bscratch[-\s]cards?\b|\b(?:online\s+)?slot\s+(?:apps?|machines?|sites?)\b|\bonline\s+slots\b|\bfruit\s+machines?\b|\b(?:put|puts|putting|place|places|placing|have|has|having)\s+(?:a\s+)?(?:bet|bets|flutter|punt)\b|\bbet(?:s|ting)?\s+on\s+(?:the\s+)?(?:football|horses|races|games?|sports?|matches|fights?|dogs)\b|\bpoker\s+nights?\b/gi,
    "gambling",
  ],
  [/\bpoker[-\s]faced?\b/gi, "straight-faced"],
  // Cards played for nothing are a game: "poker with matchsticks", "cards for sweets".
  [
    /\b(?:poker|blackjack|cards|bingo)\s+(?:[\w']+\s+){0,3}?(?:for|with)\s+(?:fun|matchsticks|matches|sweets|pennies|buttons|nothing|love|crisps|biscuits)\b/gi,
    "card games",
  ],
  // Guns in more than one word, and tools and idioms that only sound like them.
  [/\bconcealed[-\s]carry\b|\bshooting\s+(?:range|ranges|club|clubs)\b|\bgun\s+(?:range|club)\b/gi, "guns"],
  [
    /\b(?:glue|nail|staple|heat|spray|water|radar|paint|grease|caulk(?:ing)?|massage|foam|starting|starter|nerf|toy)\s+(?:guns?|pistols?)\b|\bguns\s+(?:n'|'n'|n|and|&)\s*roses\b|\btop\s+gun\b|\bson\s+of\s+a\s+gun\b|\bjump(?:s|ed|ing)?\s+the\s+gun\b|\bstick(?:s|ing)?\s+to\s+(?:my|your|his|her|their|our)\s+guns\b|\bbig\s+guns\b|\bsmoking\s+gun\b|\bgun-shy\b|\brifl(?:e|es|ed|ing)\s+through\b/gi,
    "tool",
  ],
];
/** Denials said in more than one word: "gave up smoking", "I stay away from alcohol". */
const GAVE_UP =
  /\b(?:gave|given|give|giving|gives)\s+up\b|\bkicked\s+the\s+habit\b|\b(?:years?|months?|weeks?)\s+off(?=\s+(?:the\s+)?[a-z])/gi;
const KEEP_AWAY =
  /\b(?:(?:stay|stays|stayed|keep|keeps|kept|steer|steers|steered)\s+(?:well\s+)?(?:away|clear)\s+(?:from|of)|(?:run|runs|ran)\s+(?:a\s+mile|for\s+the\s+hills|a\s+million\s+miles)\s+from)\b/gi;

/**
 * Texting shorthand said in full, so that one reading serves every voice: "cant do smokers sry,
 * or ppl who r always drunk" is "can't do smokers sorry, or people who are always drunk";
 * "smokin'" is "smoking".
 */
const TEXTING: readonly [RegExp, string][] = [
  [/\b(can|don|won|isn|aren|doesn|didn|wouldn|couldn|shouldn|haven|hasn|wasn|weren|ain)t\b/gi, "$1't"],
  [/\bim\b/gi, "I'm"],
  [/\bive\b/gi, "I've"],
  // Lower case only for the short ones: "U.S." and "R&B" are no shorthand.
  [/\bu\b(?![-'&])/g, "you"],
  [/\bur\b(?![-'&])/g, "your"],
  [/\br\b(?![-'&])/g, "are"],
  [/\bppl\b/gi, "people"],
  [/\b(?:pls|plz|plez)\b/gi, "please"],
  [/\bsry\b/gi, "sorry"],
  [/\bsmth\b/gi, "something"],
  [/\b(?:bc|cuz|coz|bcoz)\b/gi, "because"],
  [/\btho\b/gi, "though"],
  [/\bw\/o\b/gi, "without"],
  [/\bw\/\s*/gi, "with "],
  [/\bn\b(?![-'&])/g, "and"],
  [/\bgf\b/gi, "girlfriend"],
  [/\bbf\b/gi, "boyfriend"],
  [/\bkiddos?\b/gi, "kids"],
  [/\b(?:lol|lmao|haha+|tbh|ngl|imo|imho)\b/gi, ""],
  [/\b(smok|drink|vap|gambl|party|toke|hunt|shoot)in'?(?=\W|$)/gi, "$1ing"],
  // Emoji said in words: "🚬 = 👋" is "smoking = no", "🍺 every night ❌" is "drinking every night no".
  [/\u{1F6AC}/gu, " smoking "],
  [/[\u{1F37A}\u{1F37B}\u{1F377}\u{1F943}\u{1F378}\u{1F379}\u{1F37E}]/gu, " drinking "],
  [/\u{1F3B0}/gu, " gambling "],
  [/\u{1F52B}/gu, " guns "],
  [
    /(?:\u{1F44B}|\u{1F6AB}|\u274C|\u26D4|\u{1F645}|\u{1F44E})(?:[\u{1F3FB}-\u{1F3FF}]|\u200D|\u2640|\u2642|\uFE0F)*/gu,
    " no ",
  ],
];

/**
 * Words people refuse or describe themselves by, spelled right, for mending a slip of one letter
 * ("smokeing", "gambeling", "tatoos"). Only words with no other real word one letter away are
 * listed: "cheating" is not ("heating"), nor "married" ("marred"), nor "hunting" ("haunting").
 */
const SPELLED_RIGHT: readonly string[] =
  `smoking smoker smokers cigarette cigarettes tobacco gambling gambler gamblers tattoo tattoos tattooed alcohol
  alcoholic drinking drinker drinkers cannabis marijuana religion religious children criminal motorbike
  motorbikes motorcycle motorcycles polyamorous monogamy monogamous vegetarian unemployed`.split(/\s+/);
/** Below this length a word one letter away from a listed one is as likely another word. */
const MENDED_MIN_LETTERS = 5;
/** A changed letter (rather than one added or dropped) is mended only in words this long. */
const MENDED_SUBSTITUTION_MIN_LETTERS = 8;

/** The listed words by first letter: a slip seldom falls on the first letter, and reading stays fast. */
const SPELLED_RIGHT_BY_INITIAL = new Map<string, string[]>();
for (const word of SPELLED_RIGHT) {
  SPELLED_RIGHT_BY_INITIAL.set(word.charAt(0), [...(SPELLED_RIGHT_BY_INITIAL.get(word.charAt(0)) ?? []), word]);
}

function mendSpelling(text: string): string {
  return text.replace(/[a-z]+/gi, (word) => {
    const lower = word.toLowerCase();
    if (lower.length < MENDED_MIN_LETTERS) return word;
    const listed = SPELLED_RIGHT_BY_INITIAL.get(lower.charAt(0));
    if (!listed || listed.includes(lower)) return word;
    const sized = listed.filter(
      (right) =>
        Math.abs(right.length - lower.length) <= 1 &&
        (right.length !== lower.length || lower.length >= MENDED_SUBSTITUTION_MIN_LETTERS),
    );
    if (sized.length === 0) return word;
    // Another form of a listed word's root ("smoke", "smokes", "gamblers") is spelled right already.
    const root = stem(lower);
    const near = sized.filter(
      (right) => !right.startsWith(root) && !lower.startsWith(right) && leven(lower, right) === 1,
    );
    return near.length === 1 ? (near[0] as string) : word;
  });
}

/**
 * An aside between two dashes that parts a subject from what is said of it ("anyone with a
 * conviction — any kind — is a no", "if you're not divorced — papers signed — then don't") left
 * out; a list between dashes before a new clause ("— the bookies, casinos — I can't") stays.
 */
const DASHED_ASIDE =
  /\s+[\u2014\u2013]\s+[^\u2014\u2013.!?\n]{1,80}?\s+[\u2014\u2013]\s+(?=(?:is|are|was|were|would|will|then|has|have|isn't|aren't|wasn't|won't|can't|makes?|puts?|turns?|need|needs)\b)/gi;

export function fromTexting(text: string): string {
  return mendSpelling(
    TEXTING.reduce((said, [shorthand, full]) => said.replace(shorthand, full), text).replace(DASHED_ASIDE, " "),
  );
}

export function readClause(said: string): ReadWord[] {
  const clause = PHRASES.reduce(
    (text, [phrase, joined]) => text.replace(phrase, joined),
    said
      .replace(EAGER, "eager")
      .replace(NEVER_MISS, "keep")
      .replace(NEVER_WITHOUT, "always $1with")
      .replace(GAVE_UP, "quit")
      .replace(KEEP_AWAY, "avoid"),
  );
  const marker = POST_NEGATION.exec(clause);
  const deniedBefore = marker ? words(clause.slice(0, marker.index)).length : 0;
  const tokens = words(marker ? clause.slice(0, marker.index) + clause.slice(marker.index + marker[0].length) : clause);
  const read: ReadWord[] = [];
  let scope = 0;
  tokens.forEach((word, index) => {
    if (isCue(word)) {
      scope = NEGATION_SCOPE;
      return;
    }
    if (word === "and") scope = 0;
    read.push({
      word,
      stem: stem(word.replace(/'s$/, "").replace(/'/g, "")),
      negated: scope > 0 || index < deniedBefore,
    });
    if (scope > 0) scope -= 1;
  });
  return read;
}

/**
 * The clauses of a text that state something: sarcastic sentences, questions and hedged clauses
 * are left out. Curly apostrophes count as straight ones.
 */
export function statementClauses(text: string): string[] {
  const sentences = straightApostrophes(text).match(/[^.!?\n]+[.!?]*/g) ?? [];
  return sentences
    .filter((sentence) => !sentence.trim().endsWith("?") && !SARCASM.test(sentence))
    .flatMap((sentence) => sentence.split(CLAUSE_BREAK))
    .filter((clause): clause is string => clause !== undefined && clause.trim() !== "" && !HEDGE.test(clause));
}

/** Every stating clause of a text, read word by word with its negation. */
export function readStatements(text: string): ReadClause[] {
  return statementClauses(text)
    .map(readClause)
    .filter((clause) => clause.length > 0);
}
