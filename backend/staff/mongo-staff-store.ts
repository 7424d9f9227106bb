import { randomUUID } from "node:crypto";
import { MongoServerError, type Collection, type Db, type Document, type Filter, type IndexDescription } from "mongodb";
import type { StaffAccount } from "./staff-accounts";
import {
  AccountExistsError,
  type AccountChanges,
  type AttemptCount,
  type AuditEntry,
  type AuditQuery,
  type KnownDevice,
  type NewAccount,
  type StaffSession,
  type StaffStore,
} from "./staff-store";

type AccountDocument = Omit<StaffAccount, "id"> & { _id: string };
type SessionDocument = Omit<StaffSession, "idDigest"> & { _id: string };
interface TokenDocument {
  _id: string;
  accountId: string;
  expiresAt: Date;
}
type AuditDocument = AuditEntry & { _id: string };
type AttemptDocument = AttemptCount & { _id: string };
type DeviceDocument = Omit<KnownDevice, "digest"> & { _id: string };

const DUPLICATE_KEY = 11000;
const MAJORITY = { writeConcern: { w: "majority" as const, journal: true } };

/**
 * The production staff store: collections staff_accounts (one per e-mail address, by a
 * unique index), staff_set_password_tokens, staff_sessions, staff_devices,
 * staff_sign_in_attempts (the sign-in guard's counts, shared by every site instance) and
 * staff_audit. Expired tokens and sessions are refused by the code whatever the database
 * does with them; a TTL index clears them away on MongoDB (FerretDB has none, and keeps them
 * until the sweep).
 */
export class MongoStaffStore implements StaffStore {
  private constructor(
    private readonly accounts: Collection<AccountDocument>,
    private readonly tokens: Collection<TokenDocument>,
    private readonly sessions: Collection<SessionDocument>,
    private readonly audit: Collection<AuditDocument>,
    private readonly attempts: Collection<AttemptDocument>,
    private readonly devices: Collection<DeviceDocument>,
  ) {}

  static async open(db: Db): Promise<MongoStaffStore> {
    const store = MongoStaffStore.unopened(db);
    await store.setUp();
    return store;
  }

  /** The store before `setUp`, which needs the database: the site sets it up once MongoDB answers (set-up-on-first-use.ts). */
  static unopened(db: Db): MongoStaffStore {
    return new MongoStaffStore(
      db.collection<AccountDocument>("staff_accounts", MAJORITY),
      db.collection<TokenDocument>("staff_set_password_tokens", MAJORITY),
      db.collection<SessionDocument>("staff_sessions", MAJORITY),
      db.collection<AuditDocument>("staff_audit", MAJORITY),
      db.collection<AttemptDocument>("staff_sign_in_attempts", MAJORITY),
      db.collection<DeviceDocument>("staff_devices", MAJORITY),
    );
  }

