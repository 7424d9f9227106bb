import { createServer, type Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
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
import { dealerBranches } from "../domain/branches";
import { loadDealer } from "./dealer-config";
import { branchPlacesOf } from "./branches/branch-places";
import { branchFollower } from "./branches/published-branches";
import { readSettingFile, type Config } from "./config";
import type { ForwardingTiming } from "./leads/lead-forwarder";
import { leadServices } from "./leads/lead-services";
import { findLeadVehicle } from "./leads/lead-vehicle";
import { staffServices } from "./staff-services";
import { answerClientErrors } from "./http/client-errors";
import { isSharedPage } from "./http/cached-pages";
import { createApp, type FrontendMount } from "./http/create-app";
import { PageCache } from "./http/page-cache";
import { PageCacheFollower } from "./http/page-cache-follower";
import { takeTargetsInOriginForm } from "./http/host-header";
import { RenderPool } from "./http/render-pool";
import { cspNonceOf } from "./http/security-headers";
import type { Logger } from "./logger";
import { alertServices } from "./alerts/alert-services";
import { openEngines } from "./engines";
import { mailServices } from "./mail/mail-services";
import { DEFAULT_OUTBOX_TIMING } from "./outbox-worker";
import { seedDemoStock } from "./seed-demo-stock";
import { noteSiteAddress } from "./site-address";
import { loadWhenStoreAnswers } from "./when-store-answers";
import { serveMetrics } from "./observability/metrics-http";
import { metricSourcesOf } from "./observability/metric-sources";
import { countingSignInRefusals } from "./observability/sign-in-refusals";
import { SiteMetrics } from "./observability/site-metrics";
import { Draining } from "./ops/draining";
import { startTracing, stopTracing } from "./observability/tracing";
import { tracingSettingsOf } from "./observability/tracing-settings";
import { Insight } from "./dashboard/insight";

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
  /** Where the metrics are served on a port of their own (METRICS_PORT), if they are. */
  metricsUrl?: string;
  catalogue: Catalogue;
  /**
   * Stops taking requests, lets open ones finish (up to the grace period), then closes the
   * stores. With `drain`, first says "draining" to the load balancer's checks for
   * SHUTDOWN_DRAIN_SECONDS while still answering, so that it takes the instance out of its pool.
   */
  stop(options?: { drain?: boolean }): Promise<void>;
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
  await startTracing(tracingSettingsOf(config), logger);
  const dealer = await loadDealer(config.DEALER_CONFIG);
  const engines = await openEngines(config, logger);
  const catalogue = new Catalogue(engines.store, engines.search, logger, { branches: dealerBranches(dealer).length });
  const content = new PublishedContent(engines.content, dealer, logger);
  const followBranches = branchFollower(branchPlacesOf(config), dealerBranches(dealer), logger, (branches) =>
    catalogue.branchesChanged(branches.length),
  );
  content.onChange((published) => followBranches(published.dealer));
  // Read beside the stock's first load, not before it: with the store unreachable, each waits out the driver's server selection.
  const contentStarted = content.start();
  const insight = new Insight(engines.insight, engines.backgroundStore, engines.leads, dealer.leadReplyTargetHours, logger);
  catalogue.onNothingFound = (type, request) => insight.nothingFound(type, request);
  // In development a page must show the code just edited, not the rendering of a minute ago.
  const pageCacheBytes = config.NODE_ENV === "development" ? 0 : config.PAGE_CACHE_MB * 2 ** 20;
  const pageCache = pagesBuild && pageCacheBytes > 0 ? new PageCache(pageCacheBytes) : undefined;
  const pageCacheFollower = pageCache && new PageCacheFollower(engines.store, pageCache, logger);
  const draining = new Draining();
  const metrics = new SiteMetrics({
    search: config.MEILI_URL ? "meilisearch" : "embedded",
    store: config.MONGODB_URL ? "mongodb" : "file",
  });
  catalogue.health.watchCalls((engine, seconds, outcome) => metrics.engineCalled(engine, seconds, outcome));
  const storeLoad = await loadWhenStoreAnswers(
    async () => {
      await engines.setUp();
      // With Meilisearch, demo stock is the indexer's to load (npm run stock:setup): the site
      // holds no key that could index it.
      if (engines.search.rebuild)
        await seedDemoStock(
          engines.store,
          config.DEMO_STOCK_SIZE,
          logger,
          dealerBranches(dealer).map((branch) => branch.code),
        );
      await catalogue.start();
      pageCacheFollower?.start();
    },
    catalogue.health,
    logger,
  );
  await contentStarted;
  followBranches(content.current().dealer);

  if (config.NODE_ENV === "production" && !config.SITE_URL) {
    logger.warn(
      "SITE_URL is not set: canonical links, the sitemap and link previews use whatever address each request names, which a visitor can forge",
    );
  }
  if (!config.LEAD_WEBHOOK_URL) logger.warn("LEAD_WEBHOOK_URL is not set: leads are stored for staff and not forwarded");
  const mail = await mailServices(
    config,
    () => content.current().dealer,
    engines.mail,
    engines.leads,
    async (id) => (await engines.staff.getAccount(id))?.email,
    catalogue,
    logger,
    leadForwarding ?? DEFAULT_OUTBOX_TIMING,
  );
  const leadWork = leadServices(
    engines.leads,
    (id) => findLeadVehicle(catalogue, id, dealerBranches(content.current().dealer)),
    publishedSchedule(content),
    config,
    logger,
    leadForwarding,
    catalogue.health,
    async (lead) => {
      await Promise.all([mail.leadArrived(lead), insight.leadArrived(lead)]);
    },
  );
  const { leads } = leadWork;
  const alerts = alertServices({
    store: engines.alerts,
    outbox: engines.mail,
    mail,
    catalogue,
    vehicles: engines.backgroundStore,
    rounds: engines.shared.alertRounds,
    dealer: () => content.current().dealer,
    settings: config,
    logger,
  });
  const staff = staffServices(
    countingSignInRefusals(engines.staff, (reason) => metrics.signInRefused(reason)),
    insight.watchingReplies(engines.leads),
    {
      store: engines.store,
      backgroundStore: engines.backgroundStore,
      catalogue,
      views: engines.views,
      pagesChanged: (result) => pageCacheFollower?.changed(result),
      feedSettings: engines.feedSettings,
      insight,
    },
    leadWork.forwardNow,
    engines.shared,
    config,
    dealer,
    logger,
    mail,
    { store: engines.content, published: content },
    alerts,
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
          onRendered: (seconds) => metrics.pageRendered(seconds),
          catchUps: engines.catchUps,
        })
      : undefined;
  metrics.watch(metricSourcesOf(config, catalogue, engines, renderPool && (() => renderPool.load)), logger);
  const metricsToken = config.METRICS_TOKEN_FILE && (await readSettingFile("METRICS_TOKEN_FILE", config.METRICS_TOKEN_FILE)).trim();
  const renderHere =
    pagesBuild &&
    createRequestHandler({
      build: pagesBuild,
      mode: config.NODE_ENV,
      getLoadContext: async (req, res) => {
        const shown = await contentShown(content, req, res);
        return pageContextOf(
          { catalogue, content: shown, siteUrl: config.SITE_URL, cspNonce: cspNonceOf(res), requestLog: req.log },
          {
            leads,
            alerts,
            staff: { services: staff, member: res.locals.staffMember, address: req.ip ?? req.socket.remoteAddress ?? "unknown" },
          },
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
    views: insight.countingViews(engines.views),
    content,
    catchUps: engines.catchUps,
    metrics: { counter: metrics, ...(metricsToken ? { token: metricsToken } : {}) },
    draining,
  });
  const server = await listen(app, config);
  const metricsServer =
    config.METRICS_PORT === undefined ? undefined : await serveMetrics(metrics, config.METRICS_HOST, config.METRICS_PORT, logger);
  leadWork.start();
  mail.start();
  if (mail.sending) alerts.start();
  staff.feed?.start();
  staff.feedPictures.start();
  insight.start();
  void staff.feeds.feeds.start().catch((error: unknown) => logger.warn({ err: error }, "Could not start the outgoing feeds"));
  // Ended sessions and old sign-in counts go at start and hourly, so neither piles up.
  const sweepStaff = () =>
    void staff.access.sweep().catch((error: unknown) => logger.warn({ err: error }, "Could not sweep ended staff sessions"));
  sweepStaff();
  const staffSweeps = setInterval(sweepStaff, STAFF_SWEEP_MS).unref();
  const url = addressOf(server, config.HOST);
  const metricsUrl = metricsServer && `${addressOf(metricsServer, config.METRICS_HOST)}/metrics`;
  // Render threads start with the first public page (render-pool.ts); this says how many will.
  logger.info(
    { url, dataDir: config.DATA_DIR, renderThreads: renderPool ? config.RENDER_THREADS : 0, ...(metricsUrl ? { metricsUrl } : {}) },
    "Site is listening",
  );
  await noteSiteAddress(config.DATA_DIR, url, logger);

  return {
    url,
    ...(metricsUrl ? { metricsUrl } : {}),
    catalogue,
    async stop({ drain = false } = {}) {
      if (drain && config.SHUTDOWN_DRAIN_SECONDS > 0) {
        draining.start();
        logger.info({ seconds: config.SHUTDOWN_DRAIN_SECONDS }, "Draining: the readiness check says so while requests are still answered");
        await sleep(config.SHUTDOWN_DRAIN_SECONDS * 1000);
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      metricsServer?.close();
      const grace = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_SECONDS * 1000);
      await closed;
      clearTimeout(grace);
      clearInterval(staffSweeps);
      await renderPool?.stop();
      await content.stop();
      await storeLoad.stop();
      pageCacheFollower?.stop();
      await leadWork.stop();
      await alerts.stop();
      await mail.stop();
      await staff.feed?.stop();
      staff.feedPictures.stop();
      await staff.stock.settled();
      await staff.searchIndex.settled();
      staff.stockTable.close();
      staff.feeds.feeds.close();
      await insight.stop();
      await staff.feeds.feeds.settled();
      staff.demoPictures.close();
      await catalogue.stop();
      await engines.close();
      await stopTracing();
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

function addressOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
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
