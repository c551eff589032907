import { PageLayout } from "../../app/page-layout.tsx";

export default function MatchConfirmationPage() {
  return <PageLayout title="Your Pending Match" />;
}
