import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { EmbeddedSearch } from "../../backend/search/embedded-search";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { describeStockContract } from "./stock-contract";

describeStockContract("embedded file store and columnar index", async () => {
  const directory = await mkdtemp(path.join(tmpdir(), "stock-contract-"));
  const store = await FileVehicleStore.open(directory);
  const search = new EmbeddedSearch();
  return {
    store,
    search,
    rebuild: (scan) => search.rebuild(scan),
    openSecondStore: () => FileVehicleStore.open(directory),
    async dispose() {
      await store.close();
      await search.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
