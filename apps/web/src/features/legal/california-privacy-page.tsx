import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { LegalPage, TableOfContents, type TocItem } from "./legal-page.tsx";

const sections = [
  { id: "scope", label: "Scope of This Statement" },
  { id: "categories", label: "Personal Information We Collect" },
  { id: "sources", label: "Sources of Personal Information" },
  { id: "purposes", label: "Why We Collect and Use It" },
  { id: "sensitive", label: "Sensitive Personal Information" },
  { id: "no-sale", label: "No Sale of Personal Information" },
  { id: "sharing", label: "Sharing for Cross-Context Behavioral Advertising" },
  { id: "your-rights", label: "Your California Privacy Rights" },
  { id: "requests", label: "How to Make a Request" },
  { id: "agents", label: "Authorized Agents" },
  { id: "non-discrimination", label: "Non-Discrimination" },
  { id: "retention", label: "How Long We Keep Personal Information" },
  { id: "other-california-rights", label: "Other California Rights" },
  { id: "contact", label: "Contact and Updates" },
] as const satisfies readonly TocItem[];

type SectionId = (typeof sections)[number]["id"];

function StatementSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const index = sections.findIndex((section) => section.id === id);
  const label = sections[index]?.label ?? "";
  return (
    <section>
      <h2 id={id} className="scroll-mt-6">
        {`${index + 1}. ${label}`}
      </h2>
      {children}
    </section>
  );
}

type CategoryRow = {
  category: string;
  examples: string;
  disclosedTo: string;
  soldOrShared: string;
};

const categoryRows: CategoryRow[] = [
  {
    category: "Identifiers",
    examples: "Name, email address, account identifier, IP address and online identifiers such as cookie identifiers.",
    disclosedTo:
      "Service providers that host the Service, deliver email, run the AI model or process payments; Google, if you sign in with it; a mutual match (email address only, after both confirm).",
    soldOrShared:
      "Not sold. Online identifiers are shared with a social network's ad pixel only if you accept ad-tracking cookies.",
  },
  {
    category: "Personal records (Cal. Civ. Code § 1798.80(e))",
    examples:
      "Name, email address, photos and, once the one-time fee is introduced, limited payment details such as the card type and last four digits.",
    disclosedTo: "Service providers; candidates and matches as described in our Privacy Policy.",
    soldOrShared: "Not sold or shared.",
  },
  {
    category: "Characteristics of protected classifications",
    examples: "Age and birthday, gender, and the gender you are seeking, which may reveal sexual orientation.",
    disclosedTo: "Service providers.",
    soldOrShared: "Not sold or shared.",
  },
  {
    category: "Commercial information",
    examples: "Records of the one-time lifetime access purchase, once the fee is introduced.",
    disclosedTo: "Our payment provider and other service providers.",
    soldOrShared: "Not sold or shared.",
  },
  {
    category: "Internet or other electronic network activity",
    examples:
      "Pages and features used, first-party analytics events if you allow them, traffic logs, browser and device details.",
    disclosedTo: "Service providers.",
    soldOrShared:
      "Not sold. Information about your visit is shared with the ad pixel only if you accept ad-tracking cookies.",
  },
  {
    category: "Geolocation data",
    examples:
      "The ZIP code you enter, stored as the center point of that ZIP code area. We do not collect precise geolocation.",
    disclosedTo: "Service providers. Never shown to other members.",
    soldOrShared: "Not sold or shared.",
  },
  {
    category: "Audio, electronic, visual or similar information",
    examples: "The 2 to 5 photos you upload, stored without any metadata.",
    disclosedTo: "Service providers; candidates during matching.",
    soldOrShared: "Not sold or shared.",
  },
  {
    category: "Professional, employment or education information",
    examples: "Only what you choose to tell Sam, such as your occupation or studies.",
    disclosedTo: "Service providers.",
    soldOrShared: "Not sold or shared.",
  },
  {
    category: "Inferences",
    examples:
      "The narrative created from your interview, compatibility scores and the follow-up questions prepared for you.",
    disclosedTo: "Service providers; a compatibility score is shown to a pending match.",
    soldOrShared: "Not sold or shared.",
  },
  {
    category: "Sensitive personal information",
    examples:
      "Account log-in details, information about your sex life or sexual orientation, identity documents if we ask you to verify your identity, and anything sensitive you choose to tell Sam.",
    disclosedTo: "Service providers, only as needed to provide the Service.",
    soldOrShared: "Not sold or shared.",
  },
];

