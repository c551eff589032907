/** The 'Cookie Preferences' banner (consent feature), rendered by the app shell. */
export function CookieBanner() {
  return null;
}
