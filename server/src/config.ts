import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_LINE_QTY, MAX_LINE_QTY, gstStateByName } from '@rr/core';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** MSG91 flow templates by message kind: `order_placed=id1,order_shipped=id2,...`. */
const orderTemplates = (name: string) =>
  z
    .string()
    .regex(/^\s*[a-z_]+\s*=\s*[^,=\s]+(\s*,\s*[a-z_]+\s*=\s*[^,=\s]+)*\s*$/, `${name} looks like kind=id,kind=id`)
    .optional();

/**
 * A start refused for what the configuration says (or, in server.ts, what it finds): its message is the
 * whole story, so the process prints that alone, not a stack (in the built server Node would also print
 * the minified line that threw, 200 KB of it).
 */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/** Development only: production refuses to start with it unless ALLOW_INSECURE_DEFAULTS=true. */
export const DEV_JWT_SECRET = 'development-only-secret-change-me-0123456789';

/** PostgreSQL timeouts, so a database that is away answers 503 quickly instead of hanging requests. */
export interface DatabaseTimeouts {
  /** Wait for a new connection (pool connectionTimeoutMillis). */
  connectMs: number;
  /** Close a connection idle in the pool (pool idleTimeoutMillis). */
  idleMs: number;
  /** The server cancels a statement running longer (statement_timeout). */
  statementMs: number;
  /** The server ends a session left idle inside a transaction (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
  /** The client gives up on an answer (query_timeout); above statementMs, for a server gone silent. */
  queryMs: number;
}