  async setUp(): Promise<void> {
    // One index at a time: FerretDB drops the connection when asked for several it already has.
    await createIndex(this.accounts, { key: { email: 1 }, unique: true });
    await createIndex(this.tokens, { key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    await createIndex(this.tokens, { key: { accountId: 1 } });
    await createIndex(this.sessions, { key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    await createIndex(this.sessions, { key: { accountId: 1 } });
    await createIndex(this.audit, { key: { at: -1 } });
    await createIndex(this.audit, { key: { action: 1, at: -1 } });
    await createIndex(this.attempts, { key: { last: 1 } });
    await createIndex(this.devices, { key: { accountId: 1 } });
  }

  async createAccount({ email, name, role }: NewAccount, now: Date): Promise<StaffAccount> {
    const account: StaffAccount = { id: randomUUID(), email, name, role, disabled: false, createdAt: now };
    try {
      await this.accounts.insertOne(documentOf(account));
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new AccountExistsError();
      throw error;
    }
    return account;
  }

  async getAccount(id: string): Promise<StaffAccount | undefined> {
    return accountOf(await this.accounts.findOne({ _id: id }));
  }

  async findAccountByEmail(email: string): Promise<StaffAccount | undefined> {
    return accountOf(await this.accounts.findOne({ email }));
  }

  async listAccounts(): Promise<StaffAccount[]> {
    return (await this.accounts.find().sort({ createdAt: 1 }).toArray()).map((document) => accountOf(document)!);
  }

  async updateAccount(id: string, changes: AccountChanges): Promise<StaffAccount | undefined> {
    const set: Record<string, unknown> = {};
    const unset: Record<string, ""> = {};
    for (const [field, value] of Object.entries(changes)) {
      if (value === null) unset[field] = "";
      else if (value !== undefined) set[field] = value;
    }
    const updated = await this.accounts.findOneAndUpdate(
      { _id: id },
      { ...(Object.keys(set).length > 0 ? { $set: set } : {}), ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
      { returnDocument: "after" },
    );
    return accountOf(updated);
  }

  async takeCodeStep(accountId: string, step: number): Promise<boolean> {
    const taken = await this.accounts.updateOne(
      { _id: accountId, $or: [{ totpLastStep: { $exists: false } }, { totpLastStep: { $lt: step } }] },
      { $set: { totpLastStep: step } },
    );
    return taken.modifiedCount === 1;
  }

  async countAttempts(keys: readonly string[], now: Date, forgetBefore: Date): Promise<(AttemptCount | undefined)[]> {
    return Promise.all(
      keys.map(async (key) => {
        await this.attempts.deleteOne({ _id: key, last: { $lt: forgetBefore } });
        // The count before this attempt, from the same update that adds it: two at once each see the other's.
        const add = () =>
          this.attempts.findOneAndUpdate(
            { _id: key },
            { $inc: { count: 1 }, $set: { last: now } },
            { upsert: true, returnDocument: "before" },
          );
        // Two first attempts at once may both try to insert the key; the one that lost counts on the one that won.
        const before = await add().catch((error: unknown) => {
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return add();
          throw error;
        });
        return before ? { count: before.count, last: before.last } : undefined;
      }),
    );
  }

  async attemptsOf(key: string): Promise<AttemptCount | undefined> {
    const document = await this.attempts.findOne({ _id: key });
    return document ? { count: document.count, last: document.last } : undefined;
  }

  async clearAttempts(keys: readonly string[]): Promise<void> {
    await this.attempts.deleteMany({ _id: { $in: [...keys] } });
  }

  async forgetAttempts(before: Date): Promise<void> {
    await this.attempts.deleteMany({ last: { $lt: before } });
  }

  async addKnownDevice({ digest, ...device }: KnownDevice): Promise<void> {
    await this.devices.insertOne({ _id: digest, ...device });
  }

  async knownDeviceAccount(digest: string): Promise<string | undefined> {
    return (await this.devices.findOne({ _id: digest }))?.accountId;
  }

  async forgetKnownDevicesOf(accountId: string): Promise<void> {
    await this.devices.deleteMany({ accountId });
  }

  async addSetPasswordToken({ digest, accountId, expiresAt }: { digest: string; accountId: string; expiresAt: Date }): Promise<void> {
    await this.tokens.insertOne({ _id: digest, accountId, expiresAt });
  }

  async findSetPasswordToken(digest: string, now: Date): Promise<string | undefined> {
    const token = await this.tokens.findOne({ _id: digest });
    return token && token.expiresAt > now ? token.accountId : undefined;
  }

  async takeSetPasswordToken(digest: string, now: Date): Promise<string | undefined> {
    const token = await this.tokens.findOneAndDelete({ _id: digest });
    return token && token.expiresAt > now ? token.accountId : undefined;
  }

  async dropSetPasswordTokens(accountId: string): Promise<void> {
    await this.tokens.deleteMany({ accountId });
  }

  async addSession({ idDigest, ...session }: StaffSession): Promise<void> {
    await this.sessions.insertOne({ _id: idDigest, ...session });
  }

  async getSession(idDigest: string): Promise<StaffSession | undefined> {
    const document = await this.sessions.findOne({ _id: idDigest });
    if (!document) return undefined;
    const { _id, ...session } = document;
    return { idDigest: _id, ...session };
  }

  async updateSession(idDigest: string, changes: Partial<Pick<StaffSession, "lastSeenAt" | "secondFactorDone">>): Promise<void> {
    await this.sessions.updateOne({ _id: idDigest }, { $set: changes });
  }

  async deleteSession(idDigest: string): Promise<void> {
    await this.sessions.deleteOne({ _id: idDigest });
  }

  async deleteSessionsOf(accountId: string): Promise<number> {
    return (await this.sessions.deleteMany({ accountId })).deletedCount;
  }

  async deleteExpiredSessions(now: Date, idleSince: Date): Promise<void> {
    await this.sessions.deleteMany({ $or: [{ expiresAt: { $lte: now } }, { lastSeenAt: { $lt: idleSince } }] });
  }

  async deleteAuditBefore(cutoff: Date): Promise<void> {
    await this.audit.deleteMany({ at: { $lt: cutoff } });
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await this.audit.insertOne({ _id: randomUUID(), ...entry });
  }

  async listAudit({ action, actorId, targetId, from, to, page, pageSize }: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    const filter: Filter<AuditDocument> = {
      ...(action ? { action } : {}),
      ...(actorId ? { actorId } : {}),
      ...(targetId ? { targetId } : {}),
      ...(from || to ? { at: { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) } } : {}),
    };
    const [total, documents] = await Promise.all([
      this.audit.countDocuments(filter),
      this.audit
        .find(filter)
        .sort({ at: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
    ]);
    return { total, entries: documents.map(({ _id, ...entry }) => entry) };
  }

  async close(): Promise<void> {
    // The client belongs to the engines, which close it.
  }
}

/** TTL indexes are MongoDB's; a server without them (FerretDB) gets the index without the expiry, and the sweeps do the rest. */
async function createIndex<T extends Document>(collection: Collection<T>, index: IndexDescription): Promise<void> {
  try {
    await collection.createIndexes([index]);
  } catch (error) {
    if (index.expireAfterSeconds === undefined || !(error instanceof MongoServerError)) throw error;
    const { expireAfterSeconds: _, ...plain } = index;
    await collection.createIndexes([plain]);
  }
}

function documentOf({ id, ...account }: StaffAccount): AccountDocument {
  return { _id: id, ...account };
}

function accountOf(document: AccountDocument | null): StaffAccount | undefined {
  if (!document) return undefined;
  // Versions before the sign-in guard kept failed sign-ins and a lock with the account: the guard keeps its counts now.
  const {
    _id,
    failedSignIns: _failures,
    lockedUntil: _lock,
    ...account
  } = document as AccountDocument & { failedSignIns?: number; lockedUntil?: Date };
  return { id: _id, ...account };
}
