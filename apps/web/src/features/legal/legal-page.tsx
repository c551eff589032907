import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

export type TocItem = { id: string; label: string };

export function TableOfContents({ items }: { items: readonly TocItem[] }) {
  return (
    <nav aria-label="Table of contents" className="mb-8 rounded-xl border border-line bg-silk px-4 py-4 sm:px-6">
      <p className="mb-2 text-sm font-semibold text-ink">On this page</p>
      <ol className="mb-0 list-decimal space-y-1 pl-6 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <a className="link" href={`#${item.id}`}>
              {item.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function LegalPage({
  title,
  lastUpdated,
  intro,
  children,
}: {
  title: string;
  lastUpdated?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <article className="card">
        <header className="mb-8 border-b border-line pb-6">
          <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
          {lastUpdated ? <p className="mt-2 text-sm text-ink-soft">{`Last updated: ${lastUpdated}`}</p> : null}
          {intro ? <div className="mt-4 space-y-3 text-base leading-relaxed text-ink-soft">{intro}</div> : null}
        </header>
        <div className="prose-legal">{children}</div>
        <footer className="mt-10 border-t border-line pt-6">
          <Link to={paths.home} className="link">
            Return to Home
          </Link>
        </footer>
      </article>
    </div>
  );
}
