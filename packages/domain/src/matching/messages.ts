// The search's and the matches' user-facing texts, to the letter (see shared/messages.ts).

export const MATCHING_MESSAGES = {
  // ── Search errors ──────────────────────────────────────────────────────────────────────
  zipNotFound: "ZIP code not found. Please enter a valid US ZIP code.",
  profileNotFound: "Profile not found. Please try again.",
  searchUnauthenticated: "You must be signed in to search for matches.",
  searchFailed: "Failed to search for matches. Please try again.",

  // ── Search flow progress ───────────────────────────────────────────────────────────────
  generatingNarrative: "Generating your narrative...",
  searchingForMatches: "Searching for matches...",
  potentialMatchesChecking: "Potential matches found, checking compatibility!",
  potentialMatchesFound: "Potential matches found! Visit Sam to view user photos.",
  noPotentialMatches:
    "Sorry no potential matches found, would you like to expand your geographic or age range and try again?",

  // ── Begin Search gating, in the order the rules are checked (searchBlocker) ────────────
  verifyEmailToSearch: "Please verify your email to begin search.",
  completeOnboardingToSearch: "Please complete onboarding to begin search.",
  uploadPicturesToSearch: "Please upload enough pictures to begin search.",
  enterZipToSearch: "Please enter your ZIP code to begin search.",
  enterBirthdayToSearch: "Please enter your birthday to begin search.",
  setStatusActiveToSearch: 'Set your status to "Still Looking" to begin search.',
  searchInProgress: "A search is in progress.",
  // ours: the daily search allowance (SEARCHES_PER_DAY)
  searchDailyLimit: "Sam can search 3 times a day for you. Please try again tomorrow.",

  // ── Matches ────────────────────────────────────────────────────────────────────────────
  profileNotActive: "Your profile is not active. Please update your status to see matches.",
  matchCooldown:
    "You have recently accepted a match. Please give that user a chance to respond and/or get to know them. New matches may be available again in 30 days.",
  matchesLoadFailed: "Error loading matches. Please try again.",
  noEligibleMatches: "No eligible matches available at this time. Check back later!",
  confirmMatchFailed: "Failed to confirm match. Please try again.",
  // ours: the server's confirmation message, whose wording is not prescribed
  matchConfirmedWaiting: "Thank you for confirming! We'll email you both as soon as your match confirms too.",
  matchConnected: "It's a match! We've sent you both an email introduction. Say hello soon!",
  // ours: a match action the server refuses
  matchNotFound: "There is no such match.",
  matchTransitionRefused: "This match cannot change that way.",
  followupsRemain: "Please answer Sam's remaining questions about this match first.",
  // ours: the photo review could not save 'Set free' or 'Keep in your web'
  photoReviewFailed: "We couldn't save your choice. Please try again.",
  // ours: both people kept each other in photo review (the chat, the header and an email say so)
  mutualMatchNotice: "Someone you kept in your web kept you too! Have a look at your pending match.",
  mutualMatchLink: "See your pending match",
  mutualMatchMailSubject: "Someone kept you in their web",
  // ours: on the pending match page, before 'Confirm and Connect'
  confirmSharesEmail:
    "Confirm and Connect shares your email address with them. If they confirm too, we email you both an introduction.",
  // ours: 'Set free' on the pending match page is done
  matchSetFree: "You set them free. Sam will keep looking for you.",

  // ── Your web, and the moments along the way (ours) ─────────────────────────────────────
  yourWebEmpty:
    "Nobody is in your web yet. When Sam finds someone who may fit, they appear here, with where things stand.",
  // ours: the search found only pairs that wait for the other person's answers
  searchWaitingForAnswers:
    "Sam found someone who may fit you and is asking them a few questions first. Sam will tell you as soon as they answer.",
  // ours: an empty search that was the day's last (SEARCHES_PER_DAY)
  lastSearchToday: "That was your last search for today: widen your range now, and Sam can search again tomorrow.",
  // ours: above the list of what Begin Search still needs
  searchNeeds: "Before Sam can search, please:",
  waitingForAnswersNotice: "I'm checking with someone who may fit you; I'll tell you as soon as they answer.",
  matchMomentTitle: "It's a match!",
  firstMessageTip:
    "A good first message is short and personal: pick up something you both love, ask one real question, and suggest something simple, like a coffee or a walk.",
  // ours: below 'No eligible matches…' on the pending match page, which an emailed link may open late
  pendingMatchEnded:
    "If a link from Sam's email brought you here, that match has ended since. Your web shows everyone Sam is talking to you about.",
  matchMomentNotFound: "This match is not in your web. Your web shows everyone you are connected with.",

  // ── What happened after a connection (ours: the question and its answers are named) ─────
  outcomeQuestion: "Did you meet?",
  outcomeMet: "Yes, we met",
  outcomeTalked: "We talked but didn't meet",
  outcomeDidNotTalk: "We didn't talk",
  outcomeRecorded: "Thank you! Sam has noted your answer.",
  outcomeLinkExpired: "This link has expired: Sam takes answers for 7 days after asking. Thank you all the same!",
  outcomeLinkInvalid: "This link is not valid. Please use a link from Sam's email or chat as it came.",
  outcomeAnswerFailed: "We couldn't save your answer. Please try again.",
} as const;

