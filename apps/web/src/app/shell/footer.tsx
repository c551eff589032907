import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

const SOCIAL_LINKS = [
  { label: "Sam's Web on Facebook", href: "https://www.facebook.com/samsweb", short: "Facebook" },
  { label: "Sam's Web on Instagram", href: "https://www.instagram.com/samsweb", short: "Instagram" },
  { label: "Sam's Web on X", href: "https://x.com/samsweb", short: "X" },
] as const;

/** A link a finger can hit: at least 44 px tall (and wide, with its neighbours' gap). */
const TAP_TARGET = "link inline-flex min-h-11 min-w-11 items-center";

export function Footer() {
  return (
    <footer className="border-t border-line bg-silk-deep/60">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6 text-sm text-ink-soft sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Sam's Web. All rights reserved.</p>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5">
          <Link className={TAP_TARGET} to={paths.faq}>
            FAQ
          </Link>
          <Link className={TAP_TARGET} to={paths.terms}>
            Terms &amp; Conditions
          </Link>
          <Link className={TAP_TARGET} to={paths.privacy}>
            Privacy &amp; Cookies
          </Link>
        </nav>
        <ul aria-label="Sam's Web elsewhere" className="flex gap-4">
          {SOCIAL_LINKS.map((social) => (
            <li key={social.href}>
              <a
                className={TAP_TARGET}
                href={social.href}
                aria-label={social.label}
                rel="noopener noreferrer"
                target="_blank"
              >
                {social.short}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
