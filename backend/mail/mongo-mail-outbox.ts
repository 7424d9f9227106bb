import { MongoServerError, type Collection, type Db } from "mongodb";
import { MAIL_ID_PATTERN, type MailFailure, type MailOutbox, type OutgoingMail, type QueuedMail } from "./mail-outbox";

/** A message as MongoDB holds it: whole while unsent (with when it is next due), its id and time alone once sent. */
type MailDocument = Omit<QueuedMail, "id"> & { _id: string; nextAttemptAt?: Date; sentAt?: Date };

export const MAIL_COLLECTION = "mail";
const DUPLICATE_KEY = 11000;

/**
 * The production mail outbox: one document per message in `mail`, written to a majority of
 * the replica set and its journal. Every site instance sends from it; a claim pushes the
 * next attempt past the sender's lease, so no two instances send one message at once, and
 * the id is the document's key, so no message is queued twice.
 */
export class MongoMailOutbox implements MailOutbox {
  private readonly mail: Collection<MailDocument>;

  private constructor(db: Db) {
    this.mail = db.collection<MailDocument>(MAIL_COLLECTION, { writeConcern: { w: "majority", journal: true } });
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
  }

  async enqueue({ id, ...mail }: OutgoingMail, at: Date): Promise<boolean> {
    if (!MAIL_ID_PATTERN.test(id)) throw new Error(`Not a mail id: ${id}`);
    try {
      await this.mail.insertOne({ _id: id, ...mail, queuedAt: at, attempts: 0, nextAttemptAt: at });
      return true;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async claimNextDue(now: Date, leaseMs: number): Promise<QueuedMail | undefined> {
    const document = await this.mail.findOneAndUpdate(
      { nextAttemptAt: { $lte: now } },
      { $set: { nextAttemptAt: new Date(now.getTime() + leaseMs) } },
      { sort: { nextAttemptAt: 1 } },
    );
    if (!document) return undefined;
    const { _id, nextAttemptAt: _next, sentAt: _sent, ...mail } = document;
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

  async deleteSentBefore(cutoff: Date): Promise<number> {
    return (await this.mail.deleteMany({ sentAt: { $lt: cutoff } })).deletedCount;
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }
}
