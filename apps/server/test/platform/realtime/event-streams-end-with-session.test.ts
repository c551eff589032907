import type { AddressInfo } from "node:net";
import { SIGNED_OUT_EVENT } from "@sams-web/domain/api/realtime";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../../../src/db/schema.ts";
import { logIn, oobCodeFromOutbox, post } from "../../support/accounts.ts";
import { openEventStream } from "../../support/event-stream.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";
import { call } from "../../support/matching-fixtures.ts";

// An event stream carries what changes for a person to a tab signed in as them. When that
// session ends (sign-out, a moderator's suspension, a password reset, the account's deletion) the
// stream must end too, or a tab no longer signed in keeps hearing about the account.

const ADMIN_EMAIL = "moderator@example.com";
const { app, db, bus, config } = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
afterAll(() => app.close());

const openStream = (cookie: string) => openEventStream(port, cookie);

describe("an event stream ends with its session", () => {
  it("signing out ends that tab's stream, told why; another device's stream of the same person stays", async () => {
    const person = await signUp(app);
    const otherDevice = await logIn(app, person.email, person.password);
    const elsewhere = await openStream(otherDevice.cookies.map((c) => `${c.name}=${c.value}`).join("; "));
    const stream = await openStream(person.cookie);
    expect((await post(app, "/api/auth/sign-out", {}, { cookie: person.cookie })).statusCode).toBe(200);
    await stream.until(() => stream.state.ended, "the signed-out stream to end");
    expect(stream.state.text).toContain(`event: ${SIGNED_OUT_EVENT}`);
    await bus.publish(person.userId, { topic: "profile" });
    await elsewhere.until(() => elsewhere.state.text.includes('"topic":"profile"'), "the other device's change");
    expect(elsewhere.state.ended).toBe(false);
    await elsewhere.close();
  });

  it("a suspension ends the suspended person's streams", async () => {
    const moderator = await signUp(app, { email: ADMIN_EMAIL });
    await db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, moderator.userId));
    const person = await signUp(app);
    const stream = await openStream(person.cookie);
    const suspended = await call(app, moderator.cookie, "moderatePerson", {
      subjectId: person.userId,
      action: "suspend",
      reason: "Scam",
    });
    expect(suspended.status).toBe(200);
    await stream.until(() => stream.state.ended, "the suspended person's stream to end");
    expect(stream.state.text).toContain(`event: ${SIGNED_OUT_EVENT}`);
  });

  it("a password reset and an account's deletion end its streams", async () => {
    const person = await signUp(app);
    const stream = await openStream(person.cookie);
    await post(app, "/api/call/sendCustomPasswordResetEmail", { data: { email: person.email } }, { botcheck: true });
    const code = await oobCodeFromOutbox(config.dataDir, person.email, "/reset-password");
    await post(app, "/api/accounts/reset-password", { oobCode: code, newPassword: "a-brand-new-password-3" });
    await stream.until(() => stream.state.ended, "the stream to end after the reset");

    const leaving = await signUp(app);
    const last = await openStream(leaving.cookie);
    await post(app, "/api/accounts/delete", { confirmation: "delete" }, { cookie: leaving.cookie });
    await last.until(() => last.state.ended, "the stream to end with the account");
    expect(last.state.text).toContain(`event: ${SIGNED_OUT_EVENT}`);
  });
});
