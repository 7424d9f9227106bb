import { Link } from "react-router";
import { useDealer } from "../../components/use-dealer";
import type { Route } from "./+types/tcf";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Treating customers fairly",
    "How we make sure every customer is treated fairly: our culture, our staff, the outcomes we aim for and extra support.",
  );

export default function TreatingCustomersFairly() {
  const dealer = useDealer();
  return (
    <article className="page content-page">
      <h1>Treating customers fairly</h1>
      <p className="lede">
        Treating our customers fairly is at the heart of how {dealer.name} works, whether you are buying a vehicle, arranging finance or
        asking for help after you've bought.
      </p>
      <p>
        As a credit broker authorised by the Financial Conduct Authority, we follow its rules, including the Consumer Duty, which requires
        us to act to deliver good outcomes for our customers. This page explains what that means in practice.
      </p>

      <section aria-labelledby="culture-heading">
        <h2 id="culture-heading">Our culture</h2>
        <p>
          Fair treatment is led by our directors and is part of every job here, not a task for one department. We judge ourselves by whether
          customers get the right vehicle and the right finance, on terms they understand, and not only by how many vehicles we sell.
        </p>
      </section>

      <section aria-labelledby="duties-heading">
        <h2 id="duties-heading">What we expect of our staff</h2>
        <ul>
          <li>Be open and honest, and never pressure anyone into a decision.</li>
          <li>Explain vehicles, prices and finance clearly, including the costs and the risks.</li>
          <li>Only recommend finance that suits the customer's needs and circumstances.</li>
          <li>Give every customer time to read documents and ask questions before signing.</li>
          <li>Recognise when a customer may need extra support, and give it.</li>
          <li>Report anything that could lead to a customer being treated unfairly.</li>
        </ul>
      </section>

      <section aria-labelledby="outcomes-heading">
        <h2 id="outcomes-heading">The outcomes we aim for</h2>
        <ol>
          <li>You can be confident that treating you fairly is central to the way we do business.</li>
          <li>The vehicles and finance we offer are designed for, and offered to, the people they suit.</li>
          <li>You get clear information, and are kept informed before, during and after your purchase.</li>
          <li>Any recommendation we make takes your circumstances into account.</li>
          <li>What you buy performs as you were led to expect, and the price represents fair value.</li>
          <li>
            You face no unreasonable barriers after you buy, whether you want to change your mind, make a claim, complain or settle your
            finance early.
          </li>
        </ol>
      </section>

      <section aria-labelledby="mi-heading">
        <h2 id="mi-heading">Checking we get it right</h2>
        <p>
          Our management regularly reviews information that shows how customers are being treated: complaints and their causes, cancelled
          agreements, feedback, and checks on a sample of sales and finance proposals. Where it shows a problem, we put it right for the
          customers affected and change how we work so that it doesn't happen again.
        </p>
      </section>

      <section aria-labelledby="vulnerable-heading">
        <h2 id="vulnerable-heading">Customers who need extra support</h2>
        <p>
          Anyone can find themselves in circumstances that make them more vulnerable: poor health, a bereavement, losing a job, money
          worries, or difficulty with reading, language or technology. Our staff are trained to notice when this may be the case and to
          adapt how they help, for example by giving more time, explaining things in another way, involving someone you trust, or pausing a
          sale.
        </p>
        <p>
          If you'd like us to do anything differently to help you, please tell us. We'll only record what you share with your agreement, and
          only to help us support you.
        </p>
      </section>

      <section aria-labelledby="recruitment-heading">
        <h2 id="recruitment-heading">Recruitment and training</h2>
        <p>
          We recruit people for their honesty and their care for customers as well as their skills. Everyone who deals with customers is
          trained in fair treatment, and those who arrange finance are trained in the FCA's rules and assessed before they do so. Our pay
          and rewards don't encourage anyone to sell a product that doesn't suit the customer.
        </p>
      </section>

      <section aria-labelledby="communications-heading">
        <h2 id="communications-heading">Communications</h2>
        <p>
          Our adverts, website and documents are written to be clear, fair and not misleading. Finance adverts show a representative
          example, and we explain the key features of any agreement, including what happens if you can't keep up the payments, before you
          apply.
        </p>
      </section>

      <section aria-labelledby="complaints-heading">
        <h2 id="complaints-heading">Complaints</h2>
        <p>
          If something goes wrong, we want to hear about it. We handle every complaint promptly and fairly, and look for the cause so that
          we can stop it happening again. Our <Link to="/complaints">complaints procedure</Link> explains how to complain and what happens
          next.
        </p>
      </section>

      <section aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact us</h2>
        <p>
          If you have a question about this policy, or you feel we haven't treated you fairly, e-mail us at{" "}
          <a href={`mailto:${dealer.email}`}>{dealer.email}</a>.
        </p>
      </section>
    </article>
  );
}
