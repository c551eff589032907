import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { LegalPage, TableOfContents, type TocItem } from "./legal-page.tsx";

const questions = [
  { id: "what-is-sams-web", label: "What is Sam's Web?" },
  { id: "who-is-sam", label: "Who is Sam?" },
  {
    id: "how-the-interview-works",
    label: "How does the interview work, and how long does it take?",
  },
  { id: "age-requirement", label: "Who can join Sam's Web?" },
  { id: "cost", label: "How much does Sam's Web cost?" },
  { id: "how-matching-works", label: "How does matching work?" },
  { id: "how-often", label: "How often will I get a match?" },
  { id: "what-others-see", label: "What do other members see about me?" },
  { id: "email-sharing", label: "When is my email address shared?" },
  { id: "photos", label: "What photos do I need to upload?" },
  { id: "privacy", label: "Is my data private? Do you sell it?" },
  { id: "delete-account", label: "How do I delete my account?" },
  { id: "contact", label: "How can I contact Sam's Web?" },
] as const satisfies readonly TocItem[];

type QuestionId = (typeof questions)[number]["id"];

function Question({ id, children }: { id: QuestionId; children: ReactNode }) {
  const label = questions.find((question) => question.id === id)?.label ?? "";
  return (
    <section>
      <h2 id={id} className="scroll-mt-6">
        {label}
      </h2>
      {children}
    </section>
  );
}

