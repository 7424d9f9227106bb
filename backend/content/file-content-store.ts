import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { ContentRecord, ContentVersion } from "../../domain/content/content-versions";
import { withFileLock } from "../store/file-lock";
import { RecordFiles } from "../store/record-files";
import { SharedJsonFile } from "../store/shared-json-file";
import { StaleContentError, type ContentStore } from "./content-store";

/**
 * The embedded content store: one JSON file per document under DATA_DIR/content/documents,
 * each written whole and atomically, and DATA_DIR/content/stamp.json, raised after every
 * write. Writes take one lock, so a save and the check of the revision it was based on are
 * one step even with the staff command or a second process beside the site.
 */
export class FileContentStore implements ContentStore {
  private constructor(
    private readonly folder: string,
    private readonly documents: RecordFiles<ContentRecord>,
    private readonly stampFile: SharedJsonFile<{ stamp: number }>,
  ) {}

  static async open(dataDir: string): Promise<FileContentStore> {
    const folder = path.join(dataDir, "content");
    await mkdir(path.join(folder, "documents"), { recursive: true, mode: 0o700 });
    return new FileContentStore(
      folder,
      new RecordFiles(path.join(folder, "documents"), reviveRecord),
      new SharedJsonFile(
        path.join(folder, "stamp.json"),
        () => ({ stamp: 0 }),
        (raw) => raw as { stamp: number },
      ),
    );
  }

  async get(key: string): Promise<ContentRecord | undefined> {
    return this.documents.get(fileKey(key));
  }

  async all(): Promise<ContentRecord[]> {
    const records: ContentRecord[] = [];
    for await (const [, record] of this.documents.all()) records.push(record);
    return records;
  }

  put(key: string, versions: ContentVersion[], basedOn: number): Promise<ContentRecord> {
    return withFileLock(path.join(this.folder, "write.lock"), async () => {
      const current = await this.get(key);
      if ((current?.revision ?? 0) !== basedOn) throw new StaleContentError(current);
      const record: ContentRecord = { key, revision: basedOn + 1, versions };
      await this.documents.put(fileKey(key), record);
      await this.stampFile.change(({ stamp }) => ({ value: { stamp: stamp + 1 }, result: undefined }));
      return record;
    });
  }

  async stamp(): Promise<number> {
    return (await this.stampFile.read()).stamp;
  }

  async close(): Promise<void> {}
}

/** "category:vans/used" → "category_vans__used": a file name of letters, digits, - and _ alone. */
function fileKey(key: string): string {
  if (!/^[a-z]+(?::[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/.test(key)) throw new RangeError(`${key} is not a content key`);
  return key.replace(":", "_").replaceAll("/", "__");
}

function reviveRecord(raw: unknown): ContentRecord {
  const record = raw as ContentRecord;
  return { ...record, versions: record.versions.map(reviveVersion) };
}

function reviveVersion(version: ContentVersion): ContentVersion {
  const date = (value: Date | undefined) => (value === undefined ? undefined : new Date(value));
  return {
    ...version,
    savedAt: new Date(version.savedAt),
    ...(version.publishAt && { publishAt: date(version.publishAt) }),
    ...(version.takeDownAt && { takeDownAt: date(version.takeDownAt) }),
  };
}
