import { isAppleMobile } from "@sams-web/domain/notifications/rules";
import { serviceWorkerReady } from "../../lib/service-worker.ts";
import { fetchPushKey, removeSubscription, saveSubscription } from "./api.ts";

// This device's Web Push: whether the browser can, whether the person allowed it, and the
// subscription itself (made with the server's public key, and handed to the server).

export type DeviceState =
  /** No service worker or no push in this browser. */
  | "unsupported"
  /** iPhone or iPad in a browser tab: push works only in the app added to the Home Screen. */
  | "needsHomeScreen"
  /** The person (or a policy) blocked notifications for this site. */
  | "blocked"
  | "off"
  | "on";

function standalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

export async function deviceState(): Promise<DeviceState> {
  const pushable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!pushable) {
    return isAppleMobile(navigator.userAgent, navigator.maxTouchPoints) && !standalone()
      ? "needsHomeScreen"
      : "unsupported";
  }
  if (Notification.permission === "denied") return "blocked";
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription || Notification.permission !== "granted") return "off";
  // The server may not know it under this sign-in yet (signed in again on this device): tell it.
  await saveSubscription(subscription.toJSON());
  return "on";
}

/** Asks for permission if needed, subscribes this device and tells the server. */
export async function turnOn(): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const ready = await serviceWorkerReady();
  const existing = await ready.pushManager.getSubscription();
  const subscription =
    existing ??
    (await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(await fetchPushKey()),
    }));
  await saveSubscription(subscription.toJSON());
  return "on";
}

/**
 * Unsubscribes this device, here and on the server. Used by the switch, and on signing out (the
 * server also drops it with the sign-in; this makes the browser forget it too).
 */
export async function turnOff(): Promise<DeviceState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await removeSubscription(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return "off";
}

/** On signing out: this device stops receiving the person's news. Never fails the sign-out. */
export async function forgetThisDevice(): Promise<void> {
  await turnOff().catch(() => undefined);
}
