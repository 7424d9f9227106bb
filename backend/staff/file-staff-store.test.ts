import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { FileStaffStore } from "./file-staff-store";
import { describeStaffStoreContract } from "../../tests/contract/staff-store-contract";

describeStaffStoreContract("files under DATA_DIR/staff", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "staff-"));
  const store = await FileStaffStore.open(dataDir);
  return {
    store,
    reopen: () => FileStaffStore.open(dataDir),
    async dispose() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

it("keeps the staff folder to the site's own user", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "staff-"));
  try {
    await FileStaffStore.open(dataDir);
    expect((await stat(path.join(dataDir, "staff"))).mode & 0o777).toBe(0o700);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
