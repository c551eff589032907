import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { downloadExport } from "./api.ts";

/**
 * 'Download all their data … as one archive' (data access requests are answered within 30 days;
 * we answer at once). Meant for the settings page.
 */
export function DataExportButton() {
  const [state, setState] = useState<"idle" | "busy" | "error">("idle");
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-secondary self-start"
        disabled={state === "busy"}
        onClick={async () => {
          setState("busy");
          try {
            await downloadExport();
            setState("idle");
          } catch {
            setState("error");
          }
        }}
      >
        {state === "busy" ? "Preparing your data…" : "Download My Data"}
      </button>
      <p className="text-sm text-ink-soft">
        One ZIP file with your profile, conversations with Sam, matches, privacy choices, the reports you made and the
        people you blocked, and any suspension of your account.
      </p>
      {state === "error" && (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.exportFailed}
        </p>
      )}
    </div>
  );
}
