// Every route of the app, named once: every link and route is built from here.
export const paths = {
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
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
