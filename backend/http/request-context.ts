import { createContext, RouterContextProvider } from "react-router";
import type { Alerts } from "../alerts/alert-services";
import type { PageCatalogue } from "../catalogue";
import type { Dealer } from "../../domain/dealer";
import type { SiteContent } from "../../domain/content/site-content";
import type { Leads } from "../leads/lead-intake";
import type { Logger } from "../logger";
import type { StaffMember } from "../staff/staff-access";
import type { StaffServices } from "../staff-services";

/**
 * What the server hands every loader through React Router's request context: the catalogue
 * the site started (so pages read stock from the same services as the API, not over HTTP),
 * the dealer's details, the site's public address, and the leads every form sends. Only the
 * types cross into front-end code. One function, pageContextOf, puts them together for the
 * main thread (backend/site.ts) and the render threads (render-thread.ts) alike.
 */
export const catalogueContext = createContext<PageCatalogue>();
/** The dealer's details as last published: the same as the content's `dealer`. */
export const dealerContext = createContext<Dealer>();
/** The content buyers see (or, for a member of staff previewing a draft, the content with it). */
export const contentContext = createContext<SiteContent>();
export const leadsContext = createContext<Leads>();
/** Buyers' saved searches and their alerts: saving one, and the pages their signed links open. */
export const alertsContext = createContext<Alerts>();
/** The public origin configured as SITE_URL; undefined when unset (see frontend/seo/site-origin.ts). */
export const siteUrlContext = createContext<string | undefined>(undefined);
/** The nonce the response's Content-Security-Policy allows inline scripts with; none in development. */
export const cspNonceContext = createContext<string | undefined>(undefined);
/** The request's own log (its lines carry the request id), for errors met while rendering it. */
export const requestLogContext = createContext<Pick<Logger, "error">>();
/** The staff area: its services, and the member signed in on this request (staff pages only). */
export const staffContext = createContext<MainThreadRequest["staff"]>();

/** What every page is rendered with, on the main thread or a render thread. */
export interface PageRequest {
  catalogue: PageCatalogue;
  /** The content shown (as published, or with a previewed draft); the dealer is its `dealer`. */
  content: SiteContent;
  siteUrl: string | undefined;
  cspNonce: string | undefined;
  requestLog: Pick<Logger, "error">;
}

/** What the main thread alone holds, for the pages only it renders: the forms, saved searches and the staff area. */
export interface MainThreadRequest {
  leads: Leads;
  alerts: Alerts;
  staff: { services: StaffServices; member?: StaffMember; address: string };
}

/** The request context a page's loaders read; a render thread, rendering only shared pages, gives no `mainThread`. */
export function pageContextOf(page: PageRequest, mainThread?: MainThreadRequest): RouterContextProvider {
  const values = new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
    [catalogueContext, page.catalogue],
    [contentContext, page.content],
    [dealerContext, page.content.dealer],
    [siteUrlContext, page.siteUrl],
    [cspNonceContext, page.cspNonce],
    [requestLogContext, page.requestLog],
  ]);
  if (mainThread) {
    values.set(leadsContext, mainThread.leads);
    values.set(alertsContext, mainThread.alerts);
    values.set(staffContext, mainThread.staff);
  }
  return new RouterContextProvider(values);
}
