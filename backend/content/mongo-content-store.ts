import { MongoServerError, type Collection, type Db } from "mongodb";
import type { ContentRecord, ContentVersion } from "../../domain/content/content-versions";
import { StaleContentError, type ContentStore } from "./content-store";

interface ContentDocument {
  _id: string;
  revision: number;
  versions: ContentVersion[];
}
interface StampDocument {
  _id: string;
  value: number;
}

const DUPLICATE_KEY = 11000;
const MAJORITY = { writeConcern: { w: "majority" as const, journal: true } };
const STAMP_ID = "content";

/**
 * The production content store: collection `content`, one document per piece of content
 * with its whole history, replaced only when its revision is still the one the save was
 * based on; and `content_stamps`, whose one document is raised after every write for the
 * other instances to notice.
 */
export class MongoContentStore implements ContentStore {
  private constructor(
    private readonly documents: Collection<ContentDocument>,
    private readonly stamps: Collection<StampDocument>,
  ) {}

  static async open(db: Db): Promise<MongoContentStore> {
    const store = MongoContentStore.unopened(db);
    await store.setUp();
    return store;
  }

  static unopened(db: Db): MongoContentStore {
    return new MongoContentStore(db.collection("content", MAJORITY), db.collection("content_stamps", MAJORITY));
  }

  /** Nothing to index: documents are found by _id alone. */
  async setUp(): Promise<void> {}

  async get(key: string): Promise<ContentRecord | undefined> {
    const document = await this.documents.findOne({ _id: key });
    return document ? recordOf(document) : undefined;
  }

  async all(): Promise<ContentRecord[]> {
    return (await this.documents.find({}).toArray()).map(recordOf);
  }

  async put(key: string, versions: ContentVersion[], basedOn: number): Promise<ContentRecord> {
    if (basedOn === 0) {
      try {
        await this.documents.insertOne({ _id: key, revision: 1, versions });
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new StaleContentError(await this.get(key));
        throw error;
      }
    } else {
      const { modifiedCount } = await this.documents.updateOne(
        { _id: key, revision: basedOn },
        { $set: { versions, revision: basedOn + 1 } },
      );
      if (modifiedCount !== 1) throw new StaleContentError(await this.get(key));
    }
    // Raised after the write, so an instance that sees the new stamp reads the new document.
    await this.stamps.updateOne({ _id: STAMP_ID }, { $inc: { value: 1 } }, { upsert: true });
    return { key, revision: basedOn + 1, versions };
  }

  async stamp(): Promise<number> {
    return (await this.stamps.findOne({ _id: STAMP_ID }))?.value ?? 0;
  }

  async close(): Promise<void> {}
}

function recordOf({ _id, revision, versions }: ContentDocument): ContentRecord {
  return { key: _id, revision, versions: versions.map(withoutNulls) };
}

/** MongoDB gives back what was stored; an unset optional field stays unset rather than null. */
function withoutNulls(version: ContentVersion): ContentVersion {
  return Object.fromEntries(
    Object.entries(version).filter(([, value]) => value !== null && value !== undefined),
  ) as unknown as ContentVersion;
}
