import type { Dealer } from "../../domain/dealer";

/** A showroom's opening hours as the dealer file words them, day range by day range. */
export function OpeningHoursList({ hours }: { hours: Dealer["openingHours"] }) {
  return (
    <dl className="opening-hours">
      {hours.map(({ days, hours: open }) => (
        <div key={days}>
          <dt>{days}</dt>
          <dd>{open}</dd>
        </div>
      ))}
    </dl>
  );
}
