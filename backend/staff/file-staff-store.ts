import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { CatchUpBoard } from "../catch-up-board";
import { AppendLog } from "../store/append-log";
import { RecordFiles } from "../store/record-files";
import { SharedJsonFile } from "../store/shared-json-file";
import { AuditIndex } from "./audit-index";
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

interface SetPasswordToken {
  digest: string;
  accountId: string;
  expiresAt: Date;
}

interface AccountsFile {
  accounts: StaffAccount[];
  tokens: SetPasswordToken[];
}

const ACCOUNT_DATES = ["createdAt", "passwordSetAt"] as const;
const SESSION_DATES = ["createdAt", "lastSeenAt", "expiresAt"] as const;
/** A sign-in guard's count is kept for as long as the site runs; past this many keys, those forgotten are swept at once. */
const ATTEMPT_KEYS_BEFORE_SWEEP = 10_000;

/**
 * The embedded staff store, under DATA_DIR/staff: accounts and set-password tokens in one
 * JSON file (changed by the site and by `npm run staff`, under a lock); each session, and
 * each device an account has signed in from, in a small file of its own, so that signing in
 * writes one file however many sessions there are; and the audit log as JSON lines appended
 * to a file, each flushed to disk before the action it records is answered, read through an
 * index beside it (audit-index.ts), which never holds appends up. The sign-in guard's counts are kept in the site's memory: the embedded site is one process, and the
 * staff command never signs in.
 */
export class FileStaffStore implements StaffStore {
  private readonly accountsFile: SharedJsonFile<AccountsFile>;
  private readonly sessions: RecordFiles<StaffSession>;
  private readonly devices: RecordFiles<KnownDevice>;
  private readonly auditLog: AppendLog;
  private readonly auditIndex: AuditIndex;
  private readonly attempts = new Map<string, AttemptCount>();

  private constructor(
    private readonly directory: string,
    catchUps?: CatchUpBoard,
  ) {
    this.accountsFile = new SharedJsonFile(
      path.join(directory, "accounts.json"),
      () => ({ accounts: [], tokens: [] }),
      (raw) => {
        const file = raw as AccountsFile;
        return {
          accounts: file.accounts.map((account) => withDates(withoutOldLock(account), ACCOUNT_DATES)),
          tokens: file.tokens.map((token) => withDates(token, ["expiresAt"])),
        };
      },
    );
    this.sessions = new RecordFiles(path.join(directory, "sessions"), (raw) => withDates(raw as StaffSession, SESSION_DATES));
    this.devices = new RecordFiles(path.join(directory, "devices"), (raw) => withDates(raw as KnownDevice, ["createdAt"]));
    const auditFile = path.join(directory, "audit.ndjson");
    this.auditLog = new AppendLog(auditFile);
    this.auditIndex = new AuditIndex(auditFile, path.join(directory, "audit.idx"), catchUps);
  }

  /** `catchUps` shows the site's long work on the audit index; the staff command, which never reads the log, passes none. */
  static async open(dataDir: string, catchUps?: CatchUpBoard): Promise<FileStaffStore> {
    const directory = path.join(dataDir, "staff");
    await mkdir(path.join(directory, "sessions"), { recursive: true, mode: 0o700 });
    await mkdir(path.join(directory, "devices"), { recursive: true, mode: 0o700 });
    const store = new FileStaffStore(directory, catchUps);
    await store.moveOldSessionsFile();
    return store;
  }

