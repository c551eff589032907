import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { formatDay } from "../../lib/dates.ts";
import { useConnections } from "./api.ts";
import { SafetyActions } from "./safety-actions.tsx";

/**
 * Settings' "Your connections": the people one connected with, each still one tap from Unmatch,
 * Block or Report. Shown only to someone with a connection, or who just ended one.
 */
export function ConnectionsSection() {
  const connections = useConnections();
  const [notice, setNotice] = useState<string | null>(null);
  const list = connections.data ?? [];
  if (list.length === 0 && !notice) return null;
  return (
    <section aria-labelledby="connections-heading" className="card">
      <h2 id="connections-heading" className="text-xl font-semibold">
        Your connections
      </h2>
      {notice && (
        <p role="status" className="mt-2">
          {notice}
        </p>
      )}
      {list.length > 0 && <p className="mt-2 text-sm text-ink-soft">{MESSAGES.connectionEmailShared}</p>}
      <ul className="mt-4 space-y-4">
        {list.map((connection) => (
          <li key={connection.id} className="rounded-xl border border-line p-3">
            <div className="flex items-center gap-3">
              {connection.photo && (
                <img src={connection.photo} alt="" className="h-14 w-14 shrink-0 rounded-full object-cover" />
              )}
              <div>
                <p className="font-semibold">{connection.firstName}</p>
                {connection.connectedAt !== null && (
                  <p className="text-sm text-ink-soft">Connected {formatDay(connection.connectedAt)}</p>
                )}
              </div>
            </div>
            <SafetyActions personId={connection.id} firstName={connection.firstName} withUnmatch onDone={setNotice} />
          </li>
        ))}
      </ul>
    </section>
  );
}
