import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import QueryLayout from "../../lib/query-layout.tsx";
import { usePendingMatch } from "./api.ts";

function PendingMatchLink() {
  const pending = usePendingMatch();
  if (!pending.data?.match) return null;
  return (
    <Link
      to={paths.matchConfirmation}
      aria-label="Pending match"
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full bg-rose-soft px-3 text-sm font-semibold text-rose-deep no-underline"
    >
      <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-rose" />
      {/* On a phone the greeting needs the room: the dot alone, and the bottom bar marks Your web too. */}
      <span aria-hidden="true" className="hidden sm:inline">
        Pending match
      </span>
    </Link>
  );
}

/**
 * In the header while a pending match waits for the signed-in person: a link to it, on every page.
 * Loaded only for a signed-in person, with the query layer their screens load anyway.
 */
export default function PendingMatchBadge() {
  return (
    <QueryLayout>
      <PendingMatchLink />
    </QueryLayout>
  );
}
