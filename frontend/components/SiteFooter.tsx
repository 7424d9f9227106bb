import { openingHoursText } from "../../domain/opening-hours";
import { FOOTER_SECTIONS, LEGAL_LINKS } from "../content/navigation";
import { FeedbackButton } from "./forms/FeedbackButton";
import { isDealerGroup } from "../../domain/branches";
import { useRootData } from "../root-data";
import { useDealer } from "./use-dealer";
import { SiteLink } from "./SiteLink";

/**
 * The footer: legal links, four sections of links (one open at a time, native <details>),
 * the opening hours as last published, the feedback button, and the regulatory statements
 * every page of a credit broker needs.
 */
export function SiteFooter() {
  const dealer = useDealer();
  const year = useRootData()?.year;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__sections">
          {FOOTER_SECTIONS.map((section) => (
            <details key={section.title} name="footer-section" className="site-footer__section">
              <summary>{section.title}</summary>
              <ul>
                {section.links.map((link) => (
                  <li key={link.href}>
                    <SiteLink to={link.href}>{link.label}</SiteLink>
                  </li>
                ))}
                {/* A dealer with one site is its contact page; a group's sites each have a page. */}
                {section.title === "Dealers" && isDealerGroup(dealer) && (
                  <li>
                    <SiteLink to="/branches">Our branches</SiteLink>
                  </li>
                )}
              </ul>
            </details>
          ))}
        </div>
        <p className="site-footer__hours">
          <strong>Opening hours</strong> {openingHoursText(dealer)}.
        </p>
        <FeedbackButton />
        <nav aria-label="Legal">
          <ul className="site-footer__legal">
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <SiteLink to={link.href}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__regulatory">
          <p>
            {dealer.legalName} is a credit broker, not a lender, and is authorised and regulated by the Financial Conduct Authority (firm
            reference number {dealer.fcaFirmReference}). We introduce you to a panel of lenders; finance is subject to status and available
            to UK residents aged 18 and over. We may receive commission from the lender, which does not vary with the lender and does not
            change the rate you pay.
          </p>
          <p>
            Registered in {dealer.registeredIn}, company number {dealer.companyNumber}. Registered office: {dealer.registeredOffice}.
          </p>
          <p>
            © {year === undefined ? "" : `${year} `}
            {dealer.legalName}
          </p>
        </div>
      </div>
    </footer>
  );
}
