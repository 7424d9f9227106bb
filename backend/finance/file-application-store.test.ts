import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { financeApplicationSchema } from "../../domain/finance-application";
import { capturedLogger } from "../../tests/support/captured-logger";
import { validApplication } from "../../tests/support/finance-applications";
import { describeApplicationStoreContract } from "./application-store-contract";
import { FileApplicationStore } from "./file-application-store";

describeApplicationStoreContract("files under DATA_DIR/applications", async () => {
  const directory = await mkdtemp(path.join(tmpdir(), "applications-"));
  const store = await FileApplicationStore.open(directory);
  return {
    store,
    reopen: () => FileApplicationStore.open(directory),
    async dispose() {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describe("FileApplicationStore on disk", () => {
  const application = financeApplicationSchema.parse(validApplication());
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "applications-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("has the whole application in its own file by the time add resolves", async () => {
    const store = await FileApplicationStore.open(directory);
    const { id } = await store.add({ application, receivedAt: new Date() });
    const onDisk = JSON.parse(await readFile(path.join(directory, `${id}.json`), "utf8"));
    expect(onDisk).toMatchObject({ id, application, forwardAttempts: 0 });
    expect(await readdir(directory)).toEqual([`${id}.json`]);
    await store.close();
  });

  it("clears away what a crash cut short and skips a file it cannot read, saying which", async () => {
    const store = await FileApplicationStore.open(directory);
    const { id } = await store.add({ application, receivedAt: new Date() });
    await store.close();
    const damaged = "00000000-0000-4000-8000-000000000000";
    await writeFile(path.join(directory, `${id}.json.partial-99999-abcd`), '{"id":');
    await writeFile(path.join(directory, `${damaged}.json`), '{"id":');
    const { logger, text } = capturedLogger();
    const reopened = await FileApplicationStore.open(directory, logger);
    expect(await reopened.get(id)).toMatchObject({ id });
    expect(await reopened.get(damaged)).toBeUndefined();
    expect((await readdir(directory)).sort()).toEqual([`${damaged}.json`, `${id}.json`].sort());
    expect(JSON.parse(text())).toMatchObject({ level: 50, applicationId: damaged, msg: "An application file could not be read" });
    await reopened.close();
  });
});