export const DATABASE_TIMEOUT_DEFAULTS: DatabaseTimeouts = {
  connectMs: 5_000,
  idleMs: 30_000,
  statementMs: 15_000,
  idleInTransactionMs: 15_000,
  queryMs: 20_000,
};

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Default: all interfaces in production (behind a proxy or in a container), loopback otherwise and for
   * a production-mode demo (ALLOW_INSECURE_DEFAULTS).
   */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: embedded PGlite in DATA_DIR/db. `memory://`: PGlite in memory. `postgres://...`: a server. */
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, 'DATABASE_URL must be postgres://... or memory://')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * Uploaded pictures and certificates go to this S3-compatible bucket instead of the database:
   * https://ACCESS_KEY_ID:SECRET@endpoint-host/bucket[/prefix]?region=ap-south-1 (decision 0034).
   */
  S3_URL: z
    .string()
    .refine((value) => typeof s3Settings(value) !== 'string', {
      error: (issue) => s3Settings(issue.input as string) as string,
    })
    .optional(),
  /** PostgreSQL only: how long to wait for a connection, and when the server or the pool gives up on one. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DATABASE_TIMEOUT_DEFAULTS.connectMs),
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(DATABASE_TIMEOUT_DEFAULTS.idleMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DATABASE_TIMEOUT_DEFAULTS.statementMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(DATABASE_TIMEOUT_DEFAULTS.idleInTransactionMs),
  /** Client-side backstop for an answer that never comes (a server gone without closing the connection). */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(DATABASE_TIMEOUT_DEFAULTS.queryMs),
  /**
   * Seed the demo data into an empty database (default: on for the embedded database on loopback, never
   * in production or on an address others can reach).
   */
  DEMO_DATA: booleanish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built React app; served when it exists. */
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** The web app's server rendering (`npm run build`); without it the storefront is client-rendered. */
  WEB_SSR_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist-ssr')),
  /**
   * Proxies in front whose X-Forwarded-For is trusted: a hop count (1 for one proxy) or a list of their
   * addresses/CIDRs. Never "all", or a client could choose its own address and slip past rate limits.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|\d+|[0-9a-fA-F.:/,\s]+)$/,
      'TRUST_PROXY is a hop count (1) or proxy addresses/CIDRs, comma-separated',
    )
    .default('false'),
  /** Signs sign-in tokens and keys one-time-code hashes; at least 32 characters. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEV_JWT_SECRET),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN looks like 7d, 12h or 30m')
    .default('7d'),
  /** sandbox: codes are logged and kept in a dev-only outbox; msg91: sent by MSG91 over HTTPS. */
  SMS_PROVIDER: z.enum(['sandbox', 'msg91']).default('sandbox'),
  MSG91_AUTH_KEY: z.string().optional(),
  /** The MSG91 flow template mapped to the DLT-registered OTP template; its text uses the ##otp## variable. */
  MSG91_TEMPLATE_ID: z.string().optional(),
  /**
   * Issue 30: the flow template of the Hindi code SMS (its own DLT template, Unicode text, ##otp##).
   * Unset: customers whose language is Hindi get the English code SMS (MSG91_TEMPLATE_ID).
   */
  MSG91_TEMPLATE_ID_HI: z.string().trim().optional(),
  MSG91_BASE_URL: z.url().default('https://control.msg91.com'),
  /**
   * MSG91 flow templates of the order messages, each mapped in MSG91 to its DLT template:
   * `order_placed=id1,order_shipped=id2,...`. A kind left out is not sent by SMS (its e-mail still is).
   */
  MSG91_ORDER_TEMPLATES: orderTemplates('MSG91_ORDER_TEMPLATES'),
  /**
   * Issue 30: the Hindi order messages' flow templates, as MSG91_ORDER_TEMPLATES (each its own DLT
   * template, Unicode, the same variables). A kind left out goes to Hindi customers under the English one.
   */
  MSG91_ORDER_TEMPLATES_HI: orderTemplates('MSG91_ORDER_TEMPLATES_HI'),
  /** E-mail through this SMTP server (smtp://user:pass@host:587); unset: the sandbox outbox (not in production). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be smtp://... or smtps://...')
    .optional(),
  /** The From of the shop's e-mails. */
  MAIL_FROM: z.string().min(3).default('Rudraksha Ratna <orders@rudraksharatna.local>'),
  /** Where the shop's own copy of every new order goes (unset: none). */
  SHOP_EMAIL: z.email().optional(),
  /** The shop's address as customers reach it, for links in messages (https://shop.example.in). */
  PUBLIC_URL: z.url().optional(),
  /**
   * The seller as GST tax invoices name it. Without a GSTIN the shop still runs and its invoices say
   * "GSTIN not configured". The state decides CGST + SGST (buyer in the same state) or IGST.
   */
  SELLER_LEGAL_NAME: z.string().min(2).max(120).default('Rudraksha Ratna'),
  SELLER_ADDRESS: z
    .string()
    .min(5)
    .max(300)
    .default('12/34 Example Lane, near Godowlia Chowk, Varanasi, Uttar Pradesh 221001'),
  SELLER_STATE: z
    .string()
    .refine((name) => gstStateByName(name) !== null, 'SELLER_STATE must name an Indian state or union territory')
    .default('Uttar Pradesh'),
  /** Issue 27: the pincode parcels are picked up from, unless the owner sets another (Admin > Shipping). */
  SELLER_PINCODE: z
    .string()
    .regex(/^[1-9][0-9]{5}$/, 'SELLER_PINCODE is a 6-digit pincode')
    .default('221001'),
  SELLER_GSTIN: z
    .string()
    .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'SELLER_GSTIN is 15 characters like 09AAACR5055K1Z5')
    .optional(),
  /** How often the order-message worker looks for messages due, and how it backs off after a failure. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How long a claim on a message lasts unless renewed (a send renews it every third of this): how soon
   * another instance retries the messages of one that died.
   */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** Razorpay: both keys switch from the sandbox gateway to the real one. */
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_BASE_URL: z.url().default('https://api.razorpay.com'),
  /**
   * Issue 27: the Shiprocket courier aggregator (all four or none): its API user, the token its tracking
   * webhook sends (x-api-key), the pickup location's name in its panel. Without them: the sandbox
   * courier outside production, none in production (courier and AWB typed by hand).
   */
  SHIPROCKET_EMAIL: z.string().optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16, 'SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters').optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).max(100).default('Primary'),
  SHIPROCKET_BASE_URL: z.url().default('https://apiv2.shiprocket.in'),
  /**
   * Issue 27, WhatsApp Business (Cloud API): the token and phone number id switch from the sandbox
   * outbox (/api/dev/whatsapp-outbox) to Meta's API, which then needs the app secret (webhook
   * signatures) and the verify token (webhook subscription) too.
   */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'WHATSAPP_PHONE_NUMBER_ID is the digits Meta shows')
    .optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_BASE_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** The shop's WhatsApp number for "Chat on WhatsApp": digits with the country code (919876543210). */
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .regex(/^[1-9]\d{9,14}$/, 'SHOP_WHATSAPP_NUMBER is digits with the country code, like 919876543210')
    .optional(),
  /** How long stock is held for a customer who is paying online. */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(5).max(120).default(15),
  /** How often expired holds are released and pending refunds retried (every instance sweeps). */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** Shares rate-limit counters between instances when set (redis://...). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be redis://...')
    .optional(),
  /** Per-client and per-phone request limits; only end-to-end tests, all from one address, turn them off. */
  RATE_LIMITS: booleanish.default(true),
  /**
   * Per-client allowances, a minute, of work behind what the cache cannot answer (issue 23): catalog
   * searches the response cache misses, and pages rendered on the server (a page not found is never kept).
   */
  SEARCH_MISSES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  PAGE_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** PostgreSQL: the time a search's statements may take (statement_timeout, for searches only). */
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  /** How long a client may take to send its request's headers, and the whole request (slow clients). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  /** Requests get 503 while the event loop lags more than this (load shedding); 0 turns it off. */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * Issue 31, the Prometheus figures (decision 0049): METRICS_PORT serves GET /metrics on a port of its
   * own, on METRICS_HOST (this machine by default), and never on the shop's port; without it,
   * METRICS_TOKEN serves it on the shop's port. The token, when set, is asked for on either
   * (`Authorization: Bearer <token>`). Neither set: no /metrics, and nothing is counted.
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** On SIGTERM, requests under way get this long to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  /** The catalog response cache (decision 0019); off only to measure the database behind it (bench:scale). */
  CATALOG_CACHE: booleanish.default(true),
  /**
   * Abuse limits on what one customer can tie up without paying: units of one product in an order, and
   * the units and value (rupees) of all their unpaid orders and payment holds together.
   */
  ORDER_MAX_LINE_QTY: z.coerce.number().int().min(1).max(MAX_LINE_QTY).default(DEFAULT_MAX_LINE_QTY),
  ORDER_MAX_UNPAID_UNITS: z.coerce.number().int().min(1).max(100_000).default(30),
  ORDER_MAX_UNPAID_VALUE: z.coerce.number().int().min(100).max(1_00_00_000).default(5_00_000),
  /**
   * Lets production start with sandbox adapters (a staging demo) and, on loopback only, the development
   * JWT secret and demo data.
   */
  ALLOW_INSECURE_DEFAULTS: booleanish.default(false),
});

