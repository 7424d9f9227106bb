import { Link, NavLink } from "react-router";

/** The site header. Category menus, phone and messaging links arrive with the dealer pages. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo">
          Dealer
        </Link>
        <nav aria-label="Main">
          <NavLink to="/car-search">Cars</NavLink>
          <NavLink to="/van-search">Vans</NavLink>
          <NavLink to="/truck-search">Trucks</NavLink>
        </nav>
      </div>
    </header>
  );
}
