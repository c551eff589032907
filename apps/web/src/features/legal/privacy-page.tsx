import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { LegalPage, TableOfContents, type TocItem } from "./legal-page.tsx";

const sections = [
  { id: "who-we-are", label: "Who We Are and What This Policy Covers" },
  { id: "at-a-glance", label: "Privacy at a Glance" },
  { id: "information-we-collect", label: "Information We Collect" },
  { id: "sources", label: "Where Your Information Comes From" },
  { id: "how-we-use", label: "How We Use Your Information" },
  { id: "sam-and-ai", label: "Sam and AI Processing" },
  { id: "matching", label: "Matching and What Other Members See" },
  { id: "photos-and-location", label: "Photos and Location" },
  { id: "no-sale", label: "We Do Not Sell Your Data" },
  { id: "sharing", label: "When We Share Information" },
  { id: "service-providers", label: "Service Providers" },
  { id: "us-processing", label: "Data Processing in the United States" },
  { id: "cookies", label: "Cookies and Similar Technologies" },
  { id: "retention", label: "How Long We Keep Your Data" },
  { id: "security", label: "How We Protect Your Data" },
  { id: "your-rights", label: "Your Rights and Choices" },
  { id: "communications", label: "Emails We Send" },
  { id: "california", label: "California Residents" },
  { id: "children", label: "Children and Our Age Requirement" },
  { id: "changes", label: "Changes to This Policy" },
  { id: "contact", label: "Contact Us" },
] as const satisfies readonly TocItem[];

type SectionId = (typeof sections)[number]["id"];

