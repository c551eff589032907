import { MESSAGES } from "@sams-web/domain/shared/messages";
import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";

/** /account-deleted: where a deletion ends, so the person sees it went through (and that an email says so too). */
export default function AccountDeletedPage() {
  return (
    <PageLayout title={MESSAGES.accountDeletedTitle} intro={<p>{MESSAGES.accountDeletedDetail}</p>}>
      <Link to={paths.home} className="btn-secondary">
        Back to Home
      </Link>
    </PageLayout>
  );
}
