import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { applyUpdate, useUpdateReady } from "../../lib/service-worker.ts";

/** A new release is installed: one tap reloads into it (until then, this tab keeps what it has). */
export function UpdateBanner() {
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-3 bg-dusk px-4 py-2 text-sm text-white">
      <span>{FIRST_PAGE_MESSAGES.updateReady}</span>
      <button type="button" className="rounded-full bg-white px-3 py-1 font-semibold text-dusk" onClick={applyUpdate}>
        {FIRST_PAGE_MESSAGES.updateReload}
      </button>
    </div>
  );
}