function PolicySection({ id, children }: { id: SectionId; children: ReactNode }) {
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

type Row = { name: string; details: ReactNode; purpose: ReactNode };

const dataCategories: Row[] = [
  {
    name: "Account data",
    details:
      "Your name, email address, password (stored only in hashed form), the sign-in method you use, whether your email is verified and when you joined.",
    purpose: "Creating and securing your account, signing you in and contacting you about it.",
  },
  {
    name: "Profile data",
    details:
      "Your birthday and age, gender, the gender you are seeking, ZIP code, search radius, preferred age range, search status, the stage your interview has reached, and the narrative and compatibility assessments our systems create from your interview.",
    purpose: "Running the interview, finding compatible matches and showing you your settings.",
  },
  {
    name: "Content data",
    details:
      "Your conversations with Sam, your answers to follow-up questions, the photos you upload and your decisions about candidates (kept, set free or confirmed).",
    purpose: "Building your narrative, assessing compatibility and introducing you to matches.",
  },
  {
    name: "Purchase data",
    details:
      "Once the one-time fee is introduced: the date, amount, currency and status of your payment, a transaction reference and the limited card details our payment provider returns (such as the card type and last four digits). We never store your full card number.",
    purpose:
      "Processing your payment, providing lifetime access, handling refunds and keeping records the law requires.",
  },
  {
    name: "Marketing and survey data",
    details:
      "Your choices about optional emails and any answers you give if you decide to take part in a survey or feedback request.",
    purpose: "Sending news you asked for and improving the Service based on your feedback.",
  },
  {
    name: "Third-party data",
    details:
      "If you sign up or log in with Google, the name, email address and account identifier Google shares with us with your permission. If you turn on ad tracking, limited information from the social network whose advertising pixel we use, such as whether an ad led to a visit.",
    purpose: "Letting you sign in without a separate password and, with your consent, measuring our advertising.",
  },
  {
    name: "Customer support data",
    details: "Messages you send us, safety reports you make or that concern you, and our notes and replies.",
    purpose: "Answering your questions, investigating reports and keeping the community safe.",
  },
  {
    name: "Usage data",
    details:
      "Which pages and features you use, when and for how long, and, if you allow analytics, first-party analytics events recorded on our own servers.",
    purpose: "Keeping the Service working, understanding which features help and fixing what does not.",
  },
  {
    name: "Technical data",
    details:
      "Your IP address, browser type and version, device type, operating system, language, time zone, traffic logs and security signals from our anti-abuse checks.",
    purpose: "Delivering pages, preventing fraud and automated abuse, and diagnosing problems.",
  },
  {
    name: "Geolocation data",
    details:
      "The US ZIP code you enter, which we convert to the central point of that ZIP code area. We do not request GPS or precise location from your device.",
    purpose: "Searching for matches within the radius you choose.",
  },
  {
    name: "ID data",
    details:
      "Only if we ask you to verify your identity or age, for example after a safety report or when you make a privacy request that we cannot otherwise verify: the identity document or confirmation you provide and the result of the check.",
    purpose: "Confirming that members are adults, protecting members and preventing fraudulent requests.",
  },
];

type CookieRow = { category: string; purpose: string; duration: string; consent: string };

const cookieCategories: CookieRow[] = [
  {
    category: "Strictly necessary",
    purpose:
      "Keeping you signed in, protecting forms and accounts from abuse, balancing traffic and remembering your cookie choices.",
    duration: "Session, or up to 30 days",
    consent: "Always on; the Service cannot work without them.",
  },
  {
    category: "Functional",
    purpose: "Remembering things you asked for, such as a guest conversation kept in this browser until you sign up.",
    duration: "Up to 1 year",
    consent: "Used only to provide features you request.",
  },
  {
    category: "Analytics",
    purpose:
      "First-party measurement of how the Service is used, recorded on our own servers. No third-party analytics provider receives this data.",
    duration: "Up to 2 years",
    consent: "Off unless you accept analytics cookies.",
  },
  {
    category: "Ad tracking",
    purpose:
      "A social network's advertising pixel that helps us measure and improve our ads on that network. It is the only third-party technology on our pages and is loaded only after you consent.",
    duration: "Set by the social network under its own policy",
    consent: "Off unless you accept ad-tracking cookies.",
  },
];

type RetentionRow = { record: string; period: string };

const retentionPeriods: RetentionRow[] = [
  {
    record: "Account, profile, photos and settings of an open account",
    period: "For as long as your account is open",
  },
  {
    record: "Inactive accounts",
    period: "Closed after 2 years of inactivity",
  },
  {
    record: "Deleted accounts",
    period: "Permanently erased, including from backups, within 90 days of deletion",
  },
  {
    record: "Safety records after an account is closed",
    period: "A safety window of 3 months after closure",
  },
  {
    record: "AI chat data (the requests and responses exchanged with the AI model)",
    period: "Anonymized after 30 days",
  },
  {
    record: "Conversation logs",
    period: "180 days",
  },
  {
    record: "Traffic logs",
    period: "1 year",
  },
  {
    record: "Consent records (your cookie choices and opt-out or limit requests)",
    period: "5 years",
  },
  {
    record: "Customer care records",
    period: "5 years",
  },
  {
    record: "Transaction logs",
    period: "7 years",
  },
  {
    record: "Identity verification data",
    period: "Destroyed as soon as it is no longer needed, and within 2 years at most",
  },
  {
    record: "Cookie preferences",
    period: "Valid for 1 year from your last change, after which we ask again",
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated="May 30, 2025"
      intro={
        <>
          <p>
            Finding a partner means sharing personal things. This Privacy Policy explains, in plain language, what
            information Sam's Web collects, why, who can see it, how long we keep it and the choices you have. Short
            answers to common questions are in the Privacy FAQ at the end of this page.
          </p>
          <p>
            We do not sell your data. Email addresses are shared only after both people confirm mutual interest, and no
            other member is ever shown your exact location.
          </p>
        </>
      }
    >
      <TableOfContents items={sections} />

      <PolicySection id="who-we-are">
        <p>
          Sam's Web ("Sam's Web", "we", "us" or "our") is an online dating service for adults aged 18 or older who are
          looking for a long-term relationship. Sam, our friendly spider, is an AI persona who interviews you, helps us
          understand who you are and what you are looking for, and introduces you to compatible people near you.
        </p>
        <p>
          This policy applies to the Sam's Web website and every feature of the Service, whether you chat with Sam as a
          guest or use an account. It should be read together with our{" "}
          <Link to={paths.terms} className="link">
            Terms and Conditions
          </Link>
          . If you live in California, our{" "}
          <Link to={paths.californiaPrivacy} className="link">
            California Privacy Statement
          </Link>{" "}
          gives additional information required by California law.
        </p>
        <p>
          We are responsible for the personal information described here. We run the Service on our own infrastructure
          in the United States. You can reach us about privacy at{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>
          .
        </p>
      </PolicySection>

      <PolicySection id="at-a-glance">
        <ul>
          <li>We do not sell your personal information, and we never will.</li>
          <li>Your email address is shared with another member only after both of you confirm mutual interest.</li>
          <li>
            Your location is stored only as the center point of your ZIP code. No member is ever shown your exact
            location or how far away you are.
          </li>
          <li>We strip all metadata, including location tags, from every photo you upload.</li>
          <li>
            Analytics run on our own servers. Non-essential cookies, including analytics and the optional ad-tracking
            pixel, stay off unless you accept them.
          </li>
          <li>Your data is processed on servers in the United States.</li>
          <li>
            You can download all your data at once from Settings, correct it at any time and delete your account
            whenever you choose.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="information-we-collect">
        <p>
          We collect only what we need to run a thoughtful matchmaking service. The table below sets out each category
          of personal information, what it includes and why we use it.
        </p>
        <table>
          <caption className="mb-2 text-left text-sm font-semibold text-ink">
            Categories of personal information we collect
          </caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">What it includes</th>
              <th scope="col">Why we use it</th>
            </tr>
          </thead>
          <tbody>
            {dataCategories.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td>{row.details}</td>
                <td>{row.purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Some of this information is sensitive. Your gender and the gender you are seeking can reveal your sexual
          orientation, and your conversations with Sam may touch on your personal life, beliefs or health if you choose
          to mention them. We use sensitive information only to provide the Service you asked for, keep it secure and
          protect members, and never to advertise to you. Please share only what you are comfortable with.
        </p>
      </PolicySection>

      <PolicySection id="sources">
        <ul>
          <li>
            <strong>From you</strong>, when you sign up, chat with Sam, answer follow-up questions, fill in Settings,
            upload photos, make decisions about candidates, contact us or answer a survey.
          </li>
          <li>
            <strong>Created by our systems</strong>, such as your narrative, compatibility scores and the follow-up
            questions Sam asks, which are derived from what you and other members have shared.
          </li>
          <li>
            <strong>Automatically</strong>, from your browser and device when you use the Service, through traffic logs,
            strictly necessary cookies and, if you allow them, first-party analytics.
          </li>
          <li>
            <strong>From other members</strong>, for example when someone reports a safety concern about an account.
          </li>
          <li>
            <strong>From third parties</strong>, namely Google if you choose to sign in with it, our payment provider
            once payments are introduced, and the social network behind our ad-tracking pixel if you consent to ad
            tracking.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="how-we-use">
        <p>We use personal information to:</p>
        <ul>
          <li>create, verify and secure your account and sign you in;</li>
          <li>run your interview with Sam and save your progress between visits;</li>
          <li>
            build your narrative, search for compatible people within your chosen radius and age range, ask follow-up
            questions and calculate compatibility;
          </li>
          <li>
            show candidates' photos to you and your photos to candidates, and share email addresses once both people
            confirm mutual interest;
          </li>
          <li>send service emails such as verification links, password resets and match updates;</li>
          <li>process payments once the one-time fee is introduced;</li>
          <li>answer support requests and investigate safety reports;</li>
          <li>
            detect, prevent and respond to fraud, spam, automated abuse, security incidents and breaches of our Terms;
          </li>
          <li>
            understand how the Service is used and improve it, using first-party analytics only if you allow them;
          </li>
          <li>measure our advertising on a social network, only if you consent to ad tracking;</li>
          <li>comply with the law and respond to lawful requests from authorities.</li>
        </ul>
        <p>
          We do not use your conversations, photos or sensitive information to target advertising, and we do not make
          decisions that have legal or similarly significant effects on you solely by automated means. Matching is
          automated, but it only decides which introductions to suggest; every introduction still needs both people's
          confirmation.
        </p>
      </PolicySection>

      <PolicySection id="sam-and-ai">
        <p>
          Sam's replies are generated by an AI language model. When you chat with Sam, the message you send, the
          relevant earlier part of your conversation and the stage your interview has reached are sent to the model so
          that it can respond. Our systems also use the model to turn your interview into a narrative and to prepare
          follow-up questions.
        </p>
        <ul>
          <li>
            <strong>Your words are treated as data.</strong> What you write is passed to the model as information about
            you to respond to, never as instructions. It cannot change Sam's rules or give anyone access to another
            member's information.
          </li>
          <li>
            <strong>Used only for the Service.</strong> The model is used to run Sam and matching for you. Any service
            provider that helps us run it processes your messages only on our instructions and under contract, and may
            not use them for its own purposes.
          </li>
          <li>
            <strong>Guest conversations stay in your browser.</strong> If you chat without an account, your conversation
            is saved only in your browser's local storage. It is moved to your account if you sign up or log in, and is
            lost if you clear your browser data first.
          </li>
          <li>
            <strong>Limited retention.</strong> The requests and responses exchanged with the AI model are anonymized
            after 30 days, and conversation logs are kept for 180 days. See{" "}
            <a className="link" href="#retention">
              How Long We Keep Your Data
            </a>
            .
          </li>
        </ul>
        <p>
          AI can make mistakes. If Sam misunderstands you, just correct it in the conversation. Sam is not a therapist
          and cannot help in an emergency; if you are in crisis, call or text 988.
        </p>
      </PolicySection>

      <PolicySection id="matching">
        <p>
          When you begin a search, we compare your narrative and preferences with those of other members whose status is
          "Still Looking", within the search radius and age range each of you has chosen and according to the gender
          preferences you have both set.
        </p>
        <h3>What another member can see about you</h3>
        <ul>
          <li>
            Your photos, when you appear as a candidate in their photo review, so they can decide whether to keep you in
            their web or set you free.
          </li>
          <li>A compatibility score, when you are their pending match.</li>
          <li>Your email address, only after both of you have confirmed interest in each other, and never before.</li>
        </ul>
        <h3>What another member never sees</h3>
        <ul>
          <li>Your email address before both of you confirm mutual interest.</li>
          <li>
            Your exact location, your ZIP code or your distance from them. They know only that you fall within the area
            and age range their search covered.
          </li>
          <li>Your birthday, your password or your settings.</li>
          <li>Your conversation with Sam or the narrative built from it.</li>
          <li>Whether you declined them, or why.</li>
        </ul>
        <p>
          To test compatibility, Sam may ask each of you follow-up questions about topics that matter to the other
          person, without showing either of you the other's conversation or narrative. Once email addresses have been
          shared, anything you choose to tell each other is between the two of you.
        </p>
      </PolicySection>

      <PolicySection id="photos-and-location">
        <h3>Photos</h3>
        <p>
          You upload between 2 and 5 photos. Each is cropped to a square and saved as a 560 x 560 pixel JPEG image. When
          we save it, we strip all metadata embedded in the original file, including camera details, dates and GPS
          location tags, so the stored photo contains only the image itself. Your photos are shown only to candidates
          during matching, and you can replace them at any time from the Upload Photos page. When you save a new set,
          the previous set is deleted.
        </p>
        <h3>Location</h3>
        <p>
          We never ask for your device's location. You enter a five-digit US ZIP code, and we convert it to the center
          point (centroid) of that ZIP code area. That point is used only to work out whether two members are within
          each other's chosen search radius. No distance to another member is ever shown to anyone, and your ZIP code is
          never shown to other members.
        </p>
      </PolicySection>

      <PolicySection id="no-sale">
        <p>
          We do not sell your personal information to anyone, for money or for anything else of value. We do not rent,
          trade or license member data to data brokers, advertisers or other dating services.
        </p>
        <p>
          If you choose to accept ad-tracking cookies, a social network's advertising pixel receives information about
          your visit to help us measure our ads. Some laws, including California's, call this "sharing" for
          cross-context behavioral advertising. It happens only after you consent, never includes your conversations,
          photos or profile, and you can switch it off at any time on the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page.
        </p>
      </PolicySection>

      <PolicySection id="sharing">
        <p>We share personal information only in these situations:</p>
        <ul>
          <li>
            <strong>With other members</strong>, as described in{" "}
            <a className="link" href="#matching">
              Matching and What Other Members See
            </a>
            .
          </li>
          <li>
            <strong>With service providers</strong> who help us operate the Service and act only on our instructions.
          </li>
          <li>
            <strong>With your consent</strong>, such as the ad-tracking pixel you can switch on or off, or Google when
            you choose to sign in with it.
          </li>
          <li>
            <strong>For safety and legal reasons</strong>, when we believe in good faith that disclosure is required by
            law, a subpoena or a court order, or is necessary to protect the safety of any person, to investigate fraud
            or abuse, or to enforce our Terms.
          </li>
          <li>
            <strong>In a business transfer</strong>, if Sam's Web is involved in a merger, acquisition or sale of
            assets. The recipient must honor this policy, and we will tell you before your information becomes subject
            to a different policy.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="service-providers">
        <p>
          We self-host Sam's Web, and our analytics run on our own servers. We rely on a small number of service
          providers for specific tasks, such as:
        </p>
        <ul>
          <li>hosting the servers in the United States on which the Service runs;</li>
          <li>delivering service emails, such as verification and password reset links;</li>
          <li>running the AI language model that powers Sam, where we do not run it ourselves;</li>
          <li>processing payments, once the one-time fee is introduced;</li>
          <li>Google sign-in, if you choose to use it.</li>
        </ul>
        <p>
          Each provider receives only the information it needs for its task, must protect it and may not use it for its
          own purposes. The social network behind the optional ad-tracking pixel is not our service provider; it
          receives information only if you consent, and its own privacy policy applies to what it receives.
        </p>
      </PolicySection>

      <PolicySection id="us-processing">
        <p>
          Sam's Web is offered to people in the United States, and your personal information is stored and processed on
          servers located in the United States. If you access the Service from elsewhere, your information will be
          transferred to and processed in the United States, where data protection laws may differ from those where you
          are.
        </p>
      </PolicySection>

      <PolicySection id="cookies">
        <p>
          Cookies are small files a website stores in your browser. We also use your browser's local storage, which
          works in a similar way. We group these technologies into four categories. Non-essential cookies are off unless
          you accept them.
        </p>
        <table>
          <caption className="mb-2 text-left text-sm font-semibold text-ink">
            Cookie categories and how long they last
          </caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">What it does</th>
              <th scope="col">How long it lasts</th>
              <th scope="col">Your choice</th>
            </tr>
          </thead>
          <tbody>
            {cookieCategories.map((row) => (
              <tr key={row.category}>
                <th scope="row">{row.category}</th>
                <td>{row.purpose}</td>
                <td>{row.duration}</td>
                <td>{row.consent}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>Your cookie choices</h3>
        <p>
          On your first visit, the Cookie Preferences banner lets you choose Accept All, which turns on analytics and ad
          tracking, or Manage Cookies, which keeps both off and takes you to the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page, where you can switch each category on or off at any time. Your choices are stored in your browser and,
          when you are signed in, on your profile so that they follow you between devices. They remain valid for 1 year
          from your last change; after that they expire, non-essential cookies are switched off and we ask you again.
        </p>
        <p>
          When you switch ad tracking off, we stop loading the pixel and withdraw your consent. You can also delete
          cookies through your browser settings, although deleting strictly necessary cookies will sign you out.
        </p>
      </PolicySection>

      <PolicySection id="retention">
        <p>
          We keep personal information only for as long as we need it for the purposes described in this policy, and
          then delete or anonymize it. The periods below apply.
        </p>
        <table>
          <caption className="mb-2 text-left text-sm font-semibold text-ink">Retention periods</caption>
          <thead>
            <tr>
              <th scope="col">Information</th>
              <th scope="col">How long we keep it</th>
            </tr>
          </thead>
          <tbody>
            {retentionPeriods.map((row) => (
              <tr key={row.record}>
                <th scope="row">{row.record}</th>
                <td>{row.period}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Guest conversations are kept only in your own browser and are not stored on our servers unless you sign up or
          log in. We may keep information for longer where the law requires it or where it is needed to establish,
          exercise or defend a legal claim, and only for as long as that need lasts.
        </p>
      </PolicySection>

      <PolicySection id="security">
        <p>We protect your information with measures appropriate to how personal it is, including:</p>
        <ul>
          <li>encrypted connections (HTTPS) between your browser and our servers;</li>
          <li>passwords stored only in hashed form, never in plain text;</li>
          <li>email verification before you can begin a search;</li>
          <li>a fresh login before sensitive actions such as deleting your account or changing your name;</li>
          <li>bot-protection and anti-abuse checks on sign-up and other actions;</li>
          <li>removal of all metadata from uploaded photos;</li>
          <li>access to member data limited to people and systems that need it;</li>
          <li>mutual-consent introductions, so no one receives your email address uninvited.</li>
        </ul>
        <p>
          No system is perfectly secure. Please use a strong password that you do not use anywhere else, and tell us at
          once at{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>{" "}
          if you suspect unauthorized access to your account. If a breach affects your personal information, we will
          notify you and the authorities as the law requires.
        </p>
      </PolicySection>

      <PolicySection id="your-rights">
        <p>You are in control of your information. Wherever you live, you can:</p>
        <ul>
          <li>
            <strong>Access and take a copy of your data.</strong> You can download all your data at once from Settings,
            so an access request is answered immediately. If you prefer to ask us by email, we respond within 30 days.
          </li>
          <li>
            <strong>Correct your data.</strong> Update your name, birthday, ZIP code, preferences and photos in Settings
            at any time. If Sam has misunderstood something, tell Sam in the conversation or contact us.
          </li>
          <li>
            <strong>Delete your account.</strong> Choose Delete Account in Settings and type "delete" to confirm. Your
            account is closed immediately and your data is erased within 90 days, apart from the limited records
            described in{" "}
            <a className="link" href="#retention">
              How Long We Keep Your Data
            </a>
            .
          </li>
          <li>
            <strong>Pause matching.</strong> Set your status to unavailable in Settings and you will not be included in
            new searches.
          </li>
          <li>
            <strong>Control cookies and ad tracking.</strong> Change your choices at any time on the{" "}
            <Link to={paths.privacySettings} className="link">
              Privacy Settings
            </Link>{" "}
            page.
          </li>
          <li>
            <strong>Opt out of optional emails.</strong> Use the unsubscribe link in any optional email or contact us.
          </li>
        </ul>
        <p>
          For requests you cannot complete yourself, email{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>{" "}
          from the address linked to your account. We respond within 30 days. To protect you, we may need to confirm
          your identity before acting on a request, and we will never charge you for exercising your rights or treat you
          differently because you did.
        </p>
      </PolicySection>

      <PolicySection id="communications">
        <p>
          We send service emails that you need in order to use Sam's Web, such as email verification, password reset
          links, news about a match, security notices and important changes to our Terms or this policy. These are not
          marketing, so you cannot opt out of them while your account is open. If we ever send optional news or surveys,
          we will do so only where the law allows, and each will include a way to unsubscribe.
        </p>
      </PolicySection>

      <PolicySection id="california">
        <p>
          If you live in California, the California Consumer Privacy Act, as amended by the California Privacy Rights
          Act, gives you additional rights, including the rights to know, delete and correct your personal information,
          to opt out of the "sharing" of your personal information for cross-context behavioral advertising, and to
          limit the use of sensitive personal information. Our{" "}
          <Link to={paths.californiaPrivacy} className="link">
            California Privacy Statement
          </Link>{" "}
          explains these rights and how to exercise them. You can submit an opt-out request or a limit request on the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page.
        </p>
      </PolicySection>

      <PolicySection id="children">
        <p>
          Sam's Web is only for adults. You must be 18 or older to register or use the Service, in every location, and
          we do not knowingly collect personal information from anyone under 18. We ask for your birthday to confirm
          your age. If we learn that someone under 18 has provided us with personal information, we will close the
          account and delete that information. If you believe a minor is using Sam's Web, please tell us at{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>
          .
        </p>
      </PolicySection>

      <PolicySection id="changes">
        <p>
          We may update this policy as the Service develops, for example when the one-time fee is introduced, or when
          the law changes. We will change the "Last updated" date at the top of this page and, if a change materially
          affects how we use your personal information, we will tell you in advance by email or in the Service. We will
          not use information we have already collected in a materially different way without your consent where the law
          requires it.
        </p>
      </PolicySection>

      <PolicySection id="contact">
        <p>If you have a question about this policy or your personal information, contact us:</p>
        <ul>
          <li>
            Privacy questions and requests:{" "}
            <a className="link" href="mailto:privacy@samsweb.example">
              privacy@samsweb.example
            </a>
          </li>
          <li>
            Account help and safety reports:{" "}
            <a className="link" href="mailto:support@samsweb.example">
              support@samsweb.example
            </a>
          </li>
        </ul>
        <p>
          We aim to reply promptly and always within 30 days. When you are done here, you can go{" "}
          <Link to={paths.home} className="link">
            back to Sam's Web home
          </Link>
          .
        </p>
      </PolicySection>

      <section>
        <h2 id="privacy-faq" className="scroll-mt-6">
          Privacy FAQ
        </h2>

        <h3>Does Sam's Web sell my data?</h3>
        <p>
          No. We do not sell your personal information to anyone. The only third-party technology on our pages is an
          optional ad-tracking pixel, and it loads only if you accept ad-tracking cookies.
        </p>

        <h3>Will other members see my email address?</h3>
        <p>
          Only after you and the other person have both confirmed mutual interest. Until then, a candidate can see your
          photos and a compatibility score, but never your email address.
        </p>

        <h3>Can other members tell where I live?</h3>
        <p>
          No. We store your location only as the center point of your ZIP code, and we never show your ZIP code, your
          location or any distance to another member. Your photos are also stripped of all metadata, including GPS tags.
        </p>

        <h3>Does anyone read my conversations with Sam?</h3>
        <p>
          Your conversation is processed automatically to run the interview and matching. Other members never see it.
          Our staff access conversation data only when it is necessary, for example to investigate a safety report or
          fix a problem you asked us to look into. AI chat data is anonymized after 30 days and conversation logs are
          kept for 180 days.
        </p>

        <h3>How do I get a copy of my data?</h3>
        <p>
          Go to Settings and download all your data at once. If you cannot, email{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>{" "}
          and we will respond within 30 days.
        </p>

        <h3>How do I turn off analytics or ad tracking?</h3>
        <p>
          Visit the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page and switch off analytics cookies, ad-tracking cookies or both. Both are off unless you accept them.
        </p>

        <h3>What happens when I delete my account?</h3>
        <p>
          Your account closes immediately and you are removed from matching. Your data is erased within 90 days, except
          limited records we must keep for a set time, such as safety records for 3 months after closure and transaction
          logs for 7 years.
        </p>

        <h3>I live in California. Where can I find my rights?</h3>
        <p>
          Read our{" "}
          <Link to={paths.californiaPrivacy} className="link">
            California Privacy Statement
          </Link>
          , which explains your rights to know, delete, correct, opt out and limit, and how to use them.
        </p>
      </section>
    </LegalPage>
  );
}
