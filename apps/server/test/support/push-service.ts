import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A push service of our own on 127.0.0.1, standing in for the browsers' (which this machine cannot
// reach), and the device's side of Web Push: subscriptions with real keys, and the decryption of
// what arrives (RFC 8291 over RFC 8188 aes128gcm), written here from the RFCs with node:crypto, so
// the test checks the server's encryption against the protocol rather than against the library
// that produced it.

export interface ReceivedPush {
  /** The path the push was posted to: which subscription it was for. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** When it arrived in full (Date.now()): the benchmark's delivery time. */
  at: number;
}

export interface FakeDevice {
  /** The subscription as a browser's PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts a push sent to this device; throws if it does not decrypt. */
  decrypt(body: Buffer): string;
}

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** A new device subscribed at this push service. */
  device(): FakeDevice;
  /** How the service answers pushes to a path from now on (201 by default; 410 once unsubscribed). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, padding delimiter 0x02. */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no final-record padding delimiter");
  return padded.subarray(0, end).toString("utf8");
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), at: Date.now() });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    device() {
      const ecdh = createECDH("prime256v1");
      const uaPublic = ecdh.generateKeys();
      const uaPrivate = ecdh.getPrivateKey();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(8).toString("hex")}`;
      return {
        subscription: {
          endpoint,
          keys: { p256dh: uaPublic.toString("base64url"), auth: authSecret.toString("base64url") },
        },
        decrypt: (body) => decryptAes128gcm(body, uaPrivate, uaPublic, authSecret),
      };
    },
    answer(path, status) {
      statuses.set(path, status);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
