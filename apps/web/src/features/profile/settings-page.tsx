import { Link } from "react-router";
import { PageLayout } from "../../app/page-layout.tsx";
import { paths } from "../../app/paths.ts";
import { AccountSection } from "../accounts/account-section.tsx";

export default function SettingsPage() {
  return (
    <PageLayout title="Your Settings">
      <AccountSection />
      <Link to={paths.home} className="btn-secondary">
        Close
      </Link>
    </PageLayout>
  );
}
