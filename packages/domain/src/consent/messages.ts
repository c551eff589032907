// The cookie preferences' and analytics' user-facing texts (see shared/messages.ts).

export const CONSENT_MESSAGES = {
  // ours: what happens when the profile copy cannot be saved, and an event sent without consent
  consentSaveFailed: "We could not save your cookie preferences to your profile. They are saved in this browser.",
  analyticsConsentMissing: "Analytics is off: no consent was given.",
} as const;
