import { data } from "react-router";
import { csvText } from "../../../backend/staff/csv-export";
import { ImportNotFoundError } from "../../../backend/stock/stock-imports";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-import-rejected";

/** An import's rejected rows, with the line each is on and why, for fixing them in a spreadsheet. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const { services } = staffOf(context);
  try {
    const rows = await asMember(async () => services.stock.rejectedRows(member, params.id));
    return new Response(
      csvText(
        ["line", "reason"],
        rows.map(({ line, reason }) => [String(line), reason]),
      ),
      {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="rejected-rows-${params.id}.csv"`,
        },
      },
    );
  } catch (error) {
    if (error instanceof ImportNotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}
