import type { Dealer } from "../../domain/dealer";

/** A label and value, and where the value links to, if anywhere (a tel: or mailto: link, a page). */
export type MailFact = readonly [label: string, value: string, href?: string];

/** One part of a message's body, written once and rendered both as plain text and as HTML. */
export type MailBlock =
  | { paragraph: string }
  /** A heading within the message: one of several searches an alert lists. */
  | { subheading: string }
  /** Label and value pairs: "Reference: K7F3-9QXA". */
  | { facts: readonly MailFact[] }
  | { link: { text: string; href: string } }
  /** A picture linking to a page; the plain text leaves it out, so give its link in another block as well. */
  | { image: { src: string; alt: string; href: string; width: number } }
  /** A list of entries, each a line of text and a link. */
  | { entries: readonly { text: string; href: string }[] };

export interface MailContent {
  subject: string;
  heading: string;
  blocks: readonly MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** The dealer's name, address and regulatory statement that close every message, as the site's footer words them. */
export function dealerFooter(dealer: Dealer): string[] {
  const { address } = dealer;
  return [
    `${dealer.name}, ${[...address.lines, address.town, address.postcode].join(", ")}. ${dealer.phone}`,
    `${dealer.legalName} is a credit broker, not a lender, and is authorised and regulated by the Financial Conduct Authority ` +
      `(firm reference number ${dealer.fcaFirmReference}).`,
    `Registered in ${dealer.registeredIn}, company number ${dealer.companyNumber}. Registered office: ${dealer.registeredOffice}.`,
  ];
}

/**
 * A message in plain text and in HTML with the same words. The HTML is one narrow column
 * with inline styles (mail programs drop style sheets), large enough type for a phone, and
 * every value escaped.
 */
export function renderMail(dealer: Dealer, { subject, heading, blocks }: MailContent): RenderedMail {
  const text = [heading, ...blocks.map(textOf).filter(Boolean), dealerFooter(dealer).join("\n")].join("\n\n");
  const body = [
    `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    ...blocks.map(htmlOf),
    `<hr style="border:0;border-top:1px solid #ccc;margin:24px 0 12px">`,
    ...dealerFooter(dealer).map((line) => `<p style="font-size:13px;color:#555;margin:0 0 8px">${escapeHtml(line)}</p>`),
  ].join("\n");
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:16px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:600px;margin:0 auto">
${body}
</div>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}

function textOf(block: MailBlock): string {
  if ("image" in block) return "";
  if ("paragraph" in block) return block.paragraph;
  if ("subheading" in block) return `${block.subheading}\n${"=".repeat(Math.min(block.subheading.length, 60))}`;
  if ("facts" in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join("\n");
  if ("link" in block) return `${block.link.text}: ${block.link.href}`;
  return block.entries.map(({ text, href }) => `- ${text}\n  ${href}`).join("\n");
}

const LINK_STYLE = "color:#0b57d0;text-decoration:underline";

function htmlOf(block: MailBlock): string {
  if ("paragraph" in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  if ("subheading" in block) return `<h2 style="font-size:18px;line-height:1.3;margin:24px 0 12px">${escapeHtml(block.subheading)}</h2>`;
  if ("facts" in block) {
    const rows = block.facts.map(([label, value, href]) => {
      const shown = href ? `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(value)}</a>` : escapeHtml(value);
      return `<li><strong>${escapeHtml(label)}:</strong> ${shown}</li>`;
    });
    return `<ul style="list-style:none;padding:0;margin:0 0 16px">\n${rows.join("\n")}\n</ul>`;
  }
  if ("image" in block) {
    const { src, alt, href, width } = block.image;
    // As wide as the column at most, and never wider than the phone it is read on.
    const style = `display:block;width:100%;max-width:${width}px;height:auto;border:0`;
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" style="${style}"></a></p>`;
  }
  if ("link" in block) {
    const { text, href } = block.link;
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="${LINK_STYLE};font-weight:bold">${escapeHtml(text)}</a></p>`;
  }
  const items = block.entries.map(
    ({ text, href }) => `<li style="margin:0 0 8px"><a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(text)}</a></li>`,
  );
  return `<ul style="padding-left:20px;margin:0 0 16px">\n${items.join("\n")}\n</ul>`;
}
