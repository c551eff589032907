import { SpiderLogo } from "../../app/shell/spider-logo.tsx";

export default function HomePage() {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-12 text-center sm:px-6">
      <SpiderLogo className="h-24 w-24" />
      <h1 className="mt-6 text-4xl font-semibold sm:text-5xl">Meet Sam, your matchmaking spider</h1>
      <p className="mt-4 max-w-xl text-lg text-ink-soft">
        No swiping. Sam gets to know you in a long, honest conversation, then spins a web to find the one person nearby
        who fits, and introduces you only when you both say yes.
      </p>
    </section>
  );
}
