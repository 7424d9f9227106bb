import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Response } from "express";
import { ApiError, apiErrorHandler, apiNotFound } from "../api/api-error";
import { leadsApi } from "../api/leads-api";
import { staffApi } from "../api/staff-api";
import { searchScreenApi, suggestApi, vehicleLookupApi, vehiclesApi } from "../api/vehicles-api";
import type { CatchUpBoard } from "../catch-up-board";
import { healthChecks } from "./health-checks";
import { serverTiming } from "./server-timing";
import { cachedPages } from "./cached-pages";
import type { PageCache } from "./page-cache";
import { countVehicleViews } from "./count-vehicle-views";
import type { Catalogue } from "../catalogue";
import type { PublishedContent } from "../content/published-content";
import { CONTENT_PHOTO_PAGE } from "../content/content-desk";
import type { Leads } from "../leads/lead-intake";
import { hasRole } from "../staff/permissions";
import type { StaffServices } from "../staff-services";
import { STOCK_UPLOAD_PAGE, uploadLimitBytes } from "../stock/stock-upload";
import type { VehicleViewCounter } from "../stock/vehicle-views";
import type { Logger } from "../logger";
import { demoImagesRouter } from "../media/demo-images-router";
import { photosRouter } from "../media/photos-router";
import { feedsRouter } from "../feeds-out/feeds-router";
import { PHOTO_UPLOAD_PAGE, PHOTOS_PER_UPLOAD } from "../stock/photo-upload";
import { limitRequestBodies } from "./body-limit";
import { limitRequestTime } from "./request-deadline";
import { precompressedAssets } from "./precompressed-assets";
import { limitPostsPerClient, type RateLimit } from "./rate-limit";
import type { RateWindows } from "./rate-windows";
import { refuse } from "./refusal";
import { requireHost } from "./host-header";
import { refuseOtherPageMethods } from "./page-methods";
import { refuseAbsurdPaths } from "./path-limits";
import { requestLogging } from "./request-logging";
import { changesTakeTurns } from "./changes-take-turns";
import { signedInStaff, staffArea } from "./staff-area";
import { securityHeaders, type SecurityOptions } from "./security-headers";
import { countRequests, metricsBehindToken } from "../observability/metrics-http";
import { traceRequests } from "../observability/request-spans";
import type { SiteMetrics } from "../observability/site-metrics";
import type { Draining } from "../ops/draining";

/** How the React front end is served: from the build in production, through Vite in development. */
export interface FrontendMount {
  /** The built client folder; its hashed `assets/` never change, so they are cached for a year. */
  clientDirectory?: string;
  /** Vite's middleware, which serves and hot-reloads source files in development. */
  devMiddleware?: RequestHandler;
  /** React Router's handler, which renders every page on the server. */
  pages: RequestHandler;
}

export interface AppParts {
  catalogue: Catalogue;
  /** Finance applications and every other form a visitor sends. */
  leads: Leads;
  staff: StaffServices;
  /** SITE_URL: a change in the staff area must come from a page of this origin, and a request naming no Host is taken to be for its host. */
  siteOrigin?: string;
  logger: Logger;
  /** REQUEST_TIMEOUT_SECONDS in milliseconds: how long any request but a stock upload may take to arrive. */
  requestTimeoutMs: number;
  postRateLimit: RateLimit;
  /** Where the POST rate limit counts: shared by every instance when the engines are (engines.ts). */
  rateWindows: RateWindows;
  /** Proxies in front of the site whose X-Forwarded-For names the client (TRUST_PROXY). */
  trustedProxies: number;
  security: SecurityOptions;
  /** Rendered HTML kept for the next visitor (PAGE_CACHE_MB); undefined for none. */
  pageCache: PageCache | undefined;
  frontend?: FrontendMount;
  /** The site's content: its changes drop the pages they show on from the page cache. */
  content?: PublishedContent;
  /** Where vehicle page views are counted; left out, they are not. */
  views?: VehicleViewCounter;
  /** What the stores are still catching up on since start, for /healthz. */
  catchUps: CatchUpBoard;
  /** The site's metrics: every request counted, and /metrics answered on this port only to the holder of `token` (METRICS_TOKEN_FILE). */
  metrics?: { counter: SiteMetrics; token?: string };
  /** Set when the instance is told to stop: the readiness check then says so (a rolling deploy). */
  draining?: Draining;
}

/** Finance applications and the other forms are a few hundred bytes: anything near this is not one. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** Posts waiting their turn (changes-take-turns.ts): each holds a connection and at most a few KB of its body. */
const MAX_CHANGES_WAITING = 1000;

