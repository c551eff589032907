import type { Facts, LimitId, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import {
  AREA_QUESTIONS,
  LIMIT_QUESTIONS,
  LIMIT_READ_BACK,
  lieQuestion,
  relativeLimitQuestion,
  topicQuestion,
  WORD_TOPIC_QUESTIONS,
  type WordTopicName,
} from "@sams-web/domain/non-negotiables/messages";
import {
  READING_LABEL_MAX_CHARS,
  READING_MAX_ITEMS,
  READING_QUESTION_MAX_CHARS,
  RELIGIONS,
  sharesWordRun,
} from "@sams-web/domain/non-negotiables/rules";
import { areasIn, lieSubject } from "./dealbreaker-areas.ts";
import {
  type ClauseRules,
  isStanceTopic,
  readRuleClause,
  readSelf,
  type TopicName,
  topicsIn,
  topicWordIn,
} from "./dealbreaker-topics.ts";
import { boundsOf, ownHeightIn, readRelativeLimit, withoutOwnHeight } from "./relative-limits.ts";
import {
  fromTexting,
  POST_NEGATION,
  readClause,
  statementClauses,
  stem,
  straightApostrophes,
  stripInstructions,
} from "./text.ts";

// Sam's reading of a person's dealbreakers, in their own words, as items Sam reads back to them:
//  - a topic the quick questions know ("No smokers", "someone who doesn't want kids") becomes
//    that limit;
//  - a trait of character ("dishonesty", "rude to waiters") is kept in mind: nobody answers yes
//    to "are you cruel?", so it is neither asked about nor refused on;
//  - anything else ("debts", "someone who works nights", "a partner who lives with an ex") is a
//    topic Sam asks each candidate about, with a neutral yes/no question derived from the
//    dealbreaker's own words: "Do you work nights?", "Is gambling part of your life?". The
//    question speaks of the candidate only, so it can say nothing of who asked.
// Stories and reasons ("my father lost our house at the track") are not read as rules.

/** Character words: a dealbreaker naming one is about how someone is, which no question settles. */
const TRAIT_WORDS = new Set(
  `arrogant arrogance rude rudeness mean meanness cruel cruelty unkind unkindness selfish selfishness lazy laziness
  dishonest dishonesty lying liar liars lie lies deceit deceitful deceptive jealous jealousy possessive possessiveness
  controlling manipulative manipulation narcissist narcissists narcissistic narcissism condescending condescension
  judgmental judgemental judgment judgement judgy closed-minded closed-mindedness narrow-minded negative negativity
  pessimistic pessimism cynical cynicism boring uptight clingy clinginess needy neediness flaky flakiness unreliable
  unreliability irresponsible irresponsibility impatient impatience immature immaturity entitled entitlement stingy
  stinginess cheap cheapness greedy greed petty pettiness vain vanity shallow superficial snob snobs snobby snobbish
  pretentious snobbery snobbishness elitism elitist disrespect disrespectful contempt contemptuous abusive violent violence aggressive aggression hostile
  hostility temper short-tempered hot-headed moody drama dramatic whining whiny whiner whiners complaining complainer
  complainers gossip gossiping gossips bigot bigots bigotry racist racists racism sexist sexism homophobic misogynist
  misogyny intolerant intolerance hypocrite hypocrites hypocrisy coward cowards cowardice pushy pushiness bossy
  ungrateful disloyal disloyalty two-faced fake insincere inconsiderate thoughtless careless apathetic unmotivated
  complacent messy messiness sloppy obnoxious annoying creepy overbearing smothering dismissive know-it-all humorless
  spiteful vindictive stubborn rigid inflexible egotistical self-centered self-absorbed nagging nag naggy grumpy bitter
  sarcastic passive-aggressive insecure insecurity hate hates hated hateful hatred dislike dislikes mean-spirited reckless recklessness
  laziness ego loud fib fibs fibbing fibber fibbers judge judges judging lied hide hides hiding hidden secret secrets secretive
  extremist extremists extremism fundamentalist fundamentalists fanatic fanatics fanatical zealot zealots zealous`.split(
    /\s+/,
  ),
);

/** A statement about the person themselves ("I'm Muslim", "my faith is central"), not about others. */
const SAID_OF_ONESELF = /^\s*(?:(?:and|but|so),?\s+)?(?:i|i'm|i've|i'd|my|we|we're)\b/i;
/**
 * "I don't need my partner to be Muslim": what the person is, not asked of the other; it also
 * takes back the rule their own faith would otherwise imply ("I'm Muslim and I pray five times a day").
 */
const NOT_REQUIRED =
  /\b(?:don't|do\s+not|doesn't|does\s+not)\s+need\s+(?:my\s+(?:partner|man|woman|other\s+half)|a\s+partner|you|them|him|her|someone|anyone)\s+to\s+(?:be|share|have|follow|practi[cs]e)\b/i;
/**
 * "I don't mind smokers", "one tattoo is fine", "I don't judge those who do", "I'm open to dating
 * someone who isn't", "kids or no kids, either is fine", "a glass at a wedding, fine", "dogs are
 * grand": acceptances, not limits.
 */
const ACCEPTANCE =
  /\b(?:(?:i|we)\s+can\s+(?:live\s+with|handle|deal\s+with|fix|work\s+with|forgive)|(?:don't|do not|doesn't|does not|wouldn't|would not)\s+mind|(?:fine|ok|okay|happy|comfortable|good)\s+(?:with|by\s+me)|no problem with|doesn't bother me|don't care|(?:is|are|'s|'re|was|were)\s+(?:fine|ok|okay|alright|all right|grand|great|cool|welcome|no\s+problem|not\s+a\s+problem|not\s+an\s+issue)|(?:isn't|aren't|wasn't)\s+(?:a\s+problem|an\s+issue)|(?:don't|do\s+not|never)\s+judge|respect\s+(?:people|those|anyone|someone|others|men|women)\s+who|(?<!\bnot\s)(?<!n't\s)open\s+to\s+(?:dating|meeting|someone|anyone|people|men|women|a\s+partner)|either\s+(?:is|way|one)|(?<!pretend(?:ing|ed|s)?\s+(?:that\s+)?(?:it|they)\s+)(?:doesn't|does\s+not|don't|do\s+not)\s+matter|never\s+hurt|no\s+(?:real\s+)?(?:dealbreakers?|deal-breakers?|deal\s+breakers?)|(\w+)\s+or\s+no\s+\1|,\s*(?:that's\s+)?(?:fine|ok|okay|no\s+problem|lovely|great|brilliant|cool)(?=\s*(?:[-–—,;:.!]|$))|(?:i'm|i\s+am)\s+not\s+(?:fussed|bothered))\b/i;
/**
 * A clause a person says of themselves ("I'm not religious", "I don't smoke", "my ex was a
 * smoker"), not a refusal ("I couldn't share a home with ...", "I don't date smokers").
 */
const SELF_DESCRIPTION =
  /^\s*(?:(?:but|and|so|though|although|honestly|personally),?\s+)?(?:i'm|i\s+am|i\s+(?:don't|do\s+not|never|have|had|was|used\s+to)|i've|my|we're|we\s+are)\b/i;
const OTHERS_MENTIONED =
  /\b(?:date|dating|someone|somebody|anyone|anybody|partners?|people|person|men|women|guys?|girls?|those|them|one|you)\b/i;
const NEGATION_MARK = /\b(?:no|not|never|nobody|none|without|hate|hates)\b|n't\b/i;
/**
 * "..., keep scrolling", "then we won't get on", "I'm not the one for you", "I'm not your girl":
 * said to the reader, naming nothing.
 */
const DISMISSAL_WORDS = String.raw`(?:(?:we're|we\s+are|we'd\s+be|we\s+would\s+be)\s+(?:on\s+)?(?:different\s+(?:roads|paths|pages|tracks)|not\s+on\s+the\s+same\s+page)|keep\s+(?:scrolling|swiping|walking|moving|it\s+moving)|swipe\s+(?:left|on|past|away)|scroll\s+(?:on|past)|move\s+(?:on|along)|don't\s+bother|do\s+not\s+bother|don't\s+waste\s+(?:your|my)\s+time|walk\s+away|run|(?:we're|we\s+are|it's|it\s+is)\s+not\s+going\s+to\s+work|(?:we|it)\s+(?:won't|will\s+not|wouldn't)\s+work|(?:we|we'll|we\s+will)\s+(?:won't|will\s+not|wouldn't|would\s+not|don't|do\s+not|never)\s+get\s+(?:on|along)|(?:we're|we\s+are|we'd\s+be|we\s+would\s+be)\s+not\s+(?:a\s+)?(?:fit|match|compatible)|(?:i'm|i\s+am)\s+not\s+(?:the\s+)?(?:one|person|man|woman|guy|girl)\s+for\s+you|(?:i'm|i\s+am)\s+not\s+your\s+(?:girl|guy|man|woman|person|type|lad|lass|gal|fella)|(?:we're|we\s+are|i'm|i\s+am)\s+(?:done|out|through|finished))`;
const DISMISSAL = new RegExp(String.raw`^\s*(?:(?:then|so|just|please|if\s+so),?\s+)?${DISMISSAL_WORDS}\b`, "i");
/** What someone in the person's family is or does ("My dad was in the army"), told as their story. */
const FAMILY_STORY =
  /^\s*(?:(?:and|but|so)\s+)?(?:my|our)\s+(?:dad|father|mum|mom|mother|parents|brother|sister|son|daughter|kids|children|uncle|aunt|grandad|granddad|grandpa|grandma|gran|cousin|family)\b/i;
