import type { ShownOfferCard } from "../../domain/content/site-content";
import { photoUrl } from "../../domain/vehicle-photos";
import { FinanceDisclosure } from "./FinanceDisclosure";
import { Picture } from "./vehicle/Picture";
import { SiteLink } from "./SiteLink";

/**
 * The dealer's own offers, written in the staff area, each shown between its start and end;
 * with the representative example after them when one names a monthly payment or an APR.
 */
export function OfferCards({ cards }: { cards: readonly ShownOfferCard[] }) {
  return (
    <section className="page" aria-labelledby="dealer-offers-heading">
      <h2 id="dealer-offers-heading">Special offers</h2>
      <ul className="card-links offer-cards">
        {cards.map((card) => (
          <li key={`${card.title} ${card.link}`}>
            <SiteLink to={card.link} className="card-link">
              {card.photo && (
                <Picture
                  image={{ href: photoUrl(card.photo.id, 1024, "jpg"), photo: card.photo }}
                  sizes="(min-width: 64rem) 18rem, (min-width: 40rem) 45vw, 90vw"
                  alt={card.photo.alt}
                  width={card.photo.width}
                  height={card.photo.height}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <strong>{card.title}</strong>
              <span>{card.text}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
      {cards.some((card) => card.financeExample) && <FinanceDisclosure />}
    </section>
  );
}
