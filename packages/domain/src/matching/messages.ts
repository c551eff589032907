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
} as const;
