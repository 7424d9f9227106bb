import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { EMBEDDED_ENGINES } from "../support/embedded-engines";
import { startTestSite, type TestSite } from "../support/start-test-site";

/** `npm run staff`, run as its own process over a data folder, as a member of staff would run it in another shell. */

const root = path.resolve(import.meta.dirname, "..", "..");

function staffCli(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { SITE_URL: _siteUrl, PORT: _port, HOST: _host, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "backend", "staff-cli.ts"), ...args], {
    cwd: root,
    env: { ...inherited, ...EMBEDDED_ENGINES, LOG_LEVEL: "warn", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

const linkIn = (stdout: string) => /^ {2}(\S+\/staff\/set-password\?token=\S+)$/m.exec(stdout)?.[1];

describe("npm run staff -- add", () => {
  let site: TestSite | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it("prints a link to the address the site listens on, when SITE_URL is unset and the shell names no PORT", async () => {
    site = await startTestSite([]);
    const { status, stdout, stderr } = await staffCli(["add", "--email", "jo@dealer.example", "--role", "sales"], {
      DATA_DIR: site.dataDir,
    });
    expect(stderr).toBe("");
    expect(status).toBe(0);
    const link = new URL(linkIn(stdout)!);
    expect(link.origin).toBe(site.url);
    expect(link.origin).not.toBe("http://127.0.0.1:3000");
  });

  it("prints a link from SITE_URL when it is set, and from PORT and HOST when no site has used the data folder", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "staff-cli-"));
    const fromSiteUrl = await staffCli(["add", "--email", "sam@dealer.example", "--role", "stock"], {
      DATA_DIR: dataDir,
      SITE_URL: "https://www.dockside-motors.example",
    });
    expect(new URL(linkIn(fromSiteUrl.stdout)!).origin).toBe("https://www.dockside-motors.example");
    const fromPort = await staffCli(["add", "--email", "al@dealer.example", "--role", "admin"], {
      DATA_DIR: dataDir,
      PORT: "4123",
      HOST: "127.0.0.2",
    });
    expect(new URL(linkIn(fromPort.stdout)!).origin).toBe("http://127.0.0.2:4123");
  });
});

describe("npm run staff -- branches", () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it("limits an account to a dealer group's branches, refuses codes it does not have, clears them with --every, and audits each change", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "staff-cli-"));
    const env = { DATA_DIR: dataDir, DEALER_CONFIG: "dealer-group.json", SITE_URL: "https://www.example.com" };
    expect((await staffCli(["add", "--email", "kim@dealer.example", "--role", "sales"], env)).status).toBe(0);

    const unknown = await staffCli(["branches", "--email", "kim@dealer.example", "--branches", "wigan,leeds"], env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("--branches: Choose branches from: ");
    const neither = await staffCli(["branches", "--email", "kim@dealer.example"], env);
    expect(neither.status).toBe(2);
    expect(neither.stderr).toContain("Give either --branches");

    const limited = await staffCli(["branches", "--email", "kim@dealer.example", "--branches", "wigan, bolton"], env);
    expect(limited.stderr).toBe("");
    expect(limited.stdout).toBe("kim@dealer.example works the leads of wigan, bolton and those of no branch.\n");
    expect((await staffCli(["list"], env)).stdout).toContain("branches wigan bolton");

    const every = await staffCli(["branches", "--email", "kim@dealer.example", "--every"], env);
    expect(every.stdout).toBe("kim@dealer.example works the leads of every branch.\n");

    const store = await FileStaffStore.open(dataDir);
    try {
      const account = await store.findAccountByEmail("kim@dealer.example");
      expect(account?.branches).toBeUndefined();
      const { entries } = await store.listAudit({ action: "account-changed", targetId: account!.id, page: 1, pageSize: 10 });
      expect(entries.map(({ origin, details }) => [origin, details])).toEqual([
        ["command line", { branches: "every" }],
        ["command line", { branches: "wigan bolton" }],
      ]);
    } finally {
      await store.close();
    }
  });

  it("refuses branches for a dealer with one", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "staff-cli-"));
    const env = { DATA_DIR: dataDir, SITE_URL: "https://www.example.com" };
    await staffCli(["add", "--email", "kim@dealer.example", "--role", "sales"], env);
    const refused = await staffCli(["branches", "--email", "kim@dealer.example", "--branches", "liverpool"], env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("this dealer has one branch");
  });
});
