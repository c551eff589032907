// The app's pages: every path the browser app answers, named once, with the title each page
// gives the browser tab. The web app builds its routes and links from them; the server answers
// any other path with the app's not-found page and a 404 status.

export const APP_PATHS = {
  home: "/",
  settings: "/settings",
  terms: "/terms",
  privacy: "/privacy",
  verifyEmail: "/verify-email",
  faq: "/faq",
  resetPassword: "/reset-password",
  matchConfirmation: "/match-confirmation",
  californiaPrivacy: "/california-privacy",
  privacySettings: "/privacy-settings",
  photoUpload: "/photo-upload",
  matchOutcome: "/match-outcome",
  unsubscribe: "/unsubscribe",
  yourWeb: "/your-web",
  itsAMatch: "/its-a-match",
  yourStory: "/your-story",
  accountDeleted: "/account-deleted",
} as const;

export type AppPath = (typeof APP_PATHS)[keyof typeof APP_PATHS];

export const SITE_NAME = "Sam's Web";

/** Each page's own name in the browser tab, before the site's name. */
const PAGE_NAMES: Readonly<Record<AppPath, string | null>> = {
  "/": null,
  "/settings": "Settings",
  "/terms": "Terms of Service",
  "/privacy": "Privacy Policy",
  "/verify-email": "Verify your email",
  "/faq": "FAQ",
  "/reset-password": "Reset your password",
  "/match-confirmation": "Your pending match",
  "/california-privacy": "California privacy rights",
  "/privacy-settings": "Privacy settings",
  "/photo-upload": "Your photos",
  "/match-outcome": "Did you meet?",
  "/unsubscribe": "Unsubscribe",
  "/your-web": "Your web",
  "/its-a-match": "It's a match!",
  "/your-story": "Your story",
  "/account-deleted": "Account deleted",
};

const NOT_FOUND_NAME = "Page not found";

export function isAppPath(pathname: string): pathname is AppPath {
  return Object.hasOwn(PAGE_NAMES, pathname);
}

/** The document title of a path: "Settings — Sam's Web", the site's name alone on the home page. */
export function documentTitle(pathname: string): string {
  const name = isAppPath(pathname) ? PAGE_NAMES[pathname] : NOT_FOUND_NAME;
  return name ? `${name} — ${SITE_NAME}` : SITE_NAME;
}

/** The moderators' page's title (only a moderator's browser shows it; see MODERATION_PAGE_PATH). */
export const MODERATION_TITLE = `Moderation — ${SITE_NAME}`;
