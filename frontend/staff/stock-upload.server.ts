import { rm } from "node:fs/promises";
import { data } from "react-router";
import { z } from "zod";
import { receiveUpload } from "../../backend/http/multipart-upload";
import type { StaffMember } from "../../backend/staff/staff-access";
import { sameSecret } from "../../backend/staff/staff-cookies";
import type { ImportMode } from "../../backend/stock/import-job";
import type { StockImports } from "../../backend/stock/stock-imports";

const modeSchema = z.enum(["replace", "upsert"], { error: "Choose whether the file is the whole stock or an update" });

/**
 * The import page's upload form, read as it arrives: refused before the file is read when
 * another import is under way, the file streamed to disk, then the form's CSRF token and
 * choices checked (a form that fails them leaves nothing behind). Answers the upload, or
 * the problem to show.
 */
export async function receiveFeedForm(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  member: StaffMember,
  stock: StockImports,
): Promise<{ file: { path: string; name: string; size: number }; mode: ImportMode } | { problem: string }> {
  await stock.checkFree(member);
  const filePath = await stock.uploadPath();
  const received = await receiveUpload(body, boundary, { filePath, maxFileBytes: stock.settings.maxUploadBytes });
  if (!sameSecret(received.fields.get("csrf"), member.session.csrfToken)) {
    await rm(filePath, { force: true });
    throw data("That form had expired. Go back, reload the page and try again.", { status: 403 });
  }
  const mode = modeSchema.safeParse(received.fields.get("mode"));
  if (!mode.success || !received.file) {
    await rm(filePath, { force: true });
    return { problem: mode.success ? "Choose a feed file to upload: CSV, a JSON array or NDJSON" : mode.error.issues[0]!.message };
  }
  return { file: received.file, mode: mode.data };
}
