import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { describePage } from "../../seo/page-meta";

export const meta: Route.MetaFunction = () =>
  describePage(
    "Buying guides",
    "Plain guides to buying a used car, choosing a van, checking a used truck and deciding between leasing and buying.",
  );

export default function Articles() {
  return (
    <article className="page content-page">
      <h1>Buying guides</h1>
      <p className="lede">Practical advice from our team on choosing and checking your next car, van or truck.</p>

      <nav className="content-contents" aria-label="Guides on this page">
        <ul>
          <li>
            <a href="#cars">Buying a used car</a>
          </li>
          <li>
            <a href="#vans">Choosing a van</a>
          </li>
          <li>
            <a href="#trucks">Checking a used truck</a>
          </li>
          <li>
            <a href="#leasing">Leasing or buying?</a>
          </li>
        </ul>
      </nav>

      <section id="cars" aria-labelledby="cars-heading">
        <h2 id="cars-heading">Buying a used car</h2>

        <h3>Check its history</h3>
        <p>
          Ask to see the V5C registration certificate (the logbook) and check that the registration, vehicle identification number (VIN) and
          colour match the car. You can see every MOT test a car has had, with the mileage recorded at each and any advisory notes, free on{" "}
          <a href="https://www.gov.uk/check-mot-history">GOV.UK's MOT history service</a>. A steady rise in mileage from test to test is
          what you want to see.
        </p>
        <p>
          A history check tells you whether a car has outstanding finance, has been recorded as stolen or has been written off by an
          insurer. Ask the seller whether one has been done, and ask to see it.
        </p>

        <h3>Read the service record</h3>
        <p>
          Look for regular servicing at the intervals the manufacturer sets, by stamps in the book, invoices or a manufacturer's digital
          record. Check that big jobs have been done when they were due, such as a timing belt change, and that any safety recalls have been
          carried out.
        </p>

        <h3>On the test drive</h3>
        <ul>
          <li>Start the engine from cold if you can, and watch for warning lights that stay on.</li>
          <li>Listen for knocks over bumps, and feel for a clutch that bites high or a gearbox that crunches.</li>
          <li>Check that the car brakes in a straight line and the steering doesn't pull.</li>
          <li>Try the air conditioning, windows, lights and every other electrical feature.</li>
          <li>Check the tyres: at least 1.6 mm of tread is the legal minimum, and they should wear evenly.</li>
        </ul>

        <h3>Electric and hybrid cars</h3>
        <p>
          Ask for a battery health report showing how much of its original capacity the battery keeps, and check that the charging cables
          are included. Many manufacturers warrant the battery for longer than the rest of the car, so check how much of that warranty
          remains.
        </p>
        <p>
          <Link to="/car-search">Search our cars</Link> or see our <Link to="/car-search?fuelType=Electric">electric cars</Link>.
        </p>
      </section>

      <section id="vans" aria-labelledby="vans-heading">
        <h2 id="vans-heading">Choosing a van</h2>

        <h3>Pick the body for the job</h3>
        <ul>
          <li>
            <strong>Panel van</strong>: an enclosed, lockable load area. The choice of most trades and delivery drivers.
          </li>
          <li>
            <strong>Crew van</strong>: a second row of seats behind the driver, for taking a team and their tools.
          </li>
          <li>
            <strong>Dropside or tipper</strong>: an open body for building materials, waste and landscaping.
          </li>
          <li>
            <strong>Luton</strong>: a tall box body, often with a tail lift, for bulky loads and removals.
          </li>
          <li>
            <strong>Double-cab pick-up</strong>: five seats and an open load bed. Since April 2025 most are taxed as cars for company car
            tax and capital allowances, so check with your accountant before buying one for your business.
          </li>
        </ul>

        <h3>Wheelbase and roof height</h3>
        <p>
          Vans come in short, medium, long and extra-long wheelbases (SWB, MWB, LWB and XLWB) and often in more than one roof height.
          Measure the longest and tallest things you carry, and check the load length, the width between the wheel arches and the size of
          the side and rear door openings. A bigger van costs more to run and is harder to park, so don't buy more space than you need.
        </p>

        <h3>Payload and your licence</h3>
        <p>
          Payload is what a van can legally carry: its gross vehicle weight less its own weight. Overloading is an offence and wears out
          brakes and suspension. Most vans have a gross weight of up to 3,500 kg and can be driven on a car licence; heavier ones need a C1
          entitlement.
        </p>

        <h3>Checking a used van</h3>
        <p>
          Vans work hard. Look for a full service history, a clutch that doesn't slip, damage inside the load area and to the bulkhead, and
          a ply-lined floor and sides that have protected the bodywork. On a modern diesel, ask whether it has done mostly short trips,
          which can clog the diesel particulate filter.
        </p>
        <p>
          <Link to="/van-search?bodyType=Panel%20Van">Search our panel vans</Link> or <Link to="/van-search">all our vans</Link>.
        </p>
      </section>

      <section id="trucks" aria-labelledby="trucks-heading">
        <h2 id="trucks-heading">Checking a used truck</h2>

        <h3>Operator's licence</h3>
        <p>
          To use goods vehicles over 3.5 tonnes gross weight for your business you need an operator's licence (an O-licence) from the
          traffic commissioner. It limits how many vehicles you may operate, so make sure yours has room for another before you buy.
        </p>

        <h3>Annual test and plating</h3>
        <p>
          Trucks take an annual test, the lorry equivalent of the MOT, at a test centre authorised by the DVSA. Ask for the current test
          certificate and the plating certificate, which sets the maximum legal weights for the truck and each axle, and make sure those
          weights suit the loads you carry.
        </p>

        <h3>Tachograph</h3>
        <p>
          The tachograph must work and be recalibrated every two years: check the date on the calibration plaque. If the truck will travel
          to the EU, it needs a second-generation smart tachograph.
        </p>

        <h3>Mechanical checks</h3>
        <ul>
          <li>Service records and the speed limiter plate.</li>
          <li>Its emission standard: many clean air zones charge trucks below Euro VI.</li>
          <li>Rust on the chassis, tyres and their wear, air leaks and brake condition.</li>
          <li>On a tractor unit, wear on the fifth wheel; on a rigid, the body and any tail lift, with its latest examination report.</li>
        </ul>

        <h3>Your drivers' licences</h3>
        <p>
          Trucks between 3.5 and 7.5 tonnes need a C1 entitlement, heavier rigids a C, and articulated lorries a C+E. Drivers who drive for
          a living also need a Driver Certificate of Professional Competence.
        </p>
        <p>
          <Link to="/truck-search">Search our trucks</Link> or <Link to="/truck-search?bodyType=Tractor%20Unit">our tractor units</Link>.
        </p>
      </section>

      <section id="leasing" aria-labelledby="leasing-heading">
        <h2 id="leasing-heading">Leasing or buying?</h2>
        <p>
          <strong>Leasing</strong> (contract hire) gets you a new vehicle for a fixed monthly rental, with little to pay up front and no
          worry about what it will be worth later. But you never own it, you agree a mileage limit, and you pay for extra miles or damage
          when you hand it back. Ending a lease early is expensive.
        </p>
        <p>
          <strong>Buying</strong>, outright or on hire purchase, means the vehicle is yours to keep, drive as far as you like, modify or
          sell whenever you want, but you bear the loss in value as it ages.
        </p>
        <p>
          <strong>Personal Contract Purchase</strong> sits between the two: lower monthly payments like a lease, with the choice to buy the
          vehicle at the end.
        </p>
        <p>
          Read <Link to="/leasing">leasing explained</Link> and <Link to="/finance-info">how vehicle finance works</Link>, or see our{" "}
          <Link to="/cars/leasing">car leasing</Link> and <Link to="/vans/leasing">van leasing</Link> pages.
        </p>
      </section>
    </article>
  );
}
