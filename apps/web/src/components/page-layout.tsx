import type { ReactNode } from "react";

/** The common frame of a content page: a centred column with one h1. */
export function PageLayout({
  title,
  intro,
  children,
  width = "max-w-2xl",
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  width?: string;
}) {
  return (
    <section className={`mx-auto w-full ${width} px-4 py-10 sm:px-6`}>
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      {intro && <div className="mt-3 text-ink-soft">{intro}</div>}
      <div className="mt-8">{children}</div>
    </section>
  );
}
