import type { Db } from "mongodb";
import { z } from "zod";

const helloSchema = z.object({ localTime: z.date() });

/**
 * The database server's clock. Processes on different machines compare times only through
 * it, so a client whose clock is wrong cannot take a lease that is still held, nor date a
 * note differently from the rest. (`hello` rather than `$$NOW` in an update pipeline, which
 * some MongoDB-compatible servers lack.)
 */
export async function serverTime(db: Db): Promise<Date> {
  return helloSchema.parse(await db.command({ hello: 1 })).localTime;
}
