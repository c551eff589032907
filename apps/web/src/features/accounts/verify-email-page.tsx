import { Link } from "react-router";
import { PageLayout } from "../../app/page-layout.tsx";
import { paths } from "../../app/paths.ts";

export default function VerifyEmailPage() {
  return (
    <PageLayout title="Verify your email">
      <Link to={paths.home} className="btn-secondary">
        Back to Home
      </Link>
    </PageLayout>
  );
}
