import type { Profile } from "@sams-web/domain/profile/schemas";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

interface Requirement {
  id: "verified" | "interview" | "photos" | "zipCode" | "birthday" | "status";
  label: string;
  done: boolean;
  fix: { to: string } | { href: string };
  fixLabel: string;
}

/** What is still missing before Begin Search can start a search. */
export function requirementsFor(profile: Profile): Requirement[] {
  return [
    {
      id: "verified",
      label: "Verified email",
      done: profile.verified,
      fix: { href: "#account" },
      fixLabel: "Resend verification",
    },
    {
      id: "interview",
      label: "Interview with Sam complete",
      done: profile.chatComplete,
      fix: { to: paths.home },
      fixLabel: "Chat with Sam",
    },
    {
      id: "photos",
      label: "Photos uploaded",
      done: profile.picturesUploaded,
      fix: { to: paths.photoUpload },
      fixLabel: "Upload photos",
    },
    {
      id: "zipCode",
      label: "ZIP code",
      done: profile.zipCode !== null,
      fix: { href: "#zip-code" },
      fixLabel: "Enter ZIP code",
    },
    {
      id: "birthday",
      label: "Birthday",
      done: profile.birthday !== null,
      fix: { href: "#birthday" },
      fixLabel: "Enter birthday",
    },
    {
      id: "status",
      label: 'Status set to "Still Looking"',
      done: profile.status === "active",
      fix: { href: "#status" },
      fixLabel: "Set status",
    },
  ];
}

export function RequirementsChecklist({ profile }: { profile: Profile }) {
  return (
    <section aria-labelledby="requirements-heading" className="card">
      <h2 id="requirements-heading" className="text-xl font-semibold">
        Requirements
      </h2>
      <p className="mt-1 text-sm text-ink-soft">Everything here must be done before you can begin a search.</p>
      <ul className="mt-4 space-y-2">
        {requirementsFor(profile).map((item) => (
          <li key={item.label} className="flex flex-wrap items-center justify-between gap-2">
            <span className={item.done ? "text-moss" : "text-ink"}>
              <span aria-hidden="true">{item.done ? "✓ " : "○ "}</span>
              {item.label}
              <span className="sr-only">{item.done ? " (done)" : " (missing)"}</span>
            </span>
            {!item.done &&
              ("to" in item.fix ? (
                <Link to={item.fix.to} className="link text-sm">
                  {item.fixLabel}
                </Link>
              ) : (
                <a href={item.fix.href} className="link text-sm">
                  {item.fixLabel}
                </a>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
