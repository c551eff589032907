import type { PushPayload } from "@sams-web/domain/notifications/rules";
import { PUSH_TTL_SECONDS } from "@sams-web/domain/notifications/rules";
import webpush from "web-push";
import { isAllowedEndpoint } from "./push-services.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** One device's subscription: its push service's address and its keys (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * sent: the push service took it; gone: the subscription no longer exists (404 or 410: the device
 * unsubscribed or the browser dropped it), so it must be forgotten; failed: anything else (the
 * service is down, refused us, or did not answer in time).
 */
export type PushResult = "sent" | "gone" | "failed";

export interface PushSender {
  /** The public key browsers subscribe with (base64url). */
  readonly publicKey: string;
  /** Whether we would send to this endpoint (one of the allowed push services). */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  /** Who the push services may contact: a mailto: or https: URL. */
  subject: string;
  /** Origin patterns of the push services we send to (push-services.ts). */
  services: readonly string[];
  /** How long one push may take; default 10 s. */
  timeoutMs?: number;
}

/**
 * Web Push with the `web-push` library: it encrypts the payload for the device (aes128gcm, RFC
 * 8291) and signs our claim to the push service (VAPID, RFC 8292); the request it prepares is sent
 * with fetch, which also speaks plain HTTP to a test's local push service. A push's topic is its
 * kind, so a push service that still holds an undelivered one of the same kind replaces it.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const accepts = (endpoint: string) => isAllowedEndpoint(endpoint, options.services);
  return {
    publicKey: options.keys.publicKey,
    accepts,
    async send(target, payload) {
      if (!accepts(target.endpoint)) return "gone";
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.subject, ...options.keys },
          TTL: PUSH_TTL_SECONDS,
          urgency: "normal",
          topic: payload.tag,
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          // fetch sets the length of the body itself.
          .filter(([name]) => name.toLowerCase() !== "content-length")
          .map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return "gone";
        return response.ok ? "sent" : "failed";
      } catch {
        return "failed";
      }
    },
  };
}
