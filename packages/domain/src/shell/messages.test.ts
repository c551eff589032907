import { describe, expect, it } from "vitest";
import { welcome } from "./messages.ts";

describe("header", () => {
  it('reads "Welcome, {display name}!"', () => {
    expect(welcome("Ada")).toBe("Welcome, Ada!");
  });
});
