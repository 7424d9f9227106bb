import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import { VEHICLE_TYPES } from "../../domain/vehicle-types";
import { KeywordBox } from "./search/KeywordBox";
import { useHydrated } from "./use-hydrated";

/**
 * The header's keyword search across all stock, sent to /search, which opens the type with
 * the most matches. On a phone it waits behind a search button (without JavaScript, a link
 * to the form that CSS then shows); from desktop width it is always there.
 */
export function HeaderSearch() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (open) document.getElementById("header-q")?.focus();
  }, [open]);
  const icon = (
    <>
      <SearchIcon />
      <span className="visually-hidden">Search</span>
    </>
  );
  return (
    <>
      {hydrated ? (
        <button
          type="button"
          className="site-header__search-button"
          aria-expanded={open}
          aria-controls="site-search"
          onClick={() => setOpen(!open)}
        >
          {icon}
        </button>
      ) : (
        <a href="#site-search" className="site-header__search-button">
          {icon}
        </a>
      )}
      <Form
        id="site-search"
        method="get"
        action="/search"
        role="search"
        aria-label="Search all stock"
        className="header-search"
        data-open={open || undefined}
      >
        <KeywordBox id="header-q" types={VEHICLE_TYPES} label="Search all our stock" labelHidden />
        <button type="submit" className="header-search__submit">
          Search
        </button>
      </Form>
    </>
  );
}

function SearchIcon() {
  return (
    <svg className="site-header__icon" aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
