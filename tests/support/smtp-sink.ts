import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port";

/** A message as it reached the sink, parsed as a mail program would. */
export interface ReceivedMail {
  from: string;
  /** The envelope's recipients. */
  to: string[];
  /** The Reply-To header's addresses, if it has one. */
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Each header as sent, by its name in lower case (the last, if given twice). */
  headers: Record<string, string>;
}

export interface SmtpSink {
  port: number;
  /** For SMTP_URL: plain SMTP on 127.0.0.1 (the site is told SMTP_TLS=none). */
  url: string;
  received: ReceivedMail[];
  /** Takes connections (again, after `stop`), on the same port. */
  start(): Promise<void>;
  /** Stops listening: connections are refused until `start`. */
  stop(): Promise<void>;
  /** The first message (already received, or arriving within `timeoutMs`) that `matches`. */
  waitFor(matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that accepts every message and
 * keeps it, for tests to read what the site sent. Plain SMTP without authentication.
 */
export async function startSmtpSink({ listening = true }: { listening?: boolean } = {}): Promise<SmtpSink> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, callback) {
          simpleParser(stream)
            .then((parsed) => {
              received.push({
                from: typeof parsed.from?.text === "string" ? parsed.from.text : "",
                to: session.envelope.rcptTo.map(({ address }) => address),
                replyTo: parsed.replyTo?.value.flatMap(({ address }) => (address ? [address] : [])) ?? [],
                subject: parsed.subject ?? "",
                text: parsed.text ?? "",
                html: typeof parsed.html === "string" ? parsed.html : "",
                messageId: parsed.messageId ?? "",
                headers: Object.fromEntries(
                  parsed.headerLines.map(({ key, line }) => [
                    key,
                    line
                      .slice(line.indexOf(":") + 1)
                      .replace(/\r?\n\s+/g, " ")
                      .trim(),
                  ]),
                ),
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(port, "127.0.0.1", () => resolve());
      });
    },
    async stop() {
      const stopping = server;
      server = undefined;
      if (stopping) await new Promise<void>((resolve) => stopping.close(() => resolve()));
    },
    async waitFor(matches, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No such message arrived within ${timeoutMs} ms; ${received.length} did`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  if (listening) await sink.start();
  return sink;
}
