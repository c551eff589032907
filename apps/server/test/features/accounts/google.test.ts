import http from "node:http";
import type { AddressInfo } from "node:net";
import { ACCOUNT_ERROR_CODES } from "@sams-web/domain/accounts/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, describe, expect, it } from "vitest";
import { profiles, sessions } from "../../../src/db/schema.ts";
import { ORIGIN, post } from "../../support/accounts.ts";
import { createTestApp } from "../../support/helpers.ts";

// A local OpenID provider stands in for Google, so the real OAuth code path runs: discovery,
// authorization redirect with PKCE and state, code exchange, ID token and userinfo.
const GOOGLE_USER = { sub: "google-user-1", email: "googler@example.com", name: "Gigi Google" };
const CLIENT = { client_id: "sams-web-test", client_secret: "sams-web-test-secret" };

const server = http.createServer();
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      ...CLIENT,
      redirect_uris: [`${ORIGIN}/api/auth/callback/google`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      claims: async () => ({ sub, email: GOOGLE_USER.email, email_verified: true, name: GOOGLE_USER.name }),
    };
  },
  // The person at "Google" always signs in and consents.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client!.clientId,
      accountId: ctx.oidc.session!.accountId!,
    });
    grant.addOIDCScope("openid email profile");
    await grant.save();
    return grant;
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  features: { devInteractions: { enabled: false } },
});
const callback = provider.callback();
server.on("request", (req, res) => {
  if (req.url?.startsWith("/interaction/")) {
    void provider.interactionFinished(
      req,
      res,
      { login: { accountId: GOOGLE_USER.sub } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  callback(req, res);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const { app, db } = await createTestApp({
  GOOGLE_CLIENT_ID: CLIENT.client_id,
  GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
  GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
});

/** Runs the popup's journey: our sign-in → the provider (following its redirects) → our callback. */
async function googleSignIn(cookie = ""): Promise<{ cookie: string; location: string }> {
  const start = await post(
    app,
    "/api/auth/sign-in/social",
    {
      provider: "google",
      callbackURL: "/api/accounts/oauth-complete?result=ok",
      errorCallbackURL: "/api/accounts/oauth-complete?result=error",
      disableRedirect: true,
    },
    { cookie },
  );
  expect(start.statusCode).toBe(200);
  const jar = new Map<string, string>();
  for (const part of cookie.split("; ").filter(Boolean)) {
    const [name, ...value] = part.split("=");
    jar.set(name!, value.join("="));
  }
  for (const c of start.cookies) jar.set(c.name, c.value);

  let url = (start.json() as { url: string }).url;
  const providerCookies = new Map<string, string>();
  for (let hop = 0; hop < 10 && url.startsWith(issuer); hop++) {
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...providerCookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      providerCookies.set(name!, value.join("="));
    }
    url = new URL(response.headers.get("location") ?? "", url).toString();
  }
  expect(url.startsWith(`${ORIGIN}/api/auth/callback/google`)).toBe(true);
  const back = await app.inject({
    method: "GET",
    url: url.slice(ORIGIN.length),
    headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  for (const c of back.cookies) jar.set(c.name, c.value);
  return {
    cookie: [...jar]
      .filter(([, v]) => v !== "")
      .map(([k, v]) => `${k}=${v}`)
      .join("; "),
    location: String(back.headers.location),
  };
}

describe("Google sign-in through a local OpenID provider (Google popup sign-in)", () => {
  it("the login panel is told Google is configured", async () => {
    const response = await app.inject({ method: "GET", url: "/api/accounts/options" });
    expect(response.json()).toEqual({ google: true });
  });

  it("signs a new person up with Google: verified email, profile created, session set", async () => {
    const { cookie, location } = await googleSignIn();
    expect(location).toBe("/api/accounts/oauth-complete?result=ok");
    const me = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: GOOGLE_USER.email,
      name: GOOGLE_USER.name,
      emailVerified: true,
      providers: ["google"],
    });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, me.json().id));
    expect(profile).toMatchObject({ displayName: GOOGLE_USER.name, verified: true, status: "unavailable" });
  });

  it("deleting a Google account without a recent login asks for Google re-authentication, which then allows it", async () => {
    const { cookie } = await googleSignIn();
    const me = (await app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json() as { id: string };
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.userId, me.id));
    const ask = await post(app, "/api/accounts/delete", { confirmation: "delete" }, { cookie });
    expect(ask.statusCode).toBe(400);
    expect(ask.json().error).toMatchObject({ code: "REAUTH_GOOGLE_REQUIRED", message: MESSAGES.reauthWithGoogle });

    const again = await googleSignIn(cookie);
    const meAgain = (await app.inject({ method: "GET", url: "/api/me", headers: { cookie: again.cookie } })).json();
    expect(meAgain.id).toBe(me.id);
    const deleted = await post(app, "/api/accounts/delete", { confirmation: "delete" }, { cookie: again.cookie });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
  });

  it("a suspended person's Google sign-in ends on the error page, naming the suspension, with no session", async () => {
    const first = await googleSignIn();
    const me = (await app.inject({ method: "GET", url: "/api/me", headers: { cookie: first.cookie } })).json() as {
      id: string;
    };
    await db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.userId, me.id));
    await db.delete(sessions).where(eq(sessions.userId, me.id));
    const { cookie, location } = await googleSignIn();
    const landing = new URL(location, ORIGIN);
    expect(landing.pathname).toBe("/api/accounts/oauth-complete");
    expect(landing.searchParams.get("result")).toBe("error");
    expect(landing.searchParams.get("error")).toBe(ACCOUNT_ERROR_CODES.suspended);
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
    await db.update(profiles).set({ suspendedAt: null }).where(eq(profiles.userId, me.id));
  });
});
