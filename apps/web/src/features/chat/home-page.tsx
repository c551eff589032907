import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { Suspense } from "react";
import { PageFallback } from "../../components/page-fallback.tsx";
import { SpiderLogo } from "../../components/spider-logo.tsx";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import { useSession } from "../../lib/session.ts";
import { useOnline } from "../../lib/use-online.ts";
import { GuestChat } from "./guest-chat.tsx";

// A signed-in person's chat needs the query layer and photo review; a guest's first page does not.
const MemberChat = lazyWithRetry(() => import("./member-chat.tsx"));

/** The home/chat screen at /. */
export default function HomePage() {
  const { isPending, user } = useSession();
  const online = useOnline();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col px-4 py-8 sm:px-6">
      <div className="flex items-center gap-4">
        <SpiderLogo className="h-14 w-14 shrink-0" />
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Meet Sam, your matchmaking spider</h1>
          <p className="mt-1 text-ink-soft">
            No swiping: Sam gets to know you in a long, honest conversation, then spins a web to find someone who fits.
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-4">
        {!online && (
          <p role="status" className="mr-8 rounded-2xl border border-rose/40 bg-rose-soft px-4 py-3">
            <span className="font-semibold text-rose-deep">Sam:</span> {FIRST_PAGE_MESSAGES.samOffline}
          </p>
        )}
        {isPending ? (
          <PageFallback />
        ) : user ? (
          <Suspense fallback={<PageFallback />}>
            <MemberChat key={user.id} />
          </Suspense>
        ) : (
          <GuestChat />
        )}
      </div>
    </section>
  );
}
