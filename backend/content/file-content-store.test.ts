import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { describeContentStoreContract } from "../../tests/contract/content-store-contract";
import { FileContentStore } from "./file-content-store";

describeContentStoreContract("files under DATA_DIR/content", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "content-"));
  const store = await FileContentStore.open(dataDir);
  return {
    store,
    reopen: () => FileContentStore.open(dataDir),
    async dispose() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

it("refuses a key that could name a file outside its folder", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "content-"));
  try {
    const store = await FileContentStore.open(dataDir);
    await expect(store.get("page:../../etc/passwd")).rejects.toThrow(RangeError);
    await expect(store.put("page:..", [], 0)).rejects.toThrow(RangeError);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
