import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { describeMailOutboxContract } from "../../tests/contract/mail-outbox-contract";
import { FileMailOutbox } from "./file-mail-outbox";

describeMailOutboxContract("files under DATA_DIR/mail", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mail-"));
  const outbox = await FileMailOutbox.open(dataDir);
  return {
    outbox,
    reopen: () => FileMailOutbox.open(dataDir),
    async dispose() {
      await outbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

it("sends what another process queued after it opened (a password link from npm run staff)", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mail-"));
  try {
    const site = await FileMailOutbox.open(dataDir);
    const tool = await FileMailOutbox.open(dataDir);
    const now = new Date();
    await tool.enqueue({ id: "staff-link-1", to: "new@dockside-motors.example", subject: "Set your password", text: "t", html: "h" }, now);
    expect((await site.claimNextDue(now, 60_000))?.id).toBe("staff-link-1");
    expect((await stat(path.join(dataDir, "mail"))).mode & 0o777).toBe(0o700);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

it("keeps the counts per address in a private folder, under keys that hold nothing of the address", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mail-"));
  try {
    const outbox = await FileMailOutbox.open(dataDir);
    const { recipient } = await outbox.admit("lead-1-buyer", "Victim+1@Example.com", { day: "2030-01-01", most: 3 }, new Date());
    const folder = path.join(dataDir, "mail-recipients");
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const day = await readFile(path.join(folder, "2030-01-01.json"), "utf8");
    expect(JSON.parse(day)).toEqual({ [recipient]: ["lead-1-buyer"] });
    expect(day).not.toMatch(/victim|example/i);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
