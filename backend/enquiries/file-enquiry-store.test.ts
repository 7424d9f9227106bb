import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { capturedLogger } from "../../tests/support/captured-logger";
import { describeEnquiryStoreContract } from "./enquiry-store-contract";
import { FileEnquiryStore } from "./file-enquiry-store";

describeEnquiryStoreContract("files under DATA_DIR/enquiries", async (options) => {
  const directory = await mkdtemp(path.join(tmpdir(), "enquiries-"));
  const store = await FileEnquiryStore.open<{ message: string }>(directory, options);
  return {
    store,
    reopen: () => FileEnquiryStore.open(directory, options),
    async dispose() {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describe("FileEnquiryStore on disk", () => {
  const enquiry = { message: "Lovely staff" };
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "enquiries-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("has the whole record in its own file by the time add resolves, with no forwarding fields for a kind kept only for staff", async () => {
    const store = await FileEnquiryStore.open(directory, { forwarded: false });
    const receivedAt = new Date();
    const { id } = await store.add({ enquiry, receivedAt });
    const onDisk = JSON.parse(await readFile(path.join(directory, `${id}.json`), "utf8"));
    expect(onDisk).toEqual({ id, receivedAt: receivedAt.toISOString(), enquiry });
    expect(await readdir(directory)).toEqual([`${id}.json`]);
    await store.close();
  });

  it("clears away what a crash cut short and skips a file it cannot read, saying which", async () => {
    const store = await FileEnquiryStore.open(directory, { forwarded: true });
    const { id } = await store.add({ enquiry, receivedAt: new Date() });
    await store.close();
    const damaged = "00000000-0000-4000-8000-000000000000";
    await writeFile(path.join(directory, `${id}.json.partial-99999-abcd`), '{"id":');
    await writeFile(path.join(directory, `${damaged}.json`), '{"id":');
    const { logger, text } = capturedLogger();
    const reopened = await FileEnquiryStore.open(directory, { forwarded: true }, logger);
    expect(await reopened.get(id)).toMatchObject({ id, enquiry });
    expect(await reopened.get(damaged)).toBeUndefined();
    expect((await readdir(directory)).sort()).toEqual([`${damaged}.json`, `${id}.json`].sort());
    expect(JSON.parse(text())).toMatchObject({ level: 50, enquiryId: damaged, msg: "An enquiry file could not be read" });
    await reopened.close();
  });
});
