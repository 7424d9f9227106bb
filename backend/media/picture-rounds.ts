import type { Db } from "mongodb";
import type { Logger } from "../logger";
import { MemoryLoneRounds, MongoLoneRounds, type LoneRounds } from "../store/lone-rounds";

/**
 * Which instance runs the feed pictures' round (backend/stock/feed-pictures.ts): each one hears of every
 * stock change, and one round fetches the pictures for all of them (backend/store/lone-rounds.ts).
 */
export type PictureRounds = LoneRounds;

export const MemoryPictureRounds = MemoryLoneRounds;

/** The lease in the collection `feed_pictures`. */
export class MongoPictureRounds extends MongoLoneRounds {
  constructor(db: Db, logger?: Pick<Logger, "warn">, leaseMs?: number) {
    super(db, "feed_pictures", "feed-pictures", logger, leaseMs);
  }
}
