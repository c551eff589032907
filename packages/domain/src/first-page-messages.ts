// The few messages the first page (app shell and guest chat) shows. They live apart from the
// rest of MESSAGES, which includes them, so that the first page does not download the whole
// table (bench/README.md, initial JavaScript). Import them from here only on that page.
export const FIRST_PAGE_MESSAGES = {
  // App shell (SPEC section 2)
  offline: "Working offline - Some features may be limited",
  // Chat (SPEC section 8)
  chatFailed: "Sorry, something went wrong. Could you try again?",
  // ours: a screen that could not be shown (its code did not download, even after retrying once online)
  screenLoadFailed: "This page could not be loaded. Check your connection and try again.",
  // ours: the spec says guests are reminded, not with which words
  guestHistoryReminder:
    "Just so you know, I can only save our chat if you're logged in. Sign up or log in any time and everything we've talked about will come with you!",
} as const;
