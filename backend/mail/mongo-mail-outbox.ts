import { MongoServerError, type Collection, type Db } from "mongodb";
import type { OutboxBacklog } from "../outbox-worker";
import { firstRound, isOpen, roundId, roundOf, roundRange, withEntry, type GatheredState } from "./mail-gathering";
import {
  CAP_DAY_PATTERN,
  MAIL_ID_PATTERN,
  type Admission,
  type GatheredEntry,
  type Gathering,
  type MailFailure,
  type MailOutbox,
  type OutgoingMail,
  type QueuedMail,
  type RecipientCap,
} from "./mail-outbox";
import { mailboxOf, newRecipientSecret, recipientKeyOf } from "./recipient-key";

/**
 * A message as MongoDB holds it: whole while unsent (with when it is next due, and what a
 * gathering round was written from), its id and time alone once sent.
 */
type MailDocument = Omit<QueuedMail, "id"> & { _id: string; nextAttemptAt?: Date; sentAt?: Date; gathering?: GatheredState };

/**
 * What `mail_recipients` holds: a document per message admitted to an address
 * (`<recipient key>-<day>-<slot>`, or `<recipient key>-<allowance>-<day>-<slot>`, naming the message), and the secret the keys are made
 * with (`secret`), made by whichever instance admits first.
 */
interface RecipientDocument {
  _id: string;
  mailId?: string;
  /** The cap's day, YYYY-MM-DD: counts are forgotten by day. */
  day?: string;
  at?: Date;
  secret?: string;
}

export const MAIL_COLLECTION = "mail";
export const RECIPIENTS_COLLECTION = "mail_recipients";
const SECRET_ID = "secret";
const DUPLICATE_KEY = 11000;
/** Writes to one gathering round are retried this often when another instance wrote it first. */
const MOST_GATHER_TRIES = 25;

/**
 * The production mail outbox: one document per message in `mail`, written to a majority of
 * the replica set and its journal. Every site instance sends from it; a claim pushes the
 * next attempt past the sender's lease, so no two instances send one message at once, and
 * the id is the document's key, so no message is queued twice.
 */
export class MongoMailOutbox implements MailOutbox {
  private readonly mail: Collection<MailDocument>;
  private readonly recipients: Collection<RecipientDocument>;
  private secret: string | undefined;

  private constructor(db: Db) {
    const writeConcern = { w: "majority", journal: true } as const;
    this.mail = db.collection<MailDocument>(MAIL_COLLECTION, { writeConcern });
    this.recipients = db.collection<RecipientDocument>(RECIPIENTS_COLLECTION, { writeConcern });
  }

  static async open(db: Db): Promise<MongoMailOutbox> {
    const outbox = MongoMailOutbox.unopened(db);
    await outbox.setUp();
    return outbox;
  }

  /** The outbox before `setUp`, which needs the database: the site sets it up once MongoDB answers. */
  static unopened(db: Db): MongoMailOutbox {
    return new MongoMailOutbox(db);
  }

  async setUp(): Promise<void> {
    // One index at a time: FerretDB drops the connection when asked for several it already has.
    await this.mail.createIndexes([{ key: { nextAttemptAt: 1 } }]);
    await this.mail.createIndexes([{ key: { sentAt: 1 } }]);
    await this.recipients.createIndexes([{ key: { day: 1 } }]);
  }

