/** Who is signed in on a request, as the session resolver reads it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** Whether the holder of this sign-in proved the mailbox (users.mailbox_proven_at). */
  mailboxProven: boolean;
  /** The sign-in this request belongs to (one browser's): what is bound to it goes with it. */
  sessionId: string;
}
