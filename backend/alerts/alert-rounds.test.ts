import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { VehicleType } from "../../domain/vehicle-types";
import { feedRecord } from "../../tests/support/known-vehicles";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../tests/support/smtp-sink";
import { Catalogue } from "../catalogue";
import { loadConfig } from "../config";
import { loadDealer } from "../dealer-config";
import { createLogger } from "../logger";
import { FileMailOutbox } from "../mail/file-mail-outbox";
import { MailSender } from "../mail/mail-sender";
import { smtpTransport } from "../mail/smtp-transport";
import { EmbeddedSearch } from "../search/embedded-search";
import { MemoryLoneRounds } from "../store/lone-rounds";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { recipientKeyOf } from "../mail/recipient-key";
import { alertServices, type AlertServices } from "./alert-services";
import type { AlertStore } from "./alert-store";
import { FileAlertStore } from "./file-alert-store";

/**
 * The alerts' rounds through days, on the embedded stores, with what a real SMTP server on
 * 127.0.0.1 receives: the day's digest, the allowance of e-mails a day, a watched vehicle's
 * sale, alerts nobody opens, and a round run again after a crash. The alerts' clock is
 * moved by the test; mail goes out at once by the wall clock.
 */

const FAST = { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400, requestTimeoutMs: 2000 };
const dealer = await loadDealer("dealer.json");
const TRANSITS = "make=Ford&model=Transit Custom&price=-20000";
/** 4 March 2030: the showroom keeps GMT, so these hours are its own. */
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2030, 2, day, hour, minute));

const van = (id: string, make: string, model: string, price: number) => ({
  id,
  record: feedRecord({
    id,
    vehicle: { vehicleType: "van" as VehicleType, make, model, derivative: "2.0 EcoBlue 130 Trend" },
    price,
    createdAt: "2030-03-01T09:00:00.000Z",
  }),
});

