import * as faq from "./faq.mdx";
import { LegalPage } from "./legal-page.tsx";

export default function FaqPage() {
  return <LegalPage document={faq} />;
}