  /** Versions before one file per session kept them all in sessions.json: each is moved to a file of its own. */
  private async moveOldSessionsFile(): Promise<void> {
    const oldFile = path.join(this.directory, "sessions.json");
    let text: string;
    try {
      text = await readFile(oldFile, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const session of JSON.parse(text) as StaffSession[]) await this.sessions.put(session.idDigest, session);
    await rm(oldFile, { force: true });
    await rm(`${oldFile}.lock`, { recursive: true, force: true });
  }

  createAccount({ email, name, role }: NewAccount, now: Date): Promise<StaffAccount> {
    return this.accountsFile.change((file) => {
      if (file.accounts.some((account) => account.email === email)) throw new AccountExistsError();
      const account: StaffAccount = { id: randomUUID(), email, name, role, disabled: false, createdAt: now };
      return { value: { ...file, accounts: [...file.accounts, account] }, result: account };
    });
  }

  async getAccount(id: string): Promise<StaffAccount | undefined> {
    return (await this.accountsFile.read()).accounts.find((account) => account.id === id);
  }

  async findAccountByEmail(email: string): Promise<StaffAccount | undefined> {
    return (await this.accountsFile.read()).accounts.find((account) => account.email === email);
  }

  async listAccounts(): Promise<StaffAccount[]> {
    return (await this.accountsFile.read()).accounts;
  }

  updateAccount(id: string, changes: AccountChanges): Promise<StaffAccount | undefined> {
    return this.changeAccount(id, (account) => applyChanges(account, changes));
  }

  takeCodeStep(accountId: string, step: number): Promise<boolean> {
    return this.accountsFile.change((file) => {
      const index = file.accounts.findIndex((account) => account.id === accountId);
      const account = file.accounts[index];
      if (!account || (account.totpLastStep !== undefined && account.totpLastStep >= step)) return { value: file, result: false };
      return { value: { ...file, accounts: file.accounts.with(index, { ...account, totpLastStep: step }) }, result: true };
    });
  }

  async countAttempts(keys: readonly string[], now: Date, forgetBefore: Date): Promise<(AttemptCount | undefined)[]> {
    // Synchronous from reading to writing: attempts arriving together are counted one after another.
    const before = keys.map((key) => {
      const counted = this.attempts.get(key);
      return counted && counted.last >= forgetBefore ? counted : undefined;
    });
    keys.forEach((key, i) => this.attempts.set(key, { count: (before[i]?.count ?? 0) + 1, last: now }));
    if (this.attempts.size > ATTEMPT_KEYS_BEFORE_SWEEP) await this.forgetAttempts(forgetBefore);
    return before;
  }

  async attemptsOf(key: string): Promise<AttemptCount | undefined> {
    return this.attempts.get(key);
  }

  async clearAttempts(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.attempts.delete(key);
  }

  async forgetAttempts(before: Date): Promise<void> {
    for (const [key, { last }] of this.attempts) if (last < before) this.attempts.delete(key);
  }

  addKnownDevice(device: KnownDevice): Promise<void> {
    return this.devices.put(device.digest, device);
  }

  async knownDeviceAccount(digest: string): Promise<string | undefined> {
    return (await this.devices.get(digest))?.accountId;
  }

  async forgetKnownDevicesOf(accountId: string): Promise<void> {
    for await (const [digest, device] of this.devices.all()) if (device.accountId === accountId) await this.devices.delete(digest);
  }

  async addSetPasswordToken(token: SetPasswordToken): Promise<void> {
    await this.accountsFile.change((file) => ({ value: { ...file, tokens: [...file.tokens, token] }, result: undefined }));
  }

  async findSetPasswordToken(digest: string, now: Date): Promise<string | undefined> {
    const token = (await this.accountsFile.read()).tokens.find((candidate) => candidate.digest === digest);
    return token && token.expiresAt > now ? token.accountId : undefined;
  }

  takeSetPasswordToken(digest: string, now: Date): Promise<string | undefined> {
    return this.accountsFile.change((file) => {
      const token = file.tokens.find((candidate) => candidate.digest === digest);
      // Used tokens go, and so do any that have expired meanwhile.
      const tokens = file.tokens.filter((candidate) => candidate !== token && candidate.expiresAt > now);
      return { value: { ...file, tokens }, result: token && token.expiresAt > now ? token.accountId : undefined };
    });
  }

  async dropSetPasswordTokens(accountId: string): Promise<void> {
    await this.accountsFile.change((file) => ({
      value: { ...file, tokens: file.tokens.filter((token) => token.accountId !== accountId) },
      result: undefined,
    }));
  }

  addSession(session: StaffSession): Promise<void> {
    return this.sessions.put(session.idDigest, session);
  }

  getSession(idDigest: string): Promise<StaffSession | undefined> {
    return this.sessions.get(idDigest);
  }

  async updateSession(idDigest: string, changes: Partial<Pick<StaffSession, "lastSeenAt" | "secondFactorDone">>): Promise<void> {
    const session = await this.sessions.get(idDigest);
    if (session) await this.sessions.put(idDigest, { ...session, ...changes });
  }

  deleteSession(idDigest: string): Promise<void> {
    return this.sessions.delete(idDigest);
  }

  async deleteSessionsOf(accountId: string): Promise<number> {
    let ended = 0;
    for await (const [digest, session] of this.sessions.all()) {
      if (session.accountId !== accountId) continue;
      await this.sessions.delete(digest);
      ended++;
    }
    return ended;
  }

  async deleteExpiredSessions(now: Date, idleSince: Date): Promise<void> {
    for await (const [digest, session] of this.sessions.all()) {
      if (session.expiresAt <= now || session.lastSeenAt < idleSince) await this.sessions.delete(digest);
    }
  }

  appendAudit(entry: AuditEntry): Promise<void> {
    return this.auditLog.append(JSON.stringify(entry));
  }

  listAudit(query: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    return this.auditIndex.list(query);
  }

  async deleteAuditBefore(cutoff: Date): Promise<void> {
    await this.auditIndex.dropBefore(cutoff, this.auditLog);
  }

  async close(): Promise<void> {
    // Nothing is held open between calls.
  }

  private changeAccount(id: string, change: (account: StaffAccount) => StaffAccount): Promise<StaffAccount | undefined> {
    return this.accountsFile.change((file) => {
      const index = file.accounts.findIndex((account) => account.id === id);
      if (index < 0) return { value: file, result: undefined };
      const updated = change(file.accounts[index]!);
      return { value: { ...file, accounts: file.accounts.with(index, updated) }, result: updated };
    });
  }
}

/** The account with `changes` made: a null removes the field. */
function applyChanges(account: StaffAccount, changes: AccountChanges): StaffAccount {
  const updated: Record<string, unknown> = { ...account };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete updated[field];
    else if (value !== undefined) updated[field] = value;
  }
  return updated as unknown as StaffAccount;
}

/** Versions before the sign-in guard kept failed sign-ins and a lock with the account: the guard keeps its counts now. */
function withoutOldLock(account: StaffAccount & { failedSignIns?: number; lockedUntil?: unknown }): StaffAccount {
  const { failedSignIns: _failures, lockedUntil: _lock, ...kept } = account;
  return kept;
}

/** JSON holds dates as text: these fields are read back as dates. */
function withDates<T extends object>(value: T, fields: readonly string[]): T {
  const revived: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of fields) if (typeof revived[field] === "string") revived[field] = new Date(revived[field] as string);
  return revived as T;
}
