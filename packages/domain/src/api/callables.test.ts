import { describe, expect, expectTypeOf, it } from "vitest";
import type { CallSamApiInput, CallSamApiOutput } from "../chat/contracts.ts";
import {
  CALLABLE_NAMES,
  type CallableContracts,
  type CallableInput,
  type CallableName,
  type CallableOutput,
  statusForHttp,
} from "./callables.ts";

describe("the callable contract map", () => {
  it("names exactly the callables of CALLABLE_NAMES (checked by the type checker)", () => {
    expectTypeOf<keyof CallableContracts>().toEqualTypeOf<CallableName>();
    expectTypeOf<CallableName>().toEqualTypeOf<(typeof CALLABLE_NAMES)[number]>();
  });

  it("takes the input schemas' z.input and answers what the handlers return", () => {
    expectTypeOf<CallableInput<"callSamApi">>().toExtend<CallSamApiInput>();
    expectTypeOf<CallSamApiInput>().toExtend<CallableInput<"callSamApi">>();
    expectTypeOf<CallableOutput<"callSamApi">>().toEqualTypeOf<CallSamApiOutput>();
    expectTypeOf<CallableInput<"triggeredPhotoMatch">>().toEqualTypeOf<{
      matchUid: string;
      action: "declined" | "accepted";
    }>();
    expectTypeOf<CallableInput<"triggeredFollowupsMatch">>().toEqualTypeOf<{ matchUid: string; action: "answered" }>();
    expectTypeOf<CallableInput<"triggeredMatchConfirmation">>().toEqualTypeOf<{ matchId: string }>();
    expectTypeOf<CallableInput<"recordMatchOutcome">>().toEqualTypeOf<{ token: string }>();
    expectTypeOf<CallableInput<"sendCustomPasswordResetEmail">>().toEqualTypeOf<{ email: string }>();
    expectTypeOf<CallableInput<"triggeredPrelimMatch">>().toEqualTypeOf<Record<string, never>>();
    expectTypeOf<CallableOutput<"triggeredPrelimMatch">>().toEqualTypeOf<{
      found: boolean;
      searchesLeftToday: number;
    }>();
    expectTypeOf<CallableOutput<"triggeredMatchingAlgo">>().toEqualTypeOf<{ found: boolean }>();
    expectTypeOf<CallableOutput<"sendCustomVerificationEmail">>().toEqualTypeOf<{
      sent: boolean;
      alreadyVerified: boolean;
    }>();
  });

  it("lists fifteen callables, each once", () => {
    expect(new Set(CALLABLE_NAMES).size).toBe(15);
  });
});

describe("statusForHttp", () => {
  it("names an HTTP code by its status, and falls back by class", () => {
    expect(statusForHttp(413)).toBe("PAYLOAD_TOO_LARGE");
    expect(statusForHttp(408)).toBe("DEADLINE_EXCEEDED");
    expect(statusForHttp(502)).toBe("INTERNAL");
    expect(statusForHttp(418)).toBe("INVALID_ARGUMENT");
  });
});