/** Where the S3 file store is and how to sign in to it, from S3_URL. */
export interface S3Settings {
  kind: 's3';
  /** The service's origin (https://s3.ap-south-1.amazonaws.com), addressed path-style. */
  endpoint: string;
  region: string;
  bucket: string;
  /** Prepended to every key (`shop/`), or empty. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3_URL's parts, or what is wrong with it (never echoing the secret). */
export function s3Settings(value: string): S3Settings | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL; it looks like https://KEY_ID:SECRET@host/bucket?region=...';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https:// (or http://)';
  if (!url.username || !url.password) return 'needs the access key id and secret as https://KEY_ID:SECRET@host/...';
  const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
  if (!bucket) return 'needs the bucket as the first part of the path: https://KEY_ID:SECRET@host/bucket';
  try {
    return {
      kind: 's3',
      endpoint: url.origin,
      region: url.searchParams.get('region') ?? 'us-east-1',
      bucket: decodeURIComponent(bucket),
      prefix: prefix.map((part) => `${decodeURIComponent(part)}/`).join(''),
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
    };
  } catch {
    return 'has a part that is not valid percent-encoding';
  }
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; timeouts: DatabaseTimeouts };
  dataDir: string;
  /** Where uploaded pictures and certificates are kept: the database unless S3_URL is set. */
  fileStore: { kind: 'database' } | S3Settings;
  demoData: boolean;
  logLevel: string;
  webDistDir: string;
  webSsrDir: string;
  trustProxy: false | number | string[];
  jwt: { secret: string; expiresIn: string };
  sms:
    | { provider: 'sandbox' }
    | {
        provider: 'msg91';
        authKey: string;
        templateId: string;
        /** The Hindi code SMS's template; absent: the English one (templateId). */
        templateIdHi?: string;
        orderTemplates: Record<string, string>;
        /** Issue 30: the Hindi order messages' templates by kind; a kind without one: the English one. */
        orderTemplatesHi: Record<string, string>;
        baseUrl: string;
      };
  mail: { provider: 'sandbox'; from: string } | { provider: 'smtp'; smtpUrl: string; from: string };
  shopEmail: string | null;
  publicUrl: string;
  /** PUBLIC_URL was set: absolute links in pages use it; otherwise (development) the request's host. */
  publicUrlSet: boolean;
  outbox: { pollMs: number; retryBaseMs: number; maxAttempts: number; leaseMs: number };
  sweepIntervalMs: number;
  seller: { legalName: string; address: string; state: string; gstin: string | null };
  /** Issue 27: where parcels leave from (the owner's setting wins). */
  shipping: { sellerPincode: string };
  redisUrl: string | null;
  allowInsecureDefaults: boolean;
  rateLimits: boolean;
  catalogCache: boolean;
  workLimits: { searchMissesPerMinute: number; pageRendersPerMinute: number; searchStatementMs: number };
  /** Issue 31: who may read /metrics (null token: not on the shop's port; null port: no port of its own). */
  metrics: { token: string | null; port: number | null; host: string };
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    loadShedEventLoopDelayMs: number;
    shutdownGraceMs: number;
  };
  orderLimits: { maxLineQty: number; maxUnpaidUnits: number; maxUnpaidPaise: number };
  /**
   * Issue 27: the courier aggregator. 'none' (production without one): parcels are shipped with the
   * courier and AWB typed by hand.
   */
  courier:
    | {
        provider: 'shiprocket';
        email: string;
        password: string;
        webhookToken: string;
        pickupLocation: string;
        baseUrl: string;
      }
    | { provider: 'sandbox' }
    | { provider: 'none' };
  /** Issue 27: order messages on WhatsApp, and the shop's number customers chat with (null: none). */
  whatsapp: WhatsappSettings;
  payments: {
    gateway: 'sandbox' | 'razorpay';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    baseUrl: string;
    holdMinutes: number;
  };
};

