import { PageLayout } from "../../app/page-layout.tsx";

export default function ResetPasswordPage() {
  return <PageLayout title="Forgot Your Password?" />;
}
