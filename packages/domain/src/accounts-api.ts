import * as z from "zod";
import { DELETE_CONFIRMATION_WORD } from "./constants.ts";
import { MESSAGES } from "./messages.ts";
import { emailSchema } from "./password-rules.ts";

// Contracts of the accounts routes beside Better Auth's own /api/auth/* (paths in accounts-paths.ts).

const oobCode = z.string().trim().min(1).max(200);

export const verifyEmailRequestSchema = z.object({ oobCode });
export const checkResetCodeRequestSchema = z.object({ oobCode });
export const resetPasswordRequestSchema = z.object({ oobCode, newPassword: z.string().min(1).max(1000) });
export const passwordResetEmailRequestSchema = z.object({ email: emailSchema });

export const deleteAccountRequestSchema = z.object({
  confirmation: z
    .string()
    .refine((value) => value.trim().toLowerCase() === DELETE_CONFIRMATION_WORD, MESSAGES.deleteConfirmationRequired),
  password: z.string().min(1).max(1000).optional(),
});
