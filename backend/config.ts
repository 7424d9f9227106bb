import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { LEAD_KIND_NAMES, LEAD_KINDS, type RetentionSetting } from "../domain/lead-kinds";

/**
 * Every setting the site reads from its environment, checked once at start-up. The defaults
 * run the embedded site with demo stock on a developer's machine; production sets HOST,
 * DATA_DIR or the MongoDB/Meilisearch addresses.
 */
const port = z.coerce.number().int().min(0).max(65535);

/**
 * One setting per kind of lead, named and given its default (and what it means) in the
 * table of kinds, domain/lead-kinds.ts, so that a kind added there is kept for its own
 * number of days without a line here.
 */
function leadRetentionSettings() {
  const days = (defaultDays: number) => z.coerce.number().int().min(1).max(3650).default(defaultDays);
  const settings = LEAD_KIND_NAMES.map(
    (kind) => [LEAD_KINDS[kind].retention.setting, days(LEAD_KINDS[kind].retention.defaultDays)] as const,
  );
  return Object.fromEntries(settings) as Record<RetentionSetting, ReturnType<typeof days>>;
}

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: port.default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z
      .string()
      .min(1)
      .default("./data")
      .transform((directory) => path.resolve(directory)),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Vehicles generated into an empty data folder; 0 starts with no stock. */
    DEMO_STOCK_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(2000),
    /** The dealer's details: name, contact, address, regulatory references, hours. */
    DEALER_CONFIG: z
      .string()
      .min(1)
      .default("./dealer.json")
      .transform((file) => path.resolve(file)),
    /**
     * Seconds an instance told to stop (SIGTERM) goes on answering with its readiness check
     * saying "draining", so that its load balancer takes it out of the pool first (a rolling
     * deploy loses no request): longer than the balancer's checks take to notice. Ctrl-C (SIGINT) does not wait.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(10),
    /** Seconds to finish open requests after that, once no new connection is taken, before exiting anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
    /** Seconds a client has to send a request's headers, and then the whole request: slow or idle senders are cut off. */
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(20),
    /**
     * Seconds a signed-in stock manager's feed upload (STOCK_UPLOAD_MAX_MB) may take to arrive:
     * 50 MB on a 256 kbit/s line takes about 27 minutes. Every other request keeps
     * REQUEST_TIMEOUT_SECONDS (backend/http/request-deadline.ts).
     */
    STOCK_UPLOAD_TIMEOUT_SECONDS: z.coerce
      .number()
      .min(1)
      .max(6 * 3600)
      .default(1800),

    /** Set to keep stock in MongoDB instead of DATA_DIR: mongodb://… or mongodb+srv://… */
    MONGODB_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, "must start with mongodb:// or mongodb+srv://")
      .optional(),
    MONGODB_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, "must be a database name")
      .default("dealer"),
    /** Set to search with Meilisearch instead of the in-process index: http(s)://host:7700 */
    MEILI_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
    MEILI_INDEX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, "must be an index name")
      .default("vehicles"),
    /** The site's key: allowed to search, nothing else. Or a file holding it (Docker secrets). */
    MEILI_SEARCH_KEY: z.string().min(1).optional(),
    MEILI_SEARCH_KEY_FILE: z.string().min(1).optional(),
    /** The indexer's key, which may change indexes; the site never needs it. */
    MEILI_ADMIN_KEY: z.string().min(1).optional(),

    /** Where finance applications and the other leads about vehicles are sent on to (the lead-tracking service); unset keeps them for staff. */
    LEAD_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
    /** Days each kind of lead is kept before it is deleted: FINANCE_RETENTION_DAYS and the rest, one per kind (leadRetentionSettings). */
    ...leadRetentionSettings(),
    /** Form submissions (POSTs) one client address may make in a window before it is told to wait. */
    POST_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
    POST_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** Audit entries are deleted once this old: six years by default, the time within which a claim may be brought (Limitation Act 1980). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(365, "keep audit entries at least a year").max(36_500).default(2_190),
    /** A staff session unused this long ends. */
    STAFF_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** A staff session ends this long after sign-in, however busy. */
    STAFF_SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 7)
      .default(12),
    /** 1: admins must set up a second factor (an authenticator app) before anything else. */
    STAFF_REQUIRE_2FA: z
      .enum(["0", "1"], { error: "must be 0 or 1" })
      .default("0")
      .transform((value) => value === "1"),
    /** How long a link to set a staff password works. */
    STAFF_SET_PASSWORD_LINK_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 14)
      .default(48),
    /**
     * The SMTP server mail goes out through (the dealer's mail provider): smtp://user:password@host:587
     * or smtps://…:465. Or SMTP_HOST with SMTP_PORT, SMTP_USER and SMTP_PASSWORD_FILE. Neither
     * set, no mail is sent (backend/mail/).
     */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// address" }).optional(),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: port.optional(),
    SMTP_USER: z.string().min(1).optional(),
    /** A file holding SMTP_USER's password (a Docker secret). */
    SMTP_PASSWORD_FILE: z.string().min(1).optional(),
    /** tls: TLS from the start (port 465); starttls: upgrade, and refuse a server that cannot; none: plain, for a relay on the same machine. */
    SMTP_TLS: z.enum(["tls", "starttls", "none"], { error: "must be tls, starttls or none" }).optional(),
    /** A file holding the certificate authority (PEM) the SMTP server's certificate is checked against, for a private relay. */
    SMTP_TLS_CA_FILE: z.string().min(1).optional(),
    /** Who mail is from: "Dockside Motors <sales@example.co.uk>"; unset, the dealer file's name and e-mail address. */
    MAIL_FROM: z.string().min(3).optional(),
    /** A lead still new this many hours after it arrived is listed in the daily digest. */
    MAIL_DIGEST_AFTER_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 14)
      .default(4),
    /** The hour (UK time, 0–23) the daily digest goes out, if any lead waits. */
    MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
    /**
     * Confirmations sent to one e-mail address a day (UK time), from however many client
     * addresses: a form cannot be used to mail-bomb someone. Leads past it are stored as ever,
     * and told to the dealer in one notice (MAIL_FOLD_SECONDS).
     */
    MAIL_CONFIRMATIONS_PER_DAY: z.coerce.number().int().min(1).max(50).default(3),
    /** The notice listing the leads past MAIL_CONFIRMATIONS_PER_DAY from one address goes this long after the first of them, with those since. */
    MAIL_FOLD_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(24 * 60 * 60)
      .default(15 * 60),
    /** Alert e-mails sent to one buyer's address a day (UK time), however many searches they saved; what finds past it wait for the next day's digest. */
    ALERT_MAILS_PER_DAY: z.coerce.number().int().min(1).max(50).default(4),
    /** The hour (UK time, 0–23) the day's digest of saved searches' matches goes to buyers who chose "Once a day". */
    ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(18),
    /** Months after which an alert none of whose links was followed ends, with one e-mail saying so. */
    ALERT_IDLE_MONTHS: z.coerce.number().int().min(1).max(36).default(6),
    /** Days a saved search waits for its confirmation link to be followed before it is deleted. */
    ALERT_CONFIRM_DAYS: z.coerce.number().int().min(1).max(30).default(7),
    /** Megabytes of rendered pages kept in memory for the next visitor to the same address (backend/http/cached-pages.ts); 0 renders every page afresh. */
    PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
    /**
     * Threads that render public pages beside the main thread (backend/http/render-pool.ts):
     * one per core by default, so that a machine's every core renders; 0 renders every page
     * on the main thread, as a one-core machine is best served.
     */
    RENDER_THREADS: z.coerce
      .number()
      .int()
      .min(0)
      .max(64)
      .default(() => (availableParallelism() > 1 ? availableParallelism() : 0)),
    /** The largest stock feed the staff console takes as an upload, in megabytes (it is streamed to disk). */
    STOCK_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
    /** A feed the dealer's stock system publishes, fetched and imported every STOCK_FEED_SCHEDULE minutes. */
    STOCK_FEED_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
    /** A file holding the bearer token the feed asks for, if it asks for one (a Docker secret). */
    STOCK_FEED_TOKEN_FILE: z.string().min(1).optional(),
    /** Minutes between fetches of STOCK_FEED_URL. */
    STOCK_FEED_SCHEDULE: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    /** replace: the feed is the whole stock (the mass-removal guard stands); upsert: it adds and updates. */
    STOCK_FEED_MODE: z.enum(["upsert", "replace"], { error: "must be upsert or replace" }).default("upsert"),
    /** Where photos are kept (uploads, fetched feed pictures, their sizes): a volume every site instance mounts. Unset, DATA_DIR/photos. */
    PHOTOS_DIR: z
      .string()
      .min(1)
      .transform((directory) => path.resolve(directory))
      .optional(),
    /** The largest photo taken in (uploaded or fetched from a feed), in megabytes. */
    PHOTO_MAX_MB: z.coerce.number().int().min(1).max(200).default(25),
    /** The most pixels a photo may have, in megapixels: a guard against a small file that decodes to gigabytes. */
    PHOTO_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(500).default(50),
    /**
     * Host names whose feed pictures may be fetched although they resolve to a private,
     * loopback or link-local address (an image server on the dealer's own network), comma separated.
     */
    PHOTO_FETCH_ALLOW_HOSTS: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** How long fetching one feed picture may take, in seconds. */
    PHOTO_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
    /**
     * Requests that may wait for a photo size to be made (two are made at a time); a visitor's
     * request beyond them is answered 503 with Retry-After rather than queued without end.
     */
    PHOTO_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).default(64),
    /** Megabytes the photo sizes (sizes/ in PHOTOS_DIR, made again on request) may take; the least recently used go first beyond it. */
    PHOTO_SIZES_MAX_MB: z.coerce.number().min(0.1).max(10_000_000).default(4096),
    /**
     * The metrics (Prometheus's format, backend/observability/site-metrics.ts) are served at
     * /metrics on a port of their own, on METRICS_HOST, when this is set; the public port never
     * serves them to anyone without METRICS_TOKEN_FILE's token.
     */
    METRICS_PORT: port.optional(),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /** A file holding a token (a Docker secret): GET /metrics on the site's own port with `Authorization: Bearer <token>` answers the metrics. */
    METRICS_TOKEN_FILE: z.string().min(1).optional(),
    /** otlp: OpenTelemetry traces of every request, its render threads and its engine calls, sent to TRACING_ENDPOINT; off: none, and no tracing code is loaded. */
    TRACING: z.enum(["off", "otlp"], { error: "must be off or otlp" }).default("off"),
    /** An OTLP/HTTP collector's traces address (an OpenTelemetry Collector, Jaeger, Tempo): http://host:4318/v1/traces */
    TRACING_ENDPOINT: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
      .default("http://127.0.0.1:4318/v1/traces"),
    /** The share of requests traced, 0 to 1; a request whose caller sent a traceparent follows the caller's choice. */
    TRACING_SAMPLE_RATIO: z.coerce.number().min(0).max(1).default(1),
    /**
     * A folder the outgoing feeds that are switched on (Google, Meta, the portal CSV) are also
     * written to, a moment after each stock change, for a channel that collects files rather
     * than fetch an address. Unset, they are only served at their addresses.
     */
    FEEDS_OUT_DIR: z
      .string()
      .min(1)
      .transform((directory) => path.resolve(directory))
      .optional(),
    /** Proxies in front of the site whose X-Forwarded-For to believe (Express's "trust proxy"): 0 for none. */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Where the public reaches the site (https://www.example.co.uk), for every absolute address
     * it gives out: canonical links, the sitemap, link previews, structured data. Unset, the
     * address a request came to is used, which a forged Host header can change: fine for
     * development and tests only.
     */
    SITE_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// address", abort: true })
      .refine(
        (url) => /^\/?$/.test(new URL(url).pathname) && !new URL(url).search && !new URL(url).hash,
        "must be the site's origin alone, like https://www.example.co.uk",
      )
      .transform((url) => new URL(url).origin)
      .optional(),
  })
  // Node refuses to start a server whose headers may take longer than the whole request.
  .refine((settings) => settings.HEADERS_TIMEOUT_SECONDS <= settings.REQUEST_TIMEOUT_SECONDS, {
    path: ["HEADERS_TIMEOUT_SECONDS"],
    message: "must not be more than REQUEST_TIMEOUT_SECONDS",
  })
  .refine((settings) => settings.REQUEST_TIMEOUT_SECONDS <= settings.STOCK_UPLOAD_TIMEOUT_SECONDS, {
    path: ["STOCK_UPLOAD_TIMEOUT_SECONDS"],
    message: "must not be less than REQUEST_TIMEOUT_SECONDS",
  })
  .refine((settings) => !(settings.SMTP_URL && settings.SMTP_HOST), {
    path: ["SMTP_HOST"],
    message: "must not be set with SMTP_URL: give the server one way",
  })
  .refine((settings) => !settings.SMTP_PASSWORD_FILE || settings.SMTP_USER, {
    path: ["SMTP_USER"],
    message: "must be set with SMTP_PASSWORD_FILE",
  })
  // Behind TLS the public address is https; an http one in production is a mistake.
  .refine((settings) => settings.NODE_ENV !== "production" || !settings.SITE_URL?.startsWith("http:"), {
    path: ["SITE_URL"],
    message: "must be an https:// address in production",
  });

export type Config = z.infer<typeof environmentSchema>;

/** Where the public reaches the site: SITE_URL, or else the address it listens on (development). */
export function publicOrigin(config: Pick<Config, "SITE_URL" | "HOST" | "PORT">): string {
  return config.SITE_URL ?? `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
}

export class ConfigError extends Error {}

/** What a `_FILE` setting's file holds (a Docker secret); a file that cannot be read stops the site, naming the setting. */
export async function readSettingFile(setting: string, file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new ConfigError(`${setting} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (PORT= in a .env file) means "not set", not zero.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment settings:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}
