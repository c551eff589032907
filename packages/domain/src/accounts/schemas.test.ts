import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import { COMMON_PASSWORD_COUNT, passwordMeetsPolicy } from "./password-policy.ts";
import {
  emailSchema,
  loginFormSchema,
  passwordSchema,
  resetPasswordFormSchema,
  resetRequestSchema,
  signUpFormSchema,
} from "./schemas.ts";

function messages(r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }): string[] {
  return (r.error?.issues ?? []).map((i) => i.message);
}

describe("'password at least 6 characters' ('Password must be at least 6 characters.'), and the server's policy", () => {
  it.each(["", "abcde"])("rejects %j as too short", (p) => {
    expect(messages(passwordSchema.safeParse(p))).toEqual(["Password must be at least 6 characters."]);
  });
  it.each(["abcdef", "hunter22", "Password1", " PASSWORD123 ", "x".repeat(129)])(
    "refuses %j as the server would, with the policy's message",
    (p) => {
      expect(passwordMeetsPolicy(p)).toBe(false);
      expect(messages(passwordSchema.safeParse(p))).toEqual([MESSAGES.passwordPolicy]);
    },
  );
  it("accepts what the server accepts", () => {
    for (const p of ["violet-harbor-42", "correct horse battery", "x".repeat(128)]) {
      expect(passwordMeetsPolicy(p)).toBe(true);
      expect(passwordSchema.safeParse(p).success).toBe(true);
    }
  });
  it("knows the whole list of common passwords", () => expect(COMMON_PASSWORD_COUNT).toBe(4183));
});

describe("email ('Invalid email address.')", () => {
  it("accepts and trims a valid address", () => expect(emailSchema.parse(" ada@example.com ")).toBe("ada@example.com"));
  it.each(["", "ada", "ada@", "@example.com", "ada@example", "a da@example.com"])("rejects %j", (e) => {
    expect(messages(emailSchema.safeParse(e))).toEqual(["Invalid email address."]);
  });
});

describe("'Sign-up: email and password required; password and Confirm Password must match ('Passwords do not match')'", () => {
  const ok = {
    name: "Ada",
    email: "ada@example.com",
    password: "violet-harbor-42",
    confirmPassword: "violet-harbor-42",
  };
  it("accepts a complete form; the name is optional", () => {
    expect(signUpFormSchema.parse(ok)).toEqual(ok);
    const { name: _name, ...noName } = ok;
    expect(signUpFormSchema.parse(noName).name).toBe("");
  });
  it("rejects a mismatch on the confirmation field", () => {
    const r = signUpFormSchema.safeParse({ ...ok, confirmPassword: "violet-harbor-43" });
    expect(messages(r)).toEqual(["Passwords do not match"]);
    expect(r.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });
  it("reports a mismatch alongside other errors", () => {
    const r = signUpFormSchema.safeParse({ ...ok, email: "", password: "abc", confirmPassword: "abd" });
    expect(messages(r)).toEqual([
      "Invalid email address.",
      "Password must be at least 6 characters.",
      "Passwords do not match",
    ]);
  });
  it("rejects a missing email with 'Invalid email address.'", () => {
    expect(messages(signUpFormSchema.safeParse({ ...ok, email: "" }))).toEqual(["Invalid email address."]);
  });
});

describe("login form", () => {
  it("accepts email and any non-empty password", () => {
    expect(loginFormSchema.safeParse({ email: "ada@example.com", password: "x" }).success).toBe(true);
  });
  it("rejects an empty password with 'Invalid email or password.'", () => {
    expect(messages(loginFormSchema.safeParse({ email: "ada@example.com", password: "" }))).toEqual([
      "Invalid email or password.",
    ]);
  });
});

describe("'Password reset: new and confirmation must match ('Passwords do not match.'); at least 6 characters ('Password must be at least 6 characters long.'); email field required and of email type'", () => {
  it("accepts a matching password the server's policy accepts, and refuses one it would not", () => {
    const good = "violet-harbor-42";
    expect(resetPasswordFormSchema.safeParse({ password: good, confirmPassword: good }).success).toBe(true);
    expect(messages(resetPasswordFormSchema.safeParse({ password: "hunter22", confirmPassword: "hunter22" }))).toEqual([
      MESSAGES.passwordPolicy,
    ]);
  });
  it("rejects 5 characters with the reset page's wording", () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: "abcde", confirmPassword: "abcde" }))).toEqual([
      "Password must be at least 6 characters long.",
    ]);
  });
  it("rejects a mismatch with the reset page's wording (with a period)", () => {
    expect(
      messages(
        resetPasswordFormSchema.safeParse({ password: "violet-harbor-42", confirmPassword: "violet-harbor-43" }),
      ),
    ).toEqual(["Passwords do not match."]);
  });
  it("the request form requires a valid email", () => {
    expect(resetRequestSchema.safeParse({ email: "ada@example.com" }).success).toBe(true);
    expect(messages(resetRequestSchema.safeParse({ email: "" }))).toEqual(["Invalid email address."]);
  });
});
