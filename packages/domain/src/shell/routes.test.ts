import { describe, expect, it } from "vitest";
import { APP_PATHS, documentTitle, isAppPath } from "./routes.ts";

describe("the app's pages", () => {
  it("every page has a title of its own; the home page is the site's name", () => {
    const titles = Object.values(APP_PATHS).map(documentTitle);
    expect(new Set(titles).size).toBe(titles.length);
    expect(documentTitle("/")).toBe("Sam's Web");
    expect(documentTitle("/settings")).toBe("Settings — Sam's Web");
  });

  it("a path that is no page is not found", () => {
    expect(isAppPath("/nowhere")).toBe(false);
    expect(isAppPath("/toString")).toBe(false);
    expect(documentTitle("/nowhere")).toBe("Page not found — Sam's Web");
  });
});
