import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { pageContextOf } from "./http/request-context";
import { scheduleOf, type Schedule } from "../domain/opening-hours";
import { PublishedContent } from "./content/published-content";
import { kindOf } from "../domain/content/content-documents";
import { signedInStaff } from "./http/staff-area";
import { hasRole } from "./staff/permissions";
import type { Request, Response } from "express";
import { Catalogue } from "./catalogue";
import { loadDealer } from "./dealer-config";
import type { Config } from "./config";
import type { ForwardingTiming } from "./leads/lead-forwarder";
import { leadServices } from "./leads/lead-services";
import { findLeadVehicle } from "./leads/lead-vehicle";
import { staffServices } from "./staff/staff-services";
import { answerClientErrors } from "./http/client-errors";
import { isSharedPage } from "./http/cached-pages";
import { createApp, type FrontendMount } from "./http/create-app";
import { PageCache } from "./http/page-cache";
import { PageCacheFollower } from "./http/page-cache-follower";
import { takeTargetsInOriginForm } from "./http/host-header";
import { RenderPool } from "./http/render-pool";
import { cspNonceOf } from "./http/security-headers";
import type { Logger } from "./logger";
import { openEngines } from "./engines";
import { mailServices } from "./mail/mail-services";
import { DEFAULT_OUTBOX_TIMING } from "./outbox-worker";
import { seedDemoStock } from "./seed-demo-stock";
import { noteSiteAddress } from "./site-address";
import { loadWhenStoreAnswers } from "./when-store-answers";

const STAFF_SWEEP_MS = 60 * 60_000;

export interface SiteOptions {
  config: Config;
  logger: Logger;
  /**
   * React Router's server build: the built module in production, read once (React Router
   * derives its route table from the build on every request when given a function), and a
   * function in development, so that each request renders the code as last edited.
   */
  pagesBuild?: ServerBuild | (() => Promise<ServerBuild>);
  clientDirectory?: string;
  /** The render thread's module (build/server/render-thread.js): pages render on RENDER_THREADS threads; without it, on this one. */
  renderThreadModule?: URL;
  devMiddleware?: FrontendMount["devMiddleware"];
  /** How often and how patiently leads are forwarded and mail is sent; tests shorten the waits. */
  leadForwarding?: ForwardingTiming;
}

export interface Site {
  url: string;
  catalogue: Catalogue;
  /** Stops taking requests, lets open ones finish (up to the grace period), then closes the stores. */
  stop(): Promise<void>;
}

