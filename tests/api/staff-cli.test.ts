import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EMBEDDED_ENGINES } from "../support/embedded-engines";
import { startTestSite, type TestSite } from "../support/start-test-site";

/** `npm run staff`, run as its own process over a data folder, as a member of staff would run it in another shell. */

const root = path.resolve(import.meta.dirname, "..", "..");

function staffCli(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { SITE_URL: _siteUrl, PORT: _port, HOST: _host, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "backend", "staff", "staff-cli.ts"), ...args], {
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
