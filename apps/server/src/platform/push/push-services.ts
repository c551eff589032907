// Which push services the server sends Web Push to. A browser hands us its subscription's
// endpoint, an address chosen by its push service; we POST to that address, so without a check a
// made-up "subscription" could make the server send requests anywhere (an internal address, say).
// Only the push services of the browsers people use are allowed, by origin pattern.

/**
 * Chrome, Edge's Chromium and most Chromium browsers (Firebase Cloud Messaging), Firefox
 * (Mozilla's autopush), Edge on Windows (WNS) and Safari on macOS, iPhone and iPad (Apple).
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  "https://fcm.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://*.notify.windows.com",
  "https://*.push.apple.com",
] as const;

const PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/i;

/** "https://*.push.apple.com", "http://127.0.0.1:*": a scheme, a host (maybe "*." first), a port. */
export function isOriginPattern(value: string): boolean {
  return PATTERN.test(value);
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** Whether an endpoint's origin matches one of the patterns (scheme, host and port all). */
export function isAllowedEndpoint(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const port = url.port || DEFAULT_PORTS[url.protocol] || "";
  return patterns.some((pattern) => {
    const match = PATTERN.exec(pattern);
    if (!match) return false;
    const [, scheme = "", wildcard, host = "", patternPort] = match;
    if (`${scheme.toLowerCase()}:` !== url.protocol) return false;
    const hostname = url.hostname.toLowerCase();
    const wanted = host.toLowerCase();
    const hostMatches = wildcard ? hostname.endsWith(`.${wanted}`) : hostname === wanted;
    const portMatches = patternPort === "*" || (patternPort ?? DEFAULT_PORTS[url.protocol]) === port;
    return hostMatches && portMatches;
  });
}
