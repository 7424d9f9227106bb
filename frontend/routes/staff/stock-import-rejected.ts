import { data } from "react-router";
import { rejectedRowsCsv } from "../../../backend/stock/rejected-rows";
import { ImportNotFoundError } from "../../../backend/stock/stock-imports";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-import-rejected";

/** An import's rejected rows, each as the feed gave it with its line and why, for fixing in a spreadsheet and uploading again. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const { services } = staffOf(context);
  try {
    const rows = await asMember(async () => services.stock.rejectedRows(member, params.id));
    return new Response(rejectedRowsCsv(rows), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="rejected-rows-${params.id}.csv"`,
      },
    });
  } catch (error) {
    if (error instanceof ImportNotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}
