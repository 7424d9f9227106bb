export interface FaqItem {
  question: string;
  answer: React.ReactNode;
}

/**
 * Questions and answers, one open at a time: native <details> sharing a name, so it works
 * the same without JavaScript and every answer is in the page for search engines.
 */
export function Faq({ items, name }: { items: readonly FaqItem[]; name: string }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.question} name={name}>
          <summary>{item.question}</summary>
          <div className="faq__answer">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
