// The app shell's texts. FIRST_PAGE_MESSAGES are the few messages the first page (app shell and
// guest chat) shows: MESSAGES includes them, but they live apart so that the first page does not
// download the whole table (the first page's JavaScript budget). Import them from here only there.
export const FIRST_PAGE_MESSAGES = {
  offline: "Working offline - Some features may be limited",
  // The chat's failure reply
  chatFailed: "Sorry, something went wrong. Could you try again?",
  // ours: a message to Sam while offline; the draft stays in the box
  chatOffline:
    "You're offline, so Sam can't hear you right now. Your message is kept here: send it once you're back online.",
  // ours: a screen that could not be shown (its code did not download, even after retrying once online)
  screenLoadFailed: "This page could not be loaded. Check your connection and try again.",
  // ours: guests are reminded that their chat is saved only once logged in; the words are ours
  // ours: Sam on the home screen while the browser is offline (the app shell opens from the device)
  samOffline:
    "I can't reach my web while you're offline. Everything we've talked about is kept safe: I'll be right here when you're back online.",
  // ours: a new release is installed and waits for a reload (the service worker)
  updateReady: "A new version of Sam's Web is ready.",
  updateReload: "Reload",
  guestHistoryReminder:
    "Just so you know, I can only save our chat if you're logged in. Sign up or log in any time and everything we've talked about will come with you!",
} as const;

/** Header link text for a signed-in user: "Welcome, {display name}!" */
export function welcome(displayName: string): string {
  return `Welcome, ${displayName}!`;
}
