import { MESSAGES } from "@sams-web/domain/messages";
import { useOnline } from "../../lib/use-online.ts";

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="bg-amber-soft px-4 py-2 text-center text-sm font-medium text-ink">
      {MESSAGES.offline}
    </div>
  );
}