export async function startSite({
  config,
  logger,
  pagesBuild,
  clientDirectory,
  renderThreadModule,
  devMiddleware,
  leadForwarding,
}: SiteOptions): Promise<Site> {
  const dealer = await loadDealer(config.DEALER_CONFIG);
  const engines = await openEngines(config, logger);
  const catalogue = new Catalogue(engines.store, engines.search, logger);
  const content = new PublishedContent(engines.content, dealer, logger);
  await content.start();
  // In development a page must show the code just edited, not the rendering of a minute ago.
  const pageCacheBytes = config.NODE_ENV === "development" ? 0 : config.PAGE_CACHE_MB * 2 ** 20;
  const pageCache = pagesBuild && pageCacheBytes > 0 ? new PageCache(pageCacheBytes) : undefined;
  const pageCacheFollower = pageCache && new PageCacheFollower(engines.store, pageCache, logger);
  const storeLoad = await loadWhenStoreAnswers(
    async () => {
      await engines.setUp();
      // With Meilisearch, demo stock is the indexer's to load (npm run stock:setup): the site
      // holds no key that could index it.
      if (engines.search.rebuild) await seedDemoStock(engines.store, config.DEMO_STOCK_SIZE, logger);
      await catalogue.start();
      pageCacheFollower?.start();
    },
    catalogue.health,
    logger,
  );

  if (config.NODE_ENV === "production" && !config.SITE_URL) {
    logger.warn(
      "SITE_URL is not set: canonical links, the sitemap and link previews use whatever address each request names, which a visitor can forge",
    );
  }
  if (!config.LEAD_WEBHOOK_URL) logger.warn("LEAD_WEBHOOK_URL is not set: leads are stored for staff and not forwarded");
  const mail = await mailServices(
    config,
    dealer,
    engines.mail,
    engines.leads,
    async (id) => (await engines.staff.getAccount(id))?.email,
    catalogue,
    logger,
    leadForwarding ?? DEFAULT_OUTBOX_TIMING,
  );
  const leadWork = leadServices(
    engines.leads,
    (id) => findLeadVehicle(catalogue, id),
    publishedSchedule(content),
    config,
    logger,
    leadForwarding,
    catalogue.health,
    (lead) => mail.leadArrived(lead),
  );
  const { leads } = leadWork;
  const staff = staffServices(
    engines.staff,
    engines.leads,
    {
      store: engines.store,
      backgroundStore: engines.backgroundStore,
      catalogue,
      views: engines.views,
      pagesChanged: (result) => pageCacheFollower?.changed(result),
    },
    leadWork.forwardNow,
    engines.shared,
    config,
    dealer,
    logger,
    mail,
    { store: engines.content, published: content },
  );
  await staff.stock.prepareUploadFolder();
  await staff.photos.library.prepare();

  const renderPool =
    pagesBuild && renderThreadModule && config.RENDER_THREADS > 0
      ? new RenderPool({
          threadModule: renderThreadModule,
          threads: config.RENDER_THREADS,
          data: { content: content.current(), siteUrl: config.SITE_URL },
          catalogue,
          logger,
        })
      : undefined;
  const renderHere =
    pagesBuild &&
    createRequestHandler({
      build: pagesBuild,
      mode: config.NODE_ENV,
      getLoadContext: async (req, res) => {
        const shown = await contentShown(content, req, res);
        return pageContextOf(
          { catalogue, content: shown, siteUrl: config.SITE_URL, cspNonce: cspNonceOf(res), requestLog: req.log },
          { leads, staff: { services: staff, member: res.locals.staffMember, address: req.ip ?? req.socket.remoteAddress ?? "unknown" } },
        );
      },
    });
  // Threads first, so that no page rendered after the page cache forgets is rendered from the old content.
  content.onChange((shown) => renderPool?.setContent(shown));
  const frontend: FrontendMount | undefined = renderHere && {
    clientDirectory,
    devMiddleware,
    pages: renderPool ? renderPool.handler(isSharedPage, renderHere) : renderHere,
  };
  const app = createApp({
    catalogue,
    leads,
    staff,
    siteOrigin: config.SITE_URL,
    logger,
    requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
    postRateLimit: { limit: config.POST_RATE_LIMIT, windowMs: config.POST_RATE_WINDOW_SECONDS * 1000 },
    rateWindows: engines.shared.rateWindows,
    trustedProxies: config.TRUST_PROXY,
    security: {
      contentSecurityPolicy: config.NODE_ENV !== "development",
      strictTransportSecurity: config.NODE_ENV === "production",
    },
    pageCache,
    frontend,
    views: engines.views,
    content,
    catchUps: engines.catchUps,
  });
  const server = await listen(app, config);
  leadWork.start();
  mail.start();
  staff.feed?.start();
  staff.feedPictures.start();
  // Ended sessions and old sign-in counts go at start and hourly, so neither piles up.
  const sweepStaff = () =>
    void staff.access.sweep().catch((error: unknown) => logger.warn({ err: error }, "Could not sweep ended staff sessions"));
  sweepStaff();
  const staffSweeps = setInterval(sweepStaff, STAFF_SWEEP_MS).unref();
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;
  logger.info({ url, dataDir: config.DATA_DIR }, "Site is listening");
  await noteSiteAddress(config.DATA_DIR, url, logger);

  return {
    url,
    catalogue,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const grace = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_SECONDS * 1000);
      await closed;
      clearTimeout(grace);
      clearInterval(staffSweeps);
      await renderPool?.stop();
      await content.stop();
      await storeLoad.stop();
      pageCacheFollower?.stop();
      await leadWork.stop();
      await mail.stop();
      await staff.feed?.stop();
      staff.feedPictures.stop();
      await staff.stock.settled();
      await staff.searchIndex.settled();
      staff.stockTable.close();
      staff.demoPictures.close();
      await catalogue.stop();
      await engines.close();
      logger.info("Site stopped");
    },
  };
}

/**
 * What a page shows: the published content, or for an editor (or admin) who asked for a
 * preview (?preview=home), the content with that document's latest version in place. Such a
 * request comes with a session, so it is rendered for it alone and never kept. A preview is
 * shown inside the staff area's preview page, at a phone's width and a desktop's: it alone
 * may be framed, and by this site alone.
 */
async function contentShown(content: PublishedContent, req: Request, res: Response) {
  const key = req.query.preview;
  const member = signedInStaff(res);
  if (typeof key !== "string" || !member || !hasRole(member.account.role, "editor") || !kindOf(key)) return content.current();
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string")
    res.setHeader("Content-Security-Policy", policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  return content.preview(key);
}

/** The showroom's week as last published, read afresh on every use: a test drive is booked in today's hours. */
function publishedSchedule(content: PublishedContent): Schedule {
  const current = () => scheduleOf(content.current().dealer);
  return {
    get week() {
      return current().week;
    },
    get closedOn() {
      return current().closedOn;
    },
  };
}

function listen(app: ReturnType<typeof createApp>, config: Config): Promise<Server> {
  const server = createServer(
    {
      headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000,
      // The longest any request may take: the stock upload's. The rest are held to REQUEST_TIMEOUT_SECONDS by limitRequestTime.
      requestTimeout: config.STOCK_UPLOAD_TIMEOUT_SECONDS * 1000,
      // Node looks for connections past those timeouts only this often (30 s by default).
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  answerClientErrors(server);
  takeTargetsInOriginForm(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
