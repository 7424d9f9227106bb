import { parseArgs } from "node:util";
import { ConfigError, loadConfig, publicOrigin } from "./config";
import { loadDealer } from "./dealer-config";
import { dealerBranches, isDealerGroup } from "../domain/branches";
import { openMailOutbox, openStaffStore, openStore, publishedDealerIn } from "./engines";
import { createLogger } from "./logger";
import { siteAddressIn } from "./site-address";
import { queuePasswordLink } from "./mail/mail-services";
import { StaffAccess } from "./staff/staff-access";
import {
  leadsWorked,
  staffBranchesSchema,
  staffEmailSchema,
  staffNameSchema,
  staffRoleSchema,
  type StaffAccount,
} from "./staff/staff-accounts";
import { staffSettingsOf } from "./staff-services";
import { AccountExistsError, type StaffStore } from "./staff/staff-store";

const USAGE = `Staff accounts for the dealer site's staff area (/staff).

  npm run staff -- add --email ADDRESS --role sales|stock|admin [--name "NAME"]
      Creates an account and prints a one-time link that sets its password.
  npm run staff -- reset-password --email ADDRESS
      Clears the password (the account cannot sign in until a new one is set), signs the
      account out everywhere, and prints a new one-time link.
  npm run staff -- disable --email ADDRESS      Stops the account signing in, and ends its sessions.
  npm run staff -- enable --email ADDRESS       Lets a disabled account sign in again.
  npm run staff -- remove-2fa --email ADDRESS   Removes the second factor (a lost phone).
  npm run staff -- branches --email ADDRESS --branches CODE[,CODE…]
      Limits a dealer group's member of staff to the leads of those branches (and of none).
  npm run staff -- branches --email ADDRESS --every
      Lets them work the leads of every branch again.
  npm run staff -- list                         Lists every account.

Settings come from the environment (DATA_DIR or MONGODB_URL, SITE_URL for the links), as for the site;
unset SITE_URL, the links lead to the address the site last listened on with this DATA_DIR.
With an SMTP server set (SMTP_URL or SMTP_HOST), the link is also queued for the site to e-mail.`;

/** Exit statuses: 0 done, 1 the account or the store could not be used, 2 a mistake in the command. */
class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      branches: { type: "string" },
      every: { type: "boolean" },
    },
  });
  const config = loadConfig();
  const logger = createLogger("warn", { toStderr: true });
  const dealer = await loadDealer(config.DEALER_CONFIG);
  const opened = await openStore(config, logger);
  const store = await openStaffStore(config, opened.mongo);
  // Unset SITE_URL, the links lead where the site last listened, started with whatever PORT and HOST.
  const siteOrigin = config.SITE_URL ?? (await siteAddressIn(config.DATA_DIR)) ?? publicOrigin(config);
  const access = new StaffAccess(store, { ...staffSettingsOf(config, dealer), siteOrigin });
  const outbox = await openMailOutbox(config, opened.mongo);
  const hours = config.STAFF_SET_PASSWORD_LINK_HOURS;
  /** The dealer's details (and branches) as the staff area last published them. */
  const published = () => publishedDealerIn(config, opened.mongo, dealer);
  /** The link e-mailed too, when mail is sent: the line that says so. The message gives the dealer's details as published. */
  const mailed = async (to: string, link: string) => {
    const queued = await queuePasswordLink(config, await published(), outbox, { to, link });
    return queued ? `\nThe site is also e-mailing it to ${to}.\n` : "";
  };
  try {
    switch (command) {
      case "add": {
        const email = checked(staffEmailSchema, values.email, "--email");
        const role = checked(staffRoleSchema, values.role, "--role");
        const name = checked(staffNameSchema, values.name ?? email.split("@")[0], "--name");
        const { account, link } = await access.createAccount("command line", { email, name, role });
        print(
          `Added ${account.email} (${account.role}). Send them this link to set their password; it works once, for ${hours} hours:\n\n  ${link}\n${await mailed(account.email, link)}`,
        );
        return 0;
      }
      case "reset-password": {
        const account = await accountNamed(store, values.email);
        const link = await access.resetPassword("command line", account);
        print(
          `${account.email} is signed out everywhere and cannot sign in until a new password is set through this link (it works once, for ${hours} hours):\n\n  ${link}\n${await mailed(account.email, link)}`,
        );
        return 0;
      }
      case "disable":
      case "enable": {
        const account = await accountNamed(store, values.email);
        await access.changeAccount("command line", account, { disabled: command === "disable" });
        print(`${account.email} is ${command === "disable" ? "disabled: it cannot sign in, and its sessions have ended" : "enabled"}.\n`);
        return 0;
      }
      case "remove-2fa": {
        const account = await accountNamed(store, values.email);
        await access.removeSecondFactor("command line", account);
        print(`${account.email} signs in with a password alone until they set up a second factor again.\n`);
        return 0;
      }
      case "branches": {
        const account = await accountNamed(store, values.email);
        if (Boolean(values.every) === (values.branches !== undefined))
          throw new UsageError("Give either --branches CODE[,CODE…] or --every");
        const group = await published();
        const codes = isDealerGroup(group) ? dealerBranches(group).map(({ code }) => code) : [];
        if (values.branches !== undefined && codes.length === 0)
          throw new UsageError("--branches: this dealer has one branch; there are none to choose");
        const picked = values.every ? [] : values.branches!.split(",").map((code) => code.trim());
        const branches = checked(staffBranchesSchema(codes), picked, "--branches");
        await access.changeAccount("command line", account, { branches });
        print(`${account.email} works ${leadsWorked(branches)}.\n`);
        return 0;
      }
      case "list": {
        const accounts = await store.listAccounts();
        if (accounts.length === 0) print("No staff accounts yet: add one with npm run staff -- add --email ADDRESS --role admin\n");
        for (const account of accounts) print(`${account.email}\t${account.role}\t${stateOf(account)}\t${account.name}\n`);
        return 0;
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
    }
  } finally {
    await outbox.close();
    await store.close();
    await opened.close();
  }
}

function stateOf(account: StaffAccount): string {
  const states = [
    account.disabled ? "disabled" : "active",
    account.passwordHash ? undefined : "password not set",
    account.totpSecret ? "second factor on" : undefined,
    account.branches ? `branches ${account.branches.join(" ")}` : undefined,
  ];
  return states.filter(Boolean).join(", ");
}

async function accountNamed(store: StaffStore, email: string | undefined): Promise<StaffAccount> {
  const account = await store.findAccountByEmail(checked(staffEmailSchema, email, "--email"));
  if (!account) throw new AccountMissingError();
  return account;
}

class AccountMissingError extends Error {
  constructor() {
    super("There is no account with that e-mail address: npm run staff -- list shows them");
  }
}

function checked<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  value: unknown,
  option: string,
): T {
  if (value === undefined) throw new UsageError(`${option} is needed`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${option}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

function print(text: string): void {
  process.stdout.write(text);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
  } else if (error instanceof AccountExistsError || error instanceof AccountMissingError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
