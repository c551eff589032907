import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_TOKEN_PARAM } from "@sams-web/domain/notifications/contracts";
import { type EmailKind, isEmailKind } from "@sams-web/domain/notifications/rules";

// An unsubscribe link turns one kind of email off for one person with one click and no sign-in,
// so the link itself says whose and which, in a form nobody can alter: the two fields (JSON,
// base64url) and an HMAC-SHA256 of them under a key derived from the auth secret. It does not
// expire: a mail program may offer its unsubscribe button for as long as the email is kept.

export interface UnsubscribeClaim {
  userId: string;
  kind: EmailKind;
}

export interface UnsubscribeSigner {
  sign(claim: UnsubscribeClaim): string;
  /** The claim a token carries if this server signed it as it stands, else null. */
  verify(token: string): UnsubscribeClaim | null;
}

export function createUnsubscribeSigner(secret: string): UnsubscribeSigner {
  const key = createHash("sha256").update(`unsubscribe:${secret}`).digest();
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    sign({ userId, kind }) {
      const payload = Buffer.from(JSON.stringify([userId, kind])).toString("base64url");
      return `${payload}.${mac(payload)}`;
    },
    verify(token) {
      const [payload, signature, ...rest] = token.split(".");
      if (!payload || !signature || rest.length > 0) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 2) return null;
      const [userId, kind] = fields as unknown[];
      if (typeof userId !== "string" || !isEmailKind(kind)) return null;
      return { userId, kind };
    },
  };
}

/** The one-click unsubscribe address of a token, on the address people reach us at. */
export function unsubscribeLink(publicUrl: string, token: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl);
  url.searchParams.set(UNSUBSCRIBE_TOKEN_PARAM, token);
  return url.toString();
}