describe("alert rounds through the days", () => {
  let dataDir: string;
  let sink: SmtpSink;
  let stock: FileVehicleStore;
  let catalogue: Catalogue;
  let outbox: FileMailOutbox;
  let sender: MailSender;
  let store: AlertStore;
  let alerts: AlertServices;
  let now: Date;

  const open = (mostPerDay = 4) =>
    alertServices({
      store,
      outbox,
      mail: { sending: true, sendSoon: () => sender.nudge() },
      catalogue,
      vehicles: stock,
      rounds: new MemoryLoneRounds(),
      dealer: () => dealer,
      settings: { ...loadConfig({ SITE_URL: "https://www.dockside-motors.example" }), ALERT_MAILS_PER_DAY: mostPerDay },
      logger: createLogger("silent"),
      clock: () => now,
    });
  const change = async (records: ReturnType<typeof van>[], removeIds: string[] = []) => {
    await stock.applyChange({ records, mode: "upsert", removeIds });
    await catalogue.reindex();
  };
  /** Saves and confirms a search (or a vehicle's watch) for an address, as its form and its e-mail's link would. */
  const saved = async (email: string, fields: Record<string, string>) => {
    const outcome = await alerts.save({ email, type: "van", query: TRANSITS, ...fields });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const { description } = outcome.search;
    return sink.waitFor((mail) => mail.to.includes(email) && mail.subject.startsWith("Confirm") && mail.subject.endsWith(description));
  };
  const confirmed = async (email: string, fields: Record<string, string> = {}) => {
    const confirmation = await saved(email, fields);
    const token = /\/alerts\/confirm\?t=([A-Za-z0-9._-]+)/.exec(confirmation.text)![1]!;
    expect(await alerts.confirm(token)).toBeDefined();
  };
  const mailTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email) && !mail.subject.startsWith("Confirm"));
  /** A round at `when`, and every message it queued delivered. */
  const roundAt = async (when: Date) => {
    now = when;
    await alerts.rounds.round();
    for (let tries = 0; (await outbox.countUnsent()) > 0; tries++) {
      if (tries > 200) throw new Error("The outbox did not empty");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "alert-rounds-"));
    sink = await startSmtpSink();
    stock = await FileVehicleStore.open(dataDir);
    catalogue = new Catalogue(stock, new EmbeddedSearch(), createLogger("silent"));
    await catalogue.start();
    outbox = await FileMailOutbox.open(dataDir);
    const transport = (await smtpTransport(
      loadConfig({ SMTP_URL: sink.url, SMTP_TLS: "none" }),
      () => ({ name: dealer.name, address: dealer.email }),
      2000,
    ))!;
    sender = new MailSender(outbox, transport, createLogger("silent"), FAST);
    sender.start();
    store = await FileAlertStore.open(dataDir);
    now = at(4, 8);
    alerts = open();
    await change([van("vivaro-old", "Vauxhall", "Vivaro", 14995), van("transit-old", "Ford", "Transit Custom", 17495)]);
    // The first round of all notes the stock as it is: nothing in it is news to anyone.
    await roundAt(at(4, 8, 1));
  });
  afterEach(async () => {
    await sender.stop();
    await catalogue.stop();
    await stock.close();
    await store.close();
    await outbox.close();
    await sink.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("holds a day's matches for 'once a day' in one e-mail at the digest hour, new ones and price drops alike", async () => {
    await confirmed("daily@example.com", { frequency: "daily" });
    await confirmed("now@example.com", { frequency: "immediate" });
    await saved("never@example.com", { frequency: "immediate" });
    await change([van("transit-a", "Ford", "Transit Custom", 18995), van("vivaro-a", "Vauxhall", "Vivaro", 12995)]);
    await roundAt(at(4, 10));
    await change([van("transit-b", "Ford", "Transit Custom", 19500), van("transit-old", "Ford", "Transit Custom", 16995)]);
    await roundAt(at(4, 12));
    expect(mailTo("daily@example.com")).toEqual([]);
    expect(mailTo("now@example.com").map(({ subject }) => subject)).toEqual([
      "New match: Ford Transit Custom, £18,995",
      "1 new match and 1 price drop for Vans · Ford Transit Custom · up to £20,000",
    ]);
    await roundAt(at(4, 18, 5));
    await roundAt(at(4, 19));
    const [digest, ...more] = mailTo("daily@example.com");
    expect(more).toEqual([]);
    expect(digest!.subject).toBe("Today's alert: 2 new matches and 1 price drop for Vans · Ford Transit Custom · up to £20,000");
    for (const words of ["£18,995", "£19,500", "Price: £16,995 (was £17,495)"]) expect(digest!.text).toContain(words);
    expect(digest!.text).not.toContain("Vivaro");
    expect(digest!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mailTo("never@example.com")).toEqual([]);
    // The next day's digest has only what the next day found.
    await change([van("transit-c", "Ford", "Transit Custom", 15000)]);
    await roundAt(at(5, 9));
    await roundAt(at(5, 18));
    expect(mailTo("daily@example.com").at(-1)!.subject).toBe("New match: Ford Transit Custom, £15,000");
  });

  it("tells nobody of a vehicle that was in stock before their search was confirmed, unless its price drops", async () => {
    await change([van("transit-early", "Ford", "Transit Custom", 18000)]);
    await roundAt(at(4, 9));
    now = at(4, 9, 30);
    await confirmed("late@example.com");
    await roundAt(at(4, 10));
    expect(mailTo("late@example.com")).toEqual([]);
    await change([van("transit-early", "Ford", "Transit Custom", 17500)]);
    await roundAt(at(4, 11));
    expect(mailTo("late@example.com").map(({ subject }) => subject)).toEqual([
      "Price drop: Ford Transit Custom, now £17,500 (was £18,000)",
    ]);
  });

  it("keeps to the day's allowance of alerts to one address, the rest going in the next day's e-mail", async () => {
    alerts = open(1);
    await confirmed("keen@example.com");
    await change([van("transit-1", "Ford", "Transit Custom", 18000)]);
    await roundAt(at(4, 10));
    await change([van("transit-2", "Ford", "Transit Custom", 18500)]);
    await roundAt(at(4, 11));
    await change([van("transit-3", "Ford", "Transit Custom", 19000)]);
    await roundAt(at(4, 12));
    expect(mailTo("keen@example.com").map(({ subject }) => subject)).toEqual(["New match: Ford Transit Custom, £18,000"]);
    await roundAt(at(5, 18, 1));
    const next = mailTo("keen@example.com").at(-1)!;
    expect(next.subject).toBe("Today's alert: 2 new matches for Vans · Ford Transit Custom · up to £20,000");
    expect(next.text).toContain("£18,500");
    expect(next.text).toContain("£19,000");
  });

  it("tells a vehicle's watcher of its price drop, then of its sale with similar ones, and the watch ends", async () => {
    await change([van("transit-similar", "Ford", "Transit Custom", 17000)]);
    await roundAt(at(4, 9));
    await confirmed("watcher@example.com", { vehicleId: "transit-old" });
    await change([van("transit-old", "Ford", "Transit Custom", 16495)]);
    await roundAt(at(4, 10));
    await change([], ["transit-old"]);
    await roundAt(at(4, 11));
    const [drop, sold] = mailTo("watcher@example.com");
    expect(drop!.subject).toBe("Price drop: Ford Transit Custom, now £16,495 (was £17,495)");
    expect(sold!.subject).toBe("Sold: Ford Transit Custom. Here are similar ones");
    expect(sold!.text).toContain("£17,000");
    const manage = /\/alerts\/manage\?t=([A-Za-z0-9._-]+)/.exec(sold!.text)![1]!;
    expect((await alerts.list(manage))!.searches).toEqual([]);
  });

  it("ends alerts nobody opened for months with one e-mail, and forgets searches never confirmed", async () => {
    await confirmed("idle@example.com");
    await confirmed("idle@example.com", { frequency: "daily", query: "make=Ford" });
    await confirmed("busy@example.com");
    await saved("never@example.com", {});
    // A link followed in May from one of the busy buyer's alerts: they still want it.
    const busy = await manageTokenOf("busy@example.com");
    const [busySearch] = (await alerts.list(busy))!.searches;
    await store.touch([busySearch!.id], new Date(Date.UTC(2030, 4, 20)));
    await roundAt(new Date(Date.UTC(2030, 9, 1, 18, 30)));
    const [ended, ...more] = mailTo("idle@example.com");
    expect(more).toEqual([]);
    expect(ended!.subject).toBe("Your 2 alerts have ended");
    expect(ended!.text).toContain("https://www.dockside-motors.example/van-search?make=Ford");
    expect(mailTo("busy@example.com")).toEqual([]);
    expect((await alerts.list(busy))!.searches).toHaveLength(1);
    const secret = await store.secret();
    expect(await store.ofRecipient(recipientKeyOf(secret, "idle@example.com"))).toEqual([]);
    expect(await store.ofRecipient(recipientKeyOf(secret, "never@example.com"))).toEqual([]);
  });

  it("queues nothing twice when a round is run again after a crash before it was recorded", async () => {
    await confirmed("once@example.com");
    await change([van("transit-1", "Ford", "Transit Custom", 18000)]);
    const recordRound = store.recordRound.bind(store);
    store.recordRound = async () => {
      throw new Error("The process died here");
    };
    now = at(4, 10);
    await expect(alerts.rounds.round()).rejects.toThrow("The process died here");
    store.recordRound = recordRound;
    await roundAt(at(4, 10, 1));
    await roundAt(at(4, 10, 2));
    expect(mailTo("once@example.com").map(({ subject }) => subject)).toEqual(["New match: Ford Transit Custom, £18,000"]);
  });

  it("alerts a search within N miles of a postcode only when the vehicle's branch is that near, keeping the outward code alone", async () => {
    // The dealer stands in Liverpool (L3): L1 is a mile away, Chester (CH2) about 15 miles.
    await confirmed("near@example.com", { query: `${TRANSITS}&postcode=L1 8JQ&withinMiles=10&sort=distance` });
    await confirmed("far@example.com", { query: `${TRANSITS}&postcode=CH2 1AA&withinMiles=5&sort=distance` });
    const refused = await alerts.save({ email: "nowhere@example.com", type: "van", query: `${TRANSITS}&postcode=BT1 1AA&withinMiles=25` });
    expect(refused).toMatchObject({ ok: false, errors: { query: expect.stringContaining("We cannot find the postcode BT1") } });
    await change([van("transit-near", "Ford", "Transit Custom", 18500)]);
    await roundAt(at(4, 10));
    expect(mailTo("near@example.com").map(({ subject }) => subject)).toEqual(["New match: Ford Transit Custom, £18,500"]);
    expect(mailTo("far@example.com")).toEqual([]);
    const secret = await store.secret();
    const [near] = await store.ofRecipient(recipientKeyOf(secret, "near@example.com"));
    expect(near).toMatchObject({
      query: "make=Ford&model=Transit+Custom&price=-20000&postcode=L1&withinMiles=10&sort=distance",
      description: "Vans · Ford Transit Custom · up to £20,000 · within 10 miles of L1",
    });
    expect(JSON.stringify(await store.ofRecipient(recipientKeyOf(secret, "far@example.com")))).not.toContain("CH2 1AA");
  });

  /** The manage token in the confirmation-page answer for an address's first search. */
  async function manageTokenOf(email: string): Promise<string> {
    const confirmation = sink.received.find((mail: ReceivedMail) => mail.to.includes(email) && mail.subject.startsWith("Confirm"))!;
    const token = /\/alerts\/confirm\?t=([A-Za-z0-9._-]+)/.exec(confirmation.text)![1]!;
    return (await alerts.confirm(token))!.manage;
  }
});
