import { Link } from "react-router";
import { postalAddress } from "../../../domain/dealer-address";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/terms-of-sale";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Terms of sale",
    "Our terms for selling vehicles: deposits, condition, test drives, buying at a distance, your rights, warranties, part exchange and delivery.",
  );

export default function TermsOfSale() {
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>Terms of sale</h1>
      <p className="lede">
        These terms apply when you buy a car, van or truck from {dealer.legalName}, {postalAddress(dealer)}. Your order form sets out the
        vehicle, the price and anything else we have agreed; together with these terms it makes up our contract. Nothing here takes away
        your legal rights.
      </p>

      <section aria-labelledby="price-heading">
        <h2 id="price-heading">Prices and deposits</h2>
        <p>
          Prices include VAT, unless the advert says "plus VAT" or "ex VAT", as is common for vans and trucks: VAT at the standard rate is
          then added to the price. Your order form shows the full price you pay, including any delivery, registration or other charges.
        </p>
        <p>
          You can reserve a vehicle by paying a deposit, and we'll take it off sale for you. Your order form says whether the deposit is
          refundable and on what terms. We'll always refund it in full if we can't supply the vehicle as agreed, if the vehicle isn't as we
          described it, if a lender declines the finance you applied for to buy it, or if you cancel a sale made at a distance as explained
          below.
        </p>
      </section>

      <section aria-labelledby="condition-heading">
        <h2 id="condition-heading">Description and condition</h2>
        <p>
          We describe every vehicle as accurately as we can, and we'll tell you about any fault we know of before you buy. A used vehicle
          will show wear that is normal for its age and mileage. You can't later reject a vehicle for a fault we pointed out to you before
          you bought it, or one that an inspection you made before buying should have revealed.
        </p>
        <p>
          Mileages are checked against the vehicle's records where they exist. If we can't confirm a mileage, we'll tell you before you buy.
        </p>
      </section>

      <section aria-labelledby="inspection-heading">
        <h2 id="inspection-heading">Test drives and inspection</h2>
        <p>
          You're welcome to inspect any vehicle, and to bring someone with you or arrange an independent inspection. Please contact us first
          so that the vehicle is ready.
        </p>
        <p>
          To test drive, you'll need to show a full driving licence for that kind of vehicle: many larger vans and all trucks need a
          category C1 or C entitlement. We'll check it and explain the insurance cover before you set off.
        </p>
      </section>

      <section aria-labelledby="distance-heading">
        <h2 id="distance-heading">Buying at a distance: your 14-day right to cancel</h2>
        <p>
          If you buy without visiting us, for example online, by phone or by e-mail, and we deliver the vehicle to you, the Consumer
          Contracts Regulations 2013 give you the right to cancel for any reason within 14 days of the day you receive the vehicle. To
          cancel, tell us clearly within that time, in any way you like.
        </p>
        <ul>
          <li>
            We'll refund what you paid, including the standard delivery charge, within 14 days of receiving the vehicle back or evidence
            that you've sent it back, whichever is sooner.
          </li>
          <li>Unless we agree otherwise, you pay the cost of returning the vehicle; we'll tell you what that is likely to be.</li>
          <li>
            You may use the vehicle as you would to test it in a showroom. If you use it more than that, for example driving more miles than
            a test needs, we may reduce the refund to reflect the loss in value.
          </li>
        </ul>
        <p>This right doesn't apply to a vehicle made or adapted to your own specification, or when you buy for your business.</p>
      </section>

      <section aria-labelledby="rights-heading">
        <h2 id="rights-heading">Your rights under the Consumer Rights Act 2015</h2>
        <p>When you buy as a consumer, the vehicle must be of satisfactory quality, fit for purpose and as described. If it isn't:</p>
        <ul>
          <li>
            <strong>Within 30 days</strong> of taking delivery, you can reject it and get a full refund.
          </li>
          <li>
            <strong>After 30 days</strong>, or if you choose, you can ask us to repair or replace it, at no cost to you. If the repair or
            replacement doesn't put it right, you can then reject the vehicle or ask for a price reduction. A refund at that stage may take
            into account the use you've had of the vehicle.
          </li>
          <li>
            A fault that appears <strong>within six months</strong> of delivery is assumed to have been there when you took the vehicle,
            unless we can show otherwise. After six months, it's for you to show that it was.
          </li>
          <li>You can bring a claim up to six years after delivery (five years in Scotland).</li>
        </ul>
        <p>
          If you bought with hire purchase, conditional sale or personal contract purchase, the finance company is legally the supplier, so
          it is responsible for these rights too. Tell us straight away if anything is wrong and we'll help, whoever is responsible.
        </p>
        <p>
          If you buy for your business, the Consumer Rights Act doesn't apply; the Sale of Goods Act 1979 still requires the vehicle to be
          of satisfactory quality, fit for purpose and as described.
        </p>
      </section>

      <section aria-labelledby="warranty-heading">
        <h2 id="warranty-heading">Warranties</h2>
        <p>
          New vehicles come with the manufacturer's warranty. Any warranty on a used vehicle, and what it covers, is shown on your order
          form. A warranty is in addition to your legal rights and never replaces them.
        </p>
      </section>

      <section aria-labelledby="part-exchange-heading">
        <h2 id="part-exchange-heading">Part exchange</h2>
        <p>
          Our part-exchange price depends on your vehicle being as you described it, and on its condition and mileage not changing before
          you hand it over. You must own it or be entitled to sell it, and tell us about any finance still owing: we'll settle it with the
          lender and take that amount off what we pay you. Please bring the V5C logbook, service records and all the keys.
        </p>
        <p>
          <Link to="/part-exchange">Get a part-exchange valuation</Link>
        </p>
      </section>

      <section aria-labelledby="finance-heading">
        <h2 id="finance-heading">Buying on finance</h2>
        <p>
          We are a credit broker, not a lender. Finance is subject to status and available to UK residents aged 18 and over. The lender's
          agreement sets out its own terms, and you have 14 days after signing it to withdraw from the credit agreement. If your finance
          application is declined and you can't pay another way, we'll cancel the sale and refund your deposit.
        </p>
        <p>
          <Link to="/finance-info">How our finance works</Link>
        </p>
      </section>

      <section aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">Collection and delivery</h2>
        <p>
          We'll agree a date for you to collect the vehicle or for us to deliver it. For a new vehicle, or one being prepared, that date is
          our best estimate, and we'll keep you updated. If we can't deliver within the time we agreed, or within 30 days if we didn't agree
          a time, you can set a reasonable new deadline and, if we miss that too, cancel and get your money back.
        </p>
        <p>
          The vehicle becomes your responsibility once you collect it or it is delivered to you. It becomes yours when you have paid for it
          in full; if you buy on finance, the finance agreement says when it becomes yours.
        </p>
      </section>

      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading">Questions or problems</h2>
        <p>
          If something isn't right, <Link to="/contact">contact us</Link>. If we can't settle it, our{" "}
          <Link to="/complaints">complaints procedure</Link> explains what happens next.
        </p>
      </section>
    </article>
  );
}
