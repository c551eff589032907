import * as z from "zod";
import { ACCOUNTS_MESSAGES } from "./messages.ts";
import { passwordProblem } from "./password-policy.ts";
import { DELETE_CONFIRMATION_WORD } from "./rules.ts";

// The accounts' zod schemas: the login panel's and the reset page's forms, and the bodies of the
// accounts routes beside Better Auth's own /api/auth/* (paths in contracts.ts).
// The login panel and the reset page word the same rules differently ('Passwords do not match'
// vs 'Passwords do not match.'), so each form has its own schema carrying its own messages.

/** Emails are trimmed before checking: a stray space from autofill is not the user's mistake. */
export const emailSchema = z.string().trim().pipe(z.email(ACCOUNTS_MESSAGES.invalidEmail));

/**
 * A new password, as the server's policy wants it (password-policy.ts), with `tooShort` as the
 * message under 6 characters: the login panel's and the reset page's wordings differ.
 */
function newPasswordSchema(tooShort: string) {
  return z.string().superRefine((password, context) => {
    const problem = passwordProblem(password);
    if (problem === "tooShort") context.addIssue({ code: "custom", message: tooShort });
    if (problem === "policy") context.addIssue({ code: "custom", message: ACCOUNTS_MESSAGES.passwordPolicy });
  });
}

/** The sign-up form's password: the same rule the server enforces. */
export const passwordSchema = newPasswordSchema(ACCOUNTS_MESSAGES.passwordTooShort);

/**
 * Runs the "passwords match" check even when another field already failed, so the form can
 * report a mismatch at the same time as, say, a bad email.
 */
function bothPasswordsAreStrings(payload: { value: unknown }): boolean {
  const v = payload.value;
  if (typeof v !== "object" || v === null) return false;
  return typeof Reflect.get(v, "password") === "string" && typeof Reflect.get(v, "confirmPassword") === "string";
}

/** Sign-up: email and password required, confirmation must match, name optional (see displayNameFromSignup). */
export const signUpFormSchema = z
  .object({
    name: z.string().default(""),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((f) => f.password === f.confirmPassword, {
    message: ACCOUNTS_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
    when: bothPasswordsAreStrings,
  });
export type SignUpForm = z.output<typeof signUpFormSchema>;

/** Login: email valid, password present (its length is the auth service's business on login). */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, ACCOUNTS_MESSAGES.invalidCredentials),
});
export type LoginForm = z.output<typeof loginFormSchema>;

/** Forgot-password request: the email field is required and of email type. */
export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequest = z.output<typeof resetRequestSchema>;

/** Reset mode of /reset-password, with the reset page's own wording. */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema(ACCOUNTS_MESSAGES.resetPasswordTooShort),
    confirmPassword: z.string(),
  })
  .refine((f) => f.password === f.confirmPassword, {
    message: ACCOUNTS_MESSAGES.resetPasswordsDoNotMatch,
    path: ["confirmPassword"],
    when: bothPasswordsAreStrings,
  });
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>;

// ── Bodies of the accounts routes ────────────────────────────────────────────────────────

const oobCode = z.string().trim().min(1).max(200);

export const verifyEmailRequestSchema = z.object({ oobCode });
export const checkResetCodeRequestSchema = z.object({ oobCode });
export const resetPasswordRequestSchema = z.object({ oobCode, newPassword: z.string().min(1).max(1000) });
/** sendCustomPasswordResetEmail's input. */
export const passwordResetEmailRequestSchema = z.object({ email: emailSchema });
/** sendCustomVerificationEmail takes nothing: `{}` and no other key. */
export const verificationEmailRequestSchema = z.object({}).strict();

export const deleteAccountRequestSchema = z.object({
  confirmation: z
    .string()
    .refine(
      (value) => value.trim().toLowerCase() === DELETE_CONFIRMATION_WORD,
      ACCOUNTS_MESSAGES.deleteConfirmationRequired,
    ),
  password: z.string().min(1).max(1000).optional(),
});
