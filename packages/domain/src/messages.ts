import { PHOTOS_MAX, PHOTOS_MIN } from "./constants.ts";
import { FIRST_PAGE_MESSAGES } from "./first-page-messages.ts";

// Every user-facing message of the spec, quoted to the letter (punctuation included: the spec
// spells some sentences twice with and without a final period, and both spellings are kept).
// Entries marked "ours" fill gaps where the spec needs a message but does not give one.
// Server and web both show text from this table, so an API error carries a code, not prose.

export const MESSAGES = {
  ...FIRST_PAGE_MESSAGES,
  // ── Auth: login and sign-up (SPEC section 8) ───────────────────────────────────────────
  authFailed: "Authentication failed. Please try again.",
  emailInUse: "Email already in use.",
  passwordTooShort: "Password must be at least 6 characters.",
  invalidEmail: "Invalid email address.",
  invalidCredentials: "Invalid email or password.",
  googleAuthFailed: "Google authentication failed. Please try again.",
  passwordsDoNotMatch: "Passwords do not match",
  // ours: the server's password policy, shown when it refuses a password the form accepted
  passwordPolicy: "Please choose a password of at least 8 characters that is not a commonly used password.",
  googleNotConfigured: "Google sign-in is not configured on this server. Please use your email and password.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",

  // ── Settings (SPEC section 8 and 4) ────────────────────────────────────────────────────
  settingsSaveFailed: "Failed to save settings.",
  settingsSaved: "Settings saved!",
  statusUpdateFailed: "Failed to update status. Please try again.",
  statusUpdatedActive: "Status updated to still looking",
  statusUpdatedUnavailable: "Status updated to unavailable",
  resendVerificationFailed: "Could not resend verification email.",
  verificationEmailSent: "Verification email sent. Check your inbox.",
  logoutFailed: "Logout failed. Please try again.",
  deleteAccountFailed: "Failed to delete account. Please try again.",
  reauthWithPassword: "This is a sensitive operation. Please re-enter your password to delete your account.",
  googleReauthFailed: "Failed to re-authenticate with Google. Please try again.",
  reauthFailed: "Failed to reauthenticate. Please check your password and try again.",
  noAuthenticatedUser: "No authenticated user.",
  nameUpdated: "Name updated successfully!",
  searchDataLoadFailed: "Error loading search data.",
  birthdayRequiredForAgeRange: "Please enter a valid birthday to set age preferences",
  // ours: the spec requires these fields but gives no wording
  displayNameRequired: "Please enter your name.",
  displayNameTooLong: "Please keep your name to 50 characters or fewer.",
  nameChangeOnly: "Only your name can be changed here.",
  unexpectedFields: "This request has fields that cannot be set here.",
  zipInvalid: "Please enter a 5-digit US ZIP code.",
  birthdayInvalid: "Please enter a valid birthday.",
  birthdayTooEarly: "Please enter a birthday in 1900 or later.",
  birthdayTooYoung: "You must be at least 18 years old to use Sam's Web.",
  radiusInvalid: "Please choose a search radius from 1 to 500 miles.",
  ageRangeOutOfBounds: "Please choose a minimum age from 18 up to 5 years below your own age.",
  deleteConfirmationRequired: "Please type 'delete' to confirm.",
  // ours: a Google account re-authenticates in a popup before deletion
  reauthWithGoogle: "This is a sensitive operation. Please sign in with Google again to delete your account.",
  deleteAccountConfirm: "This permanently deletes your account, profile, conversations, matches and photos.",
  statusChangeNotAllowed:
    "Please verify your email, complete your chat with Sam and upload your photos before changing your status.",

  // ── Search errors (SPEC section 8) ─────────────────────────────────────────────────────
  zipNotFound: "ZIP code not found. Please enter a valid US ZIP code.",
  profileNotFound: "Profile not found. Please try again.",
  searchUnauthenticated: "You must be signed in to search for matches.",
  searchFailed: "Failed to search for matches. Please try again.",

  // ── Search flow progress (SPEC section 4) ──────────────────────────────────────────────
  generatingNarrative: "Generating your narrative...",
  searchingForMatches: "Searching for matches...",
  potentialMatchesChecking: "Potential matches found, checking compatibility!",
  potentialMatchesFound: "Potential matches found! Visit Sam to view user photos.",
  noPotentialMatches:
    "Sorry no potential matches found, would you like to expand your geographic or age range and try again?",

  // ── Begin Search gating, in the spec's order (SPEC section 5) ──────────────────────────
  verifyEmailToSearch: "Please verify your email to begin search.",
  completeOnboardingToSearch: "Please complete onboarding to begin search.",
  uploadPicturesToSearch: "Please upload enough pictures to begin search.",
  enterZipToSearch: "Please enter your ZIP code to begin search.",
  enterBirthdayToSearch: "Please enter your birthday to begin search.",
  setStatusActiveToSearch: 'Set your status to "Still Looking" to begin search.',
  searchInProgress: "A search is in progress.",

  // ── Chat (SPEC section 8 and 4) ────────────────────────────────────────────────────────
  samTangled: "Oops, I got tangled in my web! Let's try that again. What's on your mind?",
  securityCheckFailed: "Security check failed. Please refresh and try again.",
  // ours: the chat's limits and input checks
  chatMessageEmpty: "Please type a message first.",
  chatMessageTooLong: "Please keep each message to 2,000 characters or fewer.",
  chatHistoryTooLong: "This conversation is too long to continue here. Please sign up to keep chatting with Sam.",
  chatReplyInFlight: "Sam is still answering your last message. Please wait for the reply.",
  chatRateLimited: "You're sending messages faster than Sam can spin! Please wait a minute and try again.",
  chatDailyLimit: "You've chatted a lot with Sam today. Please come back tomorrow to continue.",
  followupNotQueued: "That follow-up question is not waiting for an answer.",
  followupNeedsAccount: "Please log in to answer follow-up questions.",
  guestHistoryUnverified:
    "This conversation could not be verified as your chat with Sam, so it was not saved to your account.",

  // ── Password reset and email verification (SPEC sections 2 and 8) ──────────────────────
  emailVerified: "Email Verified!",
  verificationFailed: "Verification Failed",
  verificationFailedDetail: "There was a problem verifying your email. The link may have expired or already been used.",
  invalidResetLink: "Invalid or expired password reset link.",
  resetFailed: "Failed to reset password. The link may have expired.",
  resetLinkSent: "If an account exists for this email, a password reset link has been sent.",
  passwordResetSuccess: "Your password has been reset successfully! You can now log in.",
  resetPasswordsDoNotMatch: "Passwords do not match.",
  resetPasswordTooShort: "Password must be at least 6 characters long.",

  // ── Matches (SPEC section 8) ───────────────────────────────────────────────────────────
  profileNotActive: "Your profile is not active. Please update your status to see matches.",
  matchCooldown:
    "You have recently accepted a match. Please give that user a chance to respond and/or get to know them. New matches may be available again in 30 days.",
  matchesLoadFailed: "Error loading matches. Please try again.",
  noEligibleMatches: "No eligible matches available at this time. Check back later!",
  confirmMatchFailed: "Failed to confirm match. Please try again.",
  // ours: the spec shows the server's confirmation message without giving its words
  matchConfirmedWaiting: "Thank you for confirming! We'll email you both as soon as your match confirms too.",
  matchConnected: "It's a match! We've sent you both an email introduction. Say hello soon!",
  // ours: a match action the server refuses
  matchNotFound: "There is no such match.",
  matchTransitionRefused: "This match cannot change that way.",
  followupsRemain: "Please answer Sam's remaining questions about this match first.",
  // ours: the photo review could not save 'Set free' or 'Keep in your web'
  photoReviewFailed: "We couldn't save your choice. Please try again.",

  // ── Photos (SPEC sections 5 and 8) ─────────────────────────────────────────────────────
  photosLoadFailed: "Could not load existing photos.",
  photosSaveFailed: "Failed to save photos. Please try again.",
  photosSaved: "Photos saved successfully!",
  notAnImage: "Please upload an image file",
  imageTooSmall: "Images must be at least 560x560 pixels",
  tooFewPhotos: "Please upload at least 2 photos",
  maxPhotosUploaded: "Maximum photos uploaded",
  // ours: the server's answers to an upload it refuses
  tooManyPhotos: "Please upload at most 5 photos",
  photoNotJpeg: "Photos must be JPEG images.",
  photoWrongSize: "Each photo must be exactly 560x560 pixels.",
  photoUnreadable: "This photo could not be read. Please choose another.",
  photoTooLarge: "This photo file is too large.",

  // ── App shell (SPEC section 2); the first page's own messages are in first-page-messages.ts ──
  creatingProfile: "Creating your profile and saving your conversation...",

  // ── Consent and privacy requests (ours: the spec names the buttons, not the answers) ──
  optOutRecorded: "Your request to opt out of the sale or sharing of your personal information has been recorded.",
  limitRecorded: "Your request to limit the use of your sensitive personal information has been recorded.",
  privacyRequestFailed: "We could not record your request. Please try again.",
  consentSaveFailed: "We could not save your cookie preferences to your profile. They are saved in this browser.",
  analyticsConsentMissing: "Analytics is off: no consent was given.",
  exportFailed: "We could not prepare your data. Please try again.",

  // ── Any request (ours) ───────────────────────────────────────────────────────────────
  textHasNulCharacter: "Text cannot contain the NUL character (U+0000). Please remove it and try again.",
} as const;

export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(x: unknown): x is MessageCode {
  return typeof x === "string" && Object.hasOwn(MESSAGES, x);
}

// Photo upload status line (SPEC section 5). "photo(s)" is literal in the spec.

/** 'Upload at least N more photo(s)' */
export function uploadAtLeastMore(n: number): string {
  return `Upload at least ${n} more photo(s)`;
}

/** 'N slots remaining' */
export function slotsRemaining(n: number): string {
  return `${n} slots remaining`;
}

/**
 * The photo upload status line for `count` photos in the list: below the minimum it asks for
 * the missing ones, at the maximum it says so, in between it counts the free slots.
 */
export function photoStatus(count: number): string {
  if (count < PHOTOS_MIN) return uploadAtLeastMore(PHOTOS_MIN - count);
  if (count >= PHOTOS_MAX) return MESSAGES.maxPhotosUploaded;
  return slotsRemaining(PHOTOS_MAX - count);
}

/** Header link text for a signed-in user: "Welcome, {display name}!" */
export function welcome(displayName: string): string {
  return `Welcome, ${displayName}!`;
}
