import { useDealer } from "../use-dealer";

/**
 * What happens to an applicant's details (UK GDPR Art. 13), said where they are asked for:
 * who receives them, the credit search, and the privacy policy. It opens in a new tab so
 * that nothing typed into the application is lost.
 */
export function FinancePrivacyNotice() {
  const dealer = useDealer();
  return (
    <p className="privacy-notice">
      <strong>Your information.</strong> {dealer.legalName} is a credit broker: we use what you tell us here to find you finance and pass
      your application to the lenders we introduce you to, who use it to decide whether to lend to you. Each lender will search your credit
      file at a credit reference agency; the search is recorded on your file and other lenders can see it. <PrivacyPolicyLink /> explains
      how we use and keep your information, and your rights.
    </p>
  );
}

/** The same, in brief, beside the Submit button. */
export function CreditSearchReminder() {
  return (
    <p className="privacy-notice">
      When you submit, we send your application to the lenders we introduce you to, and they will search your credit file.{" "}
      <PrivacyPolicyLink /> says more.
    </p>
  );
}

function PrivacyPolicyLink() {
  return (
    <a href="/privacy" target="_blank" rel="noopener">
      Our privacy policy (opens in a new tab)
    </a>
  );
}
