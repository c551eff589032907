import { detectAll } from "tinyld";

// Which language a message is written in, for the scripted Sam, who speaks English only: a message
// in another language gets a kind answer in that language saying so. English must never be taken
// for another language (Sam answering an English speaker in Spanish would be worse than not
// noticing), so a message counts as foreign only when the detector is sure, the message is long
// enough to judge, and it has almost none of English's commonest words.

/** "I only speak English for now, could you tell me in English?", in the languages most often met. */
export const ENGLISH_ONLY_REPLIES: Readonly<Record<string, string>> = {
  es: "¡Gracias por escribirme! Por ahora solo hablo inglés. ¿Podrías contármelo en inglés? Aquí sigo, escuchándote.",
  fr: "Merci pour votre message ! Pour l'instant, je ne parle qu'anglais. Pourriez-vous me le redire en anglais ? Je vous écoute.",
  de: "Danke für deine Nachricht! Im Moment spreche ich nur Englisch. Kannst du es mir auf Englisch erzählen? Ich höre dir gern zu.",
  pt: "Obrigado pela sua mensagem! Por enquanto, eu só falo inglês. Você poderia me contar em inglês? Continuo aqui, ouvindo você.",
  it: "Grazie del messaggio! Per ora parlo solo inglese. Potresti raccontarmelo in inglese? Ti ascolto.",
  nl: "Bedankt voor je bericht! Voorlopig spreek ik alleen Engels. Kun je het me in het Engels vertellen? Ik luister.",
  pl: "Dziękuję za wiadomość! Na razie mówię tylko po angielsku. Czy możesz napisać to po angielsku? Słucham cię.",
  ru: "Спасибо за сообщение! Пока я говорю только по-английски. Не могли бы вы написать это по-английски? Я вас слушаю.",
  uk: "Дякую за повідомлення! Поки що я розмовляю лише англійською. Чи не могли б ви написати це англійською? Я вас слухаю.",
  zh: "谢谢你的留言！我目前只会说英语。可以请你用英语再告诉我一次吗？我在认真听。",
  ja: "メッセージをありがとう！今のところ、私は英語しか話せません。英語でもう一度教えてもらえますか？ちゃんと聞いていますよ。",
  ko: "메시지 고마워요! 저는 아직 영어만 할 수 있어요. 영어로 다시 말해 줄 수 있을까요? 잘 듣고 있을게요.",
  vi: "Cảm ơn bạn đã nhắn tin! Hiện tại mình chỉ nói được tiếng Anh. Bạn có thể kể lại bằng tiếng Anh được không? Mình vẫn đang lắng nghe.",
  tl: "Salamat sa mensahe mo! Sa ngayon, Ingles lang ang salita ko. Puwede mo bang sabihin ulit sa Ingles? Nakikinig ako.",
  ar: "شكرًا على رسالتك! أنا أتحدث الإنجليزية فقط حاليًا. هل يمكنك أن تخبرني بذلك بالإنجليزية؟ أنا أستمع إليك.",
  hi: "आपके संदेश के लिए धन्यवाद! अभी मैं केवल अंग्रेज़ी बोलता हूँ। क्या आप मुझे यह अंग्रेज़ी में बता सकते हैं? मैं सुन रहा हूँ।",
};

/** The same, for a language without its own line above. */
export const ENGLISH_ONLY_IN_ENGLISH =
  "Thank you for writing! I only speak English for now, so could you tell me in English?";

/** English's commonest short words: two of them in a message and it is treated as English. */
const ENGLISH_WORDS = new Set(
  "i i'm i've me my the a an and or but to of in on at for with is are was be it that this you your we our they not no so".split(
    " ",
  ),
);

/** Scripts no English message is written in: a message mostly in one of them is foreign however short. */
const NON_LATIN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hebrew}\p{Script=Greek}\p{Script=Thai}]/gu;

/**
 * How sure the detector must be (its score for the language, and how far ahead of the runner-up),
 * and how long a Latin-script message, before it counts as foreign.
 */
const MIN_ACCURACY = 0.1;
const MIN_LEAD = 1.5;
const MIN_LATIN_WORDS = 3;

/**
 * The ISO 639-1 code of the language a message is written in when it is clearly not English, else
 * null (English, too short to tell, or mixed in with English words).
 */
export function foreignLanguageOf(text: string): string | null {
  const letters = text.replaceAll(/[^\p{L}]/gu, "");
  if (letters.length === 0) return null;
  const nonLatin = (text.match(NON_LATIN) ?? []).length;
  const mostlyNonLatin = nonLatin / letters.length > 0.5;
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  if (!mostlyNonLatin) {
    if (words.length < MIN_LATIN_WORDS) return null;
    if (words.filter((word) => ENGLISH_WORDS.has(word)).length >= 2) return null;
  }
  const [best, second] = detectAll(text);
  if (!best || best.lang === "en") return null;
  if (!mostlyNonLatin) {
    if (best.accuracy < MIN_ACCURACY || second?.lang === "en") return null;
    if (second && best.accuracy < MIN_LEAD * second.accuracy) return null;
  }
  return best.lang;
}

/** Sam's kind answer to a message in `language`: in that language when Sam has the words, else in English. */
export function englishOnlyReply(language: string): string {
  return ENGLISH_ONLY_REPLIES[language] ?? ENGLISH_ONLY_IN_ENGLISH;
}
