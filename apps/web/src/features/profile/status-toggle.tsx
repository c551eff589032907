import { STATUS_LABELS, STATUS_UPDATED_MESSAGE, type Status } from "@sams-web/domain/profile/rules";
import type { Profile } from "@sams-web/domain/profile/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { ToggleSwitch } from "../../components/toggle-switch.tsx";
import { useUpdateProfile } from "./api.ts";

/**
 * Unavailable / Still Looking. Saved at once rather than debounced: it is one deliberate click,
 * and it has its own success and failure messages.
 */
export function StatusToggle({ profile, enabled }: { profile: Profile; enabled: boolean }) {
  const update = useUpdateProfile();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const active = profile.status === "active";

  const change = async (checked: boolean) => {
    const status: Status = checked ? "active" : "unavailable";
    try {
      await update.mutateAsync({ status });
      setMessage({ text: MESSAGES[STATUS_UPDATED_MESSAGE[status]], ok: true });
    } catch {
      setMessage({ text: MESSAGES.statusUpdateFailed, ok: false });
    }
  };

  return (
    <section aria-labelledby="status-heading" className="card">
      <h2 id="status-heading" className="text-xl font-semibold">
        Status
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <ToggleSwitch
          id="status"
          checked={active}
          disabled={!enabled || update.isPending}
          onCheckedChange={(checked) => void change(checked)}
          aria-describedby="status-help"
        />
        <label htmlFor="status" className="font-semibold">
          {STATUS_LABELS.active}
        </label>
      </div>
      <p id="status-help" className="mt-2 text-sm text-ink-soft">
        {/* The switch shows on or off; the words say what that means, so no second label is needed beside it. */}
        {!enabled
          ? "Available once your email is verified, your interview with Sam is complete and your photos are uploaded."
          : active
            ? "On: Sam searches for you and may introduce you to others."
            : `Off (${STATUS_LABELS.unavailable}): turn this on when you are ready to be matched.`}
      </p>
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          className={`mt-2 text-sm font-semibold ${message.ok ? "text-moss" : "text-danger"}`}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
