import { afterEach, beforeEach, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtp-sink";
import { ConfigError, loadConfig } from "../config";
import { smtpTransport } from "./smtp-transport";

const sender = () => ({ name: "Dockside Motor Company", address: "sales@dockside-motors.example" });
const mail = { id: "lead-1-dealer", to: "sales@dockside-motors.example", subject: "New enquiry", text: "Hello", html: "<p>Hello</p>" };
let sink: SmtpSink;
beforeEach(async () => {
  sink = await startSmtpSink();
});
afterEach(async () => {
  await sink.stop();
});

it("is none without an SMTP server", async () => {
  expect(await smtpTransport(loadConfig({}), sender, 2000)).toBeUndefined();
});

it("refuses to send in the clear to a server that offers no STARTTLS, unless told SMTP_TLS=none", async () => {
  const strict = (await smtpTransport(loadConfig({ SMTP_URL: sink.url }), sender, 2000))!;
  await expect(strict.send(mail)).rejects.toThrow(/STARTTLS/);
  strict.close();
  const plain = (await smtpTransport(
    loadConfig({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port), SMTP_TLS: "none" }),
    sender,
    2000,
  ))!;
  await plain.send(mail);
  await plain.send({ ...mail, id: "lead-2-dealer", replyTo: "siobhan@example.com" });
  plain.close();
  expect(sink.received).toEqual([
    expect.objectContaining({ subject: "New enquiry", from: '"Dockside Motor Company" <sales@dockside-motors.example>', replyTo: [] }),
    expect.objectContaining({ replyTo: ["siobhan@example.com"] }),
  ]);
  expect(sink.received[0]!.messageId).toBe("<lead-1-dealer@dockside-motors.example>");
});

it("offers a mail program's one-click unsubscribe (RFC 8058) on a message that has one", async () => {
  const plain = (await smtpTransport(loadConfig({ SMTP_URL: sink.url, SMTP_TLS: "none" }), sender, 2000))!;
  const listUnsubscribe = "https://www.dockside-motors.example/alerts/unsubscribe?t=u.abc.def";
  await plain.send({ ...mail, id: "alert-1", listUnsubscribe });
  await plain.send(mail);
  plain.close();
  expect(sink.received[0]!.headers).toMatchObject({
    "list-unsubscribe": `<${listUnsubscribe}>`,
    "list-unsubscribe-post": "List-Unsubscribe=One-Click",
  });
  expect(sink.received[1]!.headers["list-unsubscribe"]).toBeUndefined();
});

it("stops the site, naming the setting, when the password file cannot be read", async () => {
  const settings = loadConfig({ SMTP_HOST: "127.0.0.1", SMTP_USER: "site", SMTP_PASSWORD_FILE: "/nonexistent/smtp-password" });
  await expect(smtpTransport(settings, sender, 2000)).rejects.toThrow(ConfigError);
  await expect(smtpTransport(settings, sender, 2000)).rejects.toThrow(
    "SMTP_PASSWORD_FILE /nonexistent/smtp-password cannot be read (ENOENT)",
  );
});
