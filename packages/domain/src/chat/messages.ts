// The chat's user-facing texts, to the letter (see shared/messages.ts). The two the first page
// shows (chatFailed, guestHistoryReminder) are in shell/messages.ts.

export const CHAT_MESSAGES = {
  samTangled: "Oops, I got tangled in my web! Let's try that again. What's on your mind?",
  // ours: after the interview, Sam points at the next thing to do
  nextStepPhotos: "Our interview is complete! Next, add at least 2 photos, so the people I find can see you.",
  nextStepPhotosLink: "Upload photos",
  nextStepSettings: "Our interview is complete! Next, finish your settings, and I can begin searching for you.",
  nextStepSettingsLink: "Go to Settings",
  nextStepSearch:
    "Everything is ready. I search for you by myself once a day while you are Still Looking, and you can begin a search from Settings whenever you like.",
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
} as const;
