import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/** What the built site's staff pages say and do about e-mail, with an SMTP server set and without one. */

describe("without an SMTP server", () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await startBuiltSite({});
    await addStaffAccounts(site.dataDir);
  });
  afterAll(async () => {
    await site.stop();
  });

  it("the inbox says in one line that no one is e-mailed", async () => {
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const inbox = await site.get("/staff", { Cookie: `__Host-staff_session=${sessionId}` });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toContain(
      "E-mail is off (no SMTP server is set): no one is e-mailed about new leads, and buyers get no confirmation.",
    );
  });

  it("offers no Branch filter to a dealer with one branch", async () => {
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const inbox = await site.get("/staff", { Cookie: `__Host-staff_session=${sessionId}` });
    expect(inbox.body).toContain('id="inbox-kind"');
    expect(inbox.body).not.toContain('id="inbox-branch"');
  });
});

describe("with an SMTP server", () => {
  let site: BuiltSite;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await startBuiltSite({ SMTP_URL: sink.url, SMTP_TLS: "none", SITE_URL: "https://www.dockside-motors.example" });
    await addStaffAccounts(site.dataDir);
  });
  afterAll(async () => {
    await site.stop();
    await sink.stop();
  });

  it("the inbox says nothing of e-mail", async () => {
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const inbox = await site.get("/staff", { Cookie: `__Host-staff_session=${sessionId}` });
    expect(inbox.status).toBe(200);
    expect(inbox.body).not.toContain("E-mail is off");
  });
});
