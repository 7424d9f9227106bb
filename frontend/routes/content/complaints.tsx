import { Link } from "react-router";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/complaints";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Complaints",
    "How to complain, how we handle it, how long it takes, and when you can go to the Financial Ombudsman Service.",
  );

export default function Complaints() {
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>Complaints</h1>
      <p className="lede">If we've got something wrong, we want to put it right. This is how to tell us, and what happens next.</p>

      <section aria-labelledby="how-heading">
        <h2 id="how-heading">How to complain</h2>
        <p>
          You can complain in whatever way suits you: by phone, by e-mail, by letter or in person. Our details are on the{" "}
          <Link to="/contact">contact page</Link>. Someone can complain on your behalf if you give them your permission.
        </p>
        <p>It helps us to sort things out quickly if you tell us:</p>
        <ul>
          <li>your name and how you'd like us to contact you</li>
          <li>the vehicle's registration, or your order or finance agreement details</li>
          <li>what went wrong, and when</li>
          <li>what you would like us to do to put it right</li>
        </ul>
        <p>If you need any help to make your complaint, or would like us to communicate with you in a different way, just ask.</p>
      </section>

      <section aria-labelledby="next-heading">
        <h2 id="next-heading">What happens next</h2>
        <p>
          Wherever we can, someone who wasn't involved in what went wrong will look into your complaint. They will treat it fairly and keep
          you informed along the way.
        </p>

        <h3>Complaints we resolve within three business days</h3>
        <p>
          If we settle your complaint to your satisfaction by the end of the third business day after we receive it, we'll send you a
          summary resolution: a written confirmation that it is resolved. It also tells you that if you later decide you aren't happy, you
          may be able to refer the complaint to the Financial Ombudsman Service.
        </p>

        <h3>Other complaints</h3>
        <p>
          We'll confirm that we've received your complaint and investigate it. Within eight weeks of receiving it we'll send you our final
          response, explaining what we found and what we'll do, or a letter explaining why we aren't yet able to give one and when we expect
          to. Our final response tells you about your right to go to the Financial Ombudsman Service.
        </p>
      </section>

      <section aria-labelledby="ombudsman-heading">
        <h2 id="ombudsman-heading">The Financial Ombudsman Service</h2>
        <p>
          If you aren't happy with our final response, or eight weeks have passed without one, you may be able to refer your complaint to
          the Financial Ombudsman Service. It settles complaints about financial services, including finance we have arranged, independently
          and free of charge to you. It can help most individuals and small businesses.
        </p>
        <p>
          You must refer your complaint within six months of the date of our final response. There are also general time limits: normally
          six years from the event you are complaining about, or three years from when you knew, or should have known, that you had cause to
          complain.
        </p>
        <dl className="content-details">
          <div>
            <dt>Website</dt>
            <dd>
              <a href="https://www.financial-ombudsman.org.uk/">financial-ombudsman.org.uk</a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>0800 023 4567</dd>
          </div>
          <div>
            <dt>Post</dt>
            <dd>Financial Ombudsman Service, Exchange Tower, London E14 9SR</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="vehicle-heading">
        <h2 id="vehicle-heading">Complaints about a vehicle</h2>
        <p>
          If you bought the vehicle with hire purchase, conditional sale or personal contract purchase, the finance company supplied it to
          you in law and shares responsibility for its quality. You can complain to the finance company as well as to us, and it follows the
          same timescales.
        </p>
        <p>
          If you paid for the vehicle without finance and we can't settle your complaint, our final response will tell you whether an
          independent dispute resolution scheme can consider it. Citizens Advice can also give you free advice about your rights.
        </p>
      </section>

      <p className="content-small">
        {dealer.legalName} is authorised and regulated by the Financial Conduct Authority, firm reference number {dealer.fcaFirmReference}.
      </p>
    </article>
  );
}