/**
 * 'none' (production without the Cloud API): no WhatsApp messages are sent; a message written for an
 * opted-in customer fails at once with the reason, visible in the outbox, as a shop without WhatsApp
 * Business still runs (like a shop without a courier aggregator).
 */
export type WhatsappSettings = { appSecret: string; verifyToken: string; shopNumber: string | null } & (
  | { provider: 'sandbox' }
  | { provider: 'none' }
  | { provider: 'cloud'; token: string; phoneNumberId: string; baseUrl: string }
);

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Secrets of the offline sandbox gateway, derived so they differ between deployments. */
function sandboxSecret(jwtSecret: string, purpose: string): string {
  return createHash('sha256').update(`sandbox-payments:${purpose}:${jwtSecret}`).digest('hex');
}

type Environment = z.infer<typeof environment>;

/** The variables, checked against `environment`; a `.env` file in the working folder fills in what is not set. */
function readEnvironment(source: NodeJS.ProcessEnv): Environment {
  if (source === process.env && existsSync('.env')) process.loadEnvFile('.env');
  // An empty variable (VAR= in an env file) means "not set".
  const parsed = environment.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new StartRefused(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** Either Razorpay key switches to the real gateway, which then needs all three of its secrets. */
function usesRazorpay(e: Environment): boolean {
  const razorpay = Boolean(e.RAZORPAY_KEY_ID || e.RAZORPAY_KEY_SECRET);
  if (razorpay && !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET)) {
    throw new StartRefused(
      'Invalid configuration: Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
    );
  }
  return razorpay;
}

/** Any Shiprocket setting switches to Shiprocket, which then needs its user, password and webhook token. */
function usesShiprocket(e: Environment): boolean {
  const given = [e.SHIPROCKET_EMAIL, e.SHIPROCKET_PASSWORD, e.SHIPROCKET_WEBHOOK_TOKEN];
  if (given.some(Boolean) && !given.every(Boolean)) {
    throw new StartRefused(
      'Invalid configuration: Shiprocket needs SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD and SHIPROCKET_WEBHOOK_TOKEN',
    );
  }
  return given.every(Boolean);
}

/**
 * The courier: Shiprocket when configured; else the sandbox, except in production proper, where there is
 * none (refusing to start would shut out owners who ship by hand, so booking is refused instead).
 */
function courierSettings(e: Environment, shiprocket: boolean): Config['courier'] {
  if (shiprocket) {
    return {
      provider: 'shiprocket',
      email: e.SHIPROCKET_EMAIL!,
      password: e.SHIPROCKET_PASSWORD!,
      webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN!,
      pickupLocation: e.SHIPROCKET_PICKUP_LOCATION,
      baseUrl: e.SHIPROCKET_BASE_URL,
    };
  }
  return e.NODE_ENV === 'production' && !e.ALLOW_INSECURE_DEFAULTS ? { provider: 'none' } : { provider: 'sandbox' };
}

/** Either the WhatsApp token or phone number id switches to the Cloud API, which then needs all four. */
function usesWhatsappCloud(e: Environment): boolean {
  const cloud = Boolean(e.WHATSAPP_TOKEN || e.WHATSAPP_PHONE_NUMBER_ID);
  if (cloud && !(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN)) {
    throw new StartRefused(
      'Invalid configuration: WhatsApp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN',
    );
  }
  return cloud;
}

/** The sandbox's webhook secrets are derived (like the sandbox gateway's) unless set; the demo number is fake. */
function whatsappSettings(e: Environment, cloud: boolean): WhatsappSettings {
  const common = {
    appSecret: e.WHATSAPP_APP_SECRET ?? sandboxSecret(e.JWT_SECRET, 'whatsapp-app'),
    verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? sandboxSecret(e.JWT_SECRET, 'whatsapp-verify'),
    shopNumber: e.SHOP_WHATSAPP_NUMBER ?? (e.NODE_ENV === 'production' ? null : '919999900000'),
  };
  if (!cloud) {
    const production = e.NODE_ENV === 'production' && !e.ALLOW_INSECURE_DEFAULTS;
    return { provider: production ? 'none' : 'sandbox', ...common };
  }
  return {
    provider: 'cloud',
    token: e.WHATSAPP_TOKEN!,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
    baseUrl: e.WHATSAPP_BASE_URL.replace(/\/+$/, ''),
    ...common,
  };
}

function refuseIncompleteSms(e: Environment): void {
  if (e.SMS_PROVIDER === 'msg91' && !(e.MSG91_AUTH_KEY && e.MSG91_TEMPLATE_ID)) {
    throw new StartRefused('Invalid configuration: SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID');
  }
}

/** Production runs on real providers and secrets, unless ALLOW_INSECURE_DEFAULTS makes it a demo. */
function refuseInsecureProduction(e: Environment, razorpay: boolean): void {
  if (e.NODE_ENV !== 'production' || e.ALLOW_INSECURE_DEFAULTS) return;
  const problems = [
    e.JWT_SECRET === DEV_JWT_SECRET && 'JWT_SECRET is the development default',
    e.SMS_PROVIDER === 'sandbox' && 'SMS_PROVIDER is the sandbox',
    !razorpay && 'payments use the sandbox gateway (no RAZORPAY_KEY_ID)',
    !e.SMTP_URL && 'e-mail goes to the sandbox outbox (no SMTP_URL)',
    !e.PUBLIC_URL && "PUBLIC_URL is not set, so links in customers' messages would point at this machine",
    !e.RATE_LIMITS && 'RATE_LIMITS is off',
    e.DEMO_DATA === true && 'DEMO_DATA would seed demo sign-ins whose passwords are public',
  ].filter(Boolean);
  if (problems.length) {
    throw new StartRefused(
      `Refusing to start in production: ${problems.join('; ')} (set ALLOW_INSECURE_DEFAULTS=true for a demo)`,
    );
  }
}

/** A demo in production mode (the flag) stays on this machine unless HOST says otherwise. */
function listenHost(e: Environment): string {
  return e.HOST ?? (e.NODE_ENV === 'production' && !e.ALLOW_INSECURE_DEFAULTS ? '0.0.0.0' : '127.0.0.1');
}

function refuseExposedDemo(e: Environment, host: string): void {
  if (isLoopback(host)) return;
  // Whatever the mode or the flag, a shop others can reach never signs tokens with the published secret
  // (anyone could forge an admin's) nor seeds sign-ins whose passwords are published (issue 23).
  if (e.ALLOW_INSECURE_DEFAULTS || e.NODE_ENV === 'production') {
    const problems = [
      e.JWT_SECRET === DEV_JWT_SECRET && 'JWT_SECRET is the development default, so anyone can sign an admin token',
      e.DEMO_DATA === true && 'DEMO_DATA would seed demo sign-ins whose passwords are public',
    ].filter(Boolean);
    if (problems.length) {
      throw new StartRefused(
        `Refusing to listen on ${host}, reachable from other machines: ${problems.join('; ')}. ` +
          'Set JWT_SECRET (and leave DEMO_DATA off), or keep the demo on HOST=127.0.0.1.',
      );
    }
  }
  // Outside production the dev secret and the SMS outbox are on: reachable from other machines they
  // would hand out sign-ins. Exposing the shop is what production mode (npm run start:prod) is for.
  if (e.NODE_ENV !== 'production' && !e.ALLOW_INSECURE_DEFAULTS) {
    throw new StartRefused(
      `Refusing to listen on ${host} in ${e.NODE_ENV} mode: the demo (development secret, SMS outbox) stays on this machine. ` +
        'Use HOST=127.0.0.1, or run production mode (npm run start:prod) to serve others.',
    );
  }
}

function databaseSettings(e: Environment, dataDir: string): Config['database'] {
  const url = e.DATABASE_URL;
  if (url === undefined) return { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  if (url.startsWith('memory://')) return { kind: 'pglite', dataDir: null };
  return {
    kind: 'postgres',
    url,
    timeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      idleMs: e.DB_IDLE_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      queryMs: e.DB_QUERY_TIMEOUT_MS,
    },
  };
}

/** Never by default where others can reach the shop: the demo sign-ins' passwords are published. */
function seedsDemoData(e: Environment, host: string): boolean {
  return e.DEMO_DATA ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL?.startsWith('postgres') && isLoopback(host));
}

