import { Link } from "react-router";
import { PageLayout } from "../../app/page-layout.tsx";
import { paths } from "../../app/paths.ts";

export default function PhotoUploadPage() {
  return (
    <PageLayout title="Upload Photos">
      <Link to={paths.settings} className="btn-secondary">
        Back to Settings
      </Link>
    </PageLayout>
  );
}
