// The chat's user-facing texts, to the letter (see shared/messages.ts). The two the first page
// shows (chatFailed, guestHistoryReminder) are in shell/messages.ts.

export const CHAT_MESSAGES = {
  samTangled: "Oops, I got tangled in my web! Let's try that again. What's on your mind?",
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