function trustProxySetting(value: string): Config['trustProxy'] {
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** `order_placed=id1,order_shipped=id2` as { order_placed: 'id1', order_shipped: 'id2' }. */
function templatesByKind(setting: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (setting ?? '')
      .split(',')
      .filter((pair) => pair.trim())
      .map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]),
  );
}

function smsSettings(e: Environment): Config['sms'] {
  if (e.SMS_PROVIDER !== 'msg91') return { provider: 'sandbox' };
  return {
    provider: 'msg91',
    authKey: e.MSG91_AUTH_KEY!,
    templateId: e.MSG91_TEMPLATE_ID!,
    ...(e.MSG91_TEMPLATE_ID_HI ? { templateIdHi: e.MSG91_TEMPLATE_ID_HI } : {}),
    orderTemplates: templatesByKind(e.MSG91_ORDER_TEMPLATES),
    orderTemplatesHi: templatesByKind(e.MSG91_ORDER_TEMPLATES_HI),
    baseUrl: e.MSG91_BASE_URL,
  };
}

function publicUrlOf(e: Environment, host: string): string {
  const own = `http://${isLoopback(host) || host === '0.0.0.0' ? '127.0.0.1' : host}:${e.PORT}`;
  return (e.PUBLIC_URL ?? own).replace(/\/+$/, '');
}

