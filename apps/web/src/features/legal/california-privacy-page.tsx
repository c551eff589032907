import * as californiaPrivacy from "./california-privacy.mdx";
import { LegalPage } from "./legal-page.tsx";

export default function CaliforniaPrivacyPage() {
  return <LegalPage document={californiaPrivacy} />;
}