export default function FaqPage() {
  return (
    <LegalPage
      title="Frequently Asked Questions"
      lastUpdated="May 30, 2025"
      intro={
        <p>
          Everything you might want to know before you start talking with Sam. If your question is not answered here,
          email us at{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>
          .
        </p>
      }
    >
      <TableOfContents items={questions} />

      <Question id="what-is-sams-web">
        <p>
          Sam's Web is a dating service for adults who want a long-term relationship. Instead of endless swiping, you
          have a conversation with Sam, who gets to know you, understands what you are looking for and searches for a
          compatible person near you. When both of you are interested, we introduce you to each other by email.
        </p>
      </Question>

      <Question id="who-is-sam">
        <p>
          Sam is a friendly spider and our AI matchmaker. Sam's replies are written by an AI language model, not by a
          person. Sam asks thoughtful questions, listens and patiently weaves what you share into a picture of who you
          are. Like any AI, Sam can occasionally misunderstand or get things wrong; if that happens, just say so in the
          conversation. Sam is a matchmaker, not a therapist, and cannot help in an emergency.
        </p>
      </Question>

      <Question id="how-the-interview-works">
        <p>Sam interviews you in stages, covering:</p>
        <ol>
          <li>getting to know you;</li>
          <li>your relationship goals;</li>
          <li>your best qualities;</li>
          <li>what you are looking for in a partner;</li>
          <li>your dealbreakers;</li>
          <li>the qualities you are still working on;</li>
          <li>what you bring to a relationship;</li>
          <li>what you have learned from past relationships.</li>
        </ol>
        <p>
          Sam moves on when a stage feels complete. A full conversation usually takes 30 to 60 minutes or more, and
          there is no rush: you can stop and come back later. If you are signed in, your progress is saved to your
          account. If you chat as a guest, the conversation is kept only in your browser until you sign up or log in,
          when it moves to your new account.
        </p>
      </Question>

      <Question id="age-requirement">
        <p>
          Sam's Web is for adults only. You must be 18 or older to register or use the Service, wherever you live. We
          ask for your birthday to confirm this, and the youngest age anyone can search for is also 18. Sam's Web is
          currently available to people in the United States, because matching uses a US ZIP code.
        </p>
      </Question>

      <Question id="cost">
        <p>
          Sam's Web is free while we are in beta. After the beta, we plan to charge a one-time fee of $10 for lifetime
          access. It is not a subscription, so there are no monthly charges and nothing renews. We will let you know
          before the fee starts, and you will never be charged unless you choose to pay.
        </p>
      </Question>

      <Question id="how-matching-works">
        <p>Once your interview is complete, you are ready to search. In Settings you:</p>
        <ul>
          <li>verify your email address;</li>
          <li>upload between 2 and 5 photos;</li>
          <li>
            enter your ZIP code, your birthday, who you are and who you are seeking, the age range you are open to and a
            search radius of 1 to 500 miles (25 miles by default);
          </li>
          <li>set your status to "Still Looking" and choose Begin Search.</li>
        </ul>
        <p>
          Sam then writes a narrative about you and looks for people within your radius and age range whose narratives
          fit well with yours. Sam may ask you a few follow-up questions to test compatibility. When a promising
          candidate is found, Sam shows you their photos, and you choose to "Keep in your web" or "Set free". If things
          still look good on both sides, the person becomes your pending match, shown with a compatibility score, and
          you can choose Confirm and Connect.
        </p>
      </Question>

      <Question id="how-often">
        <p>
          Not often, and that is by design. We focus on quality over quantity, so matches are rare: about one every six
          months on average. How long you wait depends on how many compatible people are near you and how wide your
          search is. Widening your radius or age range can help. After you accept a match, new matches pause for 30 days
          so that you can give that person a real chance.
        </p>
      </Question>

      <Question id="what-others-see">
        <p>
          Very little, and only when it is relevant. If you appear as a candidate in someone's search, they see your
          photos. If you become their pending match, they also see a compatibility score. They never see your email
          address until you have both confirmed, and they never see your exact location, your ZIP code, your distance
          from them, your birthday or your conversation with Sam.
        </p>
      </Question>

      <Question id="email-sharing">
        <p>
          Only after mutual interest is confirmed. When you and your match have both chosen to connect, each of you
          receives the other's email address, and you can take it from there. If either of you does not confirm, no
          email address is shared. Please take sensible precautions when you start talking: get to know each other
          before meeting, meet first in a public place and never send money to someone you have not met.
        </p>
      </Question>

      <Question id="photos">
        <p>
          You need at least 2 photos and can upload up to 5. Each one must be an image of at least 560 x 560 pixels; you
          crop it to a square, and it is saved as a 560 x 560 pixel image. Choose recent, clear photos of yourself
          alone. We strip all metadata, including any location tags, from every photo before storing it. You can replace
          your photos at any time from Settings.
        </p>
      </Question>

      <Question id="privacy">
        <p>
          Yes, your data is private, and no, we do not sell it. Your data is processed on servers in the United States,
          analytics run on our own servers, and non-essential cookies stay off unless you accept them. You can download
          all your data at once from Settings. Read our{" "}
          <Link to={paths.privacy} className="link">
            Privacy Policy
          </Link>{" "}
          for the details, and manage your choices on the{" "}
          <Link to={paths.privacySettings} className="link">
            Privacy Settings
          </Link>{" "}
          page.
        </p>
      </Question>

      <Question id="delete-account">
        <p>
          Go to Settings, choose Delete Account and type "delete" to confirm. For your security, you may be asked to log
          in again first. You may want to download your data before you go. Deletion closes your account immediately and
          cannot be undone, and your data is erased within 90 days, apart from the limited records described in our{" "}
          <Link to={paths.privacy} className="link">
            Privacy Policy
          </Link>
          .
        </p>
      </Question>

      <Question id="contact">
        <p>
          For help with your account, safety concerns or anything else, email{" "}
          <a className="link" href="mailto:support@samsweb.example">
            support@samsweb.example
          </a>
          . For privacy questions and requests, email{" "}
          <a className="link" href="mailto:privacy@samsweb.example">
            privacy@samsweb.example
          </a>
          . You can also read our{" "}
          <Link to={paths.terms} className="link">
            Terms and Conditions
          </Link>
          .
        </p>
      </Question>
    </LegalPage>
  );
}
