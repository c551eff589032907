import { LegalPage } from "./legal-page.tsx";
import * as terms from "./terms.mdx";

export default function TermsPage() {
  return <LegalPage document={terms} />;
}
