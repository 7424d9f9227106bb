/** The site footer; legal links, accordions and the regulatory text arrive with the dealer pages. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        We are a credit broker, not a lender. Finance is subject to status and available to UK residents aged 18 and
        over.
      </p>
    </footer>
  );
}
