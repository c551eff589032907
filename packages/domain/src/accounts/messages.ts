// The accounts' user-facing texts, to the letter (see shared/messages.ts for the conventions).

export const ACCOUNTS_MESSAGES = {
  // ── Login and sign-up ──────────────────────────────────────────────────────────────────
  authFailed: "Authentication failed. Please try again.",
  emailInUse: "Email already in use.",
  passwordTooShort: "Password must be at least 6 characters.",
  invalidEmail: "Invalid email address.",
  invalidCredentials: "Invalid email or password.",
  googleAuthFailed: "Google authentication failed. Please try again.",
  passwordsDoNotMatch: "Passwords do not match",
  // ours: the server's password policy, shown when it refuses a password the form accepted
  passwordPolicy: "Please choose a password of at least 8 characters that is not a commonly used password.",
  // ours: the rule, stated under the sign-up and reset forms' password field before anyone types
  passwordRuleHint: "At least 8 characters, and not a commonly used password.",
  googleNotConfigured: "Google sign-in is not configured on this server. Please use your email and password.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  // The bot check and the cross-site guard, in front of sign-up, password reset and guest chat
  securityCheckFailed: "Security check failed. Please refresh and try again.",
  // ours: the browser answers it by itself, solving the harder check and signing in again
  harderCheckRequired: "This account needs a longer security check. Please try again.",
  // Shown while a sign-up moves the guest conversation into the new account
  creatingProfile: "Creating your profile and saving your conversation...",
  // ours: said once the account exists, before the panel closes: the link is in their inbox
  checkYourEmailTitle: "Check your email",
  checkYourEmailSentTo: "We sent a verification link to",
  checkYourEmail: "Open it to verify your address: Sam needs that before a search. Meanwhile, carry on with Sam.",

  // ── Settings: the account's part ───────────────────────────────────────────────────────
  resendVerificationFailed: "Could not resend verification email.",
  verificationEmailSent: "Verification email sent. Check your inbox.",
  // ours: VERIFICATION_EMAILS_PER_DAY reached for the mailbox
  verificationEmailDailyLimit:
    "We have sent this address the most verification emails we send in a day. Please look for them in your inbox (and spam folder), or try again tomorrow.",
  logoutFailed: "Logout failed. Please try again.",
  deleteAccountFailed: "Failed to delete account. Please try again.",
  reauthWithPassword: "This is a sensitive operation. Please re-enter your password to delete your account.",
  googleReauthFailed: "Failed to re-authenticate with Google. Please try again.",
  reauthFailed: "Failed to reauthenticate. Please check your password and try again.",
  noAuthenticatedUser: "No authenticated user.",
  // ours: deletion asks for the typed word, and says what it removes
  deleteConfirmationRequired: "Please type 'delete' to confirm.",
  // ours: a Google account re-authenticates in a popup before deletion
  reauthWithGoogle: "This is a sensitive operation. Please sign in with Google again to delete your account.",
  deleteAccountConfirm: "This permanently deletes your account, profile, conversations, matches and photos.",
  // ours: said up front to a Google account, which may have to sign in again before deletion
  deleteWithGoogleNote: "If you signed in a while ago, Google will ask you to sign in again.",
  // ours: the screen after a deletion
  accountDeletedTitle: "Your account is deleted",
  accountDeletedDetail:
    "Your profile, conversations, matches and photos are gone. We sent a short confirmation to the email address the account had. Thank you for letting Sam help.",

  // ── Password reset and email verification ──────────────────────────────────────────────
  emailVerified: "Email Verified!",
  // ours: what comes after a verified address, by where the person stands
  verifiedNextChat: "Thank you. Sam is waiting to carry on your conversation.",
  verifiedNextSettings:
    "Thank you. Your interview with Sam is done: what is left is in Settings (your ZIP code, birthday, photos and Still Looking).",
  verificationFailed: "Verification Failed",
  verificationFailedDetail: "There was a problem verifying your email. The link may have expired or already been used.",
  // ours: a link verifies only the account signed in where it is opened (so it never hands an
  // account to a stranger who registered someone else's address)
  verifySignInTitle: "Log in to verify your email",
  verifySignInFirst:
    "This link verifies the account it was sent for. Log in to that account here, and your email will be verified.",
  verifyOtherAccount:
    "This link was sent for another account. Log out, then log in to the account it was sent for to verify it.",
  invalidResetLink: "Invalid or expired password reset link.",
  resetFailed: "Failed to reset password. The link may have expired.",
  resetLinkSent: "If an account exists for this email, a password reset link has been sent.",
  passwordResetSuccess: "Your password has been reset successfully! You can now log in.",
  resetPasswordsDoNotMatch: "Passwords do not match.",
  resetPasswordTooShort: "Password must be at least 6 characters long.",
} as const;