export default function CaliforniaPrivacyPage() {
  return (
    <LegalPage
      title="California Privacy Statement"
      lastUpdated="May 30, 2025"
      intro={
        <p>
          This statement is for California residents. It explains your rights under the California Consumer Privacy Act,
          as amended by the California Privacy Rights Act (together, the "CCPA"), and serves as our notice at
          collection. It supplements our{" "}
          <Link to={paths.privacy} className="link">
            Privacy Policy
          </Link>
          , which describes our practices in more detail.
        </p>
      }
    >
      <TableOfContents items={sections} />

      <StatementSection id="scope">
        <p>
          This statement applies to personal information about California residents ("you") that Sam's Web ("we", "us"
          or "our") collects through the Sam's Web website and Service. Words defined in the CCPA, such as "personal
          information", "sell", "share" and "sensitive personal information", have the same meanings here. Sam's Web is
          only for adults aged 18 or older.
        </p>
      </StatementSection>

      <StatementSection id="categories">
        <p>
          In the past 12 months we have collected, and we continue to collect, the following categories of personal
          information. The right-hand columns show to whom we disclose each category for a business purpose and whether
          it is sold or shared.
        </p>
        <table>
          <caption className="mb-2 text-left text-sm font-semibold text-ink">
            Categories of personal information and how they are disclosed
          </caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Examples</th>
              <th scope="col">Disclosed for a business purpose to</th>
              <th scope="col">Sold or shared</th>
            </tr>
          </thead>
          <tbody>
            {categoryRows.map((row) => (
              <tr key={row.category}>
                <th scope="row">{row.category}</th>
                <td>{row.examples}</td>
                <td>{row.disclosedTo}</td>
                <td>{row.soldOrShared}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          In the terms of our Privacy Policy, these categories cover account, profile, content, purchase, marketing and
          survey, third-party, customer support, usage, technical, geolocation and ID data.
        </p>
      </StatementSection>

      <StatementSection id="sources">
        <ul>
          <li>
            <strong>You</strong>, when you create an account, chat with Sam, complete Settings, upload photos, respond
            to candidates, contact us or take part in a survey.
          </li>
          <li>
            <strong>Your browser and device</strong>, through traffic logs, strictly necessary cookies and, if you allow
            them, first-party analytics recorded on our own servers.
          </li>
          <li>
            <strong>Our own systems</strong>, which create your narrative, compatibility scores and follow-up questions
            from what members share.
          </li>
          <li>
            <strong>Other members</strong>, for example through safety reports.
          </li>
          <li>
            <strong>Third parties</strong>: Google if you choose to sign in with it, our payment provider once payments
            are introduced, and a social network's advertising pixel if you accept ad-tracking cookies.
          </li>
        </ul>
      </StatementSection>

      <StatementSection id="purposes">
        <p>We collect and use personal information for these business purposes:</p>
        <ul>
          <li>
            providing the Service you request: your account, the interview with Sam, your narrative, matching, photo
            review and mutual-consent introductions;
          </li>
          <li>sending service emails such as verification links, password resets and match news;</li>
          <li>processing your one-time payment once the fee is introduced;</li>
          <li>
            keeping the Service and its members safe and secure, including detecting fraud, automated abuse and breaches
            of our Terms;
          </li>
          <li>answering support requests and investigating reports;</li>
          <li>debugging, maintaining and improving the Service, including first-party analytics if you allow it;</li>
          <li>measuring our advertising on a social network, only if you accept ad-tracking cookies;</li>
          <li>complying with the law and responding to lawful requests.</li>
        </ul>
        <p>
          We will not collect additional categories of personal information, or use it for materially different
          purposes, without giving you notice.
        </p>
      </StatementSection>

      <StatementSection id="sensitive">
        <p>
          Some personal information we process is "sensitive" under the CCPA: your account log-in details, information
          about your sex life or sexual orientation (for example, the gender you are seeking and what you tell Sam about
          relationships), identity documents if we ask you to verify your identity, and any other sensitive detail you
          choose to mention to Sam.
        </p>
        <p>
          We use and disclose sensitive personal information only for the purposes the CCPA regulations permit: to
          provide the matchmaking service you asked for, to keep the Service secure and protect members, to prevent
          fraud and illegal activity, to maintain the quality of the Service and to comply with the law. We never use it
          for advertising and never sell or share it.
        </p>
        <h3>Your right to limit</h3>
        <p>
          You have the right to limit our use and disclosure of your sensitive personal information to those permitted
          purposes. To exercise it, choose Submit Limit Request on the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page. We will record your request and ensure that your sensitive personal information is used only for the
          permitted purposes, even if our practices change in future. Limiting use does not stop matching itself,
          because matching needs your gender and the gender you are seeking; to stop matching, set your status to
          unavailable in Settings or delete your account.
        </p>
      </StatementSection>

      <StatementSection id="no-sale">
        <p>
          We do not sell personal information, and we have not sold personal information in the past 12 months. Sam's
          Web is only for adults: we do not allow anyone under 18 to use the Service, and we do not sell or share the
          personal information of minors.
        </p>
      </StatementSection>

      <StatementSection id="sharing">
        <p>
          The only way personal information may be "shared" for cross-context behavioral advertising is through the
          optional advertising pixel of a social network on which we advertise. The pixel is loaded only after you
          accept ad-tracking cookies, either through Accept All in the Cookie Preferences banner or on the Privacy
          Settings page. When it is loaded, the social network may receive online identifiers and information about your
          visit, such as the pages you view and whether you signed up. It never receives your conversations, photos,
          profile details or sensitive personal information.
        </p>
        <h3>Your right to opt out</h3>
        <p>
          You have the right to opt out of the sharing of your personal information. You can do so at any time on the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page by switching off ad-tracking cookies or choosing Submit Opt-Out Request. When you opt out, we stop
          loading the pixel and withdraw your consent. If you have never accepted ad-tracking cookies, nothing has been
          shared. We will not ask you to opt back in for at least 12 months unless you choose to do so yourself.
        </p>
      </StatementSection>

      <StatementSection id="your-rights">
        <p>Subject to certain exceptions, California residents have the right to:</p>
        <ul>
          <li>
            <strong>Know and access</strong> the categories and specific pieces of personal information we have
            collected about you, the categories of sources, our purposes for collecting it, and the categories of third
            parties to whom we disclose it;
          </li>
          <li>
            <strong>Delete</strong> personal information we have collected from you, subject to exceptions such as
            information we must keep for security, to complete a transaction or to comply with the law;
          </li>
          <li>
            <strong>Correct</strong> inaccurate personal information we hold about you;
          </li>
          <li>
            <strong>Opt out</strong> of the sale or sharing of your personal information;
          </li>
          <li>
            <strong>Limit</strong> the use and disclosure of your sensitive personal information;
          </li>
          <li>
            <strong>Not be discriminated against</strong> for exercising any of these rights.
          </li>
        </ul>
      </StatementSection>

      <StatementSection id="requests">
        <ul>
          <li>
            <strong>To know or access:</strong> download all your data at once from Settings, which answers the request
            immediately, or email us.
          </li>
          <li>
            <strong>To delete:</strong> choose Delete Account in Settings and type "delete" to confirm, or email us.
          </li>
          <li>
            <strong>To correct:</strong> edit your details and photos in Settings, or email us about anything you cannot
            change yourself.
          </li>
          <li>
            <strong>To opt out of sharing:</strong> use Submit Opt-Out Request or switch off ad-tracking cookies on the{" "}
            <Link to={paths.privacySettings} className="link">
              Privacy Settings
            </Link>{" "}
            page.
          </li>
          <li>
            <strong>To limit use of sensitive personal information:</strong> use Submit Limit Request on the same page.
          </li>
        </ul>
        <p>
          To make any request by email, write to{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>
          , preferably from the email address linked to your account.
        </p>
        <h3>Verification and response times</h3>
        <p>
          Requests made while signed in to your account are verified by your login. For requests to know, delete or
          correct made by email, we verify your identity by matching the information you provide with what we hold, for
          example by asking you to confirm the request from your account's email address or to sign in. We ask for no
          more information than we need and use it only for verification. Opt-out and limit requests do not require
          verification.
        </p>
        <p>
          We confirm receipt of requests to know, delete or correct within 10 business days and respond within 30 days.
          If we cannot fulfill a request, in whole or in part, we will explain why. We do not charge a fee to process
          your requests.
        </p>
      </StatementSection>

      <StatementSection id="agents">
        <p>
          You may use an authorized agent to make a request on your behalf. The agent must provide a permission signed
          by you that authorizes them to act for you. Unless the agent holds a valid power of attorney under California
          Probate Code sections 4121 to 4130, we may also ask you to verify your own identity directly with us and to
          confirm that you gave the agent permission. Agents can send requests to{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>
          . Opt-out and limit requests from an agent also need your signed permission.
        </p>
      </StatementSection>

      <StatementSection id="non-discrimination">
        <p>
          We will not discriminate against you for exercising your privacy rights. We will not deny you the Service,
          charge you a different price, provide a different level or quality of service or suggest that you will receive
          any of these because you made a request. The Service is free during the beta, and the planned one-time $10
          lifetime access fee will be the same for everyone, whatever privacy choices they make. We do not offer
          financial incentives in exchange for personal information.
        </p>
      </StatementSection>

      <StatementSection id="retention">
        <p>
          We keep each category of personal information only as long as needed for the purposes above, using these
          periods:
        </p>
        <ul>
          <li>account, profile, content and geolocation data: for as long as your account is open;</li>
          <li>inactive accounts: closed after 2 years;</li>
          <li>deleted accounts: erased within 90 days;</li>
          <li>safety window after an account is closed: 3 months;</li>
          <li>AI chat data: anonymized after 30 days;</li>
          <li>conversation logs: 180 days;</li>
          <li>traffic logs: 1 year;</li>
          <li>consent records, including opt-out and limit requests: 5 years;</li>
          <li>customer care records: 5 years;</li>
          <li>transaction logs: 7 years;</li>
          <li>identity verification data: destroyed within 2 years at most;</li>
          <li>cookie preferences: valid for 1 year from your last change.</li>
        </ul>
        <p>
          Full details are in the retention section of our{" "}
          <Link to={paths.privacy} className="link">
            Privacy Policy
          </Link>
          .
        </p>
      </StatementSection>

      <StatementSection id="other-california-rights">
        <p>
          Under California's "Shine the Light" law (Cal. Civ. Code § 1798.83), you may ask whether we have disclosed
          personal information to third parties for their own direct marketing purposes. We do not make such
          disclosures. You may still send a request to{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>
          , and we will confirm this in writing.
        </p>
      </StatementSection>

      <StatementSection id="contact">
        <p>
          For any question about this statement or your California privacy rights, email{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>
          . For general help, email{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>
          .
        </p>
        <p>
          We review this statement at least once every 12 months and update the "Last updated" date above whenever we
          change it. You can also read our full{" "}
          <Link to={paths.privacy} className="link">
            Privacy Policy
          </Link>
          , manage your choices on the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page or go back to the{" "}
          <Link to={paths.home} className="link">
            Sam's Web home page
          </Link>
          .
        </p>
      </StatementSection>
    </LegalPage>
  );
}