/** What the person is or does too ("I'm a gamer myself", "I work nights too"), not what they refuse. */
const SAID_OF_MYSELF =
  /^\s*(?:(?:but|and|so|though),?\s+)?(?:i|i'm|i've|we|we're)\b(?=.*\b(?:myself|too|as\s+well)\b)/i;
/** "Dogs (allergy)", "Cats (I'm allergic)": the person's own reason, in brackets, for the limit before it. */
const OWN_REASON_IN_BRACKETS = /\s*\([^()]*\ballerg\w*[^()]*\)/gi;
/** "Lost a close mate to a climbing accident": a loss told, the reason for a limit, not one itself. */
const LOSS_TOLD = /^\s*(?:(?:i|i've|i\s+have)\s+)?(?:lost|losing)\s+(?:a|my|our|two|three)\b/i;
/**
 * Asides around a limit that name nothing: "harsh as that sounds", "full stop", "no judgement",
 * "I know, I know", "see above", "non-negotiable", "I mean it", "or vice versa", "life's too short",
 * "no offence to anyone", "that's it really", "and so have I", "it's just not me", "tell me up
 * front", "be honest about it".
 */
const ASIDE =
  /^\s*(?:(?:but|and|so),?\s+)?(?:[\w-]+\s+as\s+(?:that|it|this)\s+(?:may\s+|might\s+|must\s+)?(?:sounds?|seems?|is)|full\s+stop|period|(?:see|as)\s+above|(?:i\s+know,?\s*)+|no\s+(?:judge?ment|offen[cs]e|shade)(?:\s+(?:to|meant(?:\s+to)?)\s+(?:anyone|anybody|you|them))?|that'?s\s+(?:it|all)(?:\s+really)?|(?:and\s+)?so\s+(?:have|do|am|would|will|did|can)\s+i|it'?s\s+just\s+not\s+(?:me|for\s+me)|sorry(?:\s+not\s+sorry)?|just\s+saying|(?:i'm|i\s+am)\s+not\s+being\s+[\w-]+(?:\s+about\s+.*)?|non-negotiable|not\s+negotiable|any\s+day\s+of\s+the\s+week|(?:(?:just|only)\s+)?(?:kidding|joking|a\s+joke|joke)|jk|lol|ha(?:ha\w*)?|mostly|(?:two|three|four|a\s+couple\s+of|a\s+few)\s+things|(?:(?:of\s+)?any\s+(?:kind|size|sort|type|form|amount|level|degree),?\s*)+|(?:and\s+)?i\s+(?:really\s+)?mean\s+(?:it|none|all|every\s+word|business)|no\s+exceptions|no\s+ifs,?\s+(?:and|or)\s+buts|(?:or\s+)?vice\s+versa|life's\s+too\s+short(?:\s+for\s+[\w\s-]+)?|(?:please,?\s+)?(?:(?:just\s+)?(?:tell|warn)\s+me|let\s+me\s+know|say\s+so|be\s+(?:honest|upfront|up\s+front|straight)(?:\s+(?:about\s+it|with\s+me))?)(?:\s+(?:up\s*front|now|first|early(?:\s+on)?|straight\s+away|right\s+away|please))*)\s*$/i;
/** "Big debts, other than a mortgage": what a limit leaves out is no limit of its own. */
const EXCEPTION =
  /^\s*(?:(?:but|and)\s+)?(?:other\s+than|except(?:\s+for)?|apart\s+from|aside\s+from|excluding|not\s+counting|besides)\b/i;
/**
 * "Someone religious who'd expect me to convert", "a man who'd push his faith on me", "if you'd
 * make me choose between you and my dog": a rule against being pressed, not against what the other
 * believes, does or has; kept in mind as a trait.
 */
const IMPOSES_ON_ME =
  /\b(?:make|makes|made|making|force|forces|forced)\s+me\s+(?:to\s+)?choose\b|\b(?:pressure|pressures|pressuring|push|pushes|pushing|nag|nags|nagging|force|forces|forcing|egg|eggs|egging)\s+(?:others|other\s+people|people|anyone|someone|everyone|me|you)\s+(?:on\s+)?(?:to|into)\b|\b(?:push|pushes|pushing|force|forces|forcing|impose|imposes|imposing|press|presses|pressing|ram|rams|ramming|shove|shoves|shoving)\s+(?:[\w']+\s+){0,3}?(?:on|onto|upon|down\s+my\s+throat)\s*(?:me|my)?\b|\b(?:make|makes|force|forces|push|pushes|drag|drags)\s+(?:me|us|(?:our|my|the)\s+(?:kids|children))\s+(?:to\s+)?(?:go\s+to\s+(?:church|mosque|synagogue|temple|services|mass)|convert|pray|attend)\b|\b(?:expect|expects|want|wants|pressure|pressures|push|pushes|rush|rushes)\s+me\s+(?:to\s+|into\s+)(?:have|having)\s+(?:kids|children|a\s+baby|babies)\b|\b(?:expect|expects|expected|want|wants|make|makes|pressure|pressures|pressured|push|pushes|force|forces|ask|asks|get|gets|try\s+to\s+get|tries\s+to\s+get)\s+me\s+to\s+(?:convert|join\s+(?:their|his|her)|change\s+my\s+(?:faith|religion|beliefs|views|politics)|become\s+(?:religious|a\s+believer|christian|muslim|jewish|catholic)|start\s+(?:going\s+to|attending)|go\s+to\s+(?:church|mosque|synagogue|temple|services|mass))/i;
/**
 * How someone treats a thing, not whether they have it: "anyone who mocks my faith", "cruel to
 * stock or dogs", "people who
 * look down on religious people", "someone who hides that they smoke", "parents who neglect their
 * kids". The clause refuses the behaviour, kept in mind as a trait; what it names is refused of no one.
 */
const TREATS_A_THING =
  /\b(?:cruel|unkind|nasty|rough|horrible|abusive|violent|mean)\s+(?:to|towards|with)\s+(?:their|his|her|my|the|an?|other\s+people's)?\s*(?:[\w-]+\s+(?:or|and)\s+)?(?:dogs?|cats?|pets?|animals?|stock|livestock|horses?|kids|children|child|staff|waiters?|family)\b|\b(?:dump|dumps|dumped|dumping|abandon|abandons|abandoned|abandoning)\s+(?:it|them|their|his|her)\b|\b(?:mock|mocks|mocked|mocking|ridicule|ridicules|ridiculing|belittle|belittles|belittling|disrespect|disrespects|disrespecting|sneer|sneers|sneering|laugh|laughs|laughing|look|looks|looking)\s+(?:down\s+)?(?:on|at|about|of)\b|\b(?:mock|mocks|mocked|mocking|ridicule|ridicules|belittle|belittles|disrespect|disrespects|criticise|criticises|criticize|criticizes|neglect|neglects|neglected|neglecting|make|makes|making)\s+(?:fun\s+of\s+)?(?:my|their|his|her|other\s+people's|people's|someone's|anyone's)\b|\b(?:hide|hides|hid|hiding|conceal|conceals|concealing)\s+(?:that|the\s+fact\s+that|how\s+much)\b|\b(?:stop|stops|stopped|keep|keeps|kept)\s+me\s+(?:from\s+)?(?:seeing|visiting|spending\s+time\s+with|talking\s+to)\b|\b(?:yell|yells|yelling|shout|shouts|shouting|scream|screams|screaming|spank|spanks|spanking|smack|smacks|smacking|ignore|ignores|ignoring|bully|bullies|bullying)\s+(?:at\s+)?(?:their|his|her|my|our|the|other\s+people's)?\s*(?:kids|children|child|partners?|wives|wife|husbands?|staff|waiters?|family)\b/i;
/**
 * Children or marriage with when or why ("someone who wants kids right now", "someone who'd rush
 * into marriage", "someone who married for money"): a rule about timing or motive, which someone
 * who wants the same in their own time does not break; kept in mind as a trait.
 */
const WHEN_OR_WHY =
  /\b(?:(?:kids|children|a\s+baby|babies|marriage|married|marry|marrying|wedding)\b[^.!?,;]{0,20}\b(?:right\s+now|right\s+away|straight\s+away|immediately|asap|this\s+year|next\s+year|in\s+a\s+hurry|for\s+(?:money|the\s+money|a\s+visa|papers|status|a\s+passport))|(?:rush|rushes|rushing|hurry|hurries|hurrying|jump|jumps|jumping)\s+(?:\w+\s+)?into\s+(?:marriage|having\s+(?:kids|children)|a\s+wedding|parenthood))\b/i;
/** Words that make a first-person clause a rule rather than a story ("I won't", "I need"). */
const REFUSAL =
  /\b(?:won't|will not|wouldn't|would never|never|can't|cannot|could never|couldn't|don't|do not|refuse to)\b/i;
const REQUIREMENT = /\b(?:need|needs|must|require|requires|only|want|wants|looking for|has to|have to)\b/i;
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|me|my|myself|mine|we|us|we're)\b/i;
/** Verbs whose object, in "I won't X ...", is a person: the rest names what is ruled out. */
const PERSON_VERBS =
  /^(?:date|marry|be with|go out with|get involved with|see|settle for|settle down with|end up with)\b/i;
/** Verbs whose object, in "I won't X ...", is the thing ruled out. */
const THING_VERBS =
  /^(?:deal with|put up with|tolerate|accept|handle|stand|live with|be around|take on|take|share|support|do|have|allow|keep|bring|want|raise|bring up|pay for|pay off|fund|bankroll)\b/i;
/** Where the person keeps something out of ("under my roof", "in my home"): not part of the question. */
const MY_PLACE =
  /\s+(?:in|under|around|near|into|at)\s+(?:my|our)\s+(?:own\s+)?(?:roof|home|house|flat|apartment|place|life|bed|car|kids|children|family)\b.*$/i;
/** Who a dealbreaker is about: "someone who ...", "a partner with ...", "men in ...". */
const PERSON =
  /\b(?:(?:a|an|any|the)\s+)?(?:(?:kind|type|sort)\s+of\s+(?:person|man|woman|guy|girl)|someone|somebody|anyone|anybody|partners?|persons?|people|folks|(?:grown\s+)?(?:man|men|woman|women|adults?)|guys?|girls?|ladies|lady|dudes?|individuals?|those|one(?=\s+(?:who|that|whose|with|without)\b)|[\w-]+\s+(?:types|sorts)(?=\s+(?:who|that|whose)\b))\b(?!\s+else's)/i;
/** What comes after a person to say what about them: "who ...", "with ...", "in ...". */
const AFTER_PERSON = /^\s*(who|that|whose|with|without|in|on|into|living|working|still|over|under)\b/i;
/** Where a subordinate clause starts; the question keeps only what comes before. */
const SUBORDINATE =
  /\b(?:while|when|whenever|because|since|unless|until|if|as long as|even if|so that|especially|including|like|such as|and the like|or anything|for any reason|either way|at all)\b/i;
/** Clauses that carry the previous clause's rule on ("..., including therapy"). */
const CONTINUATION = /^\s*(?:including|especially|particularly|like|such as|even|or even|let alone)\b\s*/i;
const CONNECTORS = /^\s*(?:and|or|also|plus|then|as well as|and also|not even)\b\s*/i;
const TRAILING_NO =
  /\s+(?:is|are|would be|will be|'s|'re)\s+(?:(?:honestly|really|just|simply|always|sadly)\s+)?(?:an?\s+)?(?:absolute|hard|firm|total|instant|big|automatic|immediate|definite)?\s*(?:no|no-go|non-starter|nonstarter|deal\s*-?\s*breaker|pass|red flag|never|where i draw the line|out of the question|off the table|unacceptable|red line|no from me)(?:\s+for\s+me)?\s*$/i;
/** "A man who can't drive just wouldn't work": the same refusal, said of the pair. */
const WONT_WORK =
  /\s+(?:(?:just|simply|really)\s+)?(?:wouldn't|won't|doesn't|would\s+not|will\s+not|does\s+not|can't|cannot)\s+work(?:\s+(?:for\s+me|for\s+us|out))?\s*$/i;
/** "Monogamy is a must", "sobriety is non-negotiable": required, so the pair ends on a no. */
const TRAILING_MUST =
  /\s+(?:is|are|'s|'re)\s+(?:an?\s+)?(?:absolute\s+)?(?:must|must-have|non-negotiable|essential|required|a\s+requirement)(?:\s+for\s+me)?\s*$/i;
const TRAILING_FILLER =
  /\s+(?:again|anymore|any more|ever again|either|for me|please|at all|full stop|period|too|also|as well)\s*$/i;
/** Words too vague to ask about on their own. */
const FILLER = new Set(
  "hmm hmmm um umm thanks uh erm er meh true sure it that this thing things stuff all way well really definitely absolutely never always ever again sorry period seriously honestly basically ok okay please enough once there here both either neither one much many lot lots kind sort type same different fine yes yeah sadly unfortunately obviously clearly personally frankly ideally truly even past present actually whatever".split(
    " ",
  ),
);
const FUNCTION_WORDS = new Set(
  "a an the and or but of to in on at by for with from about as into over under than then so very just also too not no is are was were be been being has have had do does did will would can could should may might must".split(
    " ",
  ),
);
/** A verb form inside a phrase makes it a statement, not a thing named ("Separated isn't single"). */
const STATEMENT_VERB =
  /\b(?:is|isn't|are|aren't|was|wasn't|were|weren't|has|hasn't|have|haven't|does|doesn't|do|don't|can|can't|will|won't|would|wouldn't)\b/i;
/** "being told what to do": something done to the person, not something the other has. */
const DONE_TO_ME = /^being\s+\w+(?:ed|en|told|left|lied)\b/i;
const ANAPHOR =
  /^(?:it|that|this|them|those|one|any of (?:it|that|this|them)|(?:anything|something|stuff|things?)\s+like\s+(?:that|this))\b/i;
const STORY_START = /^(?:it|that|this|there|been|done|he|she|they|we|my|our|i)\b/i;

/** Agent nouns ("gamblers", "drummers", "Trump supporters"): asked as "Are you a ...?". */
const AGENT_SUFFIX = /(?:ers|ors|ists|ians|ees|ants|ents)$/;
const AGENT_WORDS = new Set("bros fans addicts junkies nerds freaks vegans republicans democrats hunters".split(" "));
const NOT_AGENTS = new Set(
  "others waters papers numbers borders orders matters powers corners burgers dinners flowers letters feathers leathers summers winters parents patients clients students presents events moments comments talents manners trousers knickers slippers sneakers headphones bunkers posters stickers lockers containers computers".split(
    " ",
  ),
);

interface Rule {
  /** The answer to the question that ends a pair: "yes" when the clause rules something out. */
  endsOn: "yes" | "no";
}

function flip(endsOn: "yes" | "no"): "yes" | "no" {
  return endsOn === "yes" ? "no" : "yes";
}

/** Words in single quotes ("your 'business'"): read as the words themselves. */
const SCARE_QUOTES = /(^|[\s(])'([^'\s](?:[^']*[^'\s])?)'(?=[\s,.!?;:)]|$)/g;

function clean(text: string): string {
  return straightApostrophes(text)
    .replace(SCARE_QUOTES, "$1$2")
    .replace(/[.!;:]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).filter((w) => !FUNCTION_WORDS.has(w) && !FILLER.has(w));
}

/** Their/his/her become "your", "our" too ("puts our life online"): the question speaks to the candidate. */
function toSecondPerson(text: string): string {
  return text
    .replace(/\b(?:their|his|her|our)\b/gi, "your")
    .replace(/\b(?:themselves|himself|herself)\b/gi, "yourself")
    .replace(/\b(?:they're|he's|she's)\b/gi, "you're")
    .replace(/\b(?:them|him)\b/gi, "you");
}

/** The base form of a verb in the third person ("lives" → "live", "carries" → "carry"). */
function baseForm(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { has: "have", does: "do", goes: "go", is: "are" };
  if (irregular[lower]) return irregular[lower];
  if (/^[a-z]{1,2}ies$/.test(lower)) return lower.slice(0, -1);
  if (lower.endsWith("ies")) return `${lower.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes|zzes|oes)$/.test(lower)) return lower.slice(0, -2);
  if (lower.endsWith("s") && !lower.endsWith("ss")) return lower.slice(0, -1);
  return lower;
}

/**
 * The base form of a gerund ("having" → "have", "getting" → "get", "owning" → "own"): a doubled
 * last consonant was added for the suffix; an "e" was dropped after a "v", after a consonant and
 * "l" ("gambling"), after two vowels and an "s" ("raising"), or from a one-syllable word ending in
 * one vowel and one consonant ("dating").
 */
function gerundBase(gerund: string): string {
  return withoutSuffix(gerund.toLowerCase().replace(/ing$/, ""));
}

/** The base form of a past tense ("lived" → "live", "stayed" → "stay", "carried" → "carry"). */
function pastBase(past: string): string {
  const stem = past.toLowerCase().replace(/ed$/, "");
  return stem.endsWith("i") ? `${stem.slice(0, -1)}y` : withoutSuffix(stem);
}

/** A verb's stem once "-ing" or "-ed" is taken off, made whole again. */
function withoutSuffix(stem: string): string {
  if (/([bdgmnprt])\1$/.test(stem)) return stem.slice(0, -1);
  if (/v$|[bcdfgkpstz]l$|[aeiou]{2}[sz]$|^[^aeiou]*[aeiou][^aeiouwxy]$/.test(stem)) return `${stem}e`;
  return stem;
}

/** The third person of a verb's base form ("have" → "has", "hunt" → "hunts"), for a rule restated about someone. */
function thirdPerson(verb: string): string {
  const irregular: Record<string, string> = { have: "has", do: "does", go: "goes", be: "is" };
  const lower = verb.toLowerCase();
  if (irregular[lower]) return irregular[lower];
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(?:ch|sh|ss|x|z|o)$/.test(lower)) return `${verb}es`;
  return `${verb}s`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** What someone has none of ("no job and no plan" → "job"): the first thing named after "no". */
const NONE_OF = /^no\s+(.+?)(?:\s+(?:and|or|nor)\b.*)?$/i;

/** "a job", but "any ambition", "any money", "any plans": what one has none of, asked whether one has any. */
function anyOf(thing: string): string {
  const head = thing.split(" ")[0] ?? "";
  return /(?:ion|ness|ity|ment|s)$|^(?:money|work|time|income|respect|drive|direction|sense)$/i.test(head)
    ? `any ${thing}`
    : `${article(thing)} ${thing}`;
}

function singular(word: string): string {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(?:sses|ches|shes|xes)$/.test(word)) return word.slice(0, -2);
  return word.replace(/s$/, "");
}

/** Cuts a phrase at its first subordinate clause ("works nights while we're dating" → "works nights"). */
function mainPart(phrase: string): string {
  const cut = SUBORDINATE.exec(phrase);
  return clean(cut && cut.index > 0 ? phrase.slice(0, cut.index) : phrase);
}

/**
 * What makes "'s" a "has": a past participle after it, perhaps after "ever" or "never" ("who's
 * been inside", "if he's got kids", "who's never had a job"); "who's never home" stays "is".
 */
const HAS_PARTICIPLE = String.raw`(?:(?:ever|never)\s+)?(?:been|got|gotten|had|done)\b`;
const WHO_HAS = new RegExp(String.raw`\b(?:who|that)'s(?=\s+${HAS_PARTICIPLE})`, "i");
const HAS_AT_START = new RegExp(String.raw`^'s(?=\s+${HAS_PARTICIPLE})`);
const STARTS_WITH_PARTICIPLE = new RegExp(`^${HAS_PARTICIPLE}`, "i");

/** The question a verb phrase about a person asks ("works nights" → "Do you work nights?"). */
function verbQuestion(phrase: string, rule: Rule): { question: string; endsOn: "yes" | "no" } | null {
  let words = mainPart(phrase)
    // "who's been inside" is "has been", "who's a smoker" is "is".
    .replace(WHO_HAS, "has")
    .replace(/\b(?:who|that)'s\b/i, "is")
    .replace(/\b(?:who|that)'d\b/i, "would")
    .replace(/^'ve\b/, "have")
    // A moment of the person's own story ("... at forty") is no part of the question.
    .replace(/\s+at\s+(?:\d+|twenty|thirty|forty|fifty|sixty|seventy)\b.*$/i, "")
    .replace(HAS_AT_START, "has")
    // "who's got her own place" has it: "Do you have your own place?"
    .replace(/^(has|have)\s+got\b/i, "$1")
    .replace(/^'s\s+/, "is ")
    .split(" ")
    .filter(Boolean);
  let endsOn = rule.endsOn;
  const adverbs: string[] = [];
  const take = () => words.shift() ?? "";
  const lowerFirst = () => (words[0] ?? "").toLowerCase();
  // Negation: "doesn't want kids" asks "Do you want kids?" and ends the pair on a no.
  const negations =
    /^(?:doesn't|don't|does not|isn't|aren't|can't|cannot|won't|wouldn't|hasn't|haven't|never|not|no longer)$/;
  const negatedAuxiliary: Record<string, string> = {
    "doesn't": "",
    "don't": "",
    "isn't": "is",
    "aren't": "is",
    "can't": "can",
    cannot: "can",
    "won't": "would",
    "wouldn't": "would",
    "hasn't": "has",
    "haven't": "has",
  };
  if (
    words[0] &&
    (words[0].toLowerCase() === "does" || words[0].toLowerCase() === "do") &&
    words[1]?.toLowerCase() === "not"
  ) {
    words = words.slice(2);
    endsOn = flip(endsOn);
  } else if (negations.test(lowerFirst())) {
    const replacement = negatedAuxiliary[lowerFirst()];
    take();
    if (replacement) words.unshift(replacement);
    endsOn = flip(endsOn);
  }
  while (
    /^(?:still|always|often|constantly|ever|only|also|just|really|usually|regularly|frequently)$/.test(lowerFirst())
  ) {
    adverbs.push(take().toLowerCase());
  }
  const head = take().toLowerCase();
  if (!head) return null;
  // "is never home" asks "Are you home?", ending the pair on a no.
  if (/^(?:never|not)$/.test(lowerFirst()) && /^(?:is|are|was|has|have|would|will|can)$/.test(head)) {
    take();
    endsOn = flip(endsOn);
  }
  while (/^(?:still|always|often|constantly|ever|only|also|just|really|usually)$/.test(lowerFirst())) {
    adverbs.push(take().toLowerCase());
  }
  const rest = toSecondPerson(words.join(" "));
  const adv = adverbs.length > 0 ? `${adverbs.join(" ")} ` : "";
  if (/^(?:is|are|'s|'re|am|be)$/.test(head)) return rest ? { question: `Are you ${adv}${rest}?`, endsOn } : null;
  if (/^(?:was|were)$/.test(head)) return rest ? { question: `Have you ${adv}been ${rest}?`, endsOn } : null;
  if (/^(?:has|have)$/.test(head)) {
    // "has no job" asks "Do you have a job?", ending the pair on a no.
    const none = NONE_OF.exec(rest);
    if (none) return { question: `Do you ${adv}have ${anyOf(none[1] ?? "")}?`, endsOn: flip(endsOn) };
    const next = rest.split(" ")[0] ?? "";
    if (
      /(?:ed|en)$/.test(next) ||
      /^(?:been|done|had|gone|lost|spent|made|kept|left|run|won|struggled|served)$/.test(next)
    ) {
      return { question: `Have you ${adv || "ever "}${rest}?`, endsOn };
    }
    return rest ? { question: `Do you ${adv}have ${rest}?`, endsOn } : null;
  }
  if (head === "can") return rest ? { question: `Can you ${adv}${rest}?`, endsOn } : null;
  if (/^(?:would|will|could|might|should)$/.test(head))
    return rest ? { question: `Would you ${adv}${rest}?`, endsOn } : null;
  // "A man who still lived with his mother" (a story told) asks "Do you still live with your mother?"
  if (/ed$/.test(head) && !/eed$/.test(head) && adverbs.includes("still"))
    return { question: `Do you ${adv}${pastBase(head)} ${rest}`.trim().concat("?"), endsOn };
  if (/ed$/.test(head) && !/eed$/.test(head))
    return { question: `Have you ${adv || "ever "}${head} ${rest}`.trim().concat("?"), endsOn };
  if (/ing$/.test(head)) return { question: `Are you ${adv}${head} ${rest}`.trim().concat("?"), endsOn };
  return { question: `Do you ${adv}${baseForm(head)} ${rest}`.trim().concat("?"), endsOn };
}

/** The question about a thing named ("Gambling" → "Is gambling part of your life?", "Gamblers" → "Are you a gambler?"). */
function nounQuestion(
  phrase: string,
  rule: Rule,
  /** Whom one would date or marry ("I won't date cops") is a kind of person, whatever its ending. */
  person = false,
): { question: string; endsOn: "yes" | "no" } | null {
  const np = lowerFirst(toSecondPerson(mainPart(phrase).replace(/^(?:someone else's|other people's)\s+/i, "")));
  if (!np || STATEMENT_VERB.test(np) || DONE_TO_ME.test(np) || ANAPHOR.test(np)) return null;
  if (/^(?:for|with|to|in|on|at|by|from|of|about|because|not|than)\b/i.test(np)) return null;
  const words = np.split(" ");
  // The head noun: the last word before a preposition ("guns in the house" → "guns").
  const ofIndex = words.findIndex(
    (w, i) => i > 0 && /^(?:in|on|at|of|with|from|around|near|for|who|that|before|after|during|over|without)$/i.test(w),
  );
  const headIndex = (ofIndex === -1 ? words.length : ofIndex) - 1;
  const head = (words[headIndex] ?? "").toLowerCase();
  // "-ments" are things done, not people ("deployments", "arguments").
  const agent = (word: string) =>
    (person && /[^s]s$/.test(word)) ||
    (AGENT_SUFFIX.test(word) && !NOT_AGENTS.has(word) && !word.endsWith("ments")) ||
    AGENT_WORDS.has(word);
  // Things joined to the head are asked as things unless they are people too: "pet snakes or
  // spiders" is no person ("Are you a pet snakes or spider?"), "smokers or drinkers" are.
  const joint = words.findIndex((w, i) => i > 0 && i < headIndex && /^(?:or|and|nor)$/i.test(w));
  const isAgent = agent(head) && (joint === -1 || agent((words[joint - 1] ?? "").toLowerCase()));
  const singularAgent =
    /^(?:a|an)$/i.test(words[0] ?? "") && (person || /(?:er|or|ist|ian)$/.test(head)) && headIndex === words.length - 1;
  if (singularAgent) {
    const person = words.slice(1).join(" ");
    return { question: `Are you ${article(person)} ${person}?`, endsOn: rule.endsOn };
  }
  if (isAgent && joint !== -1 && headIndex === words.length - 1) {
    // "Gamers or bikers" → "Are you a gamer or a biker?"
    const people = [words.slice(0, joint).join(" "), words.slice(joint + 1).join(" ")].map((person) => {
      const said = person.replace(/^(?:the|any|all)\s+/i, "").split(" ");
      const one = [...said.slice(0, -1), singular((said.at(-1) ?? "").toLowerCase())].join(" ");
      return `${article(one)} ${one}`;
    });
    return { question: `Are you ${people.join(` ${words[joint]} `)}?`, endsOn: rule.endsOn };
  }
  if (isAgent && headIndex === words.length - 1) {
    const person = [...words.slice(0, headIndex), singular(head)].join(" ").replace(/^(?:the|any|all)\s+/i, "");
    return { question: `Are you ${article(person)} ${person}?`, endsOn: rule.endsOn };
  }
  // "Doomsday types" is a kind of person: "Are you the doomsday type?"
  const kind = /^(?:(?:any|all|the)\s+)?(.+?)\s+(?:types?|sorts?)$/i.exec(np);
  if (kind && headIndex === words.length - 1) return { question: `Are you the ${kind[1]} type?`, endsOn: rule.endsOn };
  // "Heavily tattooed" describes a person: "Are you heavily tattooed?"
  if (/^\w+ly\s+\w+(?:ed|en)$/i.test(np)) return { question: `Are you ${np}?`, endsOn: rule.endsOn };
  const bare = np.replace(/^(?:any|all|the)\s+/i, "");
  const plural = /s$/.test(head) && !/(?:ss|us|is)$/.test(head);
  return { question: topicQuestion(bare, plural), endsOn: rule.endsOn };
}

/** The question about a person described ("someone who X", "a partner with X", "men in X"). */
function personQuestion(after: string, rule: Rule): { question: string; endsOn: "yes" | "no" } | null {
  const toBe = /^\s*to\s+be\s+(.*)$/i.exec(after);
  if (toBe) return { question: `Are you ${toSecondPerson(mainPart(toBe[1] ?? ""))}?`, endsOn: rule.endsOn };
  const toDo = /^\s*to\s+(.*)$/i.exec(after);
  if (toDo) return verbQuestion(toDo[1] ?? "", rule);
  const match = AFTER_PERSON.exec(after);
  if (!match) {
    // "someone financially independent", "anyone over forty".
    const rest = mainPart(after);
    return rest && contentWords(rest).length > 0
      ? { question: `Are you ${toSecondPerson(rest)}?`, endsOn: rule.endsOn }
      : null;
  }
  const word = (match[1] ?? "").toLowerCase();
  const rest = after.slice(match.index + match[0].length).trim();
  if (word === "who" || word === "that") return verbQuestion(rest, rule);
  if (word === "whose") {
    // "someone whose divorce isn't final" → "Is your divorce final?"
    const parts = mainPart(rest).match(/^(.*?)\s+(is|isn't|are|aren't)\s+(.*)$/i);
    if (!parts) {
      // "someone whose job keeps them away all week" → "Does your job keep you away all week?"
      const verb = mainPart(rest).match(/^([\w'-]+)\s+([\w'-]+s)\s+(.*)$/i);
      if (!verb || STATEMENT_VERB.test(verb[2] ?? "")) return null;
      return {
        question: `Does your ${verb[1]} ${baseForm(verb[2] ?? "")} ${toSecondPerson(verb[3] ?? "")}?`,
        endsOn: rule.endsOn,
      };
    }
    const negated = /n't$/i.test(parts[2] ?? "");
    return { question: `Is your ${parts[1]} ${parts[3]}?`, endsOn: negated ? flip(rule.endsOn) : rule.endsOn };
  }
  if (word === "with") {
    // "someone with no job and no plan" → "Do you have a job?", ending the pair on a no.
    const none = NONE_OF.exec(mainPart(rest));
    if (none) return { question: `Do you have ${anyOf(none[1] ?? "")}?`, endsOn: flip(rule.endsOn) };
    return { question: `Do you have ${toSecondPerson(mainPart(rest))}?`, endsOn: rule.endsOn };
  }
  if (word === "without")
    return { question: `Do you have ${toSecondPerson(mainPart(rest))}?`, endsOn: flip(rule.endsOn) };
  return { question: `Are you ${toSecondPerson(mainPart(`${word} ${rest}`))}?`, endsOn: rule.endsOn };
}

/**
 * One clause that names no quick-question topic and no trait: the question to ask, or null. A
 * question never repeats six words in a row of the clause: a long phrase is cut at its first
 * "or"/"and", then shortened word by word.
 */
export function askAbout(clause: string, rule: Rule): { label: string; question: string; endsOn: "yes" | "no" } | null {
  // "A home with one is impossible": a thing told by what was named before is no thing to ask
  // about, and no shorter cut of it ("a home") is either; nor is "the smell" after "Smoking".
  if (TOLD_BY_WHAT_CAME_BEFORE.test(clause)) return null;
  const words = clean(clause).split(" ");
  const conjunction = words.findIndex((w, i) => i > 1 && /^(?:or|and|nor)$/i.test(w));
  const tries = [clean(clause)];
  if (conjunction > 0) tries.push(words.slice(0, conjunction).join(" "));
  for (let n = words.length - 1; n >= 2; n--) {
    const last = (words[n - 1] ?? "").toLowerCase();
    // "away on the road three" or "a bottle of wine every" says nothing whole: cut before the count.
    // Nor on a possessive or a word that opens a clause: "threatened by a woman's", "deciding whether";
    // nor on a verb cut from its particle: "a court case hanging [over you]".
    const cutFromParticle = /ing$/.test(last) && PARTICLE.test(words[n] ?? "");
    if (!FUNCTION_WORDS.has(last) && !COUNTS.has(last) && !OPENS_MORE.test(last) && !cutFromParticle)
      tries.push(words.slice(0, n).join(" "));
  }
  for (const attempt of tries) {
    const asked = phraseQuestion(attempt, rule);
    if (asked === "unaskable") return null;
    if (asked && !askableQuestion(asked.question)) return null;
    if (asked && !sharesWordRun(asked.question, clause)) return asked;
  }
  return null;
}

const TOLD_BY_WHAT_CAME_BEFORE =
  /\b(?:with|without|of|around|near)\s+(?:one|it|them|those|that|this)\b|\bthe\s+(?:smell|stink|stench|taste|noise|sound)\b(?!\s+of\b)/i;

/**
 * How Sam reads back "If your business involves recruiting your friends" to the person who wrote
 * it: "someone whose business involves recruiting their friends".
 */
function whoseLabel(conditional: string): string {
  const said = conditional.replace(/^if\s+(?:your|his|her|their)\s+/i, "").replace(/\byour\b/gi, "their");
  return `someone whose ${said}`.slice(0, READING_LABEL_MAX_CHARS);
}

/** A particle that belongs to the verb before it ("hanging over", "running around"). */
const PARTICLE = /^(?:over|around|about|out|up|off|on|in|down|away|back|through)$/i;

/**
 * How Sam reads back a condition put to the reader ("If you've got a court case", "if you smoke")
 * to the person who wrote it: "someone who's got a court case", "someone who smokes".
 */
function describedLabel(text: string): string {
  const condition = CONDITION_ON_THE_READER.exec(text);
  return condition ? conditionalLabel((condition[1] ?? "").trim().toLowerCase(), condition[2] ?? "") : text;
}

const CONDITION_ON_THE_READER = /^if\s+(?:you|he|she|they)('re|\s+are|'s|\s+is|'ve|\s+have|'d|\s+would)?\s+(.*)$/i;

function conditionalLabel(auxiliary: string, said: string): string {
  const theirs = said
    .replace(/\byourself\b/gi, "themselves")
    .replace(/\byour\b/gi, "their")
    .replace(/\byou\b/gi, "them");
  if (/^(?:'d|would)$/.test(auxiliary)) return `someone who'd ${theirs}`;
  if (auxiliary) return `someone who's ${theirs}`;
  const [verb = "", ...after] = theirs.split(" ");
  return [`someone who ${thirdPerson(verb)}`, ...after].join(" ");
}

/** A possessive, or a word that opens a clause, which a shortened question must not end on. */
const OPENS_MORE = /(?:'s|s')$|^(?:whether|if|because|unless|whose|which)$/;

/** Words that open a count or a frequency, which a shortened question must not end on. */
const COUNTS = new Set(
  "every each some several few many most more less one two three four five six seven eight nine ten twice half".split(
    " ",
  ),
);

/** Links, addresses and numbers to call have no place in a question shown to someone else. */
const CONTACT = /@|https?:|www\.|\b[a-z0-9-]+\.(?:com|net|org|io|co|me|app|ly)\b|\d[\d\s().-]{4,}\d/i;

/**
 * Whether a question may be put to another person: a short question that speaks to them only
 * (no "I", "me", "we"), with no link, address or number in it.
 */
export function askableQuestion(question: string): boolean {
  return (
    question.trim().endsWith("?") &&
    question.length <= READING_QUESTION_MAX_CHARS &&
    !/\b(?:i|i'm|i've|i'd|me|my|mine|myself|we|us|our)\b/i.test(question) &&
    !CONTACT.test(question) &&
    !MALFORMED.test(question)
  );
}

/**
 * Questions a phrase cut in the wrong place makes, which no one could answer: a verb that does
 * not agree ("Are you is impossible?"), a dangling last word ("... about your?"), a subordinate
 * clause or a possessive where a description should be ("Is if you'd ...", "Are you partner's
 * ...?"), a word fragment ("Are you -on-one?", "Are you 's parents?"), a statement made into a
 * thing ("Is kindness matters most part of your life?", "Is whatever the story ...?"), a word that
 * leaves the thing unsaid ("Is a lifestyle built around part of your life?", "Is emotionally part
 * of your life?", "Would you drive just?", "Are you somewhere?"), a moment of the person's own
 * story ("Are you at twenty?") or the asker turned round ("Would you be straight with you?",
 * "Is tells you everything part of your life?", "Do you shoot you?", "Do you have no job?"), a
 * verb with nothing of its own ("Do you do?", "Is want one later ...?"), a pronoun where a thing
 * should be ("Are you of those?", "Is odd one at parties ...?", "... with your and calling ..."),
 * or a word that names nothing alone ("Is same ...?", "Is up close ...?", "Are you guy?", "Are real
 * ones ...?", "Are honestly tattoos ...?"), a verb turned round ("Are you seen ...?") or a thing left
 * to what was said before ("Are you going to mock it?", "Are you the same?"), a clause or a possessive
 * left open ("Are you still deciding whether?", "... by a woman's?"), one letter ("Is P ...?") or a
 * joint with nothing after it ("Is site's got zero tolerance and part of your life?"), or a thing cut
 * off after its adjective ("Do you think hospo isn't a real?").
 */
const MALFORMED =
  /^(?:Is|Are)\s+(?:just|as|even|only|whatever|actually|also)\b|\b(?:matter|matters|begins|starts|comes|counts|means)\b(?=.*\bpart\s+of\s+your\s+life\?$)|\s'|\byou\s+(?:is|isn't|was|wasn't|has|hasn't|does|doesn't|am)\b|\b(?:your|the|a|an|of|about|to|with|for|and|or|is|are|isn't|aren't)\?$|^(?:Is|Are|Do|Does)\s+(?:if|when|because|unless|while)\b|^Are\s+you\s+[\w-]+'s\b|\s-|\b\w+\s+part\s+of\s+your\s+life\?$(?<=\b(?:only|already|again|yet|present|past|it|that|this|them|you|of|around|in|into|at|on|by|from|they|he|she|never|where|who|who've|who's|just|level|no|your|otherwise)\s+part\s+of\s+your\s+life\?)|^Is\s+.*\b(?:you|he|she|they|them|him)\b.*\spart\s+of\s+your\s+life\?$|^Do\s+you\s+[\w-]+\s+(?:you\?$|no\b)|^Is\s+(?:had|has|have|been|got|did|done|\d)|^Is\s+\w+ly\s+part\s+of\s+your\s+life\?$|\b(?:just|never|they|who|where|wants|somewhere)\?$|\bat\s+(?:\d+|twenty|thirty|forty|fifty|sixty|seventy)\b|\byou\b.*\b(?:with|to|at|for)\s+you\?$|\btoo\s+(?:many|much)\?$|^Do\s+you\s+(?:do|does|did)\?$|^Is\s+(?:up|down|out|off|back|away|over)\s+\w+\s+part\s+of\s+your\s+life\?$|^(?:Is|Are)\s+(?:[\w-]+\s+){0,2}one\b(?!-)|\byou\s+(?:else|or|and|nor)\b|^Is\s+(?:want|wants|need|needs|like|likes|love|loves)\b|^Are\s+you\s+(?:guy|girl|man|woman|person|lady|dude|partner|type|sort|kind)s?\?$|\bones\b|^Are\s+you\s+(?:seen|been|had|got|made)\b|\b(?:it|them|this|that|those|these)\?$|^(?:Is|Are)\s+(?:honestly|really|actually|literally|genuinely|seriously|basically|totally)\b|\byour\s+(?:and|or|but|nor|first|then|when|if|so|as|than|the|a|an)\b|^Are\s+you\s+(?:of|in|at|on|for|to|from|with)\s+(?:those|these|them|that|this|it|one)\?$|^Is\s+(?:same|kind|sort|type|one|more|less)\s+part\s+of\s+your\s+life\?$|\b(?:whether|[\w-]+'s)\?$|\bthe\s+same\?$|^(?:Is|Are)\s+[a-z]\s+part\s+of\s+your\s+life\?$|\b(?:and|or|but)\s+part\s+of\s+your\s+life\?$|\b(?:a|an|the)\s+(?:real|proper|good|bad|big|true|actual|decent)\?$/i;

/** A requirement said without its subject ("Must have a car", "Has to drive"), or to the reader ("You'll need to drive"). */
const MUST_SUBJECTLESS =
  /^(?:you(?:'ll|\s+will|'d|\s+would)?\s+(?:need|have)\s+to|you\s+(?:must|should|gotta)|must|should|has\s+to|have\s+to|needs?\s+to|gotta)\s+/i;

function phraseQuestion(
  clause: string,
  rule: Rule,
): { label: string; question: string; endsOn: "yes" | "no" } | "unaskable" | null {
  const stripped = clean(clause.replace(CONTINUATION, "").replace(CONNECTORS, ""));
  const endsOnNo = TRAILING_NO.test(stripped) || WONT_WORK.test(stripped);
  let text = stripped.replace(TRAILING_NO, "").replace(WONT_WORK, "").replace(POST_NEGATION, "");
  const required = TRAILING_MUST.test(text);
  text = text.replace(TRAILING_MUST, "");
  while (TRAILING_FILLER.test(text)) text = text.replace(TRAILING_FILLER, "");
  text = clean(text);
  if (contentWords(text).length === 0) return "unaskable";
  let endsOn = required ? flip(rule.endsOn) : rule.endsOn;
  // "No gamblers", "Not wanting kids"; "nobody who gambles" is "no one who gambles".
  text = text.replace(/^(?:nobody|no one|no-one)\b/i, "someone");
  const no = /^no\s+/i.exec(text);
  if (no) text = text.slice(no[0].length);
  // "If you're drowning in credit cards" → "Are you drowning in credit cards?", "If you've been
  // to prison" → "Have you ever been to prison?", "If you'd ..." → "Would you ...?"
  const conditional = CONDITION_ON_THE_READER.exec(text);
  // "If your ex is still your closest friend" → "Is your ex still your closest friend?"
  const theirs = /^if\s+(?:your|his|her|their)\s+([\w'-]+)\s+(is|are|isn't|aren't)\s+(.*)$/i.exec(text);
  if (theirs) {
    const negated = /n't$/i.test(theirs[2] ?? "");
    const question = `${/^are/i.test(theirs[2] ?? "") ? "Are" : "Is"} your ${theirs[1]} ${toSecondPerson(mainPart(theirs[3] ?? ""))}?`;
    return {
      label: whoseLabel(mainPart(text)),
      question,
      endsOn: negated ? flip(endsOn) : endsOn,
    };
  }
  // "If your business involves recruiting your friends" → "Does your business involve recruiting your friends?"
  const theirsDoes =
    /^if\s+(?:your|his|her|their)\s+([\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(involves|includes|means|needs|requires|takes|keeps|comes|has|wants)\s+(.+)$/i.exec(
      text,
    );
  if (theirsDoes) {
    const verb = (theirsDoes[2] ?? "").toLowerCase();
    return {
      label: whoseLabel(mainPart(text)),
      question: `Does your ${theirsDoes[1]} ${verb === "has" ? "have" : baseForm(verb)} ${toSecondPerson(mainPart(theirsDoes[3] ?? ""))}?`,
      endsOn,
    };
  }
  let asked: { question: string; endsOn: "yes" | "no" } | null = null;
  let label = describedLabel(mainPart(text));
  const person = PERSON.exec(text);
  // "Not having a job is a dealbreaker" refuses the lack of one: "Do you have a job?", ending the
  // pair on a no. Without "is a ..." after it, "Not dating a rider" is the person's own refusal.
  const lacking = endsOnNo ? /^not\s+([a-z]+ing)\s+(.+)$/i.exec(text) : null;
  if (lacking) {
    asked = verbQuestion(`${gerundBase(lacking[1] ?? "")} ${lacking[2]}`, { endsOn: flip(endsOn) });
  } else if (conditional) {
    const auxiliary = (conditional[1] ?? "").trim().toLowerCase();
    const rest = conditional[2] ?? "";
    const perfect = /^(?:'ve|have)$/.test(auxiliary) || (auxiliary === "'s" && STARTS_WITH_PARTICIPLE.test(rest));
    if (perfect) asked = verbQuestion(`have ${rest}`, { endsOn });
    else if (/^(?:'d|would)$/.test(auxiliary)) asked = verbQuestion(`would ${rest}`, { endsOn });
    else if (auxiliary) asked = { question: `Are you ${toSecondPerson(mainPart(rest))}?`, endsOn };
    else asked = verbQuestion(rest, { endsOn });
  } else if (person && !/^(?:anyone|everyone|someone)\s*$/i.test(text.slice(person.index))) {
    const before = text.slice(0, person.index);
    // "I need someone who ..." asks for a quality: the pair ends on a no.
    // "I'm not looking for someone who ..." refuses them, as "I won't date someone who ..." does.
    if (REQUIREMENT.test(before) && !REFUSAL.test(before) && !/\b(?:not|no\s+longer)\b/i.test(before))
      endsOn = flip(endsOn);
    const after = text.slice(person.index + person[0].length);
    if (FIRST_PERSON.test(mainPart(after).replace(/\bour\b/gi, "your"))) return "unaskable";
    asked = personQuestion(after, { endsOn });
  } else if (FIRST_PERSON.test(text)) {
    // "I won't share a partner", "I won't take on someone else's debt": what follows the verb.
    const refusal =
      /^i(?:'d|'ll| will| would)?\s+(?:won't|will not|wouldn't|would never|never|can't|cannot|could never|couldn't|don't|do not|refuse to)\s+(?:ever\s+)?(.*)$/i.exec(
        text,
      );
    if (!refusal) return "unaskable";
    const rest = refusal[1] ?? "";
    const thing = THING_VERBS.exec(rest);
    if (PERSON_VERBS.test(rest)) {
      const object = rest.replace(PERSON_VERBS, "").trim();
      asked = nounQuestion(object, { endsOn }, true);
      // Read back as whom: "I won't date cops" → "cops".
      label = mainPart(object);
    } else if (thing) {
      const object = rest.slice(thing[0].length).replace(MY_PLACE, "").trim();
      if (!object || ANAPHOR.test(object) || FIRST_PERSON.test(mainPart(object))) return "unaskable";
      asked =
        /^(?:share|support)$/i.test(thing[0]) && !/^(?:someone else's|other people's)/i.test(object)
          ? nounQuestion(`${thing[0].toLowerCase() === "share" ? "sharing" : "supporting"} ${object}`, { endsOn })
          : nounQuestion(object, { endsOn });
    } else {
      return "unaskable";
    }
  } else if (MUST_SUBJECTLESS.test(text)) {
    // "Must have a driving licence" → "Do you have a driving licence?", ending the pair on a no.
    asked = verbQuestion(text.replace(MUST_SUBJECTLESS, ""), { endsOn: flip(endsOn) });
  } else {
    asked = nounQuestion(text, { endsOn });
  }
  if (!asked) return null;
  const question = asked.question.replace(/\s+\?$/, "?").replace(/\s+/g, " ");
  if (question.length > READING_QUESTION_MAX_CHARS) return null;
  return {
    label: lowerFirst(label).slice(0, READING_LABEL_MAX_CHARS),
    question: capitalise(question),
    endsOn: asked.endsOn,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .match(/[a-z0-9]+/g)
      ?.slice(0, 8)
      .join("-") ?? "item"
  ).slice(0, 60);
}

/** The person's own stance on a topic, from their quick answers. */
function answeredStance(topic: TopicName, facts: Facts): 1 | -1 | undefined {
  if (topic === "children" && facts.wantsChildren && facts.wantsChildren !== "unsure")
    return facts.wantsChildren === "yes" ? 1 : -1;
  if (topic === "marriage" && facts.wantsMarriage && facts.wantsMarriage !== "unsure")
    return facts.wantsMarriage === "yes" ? 1 : -1;
  if (topic === "religion" && facts.faith) {
    if (facts.faith === "none") return -1;
    if ((RELIGIONS as readonly string[]).includes(facts.faith)) return 1;
  }
  return undefined;
}

/** Asking that politics agree: "the same side of the aisle", "someone who shares my politics". */
const SAME_POLITICS =
  /\b(?:same\s+side(?:\s+of\s+the\s+aisle)?|aisle|same\s+(?:politics|party|political\s+views)|share[sd]?\s+my\s+(?:politics|political\s+views)|vote[sd]?\s+(?:the\s+same|like\s+me)|same\s+page\s+politically)\b/i;

/**
 * A politics limit from words: a person who asks for the same politics and says where they stand
 * ("Our votes have to land on the same side of the aisle; I'm a lifelong progressive") rules out
 * the other side. Where they stand comes from their words, else from their quick answer.
 */
function politicsLimits(text: string, facts: Facts): LimitId[] {
  if (!SAME_POLITICS.test(text)) return [];
  const mine = /\b(?:i'm|i\s+am|i've\s+always\s+been|i\s+vote|i've\s+voted)\b[^.!?;]*/i.exec(text)?.[0] ?? "";
  const sides = topicsIn(readClause(mine));
  const side = sides.get("left") === 1 ? "liberal" : sides.get("right") === 1 ? "conservative" : facts.politics;
  if (side === "liberal") return ["conservative"];
  if (side === "conservative") return ["liberal"];
  return [];
}

/** The limits a clause's rules stand for, given the person's own stances. */
function limitsOf(rules: ClauseRules, clause: string, facts: Facts, selfStances: Map<TopicName, 1 | -1>): LimitId[] {
  const limits: LimitId[] = [];
  for (const topic of rules.named) {
    const out = rules.rulesOut.get(topic);
    if (out) {
      if (topic === "smoking") limits.push(out.heavyOnly ? "smokingDaily" : "smokingAny");
      else if (topic === "tobacco") limits.push("smokingAny");
      else if (topic === "drinking") limits.push(out.heavyOnly ? "drinkingHeavy" : "drinkingAny");
      else if (topic === "drugs") limits.push(/\bhard\b/i.test(clause) ? "otherDrugs" : "cannabis");
      else if (topic === "cats" || topic === "dogs") limits.push(topic);
      else if (topic === "pets") limits.push("dogs", "cats");
      else if (topic === "stepchildren") limits.push("hasChildren");
      else if (topic === "left") limits.push("liberal");
      else if (topic === "right") limits.push("conservative");
      continue;
    }
    // The person's quick answer first; then a stance said outright of the other ("anyone who
    // wants children": this person does not), over what the person says of themselves, which is
    // read from words about other things too ("thirty small children will do that"); then what
    // they say of themselves, over a topic the clause only names ("her husband's Facebook").
    const saidOfThem = rules.describedOfThem.has(topic) ? rules.stances.get(topic) : undefined;
    const stance = answeredStance(topic, facts) ?? saidOfThem ?? selfStances.get(topic) ?? rules.stances.get(topic);
    if (stance === undefined) continue;
    if (topic === "children") limits.push(stance === 1 ? "noChildrenWanted" : "wantsChildren");
    else if (topic === "marriage") limits.push(stance === 1 ? "noMarriageWanted" : "wantsMarriage");
    else if (topic === "religion") {
      if (stance === -1) limits.push("religious");
      else {
        limits.push("noFaith");
        if (
          /\b(?:share|shares|same)\b/i.test(clause) &&
          facts.faith &&
          (RELIGIONS as readonly string[]).includes(facts.faith)
        ) {
          limits.push("differentFaith");
        }
      }
    }
  }
  return limits;
}

/** The stance each stance limit is about. */
const STANCE_LIMIT_TOPICS: Readonly<Partial<Record<LimitId, TopicName>>> = {
  wantsChildren: "children",
  noChildrenWanted: "children",
  wantsMarriage: "marriage",
  noMarriageWanted: "marriage",
  noFaith: "religion",
  religious: "religion",
  differentFaith: "religion",
};
/** Limits that stand for a stance, which a clause about a trait does not take. */
const STANCE_LIMITS: ReadonlySet<LimitId> = new Set([
  "wantsChildren",
  "noChildrenWanted",
  "wantsMarriage",
  "noMarriageWanted",
  "noFaith",
  "religious",
  "differentFaith",
]);

/** Children who would be someone else's: a partner's children from before. */
const OTHERS_CHILDREN =
  /\b(?:(?:someone|somebody|anyone|anybody)\s+else's|other\s+people's|another\s+(?:man|woman|person)'s)\s+(?:kids|children|child|kid)\b|\bstep-?(?:kids|children)\b/i;
/** Being married or separated now, as opposed to wanting to marry. */
const MARRIED_NOW =
  /\b(?:somebody|someone|anybody|anyone|another\s+(?:man|woman|person))\s*'s\s+(?:wife|husband|spouse)\b|\b(?:is|are|who's|still|currently|legally|already|happily)\s+(?:still\s+|legally\s+|currently\s+)?married\b|\bmarried\s+(?:men|women|man|woman|people|persons?|guys?|girls?|ones)\b|\b(?:got|wears?|wearing|has|have)\s+(?:a\s+|their\s+|his\s+|her\s+)?(?:wedding\s+)?ring\s+on\b/i;
/** "A wife at home", "someone with a husband somewhere": a spouse someone has now is being married. */
const SPOUSE_NOW =
  /^\W*(?:(?:and|or|also)\s+)?(?:an?|any)\s+(?:wife|husband|spouse)\b(?!\s+(?:one\s+day|someday|eventually|of\s+my\s+own))|\b(?:has|have|with|got)\s+a\s+(?:wife|husband|spouse)\b/i;
/** Still sharing a life with a spouse ("still shares a bed with their wife") is being married now. */
const WITH_SPOUSE_STILL = /\bstill\b[^.!?]*\b(?:wife|husband|spouse)\b/i;
const SEPARATED_NOW =
  /\bseparated\b|\bdivorce\s+(?:isn't|is\s+not|not)\s+(?:yet\s+)?(?:final|done|through)\b|\bnot\s+(?:yet\s+|properly\s+|fully\s+|legally\s+|officially\s+)?divorced\b/i;
const WANTS_TO_MARRY = /\b(?:want|wants|wanting|hope|hopes|plan|plans|to\s+marry|get\s+married|getting\s+married)\b/i;

/** The relationship-status limits a clause names ("married men", "someone not yet divorced"). */
function statusLimits(clause: string): LimitId[] {
  if (WANTS_TO_MARRY.test(clause)) return [];
  return [
    ...(MARRIED_NOW.test(clause) || WITH_SPOUSE_STILL.test(clause) || SPOUSE_NOW.test(clause)
      ? (["married"] as const)
      : []),
    ...(SEPARATED_NOW.test(clause) ? (["separated"] as const) : []),
  ];
}

/** A required habit ("Must love dogs"): asked as a yes/no question that ends the pair on a no. */
const REQUIRED_HABIT_QUESTIONS: Partial<Record<TopicName, string>> = {
  dogs: "Do you get along with dogs?",
  cats: "Do you get along with cats?",
  pets: "Would you share your home with pets?",
};

/**
 * Reads a person's dealbreakers (their answers at that stage) into items, given what they tapped
 * and what they say of themselves elsewhere (for their own stance on children, faith, marriage).
 */
export function readDealbreakers(
  text: string,
  own: { facts: Facts; selfText: string /** Their age, when known (from their birthday). */; age?: number | null },
): ReadingItem[] {
  const selfStances = readSelf(own.selfText).stances;
  const items = new Map<string, ReadingItem>();
  // A limit said of others ("no atheists") stands in for the same limit implied by the person's own
  // life ("I'm Christian"), which "I don't need you to be Christian" may take back below.
  const ownStatement = (item: ReadingItem) => item.kind === "limit" && SAID_OF_ONESELF.test(item.words);
  const add = (item: ReadingItem) => {
    const before = items.get(item.id);
    if (before ? ownStatement(before) && !ownStatement(item) : items.size < READING_MAX_ITEMS) items.set(item.id, item);
  };
  const rest = relativeLimits(
    restoreEllipsis(restateRefusals(stripInstructions(fromTexting(text).replace(OWN_REASON_IN_BRACKETS, ",")))),
    own,
    add,
  );
  // Politics asked to agree is read over whole sentences (the ask and the side are often apart),
  // and such a sentence is read for nothing else.
  const unread: string[] = [];
  for (const sentence of rest.match(/[^.!?\n]+[.!?]*/g) ?? []) {
    const politics = politicsLimits(sentence, own.facts);
    for (const limit of politics) add({ kind: "limit", id: `limit:${limit}`, limit, words: clean(sentence) });
    if (politics.length === 0) unread.push(sentence);
  }
  // An answer in another language is read by none of the English rules below, clause by clause.
  const inEnglish = looksEnglish(text);
  let previous: Rule = { endsOn: "yes" };
  // Stances the person says they do not ask of a partner ("I don't need my partner to be Muslim").
  const notRequired = new Set<TopicName>();
  let lastTopicWord: string | undefined;
  let lastPerson: string | undefined;
  for (const { raw: said, liking, accepting } of clausesWithMood(unread.join(" "))) {
    // In a sentence that accepts something ("I don't smoke, but I don't judge those who do"), what
    // the person says of themselves, and what they name with no refusal, rules nothing out; a
    // refusal of others in it still does ("Smoking is fine, but no drugs").
    if (accepting && (!NEGATION_MARK.test(said) || (SELF_DESCRIPTION.test(said) && !OTHERS_MENTIONED.test(said)))) {
      lastTopicWord = topicWordIn(said) ?? lastTopicWord;
      continue;
    }
    // "Someone who doesn't like dogs, or won't have one in the house": the second clause is said
    // of the same person.
    const continued = CONTINUED_PERSON.exec(said);
    const ofSomeone = continued && lastPerson ? `${lastPerson} ${said.slice(continued[0].length)}` : said;
    lastPerson = PERSON_WHO.exec(ofSomeone)?.[0];
    // "It's not that I don't like dogs, I just can't live with one": "one" is a dog, when that
    // makes the clause a rule about dogs.
    const resolved =
      lastTopicWord && topicsIn(readClause(ofSomeone)).size === 0
        ? ofSomeone.replace(OBJECT_ANAPHOR, `$1${lastTopicWord}`).replace(ELIDED_DOING, `$1 ${lastTopicWord}`)
        : ofSomeone;
    const raw = resolved !== ofSomeone && readRuleClause(clean(resolved)).named.size > 0 ? resolved : ofSomeone;
    lastTopicWord = topicWordIn(raw) ?? lastTopicWord;
    let clause = clean(raw);
    const notAsked = NOT_REQUIRED.exec(clause);
    if (notAsked) {
      // "I don't need you to be Christian, but no atheists": what follows "but" is read as said.
      const but = /\bbut\b/i.exec(clause.slice(notAsked.index));
      const said = but ? clause.slice(0, notAsked.index + but.index) : clause;
      for (const topic of topicsIn(readClause(said)).keys()) if (isStanceTopic(topic)) notRequired.add(topic);
      if (!but) continue;
      clause = clean(clause.slice(notAsked.index + but.index + but[0].length));
    }
    if (
      !clause ||
      ACCEPTANCE.test(clause) ||
      DISMISSAL.test(clause) ||
      ASIDE.test(clause) ||
      EXCEPTION.test(clause) ||
      LOSS_TOLD.test(clause) ||
      ABOUT_EVERYONE.test(clause) ||
      ANAPHOR.test(clause) ||
      !inEnglish ||
      !looksEnglish(clause)
    )
      continue;
    if (TREATS_A_THING.test(clause) || WHEN_OR_WHY.test(clause)) {
      const label = shortLabel(clause);
      add({ kind: "trait", id: `trait:${slug(label)}`, label: lowerFirst(label), words: clause });
      continue;
    }
    const words = clause.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
    const pressed = IMPOSES_ON_ME.test(clause);
    const traits = [
      // "Means" is a verb ("if your job means ..."), though its stem is the trait "mean".
      ...words.filter((w) => TRAIT_WORDS.has(w) || (w !== "means" && TRAIT_WORDS.has(stem(w)))),
      ...(pressed ? ["pressing"] : []),
    ];
    // "I'm not raising someone else's kids": a partner who has children, whatever they want.
    if (traits.length === 0 && OTHERS_CHILDREN.test(clause) && (NEGATION_MARK.test(clause) || REFUSAL.test(clause))) {
      add({ kind: "limit", id: "limit:hasChildren", limit: "hasChildren", words: clause });
      continue;
    }
    // "Someone who is still married" is about where they stand now, not whether they want to marry.
    const status = traits.length === 0 ? statusLimits(clause) : [];
    if (status.length > 0) {
      for (const limit of status) add({ kind: "limit", id: `limit:${limit}`, limit, words: clause });
      continue;
    }
    const rules = readRuleClause(clause);
    // "Lying about being married" is about lying: a trait's clause takes no stance on its topic;
    // "people who pressure others to drink" none on the habit either.
    const limits = limitsOf(rules, clause, own.facts, selfStances).filter(
      (limit) => !pressed && (traits.length === 0 || !STANCE_LIMITS.has(limit)),
    );
    for (const limit of limits) add({ kind: "limit", id: `limit:${limit}`, limit, words: clause });
    // A habit or stance no quick question settles (gambling, guns, vaccines) is asked with its own
    // neutral question; the matcher first settles it from what the other says of themselves.
    for (const topic of rules.named) {
      const refused = rules.rulesOut.has(topic);
      if (!isWordTopic(topic) || (!refused && !rules.requires.has(topic))) continue;
      add({
        kind: "ask",
        id: `ask:${topic}`,
        label: lowerFirst(shortLabel(clause)),
        question: WORD_TOPIC_QUESTIONS[topic],
        endsOn: refused ? "yes" : "no",
        words: clause,
      });
    }
    for (const topic of rules.requires) {
      const question = REQUIRED_HABIT_QUESTIONS[topic];
      if (question) add({ kind: "ask", id: `ask:${topic}`, label: clause, question, endsOn: "no", words: clause });
    }
    // A topic known by meaning ("a credit-card mess", "a life overseas") is asked with its own
    // neutral question, even in a clause whose words also judge ("I'd hate to see ...").
    const unnamed = limits.length === 0 && rules.named.size === 0 && !liking;
    // A lie about something a person can be asked ("fib about your age", "lies about being
    // single") is asked about that thing; dishonesty in general stays a trait.
    const lie = unnamed ? lieSubject(clause) : null;
    if (lie) {
      add({
        kind: "ask",
        id: `ask:lie-${slug(lie)}`,
        label: lowerFirst(shortLabel(clause)),
        ...lieQuestion(toSecondPerson(lie)),
        words: clause,
      });
      continue;
    }
    // "I'm a gamer myself", "My dad was in the army": the person's own life, or their family's,
    // names a topic without refusing it; asking the other about it would end a pair for being
    // alike. ("I'm monogamous" does refuse, and "My ex was a gamer. Never again" is a limit.)
    const ownLife =
      (FAMILY_STORY.test(clause) || SAID_OF_MYSELF.test(clause)) &&
      !REFUSAL.test(clause) &&
      !NEGATION_MARK.test(clause);
    const areas = unnamed && !ownLife ? areasIn(clause) : [];
    if (areas.length > 0) {
      const label = lowerFirst(shortLabel(clause));
      for (const area of areas) add({ kind: "ask", id: `ask:${area}`, label, ...AREA_QUESTIONS[area], words: clause });
      continue;
    }
    if (traits.length > 0) {
      const phrase = shortLabel(clause);
      const label = limits.length === 0 && contentWords(phrase).length <= 8 ? phrase : traits.join(" and ");
      add({ kind: "trait", id: `trait:${slug(traits.join(" "))}`, label: lowerFirst(label), words: clause });
      continue;
    }
    // "I love hiking, reading books and cooking": what a person enjoys asks nothing of anyone.
    if (rules.named.size > 0 || liking) continue;
    const continues = CONTINUATION.test(raw);
    const rule: Rule = continues ? previous : { endsOn: "yes" };
    const asked = askAbout(clause, rule);
    if (asked) {
      add({ kind: "ask", id: `ask:${slug(asked.label)}`, ...asked, words: clause });
      previous = { endsOn: asked.endsOn };
      continue;
    }
    // Not askable without naming the asker ("men shorter than me"), yet a rule: kept in mind.
    const story = STORY_START.test(clause) && !REFUSAL.test(clause) && !REQUIREMENT.test(clause);
    if (!story && contentWords(clause).length > 0 && PERSON.test(clause)) {
      const label = lowerFirst(clean(clause.replace(CONNECTORS, ""))).slice(0, READING_LABEL_MAX_CHARS);
      add({ kind: "trait", id: `trait:${slug(label)}`, label, words: clause });
    }
  }
  // What their own faith implied ("I pray five times a day") is no rule once they say they do not
  // ask it; a refusal said of others ("but no atheists") still is.
  return [...items.values()].filter((item) => {
    const stance = item.kind === "limit" ? STANCE_LIMIT_TOPICS[item.limit] : undefined;
    return stance === undefined || !notRequired.has(stance) || !ownStatement(item);
  });
}

function isWordTopic(topic: TopicName): topic is WordTopicName {
  return topic in WORD_TOPIC_QUESTIONS;
}

/** A pronoun standing for the thing the clause before named, as the object of a verb. */
/** Whom a clause is about, to carry to a clause that goes on without saying: "someone who". */
const PERSON_WHO =
  /\b(?:someone|somebody|anyone|anybody|people|partners?|(?:a|any)\s+(?:man|woman|guy|girl|partner|person))\s+(?:who|that)\b/i;
/** A clause that goes on with a verb and no one to do it: "or won't have one in the house". */
const CONTINUED_PERSON =
  /^\s*(?:or|and|nor)\s+(?=(?:won't|wouldn't|doesn't|don't|can't|cannot|isn't|aren't|never|has|have|is|are|would|will|can|does)\b)/i;
/** "Everyone's got one of those": a remark about everybody, which refuses no one. */
const ABOUT_EVERYONE =
  /^\s*(?:(?:and|but|so)\s+)?(?:everyone|everybody|we\s+all|all\s+of\s+us)(?:'s|\s+(?:has|have|is|does|gets|got))\b/i;
/** "I've never held a cigarette and I won't date someone who does": "does" is what was just named. */
const ELIDED_DOING = /\b(who|that)\s+(?:does|do|did)(?=\W*$)/i;
const OBJECT_ANAPHOR =
  /\b((?:with|against|having|have|has|own|owning|keep|keeping|around|near|stand|tolerate|accept|date|dating)\s+)(?:one|them|it|those)\b(?!\s+(?:who|that|whose)\b)/i;

/** "I'd run a mile from ...", "I won't date ...": the person's aversion, before what it refuses. */
const LEADING_AVERSION =
  /^\s*(?:(?:i'd|i\s+would|i'll|i\s+will|i)\s+(?:just\s+)?(?:run\s+(?:a\s+mile|for\s+the\s+hills|a\s+million\s+miles)\s+from|steer\s+(?:well\s+)?clear\s+of|stay\s+(?:well\s+)?away\s+from)|i(?:'d|'ll|\s+will|\s+would)?\s+(?:won't|will\s+not|wouldn't|would\s+never|never|can't|cannot|couldn't|don't|do\s+not)\s+(?:ever\s+)?(?:date|marry|be\s+with|go\s+out\s+with))\s+/i;

/** A clause as Sam reads it back: its refusal markers and connectors left out. */
function shortLabel(clause: string): string {
  return describedLabel(
    clean(
      clause
        .replace(CONTINUATION, "")
        .replace(CONNECTORS, "")
        .replace(LEADING_AVERSION, "")
        .replace(TRAILING_NO, "")
        .replace(POST_NEGATION, ""),
    ).replace(TRAILING_FILLER, ""),
  ).slice(0, READING_LABEL_MAX_CHARS);
}

/**
 * Sentences that set an age or height relative to the person ("nobody more than five years older
 * than me") become one item each, a comparison the matcher makes against the other's age (from
 * their birthday) or height (as they give it); the rest of the text is returned for reading. A
 * height limit from someone who never says their own height cannot be compared, so it is read
 * as words like any other.
 */
function relativeLimits(
  text: string,
  own: { selfText: string; age?: number | null },
  add: (item: ReadingItem) => void,
): string {
  const sentences = text.match(/[^.!?\n]+[.!?]*/g) ?? [];
  const rest: string[] = [];
  for (const sentence of sentences) {
    const limit = readRelativeLimit(sentence);
    const ownValue =
      limit?.measure === "height" ? (limit.ownHeight ?? ownHeightIn(own.selfText)?.cm) : (own.age ?? undefined);
    if (!limit || (limit.measure === "height" && ownValue === undefined)) {
      rest.push(sentence);
      continue;
    }
    const words = clean(sentence);
    const imperial = limit.imperial ?? ownHeightIn(own.selfText)?.imperial ?? false;
    // Without the person's own age the bound is set when the search compares birthdays.
    const asked =
      ownValue !== undefined
        ? relativeLimitQuestion(limit.measure, boundsOf(limit, ownValue), imperial)
        : { question: AGE_UNKNOWN_QUESTION, endsOn: "yes" as const };
    add({
      kind: "ask",
      id: `ask:${limit.measure}`,
      label: lowerFirst(shortLabel(withoutOwnHeight(words))),
      ...asked,
      words,
    });
  }
  return rest.join(" ");
}

/** Never put to anyone: an age limit is compared with birthdays, which every searcher has given. */
const AGE_UNKNOWN_QUESTION = "How old are you?";

/**
 * What a clause leaves implicit, said in full: "I have kids but want no more" is "... but I want
 * no more kids", so its second clause is read as a stance on children rather than as a topic of
 * its own ("want no more").
 */
const ELLIPSIS =
  /\b(kids|children|dogs|cats|pets)\b([^.!?]*?)\b(but|and)\s+(?:i\s+)?(don't\s+want\s+any|do\s+not\s+want\s+any|want\s+no|won't\s+have\s+any|don't\s+want)\s+(?:more|others?)\b(?!\s+(?:kids|children|dogs|cats|pets)\b)/gi;

/** "I'm done having kids; if you want your own, we won't work": "your own" is kids of their own. */
const OWN_ELLIPSIS =
  /\b(kids|children|dogs|cats|pets)\b([^.!?]*?)\b((?:want|wants|have|has|had)\s+(?:your|their|his|her)\s+own)(?=\s*[,;:.!?]|\s*$|\s+(?:then|we|and|or|is|are|one\s+day|someday|some\s+day)\b)/gi;

function restoreEllipsis(text: string): string {
  return text
    .replace(
      ELLIPSIS,
      (_all, topic: string, between: string, joint: string, want: string) =>
        `${topic}${between}${joint} I ${want} more ${topic}`,
    )
    .replace(OWN_ELLIPSIS, (_all, topic: string, between: string, own: string) => `${topic}${between}${own} ${topic}`);
}

// Refusals said apart from what they refuse, restated as "X is a no" so that one reading serves
// them all: a question answered by a refusal ("Wine every evening? Not with me."), a refusal
// after the thing ("Betting apps wrecked my family; never again"), what harmed the person ("X
// ruined my last relationship"), and a requirement said as a refusal to discuss it ("Monogamy
// isn't up for debate" is "Monogamy is a must").
const REFUSAL_REPLY = String.raw`(?:(?:i|my\s+heart|my\s+nerves)\s+(?:just\s+|simply\s+)?(?:want\s+no\s+part\s+(?:of|in)|can't\s+take|cannot\s+take|can't\s+handle|cannot\s+handle|couldn't\s+handle|can't\s+deal\s+with|won't\s+do)(?:\s+(?:it|that|this|them|any\s+of\s+it))?|not\s+with\s+me|not\s+for\s+me|no\s+thanks|no\s+thank\s+you|no\s+way|not\s+a\s+chance|never\s+again|not\s+again|no\s+more|hard\s+pass|pass|nope|never|no)`;
// "Wine every evening? Not with me.", "Do you smoke? Then we won't get on."
const ANSWERED_QUESTION = new RegExp(
  String.raw`([^.!?\n]+)\?\s*(?:${REFUSAL_REPLY}|(?:(?:then|if\s+so),?\s+)?${DISMISSAL_WORDS}[^.!?\n]*)\s*(?:[.!]+|$)`,
  "gim",
);
/** The question's own "do you"/"are you", left out when it is restated as a thing refused. */
const ASKED_OF_YOU = /^(?:do|are|would|will|did|have|can|could)\s+you\s+/i;
const REFUSAL_AFTER = new RegExp(
  String.raw`([^.!?\n;:,\u2013\u2014]+)[;:,\u2013\u2014]\s*${REFUSAL_REPLY}\s*(?:[.!]+|$)`,
  "gim",
);
/** What did the harm: "Betting apps on the phone wrecked my family once" names betting apps. */
const HARMED_ME =
  /^(\s*[^.!?\n]+?)\s+(?:has\s+|have\s+|once\s+|nearly\s+|almost\s+)?(?:ruined|wrecked|destroyed|broke|tore\s+apart|cost|killed|took)\s+(?:my|me|our|us)\b[^.!?\n]*/i;
const NOT_UP_FOR_DEBATE =
  /\b(?:isn't|is\s+not|aren't|are\s+not)\s+(?:up\s+for\s+(?:debate|discussion|negotiation)|negotiable)\b/gi;

/** "I couldn't not have a dog": two negations make a need. */
const DOUBLE_NEGATIVE = /\b(?:can't|cannot|couldn't|could\s+not|won't|wouldn't)\s+not\b/gi;
/** "I'd rather date a man with three kids than one who hides one": what comes after "than" is refused, not what comes before. */
const RATHER_THAN =
  /(^|[.!?]\s+|[,;]\s*)((?:honestly|frankly|personally|tbh),?\s+)?(?:i'd|i\s+would)\s+(?:much\s+|sooner\s+|far\s+)?rather\s+(?!not\b)([\w-]+)\b([^.!?;]*?)\b(?<!\b(?:older|younger|taller|shorter|more|less|fewer|bigger|smaller|other|better|worse)\s)than\s+(\S+)/gi;
/** "I'd take a man with a messy flat over one who needs a drink every night": the same preference. */
const PREFER_OVER =
  /(^|[.!?]\s+|[,;]\s*)((?:honestly|frankly|personally|tbh),?\s+)?(?:i'd|i\s+would)\s+(?:much\s+|happily\s+)?(?:take|pick|choose|prefer)\b([^.!?;]*?)\bover\s+(\S+)/gi;
/**
 * A preference restated as what it accepts and what it refuses: "I'd rather be single than date a
 * smoker" refuses what follows "than" as it is said; "I'd rather date X than one who ..." refuses it
 * with the verb said before ("date" for "take X over Y"). What is preferred is accepted ("date
 * someone within five years of my age is fine"), its bounds kept.
 */
function restatedPreference(start: string, accepted: string, verb: string, refusedStart: string): string {
  return `${start}${accepted} is fine. I won't ${OBJECT_AFTER_THAN.test(refusedStart) ? `${verb} ` : ""}${refusedStart}`;
}
/** After "than", a person or a thing rather than a verb: "than one who ...", "than a smoker". */
const OBJECT_AFTER_THAN =
  /^(?:one|someone|somebody|anyone|anybody|a|an|the|people|men|women|guys|girls|him|her|them)$/i;
/**
 * "I mean maxed cards, payday loans", "let's say no one over 50": words that say what was meant
 * (no trait of meanness, nothing to ask about).
 */
const SAYING_WHAT_IS_MEANT =
  /(^|[.!?]\s+|[,;]\s*)(?:(?:so|and|but|or)\s+)?(?:i\s+mean|let's\s+say|let\s+us\s+say),?\s+(?!(?:it|none|all|any|anything|every|everything|that|this|what|exactly|literally|business)\b)/gi;
/** "I'm not raising someone else's kids": a refusal, as "I won't raise ..." is. */
const NOT_DOING =
  /(^|[.!?]\s+|[,;]\s*)(?:i'm|i\s+am)\s+not\s+((?:raising|bringing\s+up|taking\s+on|dealing\s+with|putting\s+up\s+with|paying\s+(?:for|off)|funding|bankrolling|supporting|sharing|living\s+with|tolerating|accepting)\b)/gi;
/** Said to the reader ("Don't message me if you own a gun", "Please don't be a hunter"). */
const IMPERATIVE_IF =
  /(^|[.!?]\s+)(?:please,?\s+)?(?:don't|do\s+not)\s+(?:message|contact|write(?:\s+to)?|swipe(?:\s+on)?|match(?:\s+with)?|bother|talk\s+to|text)\s+me\s+if\s+/gi;
const IMPERATIVE_BE = /(^|[.!?]\s+)(?:please,?\s+)?(?:don't|do\s+not)\s+be\s+/gi;
/**
 * A measure asked of the reader: "Please be taller than 6ft" asks for someone who is. ("Please
 * be kind" asks for a quality, which no question settles.)
 */
const PLEASE_BE = /(^|[.!?]\s+)please,?\s+be\s+(?=(?:[\w-]+er\s+than|over|under|at\s+least)\b)/gi;
/** Said of the partner to be ("He has to have a car", "She can't be a smoker"). */
const PARTNER_SUBJECT = String.raw`(^|[.!?]\s+)(?:he|she|they|you|you'd|you\s+had|my\s+(?:future\s+)?(?:partner|man|woman|guy|girl|other\s+half|person))`;
const PARTNER_MUST = new RegExp(
  String.raw`${PARTNER_SUBJECT}\s+(?:has\s+to|have\s+to|needs\s+to|need\s+to|must|should)\s+([\w']+)`,
  "gi",
);
const PARTNER_MUST_NOT = new RegExp(
  String.raw`${PARTNER_SUBJECT}\s+(?:can't|cannot|can\s+not|mustn't|must\s+not|shouldn't|should\s+not|better\s+not|won't\s+be\s+allowed\s+to)\s+(?:be\s+(?:(?:a|an|the)\s+)?|([\w']+))`,
  "gi",
);

/**
 * What a past partner was, refused from now on: "My last boyfriend was a pothead and I won't go
 * through that again" is "A pothead is a no".
 */
const PAST_PARTNER_AGAIN =
  /(^|[.!?]\s+)(?:my|an?)\s+(?:ex|ex-\w+|last|previous|former|old)(?:\s+(?:boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?))?\s+(?:was|were|had\s+been)\s+([^.!?;,]+?)\s*(?:,|;|\band\b|\s[-\u2013\u2014]\s)\s*(?:so\s+)?(?:(?:i|i'll|i\s+will|i'm|i\s+am)\s+(?:won't|will\s+not|never|not|can't|cannot|refuse\s+to)\s+(?:going\s+to\s+)?(?:go\s+through|going\s+through|do|doing|live\s+(?:with|through)|deal\s+with|repeat|put\s+up\s+with|be\s+with)\s+(?:that|it|this|one)(?:\s+(?:again|twice|anymore|any\s+more))?|never\s+again|not\s+again)\b[^.!?]*/gi;

/**
 * Irony, said straight: "Nothing says romance like a girlfriend who smells like an ashtray,
 * right?" and "Love a man who spends the rent at the casino. Said no one ever." both refuse
 * what they praise.
 */
const NOTHING_SAYS =
  /(^|[.!?]\s+)(?:because\s+|oh,?\s+)?nothing\s+says\s+(?:[\w']+\s+){1,3}?like\s+([^.!?]+?)(?:,?\s*(?:right|eh|huh|yeah|amirite|lol))?\s*[.!?]+/gi;
const SAID_NO_ONE_EVER =
  /(^|[.!?]\s+)(?:(?:sure|oh|yeah),?\s+)?(?:(?:i|we)(?:'d|\s+would)?\s+)?(?:just\s+|really\s+|totally\s+)?(?:love|adore|like|enjoy|want|need|dream\s+of)\s+([^.!?]+?)(?:\.{1,3}|[!,])?\s*(?:said\s+no\s+(?:one|woman|man|body)(?:\s+ever)?)\b[.!]*/gi;
/**
 * A double negative is a yes: "It's not that I don't want kids" wants them; "It's not that I'd
 * never date someone with kids" and "It's not that I don't like dogs" accept them.
 */
const NOT_THAT_I_DONT_WANT =
  /\b(?:it's|it\s+is)\s+not\s+that\s+(?:i|i'm|i\s+am)\s+(?:don't|do\s+not|am\s+not|'m\s+not|never)\s+(want|need|hope\s+for|wish\s+for)\b/gi;
const NOT_THAT_I_NEVER =
  /\b(?:it's|it\s+is)\s+not\s+that\s+(?:i|i'd|i'm|i\s+would)\s+(?:never|don't|do\s+not|wouldn't|would\s+not|won't|can't|couldn't)\s+[\w']+(?:\s+(?:with|to|around))?\s+/gi;
/**
 * A story about a past partner, then "I'm not going through that again": what the partner did
 * is refused from now on ("My last girlfriend spent every pay packet on scratch cards ... I'm not
 * going through that again" is "Anyone who spent every pay packet on scratch cards is a no").
 */
const STORY_AGAIN =
  /(^|[.!?]\s+)(?:my|an?)\s+(?:ex|ex-\w+|last|previous|former|old)(?:\s+(?:boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?))?\s+((?!was\b|were\b|had\s+been\b)[^.!?;,]+?)(?:[,;][^.!?]*)?[.!]\s*(?:so\s+)?(?:i'm|i\s+am|i'll|i\s+will|i)\s+(?:not|never|won't|will\s+not|can't|cannot)\s+(?:going\s+to\s+)?(?:go|going|do|doing|live|living|deal|dealing|repeat|put|putting)\s+(?:through|with|up\s+with)?\s*(?:that|it|this|all\s+that)\s+(?:again|twice)[^.!?]*[.!]?/gi;

/**
 * "If you want a family, please swipe on", "If you still live with your ex, even just as
 * friends, we're done": whoever the condition describes is refused.
 */
const IF_YOU_THEN_GO = new RegExp(
  String.raw`(^|[.!?]\s+|[,;:]\s*)(?:(?:so|and|but)\s+)?if\s+you\s+([^,.!?;]+?)(?:,\s*(?:even|especially|including|just|not\s+even)\b[^,.!?;]*)?,?\s+(?:(?:then|please|just),?\s+)?${DISMISSAL_WORDS}[^.!?]*[.!?]*`,
  "gi",
);
/**
 * A consequence after the thing: "Anything to do with crypto and I'm out", "Mention golf and
 * we're done": whatever comes before is refused.
 */
const THEN_IM_OUT =
  /(^|[.!?]\s+)(?:(?:anything|anyone|any\s+man|any\s+woman)\s+(?:(?:to\s+do|involved)\s+with|involving|into)\s+|any\s+(?:sign|hint|mention|whiff)\s+of\s+|(?:mention|say)\s+)?([^.!?,;]+?),?\s+and\s+(?:i'm|i\s+am|we're|we\s+are|i'll\s+be|we'll\s+be)\s+(?:out|done|gone|off|outta\s+here|out\s+of\s+here)\b[^.!?]*/gi;
/**
 * A label before the limit: "Dealbreaker: night shifts", "My only dealbreaker is smoking", "Red
 * flag - a temper". What follows is the limit, read as if said alone.
 */
const LABELLED =
  /(^|[.!?\n]\s*)(?:(?:my|the|a|one|an)\s+)?(?:(?:only|biggest|main|real|absolute|one|big|hard|short|quick|little)\s+)?(?:dealbreakers?|deal-breakers?|deal\s+breakers?|non-negotiables?|red\s+flags?|no-gos?|turn-offs?|list|hard\s+nos?)(?:\s+for\s+me)?\s*(?:[:=\u2013\u2014]|\s-\s|\s(?:is|are|would\s+be)\s)\s*/gi;
/** Asked of the reader: "Please tell me you don't hunt", "Tell me you're not a gambler". */
const TELL_ME_YOU_DONT = /(^|[.!?]\s+)(?:please,?\s+)?tell\s+me\s+you\s+(?:don't|do\s+not|never)\s+([\w']+)/gi;
const TELL_ME_YOU_ARENT =
  /(^|[.!?]\s+)(?:please,?\s+)?tell\s+me\s+(?:you're|you\s+are)\s+(?:not|never\s+been)\s+(?:(?:a|an|the)\s+)?/gi;
/** A taste said without its "I": "Not into religion" is "I'm not into religion", no rule about the irreligious. */
const UNSAID_IM_NOT_INTO = /(^|[.!?]\s+)not\s+(?=into\b)/gi;
/** "Make me choose between you and my dog": the being made to choose is refused, not the dog. */
const CHOOSE_BETWEEN =
  /(\b(?:make|makes|made|making|force|forces|forced)\s+me\s+(?:to\s+)?choose)\s+between\s+[^,.!?;]+/gi;
/** "Anything harder than weed": the drugs beyond cannabis, not cannabis itself. */
const HARDER_THAN_CANNABIS =
  /\b(?:anything|something|drugs?|stuff)\s+(?:harder|stronger|heavier)\s+than\s+(?:weed|cannabis|pot|grass|marijuana|a\s+(?:joint|spliff))\b/gi;
/** A wish said without its "I": "dont want kids ever" is "I don't want kids ever". */
const UNSAID_I = /(^|[.!?]\s+)((?:really\s+)?(?:don't|do\s+not|never)\s+(?:want|need|plan\s+(?:on|to)|wish\s+for)\b)/gi;

/**
 * Two conditions on the reader joined by "or": "If you've got a court case hanging over you or
 * you're on probation" is two things to ask about, "if you ..., or if you're ...".
 */
const OR_YOU = /(\bif\s+you\b[^,.!?;:]*?)\s+or\s+(?=you(?:'re|'ve|'d|\s+are|\s+have|\s+were|\s+still)?\s)/gi;

function restateRefusals(text: string): string {
  return straightApostrophes(text)
    .replace(OR_YOU, "$1, or if ")
    .replace(DOUBLE_NEGATIVE, "must")
    .replace(
      RATHER_THAN,
      (_all, start: string, _aside: string | undefined, verb: string, preferred: string, after: string) =>
        restatedPreference(start, `${verb}${preferred.trimEnd()}`, verb, after),
    )
    .replace(PREFER_OVER, (_all, start: string, _aside: string | undefined, preferred: string, after: string) =>
      restatedPreference(start, preferred.trim(), "date", after),
    )
    .replace(SAYING_WHAT_IS_MEANT, "$1")
    .replace(LABELLED, "$1")
    .replace(NOTHING_SAYS, "$1No $2.")
    .replace(
      SAID_NO_ONE_EVER,
      (_all, start: string, thing: string) =>
        // "I'd love a boyfriend who's ..." refuses "a boyfriend who's ...", read as "Anyone who's ...".
        `${start}${/^(?:a|an|the)\s/i.test(thing) ? `${thing} is a no` : `No ${thing}`}.`,
    )
    .replace(
      NOT_DOING,
      (_all, start: string, verb: string) => `${start}I won't ${verb.replace(/\S+ing\b/i, gerundBase)}`,
    )
    .replace(NOT_THAT_I_DONT_WANT, "I $1")
    .replace(UNSAID_I, "$1I $2")
    .replace(UNSAID_IM_NOT_INTO, "$1I'm not ")
    .replace(HARDER_THAN_CANNABIS, "hard drugs")
    .replace(CHOOSE_BETWEEN, "$1")
    .replace(IF_YOU_THEN_GO, "$1Anyone who $2 is a no.")
    .replace(THEN_IM_OUT, "$1$2 is a no.")
    .replace(TELL_ME_YOU_DONT, (_all, start: string, verb: string) => `${start}Anyone who ${thirdPerson(verb)}`)
    .replace(TELL_ME_YOU_ARENT, "$1No ")
    .replace(NOT_THAT_I_NEVER, "I'm fine with ")
    .replace(STORY_AGAIN, "$1Anyone who $2 is a no.")
    .replace(IMPERATIVE_IF, "$1If ")
    .replace(IMPERATIVE_BE, "$1No ")
    .replace(PLEASE_BE, "$1I need someone who is ")
    .replace(PARTNER_MUST, (_all, start: string, verb: string) => `${start}I need someone who ${thirdPerson(verb)}`)
    .replace(PARTNER_MUST_NOT, (_all, start: string, verb: string | undefined) =>
      verb ? `${start}Someone who ${thirdPerson(verb)}` : `${start}No `,
    )
    .replace(/\bplease,?\s+(?=(?:no|nobody|no\s+one)\b)/gi, "")
    .replace(PAST_PARTNER_AGAIN, (_all, start: string, habit: string) => `${start}${habit.trim()} is a no.`)
    .replace(
      ANSWERED_QUESTION,
      (_all, asked: string) => `${restateHarm(asked.trim().replace(ASKED_OF_YOU, ""))} is a no.`,
    )
    .replace(REFUSAL_AFTER, (_all, said: string) => `${restateHarm(said.trim())} is a no.`)
    .replace(NOT_UP_FOR_DEBATE, "is a must");
}

function restateHarm(said: string): string {
  const harm = HARMED_ME.exec(said);
  return harm && !/^\s*(?:it|that|this|he|she|they|i|my|our)\b/i.test(harm[1] ?? "") ? (harm[1] ?? said).trim() : said;
}

/** A sentence that says what the person enjoys ("I love ...", "I'm into ..."), not what they refuse. */
const LIKING =
  /^\s*(?:(?:and|also|but)\s+)?(?:i|we)(?:\s+(?:really|truly|absolutely|also|just|do))?\s+(?:love|like|enjoy|adore|'m\s+into|am\s+into|'m\s+passionate\s+about|am\s+passionate\s+about)\b/i;
/** Any word of refusal turns a liking sentence back into a rule ("I love dogs, so no cat people"). */
const ANY_REFUSAL =
  /\b(?:no|not|never|nobody|none|without|hate|hates|can't|cannot|won't|wouldn't|couldn't|refuse|dealbreaker|deal-breaker|but|except|unless)\b|n't\b/i;

/** The stating clauses of a text, each with whether its sentence only says what the person enjoys. */
function clausesWithMood(text: string): { raw: string; liking: boolean; accepting: boolean }[] {
  const sentences = straightApostrophes(text).match(/[^.!?\n]+[.!?]*/g) ?? [];
  return sentences.flatMap((sentence) => {
    const liking = LIKING.test(sentence) && !ANY_REFUSAL.test(sentence);
    const accepting = ACCEPTANCE.test(sentence);
    return statementClauses(sentence).map((raw) => ({ raw, liking, accepting }));
  });
}

function lowerFirst(text: string): string {
  return /^(?:[A-Z][a-z]|A\s)/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

// Sam reads dealbreakers in English; a clause in another language is left unread rather than
// turned into a question of foreign words.
const ENGLISH = new Set(
  "a an the and or of to in is are who that with no not my for on someone anyone people i you it be have has do does any".split(
    " ",
  ),
);
const NOT_ENGLISH = new Set(
  "el la los las un una unos unas y que en de del por para con sin es son muy je le les des et ne pas une est sont avec pour dans qui ich und der die das nicht ist mit eine".split(
    " ",
  ),
);

function looksEnglish(clause: string): boolean {
  const words = clause.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const english = words.filter((w) => ENGLISH.has(w)).length;
  const other = words.filter((w) => NOT_ENGLISH.has(w)).length;
  return other === 0 || english > other || (other < 2 && english > 0);
}

/** The question Sam asks a candidate who left a limit's topic unanswered. */
export function limitQuestion(limit: LimitId): { question: string; endsOn: "yes" | "no" } {
  return LIMIT_QUESTIONS[limit];
}

/** Words that take an item back: "no, debts are fine", "I didn't mean smoking". */
const TAKE_BACK =
  /\b(?:no|not|don't|doesn't|didn't|isn't|aren't|fine|ok|okay|wrong|never mind|remove|take out|forget|doesn't matter|don't care|i meant|misunderstood)\b/i;

function stemsOf(text: string): Set<string> {
  return new Set(contentWords(text).map((word) => stem(word.replace(/'s$/, ""))));
}

/**
 * A correction typed under Sam's read-back, applied at once: a clause that takes back something
 * Sam read ("debts are fine", "I didn't mean kids") removes the items it names; any other clause
 * is read as one more dealbreaker and added.
 */
export function applyCorrection(
  items: readonly ReadingItem[],
  correction: string,
  own: { facts: Facts; selfText: string },
): ReadingItem[] {
  let kept = [...items];
  const added: string[] = [];
  for (const clause of statementClauses(stripInstructions(correction))) {
    const said = stemsOf(clause);
    const named = kept.filter((item) => {
      const label =
        item.kind === "limit" ? `${item.words} ${LIMIT_READ_BACK[item.limit]}` : `${item.label} ${item.words}`;
      return [...stemsOf(label)].some((s) => said.has(s));
    });
    if (named.length > 0 && TAKE_BACK.test(clause)) {
      kept = kept.filter((item) => !named.includes(item));
    } else if (named.length === 0) {
      added.push(clause);
    }
  }
  const fresh = added.length > 0 ? readDealbreakers(added.join(". "), own) : [];
  const ids = new Set(kept.map((item) => item.id));
  return [...kept, ...fresh.filter((item) => !ids.has(item.id))].slice(0, READING_MAX_ITEMS);
}
