import { LegalPage } from "./legal-page.tsx";
import * as privacy from "./privacy.mdx";

export default function PrivacyPage() {
  return <LegalPage document={privacy} />;
}
