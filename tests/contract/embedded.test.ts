import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { EmbeddedSearch } from "../../backend/search/embedded-search";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { describeStockContract } from "./stock-contract";

describeStockContract("embedded file store and columnar index", async (places) => {
  const directory = await mkdtemp(path.join(tmpdir(), "stock-contract-"));
  const store = await FileVehicleStore.open(directory);
  const search = new EmbeddedSearch(places);
  return {
    store,
    search,
    // Records are read from the store: this suite checks what the engine itself answers.
    rebuild: (scan) => search.rebuild({ scan, getMany: (ids) => store.getMany(ids), getManyJson: (ids) => store.getManyJson(ids) }),
    openSecondStore: () => FileVehicleStore.open(directory),
    async dispose() {
      await store.close();
      await search.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
