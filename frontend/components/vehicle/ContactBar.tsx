import { LinkButton } from "../LinkButton";
import { useDealer } from "../use-dealer";
import { PhoneLink } from "../PhoneLink";

/**
 * Call and Enquire kept at the foot of a phone's screen while the buyer reads the page; on
 * wider screens (and to screen readers there) it is not shown at all, the same actions being
 * beside the price. Its names differ from those in the page's own list, so each control is
 * named once. Enquire opens the enquiry form: in its dialog, or without JavaScript its page.
 */
export function ContactBar({ enquiryPath, onEnquire }: { enquiryPath: string; onEnquire(): void }) {
  const { phone } = useDealer();
  return (
    <nav className="contact-bar" aria-label="Contact the dealer about this vehicle">
      <PhoneLink className="button button--quiet">Call {phone}</PhoneLink>
      <LinkButton
        to={enquiryPath}
        className="button"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          onEnquire();
        }}
      >
        Enquire
      </LinkButton>
    </nav>
  );
}
