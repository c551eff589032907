import type { Toc, TocEntry } from "@stefanprobst/rehype-extract-toc";
import type { MDXComponents, MDXContent } from "mdx/types";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

/** A legal page's module: its Markdown content and what the build derives from it. */
export interface LegalDocument {
  default: MDXContent;
  title: string;
  lastUpdated: string;
  /** Every heading with the id it was given, nested by level. */
  tableOfContents: Toc;
}

/** "1. Acceptance of Terms": a numbered section's heading. */
const SECTION_NUMBER = /^\d+\.\s+/;

/**
 * The table of contents lists the page's sections (its h2 headings). A numbered document lists
 * its numbered sections only, without their numbers since the list numbers them: the Privacy
 * FAQ after the policy's sections is an appendix, not a section. The FAQ page has no numbers and
 * lists every question.
 */
function sectionsOf(toc: Toc): TocEntry[] {
  const sections = toc.filter((entry) => entry.depth === 2 && entry.id);
  const numbered = sections.filter((entry) => SECTION_NUMBER.test(entry.value));
  return numbered.length > 0 ? numbered : sections;
}

function TableOfContents({ toc }: { toc: Toc }) {
  return (
    <nav aria-label="Table of contents" className="mb-8 rounded-xl border border-line bg-silk px-4 py-4 sm:px-6">
      <p className="mb-2 text-sm font-semibold text-ink">On this page</p>
      <ol className="mb-0 list-decimal space-y-1 pl-6 text-sm">
        {sectionsOf(toc).map((entry) => (
          <li key={entry.id}>
            <a className="link" href={`#${entry.id}`}>
              {entry.value.replace(SECTION_NUMBER, "")}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Intro({ children }: { children?: ReactNode }) {
  return <div className="legal-intro">{children}</div>;
}

/** Links between our own pages stay in the app; mail and in-page links are plain anchors. */
function ContentLink({ href = "", children }: { href?: string; children?: ReactNode }) {
  return href.startsWith("/") ? (
    <Link to={href} className="link">
      {children}
    </Link>
  ) : (
    <a href={href} className="link">
      {children}
    </a>
  );
}

/**
 * Terms, Privacy, FAQ and the California statement: one frame, a table of contents, a way home.
 * A page's MDX wraps its opening words in <Intro> and places <TableOfContents /> where the list
 * belongs; links to our own pages ("/privacy") stay in the app.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { default: Content, title, lastUpdated, tableOfContents } = document;
  const components: MDXComponents = {
    a: ContentLink,
    Intro,
    TableOfContents: () => <TableOfContents toc={tableOfContents} />,
  };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <article className="card">
        <header>
          <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-ink-soft">{`Last updated: ${lastUpdated}`}</p>
        </header>
        <div className="prose-legal">
          <Content components={components} />
        </div>
        <footer className="mt-10 border-t border-line pt-6">
          <Link to={paths.home} className="link">
            Return to Home
          </Link>
        </footer>
      </article>
    </div>
  );
}