function paymentSettings(e: Environment, razorpay: boolean): Config['payments'] {
  const common = { baseUrl: e.RAZORPAY_BASE_URL, holdMinutes: e.PAYMENT_HOLD_MINUTES };
  if (razorpay) {
    return {
      gateway: 'razorpay',
      keyId: e.RAZORPAY_KEY_ID!,
      keySecret: e.RAZORPAY_KEY_SECRET!,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
      ...common,
    };
  }
  return {
    gateway: 'sandbox',
    keyId: 'rzp_test_sandbox',
    keySecret: sandboxSecret(e.JWT_SECRET, 'key'),
    webhookSecret: sandboxSecret(e.JWT_SECRET, 'webhook'),
    ...common,
  };
}

/**
 * The figures tell volumes and route names, not secrets, but still only to the shop's own: a port of
 * their own that other machines can reach needs the token too.
 */
function metricsSettings(e: Environment): Config['metrics'] {
  const port = e.METRICS_PORT ?? null;
  if (port !== null && port !== 0 && port === e.PORT) {
    throw new StartRefused('Invalid configuration: METRICS_PORT must differ from PORT');
  }
  if (port !== null && !isLoopback(e.METRICS_HOST) && !e.METRICS_TOKEN) {
    throw new StartRefused(
      `Invalid configuration: METRICS_HOST=${e.METRICS_HOST} is reachable from other machines, so it needs METRICS_TOKEN`,
    );
  }
  return { token: e.METRICS_TOKEN ?? null, port, host: e.METRICS_HOST };
}

