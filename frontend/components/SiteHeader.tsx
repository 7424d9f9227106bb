import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocation } from "react-router";
import type { VehicleType } from "../../domain/vehicle-types";
import { CATEGORY_MENUS } from "../content/navigation";
import { DialogOpener, FragmentButton } from "./FragmentButton";
import { HeaderSearch } from "./HeaderSearch";
import { PhoneLink } from "./PhoneLink";
import { SavedLink } from "./saved/SavedLink";
import { SiteLink } from "./SiteLink";
import { useDealer } from "./use-dealer";
import { useDialogOpenedByAddress } from "./use-dialog-opened-by-address";

/**
 * The header: the dealer's name home, a menu per vehicle type, the phone and messaging
 * links, and on a phone a menu button opening the whole menu as a dialog. Without
 * JavaScript the desktop menus are native disclosures and the phone menu opens through
 * its address (#menu).
 */
export function SiteHeader() {
  const dealer = useDealer();
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLDialogElement>(null);
  const menusRef = useRef<HTMLElement>(null);
  useMenuDismissal(menusRef);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <SiteLink to="/" className="site-header__logo">
          {dealer.name}
        </SiteLink>
        <nav ref={menusRef} className="site-header__menus" aria-label="Main">
          <ul>
            {CATEGORY_MENUS.map((menu) => (
              <li key={menu.type}>
                <details name="header-menu" className="header-menu">
                  <summary>{menu.label}</summary>
                  <ul>
                    {menu.links.map((link) => (
                      <li key={link.href}>
                        <SiteLink to={link.href} aria-current={isCurrentSection(pathname, link.href) ? "page" : undefined}>
                          {link.label}
                        </SiteLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
            <li>
              <a href={dealer.sellVanUrl}>Sell your van</a>
            </li>
            <li>
              <a href={dealer.sellTruckUrl}>Sell your truck</a>
            </li>
          </ul>
        </nav>
        <HeaderSearch />
        <div className="site-header__contact">
          <SavedLink />
          <PhoneLink className="site-header__phone" aria-label={`Call us on ${dealer.phone}`}>
            <span aria-hidden="true">☎</span> <span className="site-header__phone-number">{dealer.phone}</span>
          </PhoneLink>
          <a href={dealer.messagingUrl} className="site-header__chat" aria-label="Message us">
            <ChatIcon /> <span className="site-header__chat-label">Message us</span>
          </a>
          <DialogOpener
            href="#menu"
            dialogRef={menuRef}
            className="site-header__menu-button"
            onActivate={() => menuRef.current?.showModal()}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
          </DialogOpener>
        </div>
      </div>
      <MobileMenu dialogRef={menuRef} />
    </header>
  );
}

/** A speech bubble: the messaging link opens a chat, not an e-mail. */
function ChatIcon() {
  return (
    <svg className="site-header__icon" aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path
        d="M12 3C6.9 3 3 6.6 3 11c0 2.3 1.1 4.4 2.9 5.9L5 21l4.4-2.4c.8.2 1.7.4 2.6.4 5.1 0 9-3.6 9-8s-3.9-8-9-8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const openMenus = (menus: HTMLElement | null) => [...(menus?.querySelectorAll("details[open]") ?? [])] as HTMLDetailsElement[];

/**
 * Native disclosures stay open until toggled; a menu is expected to close on a click
 * elsewhere, on Escape (handing focus back to its button) and once a link is followed.
 */
function useMenuDismissal(menusRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const menu of openMenus(menusRef.current)) menu.open = false;
  }, [menusRef, pathname]);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus(menusRef.current)) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of openMenus(menusRef.current)) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [menusRef]);
}

/** A menu link is the current page's when it names the page, or a page above it: as React Router's NavLink says. */
function isCurrentSection(pathname: string, href: string): boolean {
  const linked = new URL(href, "http://site").pathname;
  return pathname === linked || pathname.startsWith(`${linked}/`);
}

/** The vehicle type a page is about, from its address: /van-search, /vans/leasing; none for the rest. */
export function vehicleTypeOfPath(pathname: string): VehicleType | undefined {
  return /^\/(car|van|truck)(?:-search|s)(?:\/|$)/.exec(pathname)?.[1] as VehicleType | undefined;
}

function MobileMenu({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  // Opens on the type of the page the buyer is on; elsewhere on vans, as the described site did.
  // Until the chips work, every list shows.
  const pageType = vehicleTypeOfPath(useLocation().pathname) ?? "van";
  const [shown, setShown] = useState<VehicleType>(pageType);
  const [shownFor, setShownFor] = useState(pageType);
  if (shownFor !== pageType) {
    // A new page: its own type, whatever chip was pressed on the last one.
    setShownFor(pageType);
    setShown(pageType);
  }
  const enhanced = useDialogOpenedByAddress(dialogRef, () => dialogRef.current?.showModal());
  const close = () => dialogRef.current?.close();
  return (
    <dialog ref={dialogRef} id="menu" className="mobile-menu" aria-label="Menu" data-enhanced={enhanced || undefined}>
      <div className="mobile-menu__header">
        <p className="mobile-menu__title">Menu</p>
        <FragmentButton href="#main" className="mobile-menu__close" aria-label="Close the menu" onActivate={close}>
          ×
        </FragmentButton>
      </div>
      <div className="mobile-menu__chips" role="group" aria-label="Vehicle type">
        {CATEGORY_MENUS.map((menu) => (
          <button
            key={menu.type}
            type="button"
            className="chip"
            aria-pressed={shown === menu.type}
            aria-controls={`menu-${menu.type}`}
            onClick={() => setShown(menu.type)}
          >
            {menu.label}
          </button>
        ))}
      </div>
      {CATEGORY_MENUS.map((menu) => (
        <ul key={menu.type} id={`menu-${menu.type}`} className="mobile-menu__links" hidden={enhanced && shown !== menu.type}>
          {menu.links.map((link) => (
            <li key={link.href}>
              <SiteLink to={link.href} onClick={() => dialogRef.current?.close()}>
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      ))}
      <ul className="mobile-menu__links mobile-menu__links--always">
        <li>
          <SiteLink to="/about" onClick={() => dialogRef.current?.close()}>
            About Us
          </SiteLink>
        </li>
        <li>
          <SiteLink to="/contact" onClick={() => dialogRef.current?.close()}>
            Contact Us
          </SiteLink>
        </li>
        <li>
          {/* As the site this one replaced had it: the phone menu's Sell Your Van opens the van search. */}
          <SiteLink to="/van-search" onClick={() => dialogRef.current?.close()}>
            Sell Your Van
          </SiteLink>
        </li>
      </ul>
    </dialog>
  );
}