  async enqueue({ id, ...mail }: OutgoingMail, at: Date): Promise<boolean> {
    if (!MAIL_ID_PATTERN.test(id)) throw new Error(`Not a mail id: ${id}`);
    try {
      await this.mail.insertOne({ _id: id, ...mail, queuedAt: at, attempts: 0, nextAttemptAt: at });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async enqueueAll(mails: readonly OutgoingMail[], at: Date): Promise<boolean[]> {
    const queued: boolean[] = [];
    for (const mail of mails) queued.push(await this.enqueue(mail, at));
    return queued;
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<QueuedMail | undefined> {
    const document = await this.mail.findOneAndUpdate(
      { nextAttemptAt: { $lte: now } },
      { $set: { nextAttemptAt: new Date(now.getTime() + leaseMs) } },
      { sort: { nextAttemptAt: 1 } },
    );
    if (!document) return undefined;
    const { _id, nextAttemptAt: _next, sentAt: _sent, gathering: _gathering, ...mail } = document;
    return { id: _id, ...mail };
  }

  async markSent(id: string, at: Date): Promise<void> {
    await this.mail.replaceOne({ _id: id }, { sentAt: at } as MailDocument);
  }

  async markFailed(id: string, retryAt: Date, failure: MailFailure): Promise<void> {
    await this.mail.updateOne(
      { _id: id, sentAt: { $exists: false } },
      { $set: { nextAttemptAt: retryAt, lastFailure: failure }, $inc: { attempts: 1 } },
    );
  }

  countUnsent(): Promise<number> {
    return this.mail.countDocuments({ sentAt: { $exists: false } });
  }

  async backlog(): Promise<OutboxBacklog> {
    const unsent = { nextAttemptAt: { $exists: true } };
    const [waiting, oldest] = await Promise.all([
      this.mail.countDocuments(unsent),
      this.mail.findOne(unsent, { sort: { queuedAt: 1 }, projection: { queuedAt: 1 } }),
    ]);
    return oldest?.queuedAt ? { waiting, oldest: oldest.queuedAt } : { waiting };
  }

  async deleteUnsentTo(address: string): Promise<number> {
    const mailbox = mailboxOf(address);
    const unsent = await this.mail.find({ sentAt: { $exists: false } }, { projection: { to: 1 } }).toArray();
    const ids = unsent.filter(({ to }) => typeof to === "string" && mailboxOf(to) === mailbox).map(({ _id }) => _id);
    if (ids.length === 0) return 0;
    return (await this.mail.deleteMany({ _id: { $in: ids }, sentAt: { $exists: false } })).deletedCount;
  }

  async deleteSentBefore(cutoff: Date): Promise<number> {
    await this.recipients.deleteMany({ day: { $lt: cutoff.toISOString().slice(0, 10) } });
    return (await this.mail.deleteMany({ sentAt: { $lt: cutoff } })).deletedCount;
  }

  /** Each of the day's `most` slots is a document: inserting one is atomic, so on no instance are more admitted. */
  async admit(mailId: string, to: string, { day, most, allowance }: RecipientCap, at: Date): Promise<Admission> {
    if (!CAP_DAY_PATTERN.test(day)) throw new Error(`Not a day: ${day}`);
    const recipient = recipientKeyOf(await this.recipientSecret(), to);
    const counted = allowance ? `${recipient}-${allowance}` : recipient;
    const slots = Array.from({ length: most }, (_, slot) => `${counted}-${day}-${slot + 1}`);
    const taken = await this.recipients.find({ _id: { $in: slots } }).toArray();
    if (taken.some((slot) => slot.mailId === mailId)) return { admitted: true, recipient };
    const takenIds = new Set(taken.map(({ _id }) => _id));
    for (const _id of slots.filter((slot) => !takenIds.has(slot))) {
      try {
        await this.recipients.insertOne({ _id, mailId, day, at });
        return { admitted: true, recipient };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        if ((await this.recipients.findOne({ _id }))?.mailId === mailId) return { admitted: true, recipient };
      }
    }
    return { admitted: false, recipient };
  }

  async admitAll(requests: readonly { mailId: string; to: string }[], cap: RecipientCap, at: Date): Promise<Admission[]> {
    const answers: Admission[] = [];
    for (const { mailId, to } of requests) answers.push(await this.admit(mailId, to, cap, at));
    return answers;
  }

  /** A round is rewritten only if no other write reached it since it was read (its count), else read and tried again. */
  async gather(gathering: Gathering, entry: GatheredEntry, at: Date): Promise<void> {
    const { after, before } = roundRange(gathering.series);
    for (let tries = 0; tries < MOST_GATHER_TRIES; tries++) {
      const [latest] = await this.mail
        .find({ _id: { $gt: after, $lt: before } })
        .sort({ _id: -1 })
        .limit(1)
        .toArray();
      if (latest?.gathering && latest.sentAt === undefined && isOpen(latest.gathering, at)) {
        const next = withEntry(gathering, latest.gathering, entry);
        if (!next) return;
        const { matchedCount } = await this.mail.updateOne(
          { _id: latest._id, sentAt: { $exists: false }, "gathering.count": latest.gathering.count },
          { $set: { ...next.message, gathering: next.state } },
        );
        if (matchedCount === 1) return;
        continue;
      }
      const round = (latest && roundOf(gathering.series, latest._id)) ?? 0;
      const { state, message } = firstRound(gathering, entry, at);
      try {
        await this.mail.insertOne({
          _id: roundId(gathering.series, round + 1),
          ...message,
          queuedAt: at,
          attempts: 0,
          nextAttemptAt: state.closesAt,
          gathering: state,
        });
        return;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    throw new Error(`Could not add to ${gathering.series}: other writes kept reaching it first`);
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }

  /** The secret recipient keys are made with, kept beside the counts; the first instance to need it makes it. */
  private async recipientSecret(): Promise<string> {
    if (this.secret) return this.secret;
    try {
      await this.recipients.insertOne({ _id: SECRET_ID, secret: newRecipientSecret() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const kept = await this.recipients.findOne({ _id: SECRET_ID });
    if (!kept?.secret) throw new Error(`${RECIPIENTS_COLLECTION} holds no secret`);
    return (this.secret = kept.secret);
  }
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}
