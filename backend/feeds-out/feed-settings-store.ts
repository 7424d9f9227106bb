import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Collection, Db } from "mongodb";
import { writeFileAtomically } from "../store/atomic-file";
import { feedSettingsSchema, type FeedSettings, type FeedSettingsStore } from "./feed-settings";

/** The embedded default's settings: DATA_DIR/feeds-out/settings.json, replaced whole, one change at a time. */
export class FileFeedSettings implements FeedSettingsStore {
  private changes: Promise<unknown> = Promise.resolve();

  constructor(private readonly directory: string) {}

  private get file(): string {
    return path.join(this.directory, "settings.json");
  }

  async read(): Promise<FeedSettings | undefined> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    return feedSettingsSchema.parse(JSON.parse(text));
  }

  update(change: (settings: FeedSettings) => FeedSettings, defaults: FeedSettings): Promise<FeedSettings> {
    const made = this.changes.then(async () => {
      const settings = feedSettingsSchema.parse(change((await this.read()) ?? defaults));
      await mkdir(this.directory, { recursive: true });
      await writeFileAtomically(this.file, [`${JSON.stringify(settings, null, 2)}\n`]);
      return settings;
    });
    this.changes = made.catch(() => undefined);
    return made;
  }
}

interface SettingsDocument {
  _id: "settings";
  version: number;
  settings: FeedSettings;
}

/** With MongoDB: one document in `feed_settings`, changed only from the version it was read at, so two admins' changes never undo each other. */
export class MongoFeedSettings implements FeedSettingsStore {
  private readonly collection: Collection<SettingsDocument>;

  constructor(db: Db) {
    this.collection = db.collection<SettingsDocument>("feed_settings");
  }

  /** Nothing to make: the one document is written on the first change. */
  async setUp(): Promise<void> {}

  async read(): Promise<FeedSettings | undefined> {
    const document = await this.collection.findOne({ _id: "settings" });
    return document ? feedSettingsSchema.parse(document.settings) : undefined;
  }

  async update(change: (settings: FeedSettings) => FeedSettings, defaults: FeedSettings): Promise<FeedSettings> {
    for (;;) {
      const document = await this.collection.findOne({ _id: "settings" });
      const settings = feedSettingsSchema.parse(change(document ? feedSettingsSchema.parse(document.settings) : defaults));
      if (!document) {
        try {
          await this.collection.insertOne({ _id: "settings", version: 1, settings });
          return settings;
        } catch (error) {
          if ((error as { code?: number }).code === 11000) continue;
          throw error;
        }
      }
      const { matchedCount } = await this.collection.replaceOne(
        { _id: "settings", version: document.version },
        { version: document.version + 1, settings },
      );
      if (matchedCount === 1) return settings;
    }
  }
}
