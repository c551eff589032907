import { WEB_STAGES_FOR_YOU } from "@sams-web/domain/matching/rules";
import QueryLayout from "../../lib/query-layout.tsx";
import { useYourWeb } from "./api.ts";

function NewsDot() {
  const web = useYourWeb();
  const waiting = (web.data?.entries ?? []).filter(
    (entry) => WEB_STAGES_FOR_YOU.has(entry.stage) || (entry.stage === "connected" && !entry.momentSeen),
  ).length;
  if (waiting === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute top-2 right-[calc(50%-1.4rem)] h-2.5 w-2.5 rounded-full bg-rose md:static"
      />
      <span className="sr-only">, {waiting === 1 ? "1 thing waits for you" : `${waiting} things wait for you`}</span>
    </>
  );
}

/**
 * Beside "Your web" in the navigation while something there waits for the person (Sam's
 * questions, photos, a pending match, a match not seen yet): a dot, and words for a screen reader.
 */
export default function WebNewsBadge() {
  return (
    <QueryLayout>
      <NewsDot />
    </QueryLayout>
  );
}
