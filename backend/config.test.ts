import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("SITE_URL", () => {
  it("is kept as an origin, a trailing slash dropped", () => {
    expect(loadConfig({ SITE_URL: "https://www.example.co.uk/" }).SITE_URL).toBe("https://www.example.co.uk");
    expect(loadConfig({}).SITE_URL).toBeUndefined();
    expect(loadConfig({ SITE_URL: "" }).SITE_URL).toBeUndefined();
  });

  it("must be https in production, and may be http elsewhere", () => {
    expect(() => loadConfig({ SITE_URL: "http://www.example.co.uk" })).toThrow(/SITE_URL: must be an https:\/\/ address in production/);
    expect(loadConfig({ NODE_ENV: "development", SITE_URL: "http://localhost:3000" }).SITE_URL).toBe("http://localhost:3000");
  });

  it.each(["www.example.co.uk", "https://www.example.co.uk/shop", "https://www.example.co.uk/?a=1", "ftp://example.co.uk"])(
    "refuses %s",
    (value) => {
      expect(() => loadConfig({ SITE_URL: value })).toThrow(ConfigError);
    },
  );
});

describe("STOCK_UPLOAD_TIMEOUT_SECONDS", () => {
  it("gives the stock upload half an hour by default, and never less than any other request gets", () => {
    expect(loadConfig({}).STOCK_UPLOAD_TIMEOUT_SECONDS).toBe(1800);
    expect(loadConfig({ STOCK_UPLOAD_TIMEOUT_SECONDS: "20" }).STOCK_UPLOAD_TIMEOUT_SECONDS).toBe(20);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: "60", STOCK_UPLOAD_TIMEOUT_SECONDS: "30" })).toThrow(
      /STOCK_UPLOAD_TIMEOUT_SECONDS: must not be less than REQUEST_TIMEOUT_SECONDS/,
    );
  });
});

describe("RENDER_THREADS", () => {
  it("renders on one thread per core when there are several, on the main thread alone on one core, and as told", () => {
    const cores = availableParallelism();
    expect(loadConfig({}).RENDER_THREADS).toBe(cores > 1 ? cores : 0);
    expect(loadConfig({ RENDER_THREADS: "0" }).RENDER_THREADS).toBe(0);
    expect(loadConfig({ RENDER_THREADS: "3" }).RENDER_THREADS).toBe(3);
    for (const value of ["-1", "1.5", "many", "65"]) expect(() => loadConfig({ RENDER_THREADS: value }), value).toThrow(/RENDER_THREADS/);
  });
});

describe("SMTP settings", () => {
  it("take the server as an address or as a host, never both, and a password file only with a user", () => {
    expect(loadConfig({ SMTP_URL: "smtps://user:secret@smtp.example.co.uk" }).SMTP_URL).toBe("smtps://user:secret@smtp.example.co.uk");
    expect(loadConfig({ SMTP_HOST: "smtp.example.co.uk", SMTP_PORT: "2525" }).SMTP_PORT).toBe(2525);
    expect(() => loadConfig({ SMTP_URL: "https://smtp.example.co.uk" })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ address/);
    expect(() => loadConfig({ SMTP_URL: "smtp://a.example", SMTP_HOST: "b.example" })).toThrow(/SMTP_HOST: must not be set with SMTP_URL/);
    expect(() => loadConfig({ SMTP_HOST: "b.example", SMTP_PASSWORD_FILE: "/run/secrets/smtp" })).toThrow(
      /SMTP_USER: must be set with SMTP_PASSWORD_FILE/,
    );
    expect(() => loadConfig({ SMTP_TLS: "maybe" })).toThrow(/SMTP_TLS: must be tls, starttls or none/);
  });

  it("send the digest at 8am of leads new for 4 hours, unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ MAIL_DIGEST_HOUR: 8, MAIL_DIGEST_AFTER_HOURS: 4 });
    expect(() => loadConfig({ MAIL_DIGEST_HOUR: "24" })).toThrow(/MAIL_DIGEST_HOUR/);
    expect(loadConfig({})).toMatchObject({ MAIL_CONFIRMATIONS_PER_DAY: 3, MAIL_FOLD_SECONDS: 900 });
    expect(() => loadConfig({ MAIL_CONFIRMATIONS_PER_DAY: "0" })).toThrow(/MAIL_CONFIRMATIONS_PER_DAY/);
    expect(() => loadConfig({ MAIL_FOLD_SECONDS: "5" })).toThrow(/MAIL_FOLD_SECONDS/);
  });
});
