import type { ChatMessage } from "@sams-web/domain/chat/contracts";
import { turnsOfStage } from "@sams-web/domain/chat/rules";
import type { Facts, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { dealbreakerStep } from "@sams-web/domain/non-negotiables/rules";
import { QuickQuestions } from "./quick-questions.tsx";
import { confirmationText, ReadBackCard } from "./read-back-card.tsx";

/**
 * What the chat shows under Sam's message at the dealbreakers stage, by where the stage stands:
 * the quick questions once Sam has asked for them, then the read-back's confirmation. Loaded
 * only at that stage, so the first page never carries it.
 */
export default function DealbreakerPanel({
  messages,
  initialFacts,
  reading,
  busy,
  onTaps,
  onConfirm,
}: {
  messages: readonly ChatMessage[];
  initialFacts?: Facts | null;
  /** The items of Sam's latest read-back, once known. */
  reading: readonly ReadingItem[] | null;
  busy: boolean;
  onTaps: (facts: Facts | null) => void;
  onConfirm: (removed: string[], text: string) => void;
}) {
  const step = dealbreakerStep(turnsOfStage(messages, "dealbreakers"));
  if (step === "taps") return <QuickQuestions initial={initialFacts} busy={busy} onDone={onTaps} />;
  if (step === "readBack" && reading) {
    return (
      <ReadBackCard
        key={reading.map((item) => item.id).join(" ")}
        items={reading}
        busy={busy}
        onConfirm={(removed) => onConfirm(removed, confirmationText(reading, new Set(removed)))}
      />
    );
  }
  return null;
}
