/** Words for a lead's status, as staff read them. */
export function statusLabel(status: string): string {
  return { new: "New", contacted: "Contacted", won: "Won", lost: "Lost" }[status] ?? status;
}
