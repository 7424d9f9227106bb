import type { AnchorHTMLAttributes } from "react";
import { useDealer } from "./use-dealer";

/** The dealer's phone number as a link a phone can dial; shows the number unless given other words. */
export function PhoneLink({ children, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const { phone } = useDealer();
  return (
    <a {...props} href={`tel:${phone.replace(/\s+/g, "")}`}>
      {children ?? phone}
    </a>
  );
}