export function createApp(parts: AppParts): Express {
  const {
    catalogue,
    leads,
    staff,
    siteOrigin,
    logger,
    requestTimeoutMs,
    postRateLimit,
    rateWindows,
    trustedProxies,
    security,
    pageCache,
    frontend,
    views,
    content,
    catchUps,
    metrics,
    draining,
  } = parts;
  const app = express();
  app.disable("x-powered-by");
  // Responses change with every import and carry a short max-age; hashing each body for an
  // ETag cost more than the revalidations it would save.
  app.set("etag", false);
  app.set("trust proxy", trustedProxies);
  app.use(requestLogging(logger));
  // Second, so a flood of posts costs as little as possible before it waits, and the log still times the wait.
  app.use(changesTakeTurns(staff.cookies, MAX_CHANGES_WAITING, metrics && (() => metrics.counter.postRefused())));
  app.use(traceRequests);
  if (draining) app.use(draining.closeConnections());
  if (metrics) app.use(countRequests(metrics.counter));
  app.use(securityHeaders(security));
  app.use(refuseAbsurdPaths, requireHost(siteOrigin), refuseOtherPageMethods);
  if (metrics?.token) app.use(metricsBehindToken(metrics.counter, metrics.token));
  app.use(staffArea(staff.access, staff.cookies, siteOrigin));
  // After the staff area, which tells whether a stock manager is signed in.
  app.use(
    limitRequestTime(
      requestTimeoutMs,
      new Map([
        [STOCK_UPLOAD_PAGE, mayUploadStock],
        [PHOTO_UPLOAD_PAGE, mayUploadStock],
        [CONTENT_PHOTO_PAGE, mayUploadContent],
      ]),
    ),
  );
  // Before compression and body parsing, so a flood of posts costs as little as possible.
  // Signed-in staff, whose every change is audited, are not held to a visitor's limit; one
  // halfway through signing in is, or a stolen password would buy unlimited code guesses.
  app.use(
    limitPostsPerClient(postRateLimit, {
      exempt: (res) => res.locals.staffMember !== undefined && !res.locals.staffMember.needsCode,
      windows: rateWindows,
      logger,
      onRefused: metrics && (() => metrics.counter.postRefused()),
    }),
  );
  app.use(
    limitRequestBodies(
      BODY_LIMIT_BYTES,
      new Map([
        [STOCK_UPLOAD_PAGE, { maxBytes: uploadLimitBytes(staff.stock.settings.maxUploadBytes), mayUpload: mayUploadStock }],
        [
          PHOTO_UPLOAD_PAGE,
          { maxBytes: uploadLimitBytes(staff.photos.library.limits.maxBytes * PHOTOS_PER_UPLOAD), mayUpload: mayUploadStock },
        ],
        [
          CONTENT_PHOTO_PAGE,
          { maxBytes: uploadLimitBytes(staff.photos.library.limits.maxBytes * PHOTOS_PER_UPLOAD), mayUpload: mayUploadContent },
        ],
      ]),
    ),
  );
  app.use(compression());

  app.use("/healthz", healthChecks(catalogue, catchUps, draining));

  app.use("/api", serverTiming);
  app.use("/api/vehicles", vehiclesApi(catalogue));
  app.use("/api/search", searchScreenApi(catalogue));
  app.use("/api/suggest", suggestApi(catalogue));
  app.use("/api/vehicle-lookup", vehicleLookupApi(catalogue));
  const jsonBody = [requireJsonPost, express.json({ limit: BODY_LIMIT_BYTES })];
  app.use("/api", leadsApi(leads, jsonBody));
  app.use("/api/staff", staffApi(staff.inbox));
  app.use("/api", apiNotFound);
  app.use("/api", apiErrorHandler(logger));

  app.use("/feeds", feedsRouter(staff.feeds));
  app.use("/media/demo", demoImagesRouter());
  // Staff wait their turn for a photo to be made; a stranger's burst is turned away beyond the queue.
  app.use(
    "/media/photos",
    photosRouter(staff.photos.library, (res) => signedInStaff(res) !== undefined),
  );

  if (frontend?.clientDirectory) {
    const assets = path.join(frontend.clientDirectory, "assets");
    app.use("/assets", precompressedAssets(assets), express.static(assets, { immutable: true, maxAge: "1y", index: false }));
    // Only an address with a file extension may name a file here: a page's address is not looked for on disk.
    const rootFiles = express.static(frontend.clientDirectory, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? rootFiles(req, res, next) : next()));
  }
  if (frontend?.devMiddleware) app.use(frontend.devMiddleware);
  if (frontend) {
    if (views) app.get("/vehicles/:id", countVehicleViews(views));
    app.use(
      cachedPages({
        cache: pageCache,
        stockVersion: () => catalogue.stockVersion,
        content: content && {
          version: () => content.current().version,
          onChange: (listener) => content.onChange((_, changed) => listener(changed)),
        },
      }),
      frontend.pages,
    );
  }

  app.use(lastResortErrorPage(logger));
  return app;
}

/** A stock manager or admin, wholly signed in: the only sender the upload page takes a whole feed, and a long time to send it, from. */
function mayUploadStock(res: Response): boolean {
  const member = signedInStaff(res);
  return member !== undefined && hasRole(member.account.role, "stock");
}

/** An editor or admin, wholly signed in: the only sender the content photos page takes photos from. */
function mayUploadContent(res: Response): boolean {
  const member = signedInStaff(res);
  return member !== undefined && hasRole(member.account.role, "editor");
}

/** express.json skips a body of any other type, which would reach the route as no body at all. */
const requireJsonPost: RequestHandler = (req, _res, next) => {
  if (req.method === "POST" && !req.is("application/json")) {
    throw new ApiError(415, "unsupported_media_type", "Send the body as JSON, with the header Content-Type: application/json.");
  }
  next();
};

/** Whatever escapes the page renderer gets a plain page, never Express's stack trace. */
function lastResortErrorPage(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    // The router could not decode a path segment (%ZZ): the visitor's mistake, not ours.
    if (error instanceof URIError && !res.headersSent) {
      return refuse(req, res, {
        status: 400,
        code: "malformed_path",
        title: "Address not understood",
        message: "The address has a malformed percent-encoding.",
      });
    }
    (req.log ?? logger).error({ err: error }, "Request failed");
    if (res.headersSent) return res.end();
    res
      .status(500)
      .type("html")
      .send("<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1><p>Please try again shortly.</p>");
  };
}
