import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { LegalPage, TableOfContents, type TocItem } from "./legal-page.tsx";

const sections = [
  { id: "acceptance", label: "Acceptance of Terms" },
  { id: "eligibility", label: "Eligibility" },
  { id: "your-account", label: "Your Account" },
  { id: "conversations-with-sam", label: "Conversations with Sam" },
  { id: "matching", label: "Matching and Introductions" },
  { id: "conduct-and-safety", label: "User Conduct and Safety" },
  { id: "your-content", label: "Photos and Other Content You Provide" },
  { id: "pricing", label: "Beta Access, Pricing and Payment" },
  { id: "privacy", label: "Privacy" },
  { id: "termination", label: "Termination and Account Deletion" },
  { id: "disclaimers", label: "Disclaimers and Limitation of Liability" },
  { id: "governing-law", label: "Governing Law, Disputes and Changes to These Terms" },
  { id: "contact", label: "Contact Us" },
] as const satisfies readonly TocItem[];

type SectionId = (typeof sections)[number]["id"];

function TermsSection({ id, children }: { id: SectionId; children: ReactNode }) {
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

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      lastUpdated="May 30, 2025"
      intro={
        <p>
          Welcome to Sam's Web. These Terms and Conditions explain the rules for using our service, what you can expect
          from us and what we expect from you. Please read them carefully: by creating an account or chatting with Sam,
          you agree to them.
        </p>
      }
    >
      <TableOfContents items={sections} />

      <TermsSection id="acceptance">
        <p>
          These Terms and Conditions (the "Terms") form a binding agreement between you and the operator of Sam's Web
          ("Sam's Web", "we", "us" or "our"). They govern your access to and use of the Sam's Web website, the
          conversations you have with Sam, our matching features and every related feature we provide (together, the
          "Service").
        </p>
        <p>
          By creating an account, signing in, chatting with Sam as a guest or otherwise using the Service, you confirm
          that you have read, understood and accepted these Terms and our{" "}
          <Link to={paths.privacy} className="link">
            Privacy Policy
          </Link>
          , which explains how we handle your personal information. If you do not agree, please do not use the Service.
        </p>
        <p>
          Sam's Web is intended for people who live in the United States. Matching relies on a United States ZIP code,
          and the Service is not designed for, or offered to, people elsewhere.
        </p>
      </TermsSection>

      <TermsSection id="eligibility">
        <p>
          Sam's Web is a service for adults looking for a long-term relationship. To create an account or use the
          Service in any way, you must:
        </p>
        <ul>
          <li>be at least 18 years old;</li>
          <li>be legally able to enter into a binding contract with us;</li>
          <li>
            not be barred from using the Service under the laws of the United States or any other applicable
            jurisdiction;
          </li>
          <li>
            not have been convicted of, or pleaded guilty or no contest to, a felony, a sexual offense or a crime
            involving violence, and not be required to register as a sex offender with any government authority;
          </li>
          <li>not have had a previous Sam's Web account closed by us for breaking these Terms.</li>
        </ul>
        <p>
          Registration is open only to people aged 18 or older. When you enter your birthday, it must be accurate. If we
          learn or reasonably believe that someone under 18 is using the Service, we will close the account and delete
          the associated information as described in our Privacy Policy. We may ask you to confirm your age or identity
          where we reasonably need to, for example after a safety report.
        </p>
      </TermsSection>

      <TermsSection id="your-account">
        <p>
          You can chat with Sam as a guest, but a guest conversation is kept only in your browser. To save your
          conversation, take part in matching, upload photos or receive introductions, you need an account. You can sign
          up with an email address and password, or with a Google account where that option is offered. When you sign up
          or log in, a conversation you started as a guest moves to your account.
        </p>
        <h3>Accurate information</h3>
        <p>
          You agree to give accurate, current and complete information, including your name, email address, birthday,
          gender, the gender you are seeking and your ZIP code, and to keep it up to date in Settings. Matching depends
          on this information: inaccurate details can lead to poor matches for you and for other people, and
          misrepresenting yourself is a breach of these Terms.
        </p>
        <h3>One account, kept secure</h3>
        <p>
          You may hold only one account, and it is personal to you: do not share it, sell it or let anyone else use it.
          Keep your password confidential and choose one you do not use elsewhere. You are responsible for activity on
          your account unless it results from our own failure to protect it. Tell us straight away at{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>{" "}
          if you believe someone has gained access to your account.
        </p>
        <h3>Email verification and messages from us</h3>
        <p>
          We ask you to verify your email address before you can begin a search. By creating an account, you agree that
          we may send you service messages by email, such as verification and password reset links, news about a match
          and important changes to the Service or these Terms. These messages are part of the Service; promotional
          emails, if we send any, are optional and you can opt out of them at any time.
        </p>
      </TermsSection>

      <TermsSection id="conversations-with-sam">
        <p>
          Sam is a friendly spider and an artificial intelligence (AI) persona. Sam interviews you in stages, covering
          topics such as your relationship goals, your best qualities, what you are looking for in a partner, your
          dealbreakers, what you bring to a relationship and what you learned from past relationships. From your
          answers, our systems build a narrative that describes you and what you are seeking. A complete interview often
          takes 30 to 60 minutes or more, and you can pause and return to it.
        </p>
        <h3>Sam is not a person</h3>
        <p>
          Sam's replies are generated automatically by an AI language model. Nobody on our team writes them in real
          time. AI systems can misunderstand what you say, make mistakes, state things that are not accurate or respond
          in ways that feel out of place. Do not rely on anything Sam says as fact, and use your own judgment about
          every person you meet.
        </p>
        <h3>Not therapy or professional advice</h3>
        <p>
          Sam is a matchmaking interviewer, not a therapist, counselor, doctor, lawyer or financial adviser. Nothing Sam
          says is medical, psychological, legal or financial advice, and Sam cannot help in an emergency. If you are in
          crisis or thinking about harming yourself, call or text 988 to reach the 988 Suicide &amp; Crisis Lifeline. If
          you or someone else is in immediate danger, call 911.
        </p>
        <h3>Using Sam fairly</h3>
        <p>
          Please answer honestly and in your own words. What you write is treated as information about you and is passed
          to the AI model as data to respond to; it cannot change Sam's instructions. You must not try to make Sam
          reveal information about other people, bypass its safeguards, generate harmful material or use the
          conversation for any purpose other than finding a relationship through the Service.
        </p>
      </TermsSection>

      <TermsSection id="matching">
        <p>
          When your interview is complete, your email address is verified, you have uploaded between 2 and 5 photos,
          your ZIP code and birthday are set and your status is "Still Looking", you can begin a search. We look for
          people whose narrative is compatible with yours, within the search radius and age range you chose in Settings
          and according to the gender preferences both of you set. Sam may then ask you follow-up questions to test
          compatibility and will show you the photos of promising candidates, which you can keep in your web or set
          free.
        </p>
        <h3>No guarantee of a match</h3>
        <p>
          We care about quality, not volume. Good matches are rare: on average, members can expect about one every six
          months, and some members will wait longer or may not receive a match at all, depending on who has joined near
          them and what they are looking for. Compatibility scores are estimates produced by automated systems. We do
          not promise that you will be matched, that a match will be interested in you, that any relationship will
          develop or that a person you are matched with is who they say they are.
        </p>
        <h3>Introductions need mutual consent</h3>
        <p>
          We never give your email address to another member just because you appear in their search. Email addresses
          are shared only after both people have independently confirmed their interest in each other. Once both of you
          confirm, each of you receives the other's email address and any further contact happens outside Sam's Web,
          between the two of you. After you accept a match, new matches pause for 30 days so that you can give that
          person a fair chance.
        </p>
        <h3>Respecting a decision</h3>
        <p>
          Declining a candidate, or not confirming a match, is always your right and is never shared as a reason with
          the other person. If someone does not confirm their interest in you, or later stops replying, you must respect
          their decision and not try to contact them through other means.
        </p>
      </TermsSection>

      <TermsSection id="conduct-and-safety">
        <p>
          Sam's Web only works if members can trust one another. When using the Service, and when contacting anyone you
          met through it, you agree not to:
        </p>
        <ul>
          <li>harass, threaten, stalk, intimidate, abuse, defame or discriminate against anyone;</li>
          <li>
            impersonate anyone, misrepresent your identity, age, relationship status or intentions, or upload photos
            that are not of you;
          </li>
          <li>
            ask another person for money, gifts, financial details or investments, or promote any business, product,
            service or cause;
          </li>
          <li>
            share anyone's email address, photos or other personal information that you received through the Service
            without their permission;
          </li>
          <li>
            upload or send content that is sexually explicit, violent, hateful or unlawful, or that involves a minor in
            any way;
          </li>
          <li>
            use automated tools, bots or scripts to access the Service, collect data from it, create accounts or get
            around our security and bot-protection checks;
          </li>
          <li>
            probe, test, overload or interfere with the Service, or try to access accounts or data that are not yours;
          </li>
          <li>use the Service for any purpose that is unlawful or not permitted by these Terms.</li>
        </ul>
        <h3>Meeting in person</h3>
        <p>
          We do not run criminal background checks or verify the identity of every member, and we cannot control how
          people behave once they are in contact. You are responsible for your own interactions with other members.
          Please take sensible precautions:
        </p>
        <ul>
          <li>take your time getting to know someone by email, phone or video call before meeting;</li>
          <li>meet for the first time in a busy public place and arrange your own transport;</li>
          <li>tell a friend or family member where you are going and when you expect to be back;</li>
          <li>keep your home address, workplace and financial information private until you have built real trust;</li>
          <li>never send money or gifts to someone you have not met in person;</li>
          <li>leave at any point if you feel uncomfortable, and trust your instincts.</li>
        </ul>
        <h3>Reporting concerns</h3>
        <p>
          If a member behaves inappropriately, asks you for money or makes you feel unsafe, please tell us at{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>
          . We review every report and may suspend or close accounts, keep records needed to investigate and, where
          appropriate, cooperate with law enforcement. If you are in immediate danger, call 911 first.
        </p>
      </TermsSection>

      <TermsSection id="your-content">
        <p>
          "Your Content" means the messages you write to Sam, your answers to follow-up questions, the photos you upload
          and any other information you submit. You keep ownership of Your Content.
        </p>
        <h3>License you give us</h3>
        <p>
          So that we can run the Service, you grant us a non-exclusive, royalty-free, non-transferable license (except
          to service providers acting for us) to host, store, copy, process, crop, resize, adapt and display Your
          Content, and to create your narrative and compatibility assessments from it, for the sole purpose of
          operating, securing and improving Sam's Web for you. This includes showing your photos to candidates during
          matching. The license ends when Your Content is deleted from our systems, subject to the retention periods in
          our Privacy Policy.
        </p>
        <h3>Photo rules</h3>
        <p>
          You need at least 2 and may upload up to 5 photos. Each one is cropped to a square and saved as a 560 x 560
          pixel image, and we remove all embedded metadata (such as camera details and location tags) before storing it.
          Your photos must:
        </p>
        <ul>
          <li>be recent and clearly show you, and only you, as the main subject;</li>
          <li>be photos you took yourself or have the right to use;</li>
          <li>not contain nudity, sexual content, violence, weapons used to threaten or hate symbols;</li>
          <li>not show children, or other people who have not agreed to appear;</li>
          <li>
            not include contact details, social media handles, advertising or text meant to get around our
            mutual-consent introductions.
          </li>
        </ul>
        <p>
          You promise that you have all rights needed to share Your Content and that it does not infringe anyone's
          rights or break any law. We may remove content that breaks these Terms, without notice where necessary to
          protect members.
        </p>
        <h3>Our content</h3>
        <p>
          The Service itself, including the Sam character, our design, text, software and matching methods, belongs to
          us or our licensors and is protected by intellectual property laws. We give you a personal, revocable,
          non-transferable right to use the Service as these Terms allow; no other rights are granted.
        </p>
      </TermsSection>

      <TermsSection id="pricing">
        <p>
          Sam's Web is currently in beta and is free to use. During the beta, features may change, be added or be
          removed as we learn what works best, and the Service may occasionally be unavailable.
        </p>
        <p>
          After the beta, we plan to charge a one-time fee of $10 (ten US dollars) for lifetime access. "Lifetime
          access" means access to the Service for as long as we operate it and your account remains open and in good
          standing; it is not a subscription and will not renew. Before the fee takes effect, we will tell you by email
          and in the Service, and we will never charge you unless you choose to pay. If you decide not to pay, you may
          delete your account at any time.
        </p>
        <p>
          When payments are introduced, they will be processed by a payment provider. You will see the price, any
          applicable taxes and any refund terms before you confirm a purchase, and those terms will apply together with
          your rights under the law. The one-time fee pays for access to the Service; it does not buy a match, and the
          price does not depend on the privacy choices you make.
        </p>
      </TermsSection>

      <TermsSection id="privacy">
        <p>
          Your privacy matters to us, especially given how personal a conversation with Sam can be. Our{" "}
          <Link to={paths.privacy} className="link">
            Privacy Policy
          </Link>{" "}
          explains what information we collect, how we use it, how long we keep it and the choices you have. In short:
          we do not sell your personal information, your email address is shared only after mutual interest is
          confirmed, no other member is ever shown your exact location or your distance from them, and your data is
          processed on servers in the United States. California residents can read our{" "}
          <Link to={paths.californiaPrivacy} className="link">
            California Privacy Statement
          </Link>{" "}
          and manage cookies and privacy requests on the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page.
        </p>
      </TermsSection>

      <TermsSection id="termination">
        <h3>Deleting your account</h3>
        <p>
          You can delete your account at any time from Settings by choosing Delete Account and typing "delete" to
          confirm. For your security, you may be asked to log in again first. Before you go, you can download a copy of
          all your data from Settings. Deletion closes your account straight away, removes you from matching and cannot
          be undone; residual copies are erased as described in our Privacy Policy.
        </p>
        <h3>Suspension or closure by us</h3>
        <p>
          We may suspend or close your account, or restrict features, if we reasonably believe that you have broken
          these Terms, that you pose a risk to other members, to us or to the public, or that we are required to do so
          by law. Where it is safe and lawful, we will tell you why. We also close accounts that have been inactive for
          2 years, and we will try to warn you by email before doing so.
        </p>
        <h3>What happens next</h3>
        <p>
          When your account is closed, your right to use the Service ends and you will no longer appear to other
          members. Any pending matches that have not been confirmed by both people lapse. An email address that was
          already shared with a mutual match before closure cannot be withdrawn from that person. We may keep limited
          information for the periods described in our Privacy Policy, including for a 3-month safety window after
          closure to investigate reports and prevent abuse. Sections of these Terms that by their nature should
          continue, including those on content licenses for retained data, disclaimers, limitation of liability and
          governing law, continue after closure.
        </p>
      </TermsSection>

      <TermsSection id="disclaimers">
        <h3>Service provided "as is"</h3>
        <p>
          To the fullest extent permitted by law, the Service is provided "as is" and "as available", without warranties
          of any kind, whether express or implied, including implied warranties of merchantability, fitness for a
          particular purpose, title and non-infringement. We do not warrant that the Service will be uninterrupted,
          secure or free of errors, that Sam's replies or compatibility scores will be accurate, or that you will find a
          match or a relationship.
        </p>
        <h3>Other members</h3>
        <p>
          We are not responsible for the conduct of any member, whether on or off the Service, including at any meeting
          or in any communication after email addresses are shared. We do not screen members' backgrounds and cannot
          confirm what they tell Sam about themselves.
        </p>
        <h3>Limitation of liability</h3>
        <p>
          To the fullest extent permitted by law, we will not be liable for any indirect, incidental, special,
          consequential, exemplary or punitive damages, or for any loss of profits, data, goodwill or opportunity,
          arising out of or relating to the Service or these Terms, even if we have been told such damages are possible.
          Our total liability for all claims relating to the Service is limited to the greater of the amount you paid us
          for the Service in the 12 months before the event giving rise to the claim, or $10.
        </p>
        <p>
          Some jurisdictions do not allow certain warranties to be excluded or liability to be limited, so some of the
          above may not apply to you. Nothing in these Terms limits liability that cannot be limited by law, such as
          liability for fraud, gross negligence or willful misconduct.
        </p>
        <h3>Your responsibility</h3>
        <p>
          To the extent permitted by law, you agree to indemnify and hold us harmless from claims, losses and reasonable
          costs, including attorneys' fees, brought by third parties and arising from Your Content, your breach of these
          Terms or your conduct towards other members.
        </p>
      </TermsSection>

      <TermsSection id="governing-law">
        <h3>Governing law</h3>
        <p>
          These Terms and any dispute arising out of or relating to them or to the Service are governed by the laws of
          the United States and of the state in which the operator of Sam's Web is organized, without regard to
          conflict-of-law rules. This does not deprive you of any protection you have under mandatory consumer
          protection laws of the state where you live.
        </p>
        <h3>Resolving disputes</h3>
        <p>
          If you have a concern, please contact us first at{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>
          . Most issues can be resolved quickly this way, and we will try in good faith to resolve yours within 60 days.
          If we cannot, either of us may bring the dispute before a court of competent jurisdiction in the United
          States, or before a small claims court where the claim qualifies.
        </p>
        <h3>Changes to these Terms</h3>
        <p>
          We may update these Terms from time to time, for example when we introduce the one-time fee, add features or
          respond to changes in the law. We will update the "Last updated" date above, and if a change materially
          affects your rights we will give you reasonable advance notice by email or in the Service. If you keep using
          the Service after the changes take effect, you accept the updated Terms; if you do not agree, you may delete
          your account.
        </p>
        <h3>General</h3>
        <p>
          These Terms, together with our Privacy Policy, are the entire agreement between you and us about the Service.
          If any provision is found unenforceable, the rest remain in effect. Our failure to enforce a provision is not
          a waiver of it. You may not transfer your rights under these Terms; we may transfer ours in connection with a
          merger, acquisition or sale of assets, in which case your rights under these Terms continue.
        </p>
      </TermsSection>

      <TermsSection id="contact">
        <p>We are happy to help with any question about these Terms or the Service:</p>
        <ul>
          <li>
            Support, safety reports and questions about your account:{" "}
            <a className="link" href="mailto:support@samsweb.example">
              support@samsweb.example
            </a>
          </li>
          <li>
            Privacy questions and requests:{" "}
            <a className="link" href="mailto:privacy@samsweb.example">
              privacy@samsweb.example
            </a>
          </li>
        </ul>
        <p>
          Many common questions are answered in our{" "}
          <Link to={paths.faq} className="link">
            Frequently Asked Questions
          </Link>
          .
        </p>
      </TermsSection>
    </LegalPage>
  );
}
