import { randomUUID } from "node:crypto";
import { appendFile, mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";
import { SharedJsonFile } from "../store/shared-json-file";
import { withFileLock } from "../store/file-lock";
import type { StaffAccount } from "./staff-accounts";
import {
  AccountExistsError,
  type AccountChanges,
  type AuditEntry,
  type AuditQuery,
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

const ACCOUNT_DATES = ["createdAt", "passwordSetAt", "lockedUntil"] as const;
const SESSION_DATES = ["createdAt", "lastSeenAt", "expiresAt"] as const;

/**
 * The embedded staff store, under DATA_DIR/staff: accounts and set-password tokens in one
 * JSON file, sessions in another (both changed by the site and by `npm run staff`, under a
 * lock), and the audit log as JSON lines appended to a third, each flushed to disk before
 * the action it records is answered.
 */
export class FileStaffStore implements StaffStore {
  private readonly accountsFile: SharedJsonFile<AccountsFile>;
  private readonly sessionsFile: SharedJsonFile<StaffSession[]>;

  private constructor(private readonly directory: string) {
    this.accountsFile = new SharedJsonFile(
      path.join(directory, "accounts.json"),
      () => ({ accounts: [], tokens: [] }),
      (raw) => {
        const file = raw as AccountsFile;
        return { accounts: file.accounts.map((account) => withDates(account, ACCOUNT_DATES)), tokens: file.tokens.map((token) => withDates(token, ["expiresAt"])) };
      },
    );
    this.sessionsFile = new SharedJsonFile(
      path.join(directory, "sessions.json"),
      () => [],
      (raw) => (raw as StaffSession[]).map((session) => withDates(session, SESSION_DATES)),
    );
  }

  private get auditFile(): string {
    return path.join(this.directory, "audit.ndjson");
  }

  static async open(dataDir: string): Promise<FileStaffStore> {
    const directory = path.join(dataDir, "staff");
    await mkdir(directory, { recursive: true, mode: 0o700 });
    return new FileStaffStore(directory);
  }

  createAccount({ email, name, role }: NewAccount, now: Date): Promise<StaffAccount> {
    return this.accountsFile.change((file) => {
      if (file.accounts.some((account) => account.email === email)) throw new AccountExistsError();
      const account: StaffAccount = { id: randomUUID(), email, name, role, disabled: false, createdAt: now, failedSignIns: 0 };
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

  async recordFailedSignIn(id: string, lockFor: (failures: number) => Date | undefined): Promise<number> {
    const updated = await this.changeAccount(id, (account) => {
      const failedSignIns = account.failedSignIns + 1;
      return applyChanges(account, { failedSignIns, lockedUntil: lockFor(failedSignIns) ?? null });
    });
    return updated?.failedSignIns ?? 0;
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
    await this.accountsFile.change((file) => ({ value: { ...file, tokens: file.tokens.filter((token) => token.accountId !== accountId) }, result: undefined }));
  }

  async addSession(session: StaffSession): Promise<void> {
    await this.sessionsFile.change((sessions) => ({ value: [...sessions, session], result: undefined }));
  }

  async getSession(idDigest: string): Promise<StaffSession | undefined> {
    return (await this.sessionsFile.read()).find((session) => session.idDigest === idDigest);
  }

  async updateSession(idDigest: string, changes: Partial<Pick<StaffSession, "lastSeenAt" | "secondFactorDone">>): Promise<void> {
    await this.sessionsFile.change((sessions) => ({
      value: sessions.map((session) => (session.idDigest === idDigest ? { ...session, ...changes } : session)),
      result: undefined,
    }));
  }

  async deleteSession(idDigest: string): Promise<void> {
    await this.sessionsFile.change((sessions) => ({ value: sessions.filter((session) => session.idDigest !== idDigest), result: undefined }));
  }

  deleteSessionsOf(accountId: string): Promise<number> {
    return this.sessionsFile.change((sessions) => {
      const kept = sessions.filter((session) => session.accountId !== accountId);
      return { value: kept, result: sessions.length - kept.length };
    });
  }

  async deleteExpiredSessions(now: Date, idleSince: Date): Promise<void> {
    await this.sessionsFile.change((sessions) => {
      const kept = sessions.filter((session) => session.expiresAt > now && session.lastSeenAt >= idleSince);
      return { value: kept.length === sessions.length ? sessions : kept, result: undefined };
    });
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await withFileLock(`${this.auditFile}.lock`, async () => {
      await appendFile(this.auditFile, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
      const handle = await open(this.auditFile, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
  }

  async listAudit({ action, actorId, targetId, from, to, page, pageSize }: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
    let text = "";
    try {
      text = await readFile(this.auditFile, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const matching = text
      .split("\n")
      .filter(Boolean)
      .map((line) => withDates(JSON.parse(line) as AuditEntry, ["at"]))
      .filter((entry) => (!action || entry.action === action) && (!actorId || entry.actorId === actorId) && (!targetId || entry.targetId === targetId) && (!from || entry.at >= from) && (!to || entry.at < to))
      .reverse();
    return { total: matching.length, entries: matching.slice((page - 1) * pageSize, page * pageSize) };
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

/** JSON holds dates as text: these fields are read back as dates. */
function withDates<T extends object>(value: T, fields: readonly string[]): T {
  const revived: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of fields) if (typeof revived[field] === "string") revived[field] = new Date(revived[field] as string);
  return revived as T;
}
