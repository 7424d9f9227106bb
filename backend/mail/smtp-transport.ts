import nodemailer from "nodemailer";
import type { Config } from "../config";
import { readSettingFile } from "../config";
import type { OutgoingMail } from "./mail-outbox";

export type SmtpSettings = Pick<
  Config,
  "SMTP_URL" | "SMTP_HOST" | "SMTP_PORT" | "SMTP_USER" | "SMTP_PASSWORD_FILE" | "SMTP_TLS" | "SMTP_TLS_CA_FILE" | "MAIL_FROM"
>;

/** What sends one message: the SMTP server took it, or the promise rejects with why not. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpConfigured(settings: Pick<SmtpSettings, "SMTP_URL" | "SMTP_HOST">): boolean {
  return Boolean(settings.SMTP_URL || settings.SMTP_HOST);
}

/**
 * The SMTP server the settings name, through nodemailer; undefined when none is set. TLS is
 * required unless SMTP_TLS=none: smtps:// or SMTP_TLS=tls from the first byte, otherwise
 * STARTTLS, and a server that does not offer it is refused rather than sent to in the clear.
 */
export async function smtpTransport(
  settings: SmtpSettings,
  /** Who a message is from unless MAIL_FROM says: asked for each message, as the dealer's published details may have changed. */
  sender: () => { name: string; address: string },
  timeoutMs: number,
): Promise<MailTransport | undefined> {
  if (!smtpConfigured(settings)) return undefined;
  const tls = settings.SMTP_TLS ?? (settings.SMTP_URL?.startsWith("smtps:") || settings.SMTP_PORT === 465 ? "tls" : "starttls");
  const ca = settings.SMTP_TLS_CA_FILE ? await readSettingFile("SMTP_TLS_CA_FILE", settings.SMTP_TLS_CA_FILE) : undefined;
  const password = settings.SMTP_PASSWORD_FILE
    ? (await readSettingFile("SMTP_PASSWORD_FILE", settings.SMTP_PASSWORD_FILE)).trim()
    : undefined;
  const transporter = nodemailer.createTransport({
    ...(settings.SMTP_URL
      ? { url: settings.SMTP_URL }
      : { host: settings.SMTP_HOST, port: settings.SMTP_PORT ?? (tls === "tls" ? 465 : 587) }),
    ...(settings.SMTP_USER ? { auth: { user: settings.SMTP_USER, ...(password === undefined ? {} : { pass: password }) } } : {}),
    secure: tls === "tls",
    requireTLS: tls === "starttls",
    ignoreTLS: tls === "none",
    ...(ca ? { tls: { ca: [ca] } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send({ id, to, replyTo, subject, text, html, listUnsubscribe }) {
      // RFC 8058: a mail program offers its own unsubscribe button, which POSTs to the address, no page in between.
      const headers = listUnsubscribe
        ? { "List-Unsubscribe": `<${listUnsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : undefined;
      const from = settings.MAIL_FROM ?? sender();
      const domain = (typeof from === "string" ? from : from.address).replace(/^.*@/, "").replace(/>.*$/, "") || "localhost";
      // The same Message-ID on every try, so a copy sent again after a crash can be recognised.
      await transporter.sendMail({
        from,
        to,
        ...(replyTo ? { replyTo } : {}),
        subject,
        text,
        html,
        messageId: `<${id}@${domain}>`,
        ...(headers ? { headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}
