/** "Reserved": a deposit has been taken on this vehicle; it is still shown, in case the sale falls through. */
export function ReservedBadge({ reserved }: { reserved: boolean | undefined }) {
  if (!reserved) return null;
  return <span className="reserved-badge">Reserved</span>;
}
