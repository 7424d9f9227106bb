import path from "node:path";
import type { Db } from "mongodb";
import type { Feedback, PartExchange } from "../../domain/enquiries";
import type { Logger } from "../logger";
import type { NewsletterRecord } from "./enquiry-kinds";
import type { EnquiryStore } from "./enquiry-store";
import { FileEnquiryStore } from "./file-enquiry-store";
import { MongoEnquiryStore } from "./mongo-enquiry-store";

export interface EnquiryStores {
  newsletter: EnquiryStore<NewsletterRecord>;
  feedback: EnquiryStore<Feedback>;
  /** Also the outbox part-exchange requests are forwarded from. */
  partExchange: EnquiryStore<PartExchange>;
  close(): Promise<void>;
}

/** Where each kind is kept: a folder under DATA_DIR/enquiries/, or a MongoDB collection. */
export const ENQUIRY_FOLDERS = { newsletter: "newsletter", feedback: "feedback", partExchange: "part-exchange" } as const;
const ENQUIRY_COLLECTIONS = { newsletter: "newsletter_signups", feedback: "feedback", partExchange: "part_exchange_requests" } as const;

/** The embedded stores: one file per record under `directory` (DATA_DIR/enquiries). */
export async function openFileEnquiryStores(directory: string, logger: Pick<Logger, "error">): Promise<EnquiryStores> {
  return withClose({
    newsletter: await FileEnquiryStore.open<NewsletterRecord>(path.join(directory, ENQUIRY_FOLDERS.newsletter), { forwarded: false }, logger),
    feedback: await FileEnquiryStore.open<Feedback>(path.join(directory, ENQUIRY_FOLDERS.feedback), { forwarded: false }, logger),
    partExchange: await FileEnquiryStore.open<PartExchange>(path.join(directory, ENQUIRY_FOLDERS.partExchange), { forwarded: true }, logger),
  });
}

/** The production stores: a collection per kind in the site's database. */
export async function openMongoEnquiryStores(db: Db): Promise<EnquiryStores> {
  return withClose({
    newsletter: await MongoEnquiryStore.open<NewsletterRecord>(db, ENQUIRY_COLLECTIONS.newsletter, { forwarded: false }),
    feedback: await MongoEnquiryStore.open<Feedback>(db, ENQUIRY_COLLECTIONS.feedback, { forwarded: false }),
    partExchange: await MongoEnquiryStore.open<PartExchange>(db, ENQUIRY_COLLECTIONS.partExchange, { forwarded: true }),
  });
}

function withClose(stores: Omit<EnquiryStores, "close">): EnquiryStores {
  return {
    ...stores,
    async close() {
      await Promise.all([stores.newsletter.close(), stores.feedback.close(), stores.partExchange.close()]);
    },
  };
}
