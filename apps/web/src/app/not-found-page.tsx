import { Link } from "react-router";
import { SpiderLogo } from "../components/spider-logo.tsx";
import { paths } from "../config/paths.ts";

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <SpiderLogo className="h-20 w-20" />
      <h1 className="mt-6 text-3xl font-semibold">This thread leads nowhere</h1>
      <p className="mt-3 text-ink-soft">
        We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <Link to={paths.home} className="btn-primary mt-8">
        Back to Sam's Web
      </Link>
    </section>
  );
}
