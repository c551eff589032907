// The privacy requests' and data export's user-facing texts (see shared/messages.ts).

export const PRIVACY_MESSAGES = {
  // ours: the buttons are named, the answers are not
  optOutRecorded: "Your request to opt out of the sale or sharing of your personal information has been recorded.",
  limitRecorded: "Your request to limit the use of your sensitive personal information has been recorded.",
  privacyRequestFailed: "We could not record your request. Please try again.",
  exportFailed: "We could not prepare your data. Please try again.",
} as const;
