import type { ShownFaq } from "../../domain/content/site-content";
import { ContentHtml } from "./ContentHtml";
import { Faq } from "./Faq";

/** A content page's questions and answers, as the dealer wrote them; nothing when there are none. */
export function PageFaq({ faq, name }: { faq: readonly ShownFaq[]; name: string }) {
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading">Questions people ask</h2>
      <Faq name={name} items={faq.map(({ question, answerHtml }) => ({ question, answer: <ContentHtml html={answerHtml} /> }))} />
    </section>
  );
}
