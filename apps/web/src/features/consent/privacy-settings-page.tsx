import { Link } from "react-router";
import { PageLayout } from "../../app/page-layout.tsx";
import { paths } from "../../app/paths.ts";

export default function PrivacySettingsPage() {
  return (
    <PageLayout title="Privacy Settings">
      <nav aria-label="Privacy documents" className="flex gap-5">
        <Link className="link" to={paths.privacy}>
          Privacy Policy
        </Link>
        <Link className="link" to={paths.californiaPrivacy}>
          California Privacy Statement
        </Link>
      </nav>
    </PageLayout>
  );
}