/** The label of each answer (MATCH_OUTCOMES), as the email, the chat and the confirmation page show it. */
export const OUTCOME_LABELS = {
  met: MATCHING_MESSAGES.outcomeMet,
  talked: MATCHING_MESSAGES.outcomeTalked,
  didNotTalk: MATCHING_MESSAGES.outcomeDidNotTalk,
} as const;

const OUTCOME_CHOICES = `${MATCHING_MESSAGES.outcomeMet} / ${MATCHING_MESSAGES.outcomeTalked} / ${MATCHING_MESSAGES.outcomeDidNotTalk}`;

/** Sam's message in the person's chat, fourteen days after they connected; the answers sit below it. */
export function outcomeChatMessage(firstName: string): string {
  return `It has been two weeks since you and ${firstName} connected. ${MATCHING_MESSAGES.outcomeQuestion} ${OUTCOME_CHOICES}: one tap on your answer below, or in my email, tells me. Only I ever see it, and it helps me find better matches.`;
}

/** The note above the chat's answer buttons while the answer may still change; `answer` is a label. */
export function outcomeNotice(firstName: string, answer: string | null): string {
  return answer === null
    ? `Did you meet ${firstName}?`
    : `You told me about ${firstName}: "${answer}". Tap another answer to change it.`;
}

/**
 * The paragraphs of the email that asks, around its three answer links. The email names no date:
 * the server does not know the reader's time zone, so the window is said as a week.
 */
export function outcomeMailText(name: string, firstName: string) {
  return {
    subject: `Did you meet ${firstName}?`,
    greeting: `Hi ${name},`,
    question: `It has been two weeks since you and ${firstName} connected on Sam's Web. ${MATCHING_MESSAGES.outcomeQuestion} One tap on your answer tells Sam:`,
    after: `You can change your answer with another link for 7 days. ${firstName} never sees it: it only helps Sam find better matches.`,
    signature: "Sam",
  };
}

/** Under a recorded answer (in the browser, so the date is the reader's own): until when it may change. */
export function outcomeChangeUntil(answerUntil: number): string {
  const day = new Date(answerUntil).toLocaleDateString("en-US", { month: "long", day: "numeric" });
  return `Changed your mind? Another answer from the same email or chat replaces this one until ${day}.`;
}

/** What each stage of "Your web" is called (WEB_STAGES). */
export const WEB_STAGE_LABELS = {
  questionsForYou: "Sam has questions for you",
  photosToReview: "Photos to review",
  pendingMatch: "Pending match",
  waitingForThem: "Waiting for their answers",
  keptWaiting: "You kept them, waiting for their answer",
  confirmedWaiting: "You confirmed, waiting for them",
  connected: "Connected",
} as const;

/**
 * What a stage means for the person, in a sentence. `name` is the other's first name where the
 * stage may name them (webStageShowsPerson), else null; connected entries give their email.
 */
export function webStageDetail(
  stage: keyof typeof WEB_STAGE_LABELS,
  name: string | null,
  email: string | null = null,
): string {
  const them = name ?? "them";
  switch (stage) {
    case "questionsForYou":
      return "Sam found someone who may fit you and has a few questions for you first. Answer them in the chat.";
    case "waitingForThem":
      return MATCHING_MESSAGES.waitingForAnswersNotice;
    case "photosToReview":
      return `Have a look at ${them}'s photos, then set ${them} free or keep ${them} in your web.`;
    case "keptWaiting":
      return `You kept ${them} in your web. If ${them} keeps you too, Sam tells you at once.`;
    case "pendingMatch":
      return `You kept each other! Confirm and Connect to share your email addresses with ${them}.`;
    case "confirmedWaiting":
      return `You confirmed. When ${them} confirms too, Sam emails you both an introduction.`;
    case "connected":
      return email ? `You are connected: write to ${them} at ${email}.` : "You are connected.";
  }
}

/** After 'Keep in your web': what happens next. */
export function keptNotice(firstName: string): string {
  return `You kept ${firstName} in your web. If ${firstName} keeps you too, Sam tells you at once and asks you both to confirm.`;
}

/** Before 'Set free' ends a pair for good: asked once. */
export function setFreeQuestion(firstName: string): string {
  return `Set ${firstName} free? Sam will not pair you two again.`;
}

/** After 'Confirm and Connect' while the other has not confirmed yet: what happens next. */
export function confirmedNotice(firstName: string): string {
  return `When ${firstName} confirms too, you both get an email introduction, and ${firstName}'s address appears in Your web. Until then, ${firstName} waits there for you.`;
}

/** The match moment's first line: both first names. */
export function matchMomentLead(myName: string, theirName: string): string {
  return `${myName} and ${theirName}, you kept each other in your webs and both confirmed.`;
}

/** The match moment's mail link. */
export function writeTo(firstName: string): string {
  return `Write to ${firstName}`;
}
