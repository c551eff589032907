import { MATCH_MOMENT_PARAM } from "@sams-web/domain/matching/contracts";
import { matchMomentLead, writeTo } from "@sams-web/domain/matching/messages";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { PageFallback } from "../../components/page-fallback.tsx";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { markMatchMomentSeen, useYourWeb, yourWebQueryOptions } from "./api.ts";

/** One of the two, as the moment shows them: a round photo, or their initial. */
function Portrait({ name, photo, side }: { name: string; photo: string | null; side: "left" | "right" }) {
  const tilt = side === "left" ? "-rotate-3" : "rotate-3";
  return (
    <figure className={`flex flex-col items-center gap-2 ${tilt}`}>
      {photo ? (
        <img
          src={photo}
          alt={name}
          className="h-32 w-32 rounded-full border-4 border-white object-cover shadow-lg sm:h-40 sm:w-40"
        />
      ) : (
        <span
          role="img"
          aria-label={name}
          className="flex h-32 w-32 items-center justify-center rounded-full border-4 border-white bg-rose-soft font-display text-5xl text-rose-deep shadow-lg sm:h-40 sm:w-40"
        >
          {name.slice(0, 1)}
        </span>
      )}
      <figcaption className="font-display text-xl font-semibold">{name}</figcaption>
    </figure>
  );
}

/**
 * /its-a-match?with=…: the moment two people both confirmed. Both first names and photos, the
 * other's email address with a link to write to them, and a word on a good first message. Seen
 * once, it is no longer announced; the connection stays in Your web with the address.
 */
export default function MatchMomentPage() {
  const [params] = useSearchParams();
  const id = params.get(MATCH_MOMENT_PARAM);
  const web = useYourWeb();
  const queryClient = useQueryClient();
  const entry = web.data?.entries.find((e) => e.stage === "connected" && e.person?.id === id);

  useEffect(() => {
    if (!entry?.person || entry.momentSeen) return;
    void markMatchMomentSeen(entry.person.id).then(() =>
      queryClient.invalidateQueries({ queryKey: yourWebQueryOptions().queryKey }),
    );
  }, [entry, queryClient]);

  if (web.isPending) return <PageFallback />;
  if (web.isError || !web.data || !entry?.person || !entry.email) {
    return (
      <PageLayout title={MESSAGES.matchMomentTitle}>
        <p role="alert" className="mb-6">
          {web.isError ? MESSAGES.matchesLoadFailed : MESSAGES.matchMomentNotFound}
        </p>
        <Link to={paths.yourWeb} className="btn-secondary no-underline">
          Your web
        </Link>
      </PageLayout>
    );
  }
  const { me } = web.data;
  const them = entry.person;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-10 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-widest text-rose-deep">Sam's Web</p>
      <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{MESSAGES.matchMomentTitle}</h1>
      <div className="mt-8 flex items-center justify-center gap-2 sm:gap-6">
        <Portrait name={me.firstName} photo={me.photo} side="left" />
        {/* A thread of Sam's web between the two. */}
        <svg viewBox="0 0 64 24" className="h-6 w-12 shrink-0 text-rose sm:w-16" aria-hidden="true">
          <path d="M0 12 Q16 0 32 12 T64 12" stroke="currentColor" strokeWidth="2.5" fill="none" />
          <circle cx="32" cy="12" r="4" className="fill-rose" />
        </svg>
        <Portrait name={them.firstName} photo={them.photo} side="right" />
      </div>
      <p className="mt-8 text-lg">{matchMomentLead(me.firstName, them.firstName)}</p>
      <div className="card mt-6 w-full">
        <p className="text-sm text-ink-soft">{them.firstName}'s email address</p>
        <p className="mt-1 text-xl font-semibold [overflow-wrap:anywhere]">{entry.email}</p>
        <a href={`mailto:${entry.email}`} className="btn-primary mt-4 w-full no-underline sm:w-auto">
          {writeTo(them.firstName)}
        </a>
        <p className="mt-5 text-left text-ink-soft">
          <span className="font-semibold text-rose-deep">Sam:</span> {MESSAGES.firstMessageTip}
        </p>
      </div>
      <p className="mt-6 text-sm text-ink-soft">{MESSAGES.matchConnected}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.yourWeb} className="btn-secondary no-underline">
          Your web
        </Link>
        <Link to={paths.home} className="btn-secondary no-underline">
          Back to Sam
        </Link>
      </div>
    </section>
  );
}
