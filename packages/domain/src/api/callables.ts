// Free of zod at run time on purpose: the browser's first page imports it (the schemas below are
// imported as types only, and erased).
// The callable protocol: POST /api/call/<name> with {"data": …} answers 200 {"result": …}, or an
// HTTP error with {"error": {"status", "code", "message"}}: `status` a Firebase/gRPC status name,
// `code` what went wrong (a key of the domain's MESSAGES, or from the accounts routes an auth
// service code), `message` the text for a person. Screens decide by `status` and `code`, never by
// the text, so rewording a message changes no screen's behaviour.
// A callable whose answer is text written over time (Sam's reply from a model) may stream it to a
// caller that accepts CALLABLE_STREAM_TYPE: one JSON object a line, CallableStreamLine.
import type * as z from "zod";
import type { PasswordResetEmailOutput, VerificationEmailOutput } from "../accounts/contracts.ts";
import type { passwordResetEmailRequestSchema, verificationEmailRequestSchema } from "../accounts/schemas.ts";
import type { CallSamApiOutput } from "../chat/contracts.ts";
import type { callSamApiInputSchema } from "../chat/schemas.ts";
import type {
  MatchConfirmationOutput,
  MatchingAlgoOutput,
  MatchMomentSeenOutput,
  MatchStepOutput,
  PrelimMatchOutput,
  RecordMatchOutcomeOutput,
} from "../matching/contracts.ts";
import type {
  followupsMatchInputSchema,
  matchConfirmationInputSchema,
  matchMomentSeenInputSchema,
  photoMatchInputSchema,
  recordMatchOutcomeInputSchema,
  searchStepInputSchema,
} from "../matching/schemas.ts";
import type { SafetyActionOutput } from "../safety/contracts.ts";
import type { moderationInputSchema, reportInputSchema, safetyPersonInputSchema } from "../safety/schemas.ts";

export const CALLABLE_NAMES = [
  "callSamApi",
  "triggeredPhotoMatch",
  "triggeredFollowupsMatch",
  "triggeredGenerateNarrative",
  "triggeredPrelimMatch",
  "triggeredMatchingAlgo",
  "sendCustomVerificationEmail",
  "sendCustomPasswordResetEmail",
  "triggeredMatchConfirmation",
  "recordMatchOutcome",
  "unmatchPerson",
  "blockPerson",
  "reportPerson",
  "moderatePerson",
  "matchMomentSeen",
] as const;
export type CallableName = (typeof CALLABLE_NAMES)[number];

export const CALLABLE_PATH_PREFIX = "/api/call/";

/**
 * Sent in Accept by a caller that can read a streamed answer. The server streams only once there
 * is text to pass on before the result; otherwise, and for every error found before that (a limit,
 * a bad input), it answers as any callable does, so a caller must read both kinds of answer.
 */
export const CALLABLE_STREAM_TYPE = "application/x-ndjson";

/**
 * One line of a streamed answer: more of the answer's text (`delta`, to append to what came
 * before; a draft, which the result may replace), then exactly one `result` or `error` as the last line.
 */
export type CallableStreamLine<Result> =
  | { delta: string }
  | { result: Result }
  | { error: { status: ErrorStatus; message: string } };

export const ERROR_STATUS_HTTP = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_HTTP;
export interface ErrorBody {
  error: { status: ErrorStatus; code: string; message: string };
}

/** The status name for an HTTP code, for errors that did not come from a callable (413, 404…). */
export function statusForHttp(code: number): ErrorStatus {
  const match = Object.entries(ERROR_STATUS_HTTP).find(([, http]) => http === code);
  if (match) return match[0] as ErrorStatus;
  if (code === 408) return "DEADLINE_EXCEEDED";
  return code >= 500 ? "INTERNAL" : "INVALID_ARGUMENT";
}

/**
 * What each callable takes (`data`, as the caller may write it: the input schema's z.input) and
 * what it answers (`result`). Types only: the server's registry and the browser's call() can key
 * their signatures on it so that both sides agree on every callable's shape.
 */
export interface CallableContracts {
  callSamApi: { input: z.input<typeof callSamApiInputSchema>; output: CallSamApiOutput };
  triggeredPhotoMatch: { input: z.input<typeof photoMatchInputSchema>; output: MatchStepOutput };
  triggeredFollowupsMatch: { input: z.input<typeof followupsMatchInputSchema>; output: MatchStepOutput };
  triggeredGenerateNarrative: { input: z.input<typeof searchStepInputSchema>; output: MatchStepOutput };
  triggeredPrelimMatch: { input: z.input<typeof searchStepInputSchema>; output: PrelimMatchOutput };
  triggeredMatchingAlgo: { input: z.input<typeof searchStepInputSchema>; output: MatchingAlgoOutput };
  sendCustomVerificationEmail: {
    input: z.input<typeof verificationEmailRequestSchema>;
    output: VerificationEmailOutput;
  };
  sendCustomPasswordResetEmail: {
    input: z.input<typeof passwordResetEmailRequestSchema>;
    output: PasswordResetEmailOutput;
  };
  triggeredMatchConfirmation: { input: z.input<typeof matchConfirmationInputSchema>; output: MatchConfirmationOutput };
  recordMatchOutcome: { input: z.input<typeof recordMatchOutcomeInputSchema>; output: RecordMatchOutcomeOutput };
  unmatchPerson: { input: z.input<typeof safetyPersonInputSchema>; output: SafetyActionOutput };
  blockPerson: { input: z.input<typeof safetyPersonInputSchema>; output: SafetyActionOutput };
  reportPerson: { input: z.input<typeof reportInputSchema>; output: SafetyActionOutput };
  moderatePerson: { input: z.input<typeof moderationInputSchema>; output: SafetyActionOutput };
  matchMomentSeen: { input: z.input<typeof matchMomentSeenInputSchema>; output: MatchMomentSeenOutput };
}

export type CallableInput<N extends CallableName> = CallableContracts[N]["input"];
export type CallableOutput<N extends CallableName> = CallableContracts[N]["output"];
