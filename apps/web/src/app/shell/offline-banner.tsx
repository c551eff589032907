import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { useOnline } from "../../lib/use-online.ts";

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="bg-amber-soft px-4 py-2 text-center text-sm font-medium text-ink">
      {FIRST_PAGE_MESSAGES.offline}
    </div>
  );
}