/** The only reader of process.env; a `.env` file in the working folder fills in what is not set. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const e = readEnvironment(source);
  refuseIncompleteSms(e);
  const razorpay = usesRazorpay(e);
  const shiprocket = usesShiprocket(e);
  const whatsapp = usesWhatsappCloud(e);
  refuseInsecureProduction(e, razorpay);
  const host = listenHost(e);
  refuseExposedDemo(e, host);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host,
    port: e.PORT,
    database: databaseSettings(e, dataDir),
    dataDir,
    fileStore: e.S3_URL ? (s3Settings(e.S3_URL) as S3Settings) : { kind: 'database' },
    demoData: seedsDemoData(e, host),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    webSsrDir: path.resolve(e.WEB_SSR_DIR),
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    jwt: { secret: e.JWT_SECRET, expiresIn: e.JWT_EXPIRES_IN },
    sms: smsSettings(e),
    mail: e.SMTP_URL
      ? { provider: 'smtp', smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }
      : { provider: 'sandbox', from: e.MAIL_FROM },
    shopEmail: e.SHOP_EMAIL ?? null,
    publicUrl: publicUrlOf(e, host),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    seller: {
      legalName: e.SELLER_LEGAL_NAME,
      address: e.SELLER_ADDRESS,
      state: e.SELLER_STATE,
      gstin: e.SELLER_GSTIN ?? null,
    },
    shipping: { sellerPincode: e.SELLER_PINCODE },
    outbox: {
      pollMs: e.OUTBOX_POLL_MS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      leaseMs: e.OUTBOX_LEASE_MS,
    },
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    redisUrl: e.REDIS_URL ?? null,
    allowInsecureDefaults: e.ALLOW_INSECURE_DEFAULTS,
    rateLimits: e.RATE_LIMITS,
    catalogCache: e.CATALOG_CACHE,
    workLimits: {
      searchMissesPerMinute: e.SEARCH_MISSES_PER_MINUTE,
      pageRendersPerMinute: e.PAGE_RENDERS_PER_MINUTE,
      searchStatementMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    },
    metrics: metricsSettings(e),
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      // Node requires the headers' time to be within the request's.
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
      loadShedEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    },
    orderLimits: {
      maxLineQty: e.ORDER_MAX_LINE_QTY,
      maxUnpaidUnits: e.ORDER_MAX_UNPAID_UNITS,
      maxUnpaidPaise: e.ORDER_MAX_UNPAID_VALUE * 100,
    },
    payments: paymentSettings(e, razorpay),
    courier: courierSettings(e, shiprocket),
    whatsapp: whatsappSettings(e, whatsapp),
  };
}
