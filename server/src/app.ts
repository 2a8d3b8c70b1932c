import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorCodes } from '@rr/core';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPaymentGateway, type PaymentGateway } from './adapters/payments/index.ts';
import { OfflinePincodeDirectory, type PincodeDirectory } from './adapters/pincode/offline-directory.ts';
import { SandboxMailSender, createMailSender, type MailSender } from './adapters/mail/index.ts';
import { SandboxSms, createSmsSender, type SmsSender } from './adapters/sms/index.ts';
import { SandboxWhatsapp, createWhatsappSender, type WhatsappSender } from './adapters/whatsapp/index.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { DomainError } from './domain-error.ts';
import { accountRoutes, createTokenSigner, devRoutes, userAdminRoutes } from './modules/accounts/index.ts';
import { addressRoutes } from './modules/addresses/index.ts';
import { catalogAdminRoutes, catalogRoutes, searchSynonymRoutes } from './modules/catalog/index.ts';
import { categoryRoutes } from './modules/categories/index.ts';
import {
  cancelUnconfirmedOrders,
  checkoutRoutes,
  forgetOldKeys,
  whatsappDevRoutes,
  whatsappWebhookRoutes,
} from './modules/checkout/index.ts';
import { newsletterRoutes } from './modules/newsletter/index.ts';
import { publicSaleRoutes } from './modules/offers/index.ts';
import { orderRoutes } from './modules/orders/index.ts';
import { fulfilmentRoutes, warmDocumentFonts } from './modules/fulfilment/index.ts';
import { ownerDeskRoutes } from './modules/owner-desk/index.ts';
import { paymentRoutes, releaseExpiredHolds } from './modules/payments/index.ts';
import { pincodeRoutes } from './modules/pincode/index.ts';
import { reviewRoutes } from './modules/reviews/index.ts';
import { offerAdminRoutes } from './modules/offers/index.ts';
import { seoRoutes } from './modules/seo/index.ts';
import { stockAlertRoutes } from './modules/stock/index.ts';
import { wishlistRoutes } from './modules/wishlist/index.ts';
import {
  loadStorefrontRenderer,
  storefrontPages,
  storefrontRoutes,
  type StorefrontRenderer,
} from './modules/storefront/index.ts';
import {
  cachedFileStore,
  certificateUploadRoutes,
  fileRoutes,
  openFileStore,
  uploadRoutes,
  type FileStore,
} from './modules/uploads/index.ts';
import { sweepPendingRefunds } from './modules/fulfilment/index.ts';
import { Deliveries, shippingAdminRoutes } from './modules/shipping/index.ts';
import { storeCreditRoutes } from './modules/store-credit/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { returnPickupTracker, returnRoutes } from './modules/returns/index.ts';
import { SandboxCourier, createCourier, type CourierService } from './adapters/courier/index.ts';
import {
  contactRoutes,
  mailOutboxRoutes,
  orderMessageRoutes,
  messageSettings,
  outboxBacklog,
  startOutboxWorker,
  whatsappOutboxRoutes,
  type OutboxWorker,
} from './modules/messages/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkErrorReply, registerErrorHandler } from './plugins/errors.ts';
import { clientKey } from './plugins/client-address.ts';
import { Drain } from './plugins/graceful-close.ts';
import { serializeError } from './plugins/log-serializers.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { answerFromMemory, registerResponseCache } from './plugins/response-cache.ts';
import { registerWorkLimits } from './plugins/work-limits.ts';
import { JSON_SECURITY_HEADERS, registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { readPageTemplate, registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /**
     * The database for searches, within their statement budget (issue 23; workLimits.searchStatementMs):
     * on PostgreSQL a pool of its own whose connections start with that statement_timeout.
     */
    searchDb: Database;
    config: Config;
    /** Sends the order messages written to the outbox. */
    outbox: OutboxWorker;
  }
}

export interface AppDependencies {
  /** Defaults to the sender the configuration names. */
  sms?: SmsSender;
  /** Defaults to SMTP when SMTP_URL is configured, else the sandbox. */
  mail?: MailSender;
  /** Defaults to the directory shipped in server/data. */
  pincodes?: PincodeDirectory;
  /** Defaults to Razorpay when its keys are configured, else the sandbox. */
  payments?: PaymentGateway;
  /** Issue 27: the courier aggregator; defaults to the one the configuration names (null: none). */
  courier?: CourierService | null;
  /** Issue 27: WhatsApp messages; defaults to the Cloud API when configured, else the sandbox. */
  whatsapp?: WhatsappSender;
  /**
   * The storefront's server rendering; defaults to the web build's (WEB_SSR_DIR), null for none (the
   * storefront is then rendered in the browser).
   */
  storefront?: StorefrontRenderer | null;
  /** Where uploaded pictures and certificates are kept; defaults to the one the configuration names. */
  files?: FileStore;
  /** Where the log is written (default: standard output); tests read what was logged. */
  logStream?: { write(line: string): void };
  /**
   * Loads what the documents (invoices, credit notes, labels) are drawn with, once a staff member is at
   * work (see `warmDocumentsForStaff`); defaults to pdf-text.ts's, none in tests.
   */
  warmDocuments?: (() => Promise<void>) | null;
}

const OVERLOADED = 'The shop is very busy right now. Please try again in a few seconds.';
const OVERLOADED_RETRY_AFTER_SECONDS = 5;

/** How often Node looks for connections past their headers or request timeout. */
const CONNECTIONS_CHECK_MS = 1_000;

/** Log levels at which Fastify logs every request. */
const REQUEST_LOG_LEVELS = new Set(['trace', 'debug', 'info']);

/** What the Node server consults before Fastify: set once the app has them. */
interface FrontDoor {
  /** The server's requests meet the answers kept in memory first (decision 0026). */
  fromMemory: ((request: IncomingMessage, response: ServerResponse) => boolean) | null;
  drain: Drain | null;
}

/**
 * Every route's schemas are zod's, checked and answered through fastify-type-provider-zod's compilers.
 * Given as Fastify's compiler factories (rather than set on the instance once made), Fastify does not
 * load its default ones, Ajv and fast-json-stringify with their formats, which no route uses: loading
 * them cost about a tenth of the start (issue 31). Fastify types the factories for Ajv's compilers.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

function createFastify(config: Config, deps: AppDependencies, front: FrontDoor): FastifyInstance {
  return Fastify({
    serverFactory: (handler) => {
      const server = createServer(
        {
          // Slow or stalled clients (issue 23): Node checks these every CONNECTIONS_CHECK_MS.
          headersTimeout: config.http.headersTimeoutMs,
          requestTimeout: config.http.requestTimeoutMs,
          connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
        },
        (request, response) => {
          front.drain?.track(response);
          if (!front.fromMemory?.(request, response)) handler(request, response);
        },
      );
      // Longer than the idle timeout of the proxies in front (60 s for most), as Fastify sets it.
      server.keepAliveTimeout = 72_000;
      front.drain = new Drain(server);
      return server;
    },
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: { err: (err) => serializeError(err) },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // A hop count trusts that many proxies in front; addresses trust those proxies only.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Room for a 1 MB field to reach validation and get a 400 naming it, rather than a bare 413.
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
}

/**
 * Load shedding: while the event loop lags this far behind, a request gets a quick 503 rather than a
 * slow answer its client has given up on (answers from memory cost nothing and still go out).
 */
async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  if (config.http.loadShedEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: config.http.loadShedEventLoopDelayMs,
    // Through the error plugin, as every refusal: 503 OVERLOADED with Retry-After.
    pressureHandler: () =>
      Promise.reject(
        new DomainError('unavailable', errorCodes.overloaded, OVERLOADED, {
          retryAfterSeconds: OVERLOADED_RETRY_AFTER_SECONDS,
        }),
      ),
  });
}

/** Issue 31: /metrics (decision 0049), reading the cache, the pool, the outbox and the load shedding. */
function registerShopMetrics(app: FastifyInstance, config: Config, database: DatabaseHandle) {
  const thresholdMs = config.http.loadShedEventLoopDelayMs;
  return registerMetrics(app, config.metrics, {
    cache: app.responseCache,
    pool: () => database.pool(),
    outbox: () => outboxBacklog(database.db),
    loadShed: thresholdMs > 0 ? { delayMs: () => app.memoryUsage().eventLoopDelay, thresholdMs } : null,
  });
}

/** The security headers: Razorpay's checkout runs its script and frames from its own hosts. */
function shopSecurityHeaders(config: Config, pageTemplate: ReturnType<typeof readPageTemplate>) {
  const razorpay = config.payments.gateway === 'razorpay';
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          // The pages' own inline script (early.js) by its hash.
          ...(pageTemplate?.scriptSources ?? []),
          ...(razorpay ? ['https://checkout.razorpay.com'] : []),
        ],
        frameSrc: razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(razorpay ? ['https://*.razorpay.com'] : [])],
        connectSrc: ["'self'", ...(razorpay ? ['https://*.razorpay.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
}

async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  // Redis shares the counts between instances; while it is away each instance counts on its own.
  // Its Redis client is loaded only then (issue 13: start-up time and memory).
  const sharedStore = config.redisUrl
    ? (await import('./plugins/rate-limit-store.ts')).redisRateLimitStore(app, config.redisUrl)
    : null;
  await app.register(rateLimit, {
    global: false,
    // An IPv6 client counts by its /64, or rotating addresses inside it would each get a fresh limit.
    keyGenerator: (request) => clientKey(request.ip),
    ...(sharedStore ? { store: sharedStore } : {}),
    ...(config.rateLimits ? {} : { allowList: () => true }),
    // The plugin has set Retry-After already; what it throws goes through the error plugin.
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        errorCodes.rateLimited,
        `Too many requests. Please try again in ${context.after}.`,
      ),
  });
  registerWorkLimits(app, {
    searchMisses: config.workLimits.searchMissesPerMinute,
    pageRenders: config.workLimits.pageRendersPerMinute,
  });
}

async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rudraksha Ratna API',
        version: '1.0.0',
        description: 'Catalog, accounts, orders and payments of the Rudraksha Ratna shop. Amounts are rupees.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/livez',
    {
      // Busy is not dead: a supervisor must not restart an instance for shedding load.
      config: { pressureHandler: () => undefined },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process and its database are healthy',
        response: {
          200: z.object({ status: z.string(), database: z.string() }),
          503: z.object({ status: z.string(), database: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'database health check failed');
        return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
}

/** The adapters the modules' routes are given. */
interface Adapters {
  sms: SmsSender;
  mail: MailSender;
  files: FileStore;
  gateway: PaymentGateway;
  pincodes: PincodeDirectory;
  deliveries: Deliveries;
  courier: CourierService | null;
  whatsapp: WhatsappSender;
}

async function registerModuleRoutes(app: FastifyInstance, config: Config, adapters: Adapters): Promise<void> {
  const { sms, mail, files, gateway, pincodes, deliveries, courier } = adapters;
  await app.register(catalogRoutes);
  await app.register(publicSaleRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(searchSynonymRoutes);
  await app.register(categoryRoutes);
  await app.register(reviewRoutes, { files });
  await app.register(uploadRoutes, { files });
  await app.register(certificateUploadRoutes, { files });
  await app.register(fileRoutes, { files });
  await app.register(newsletterRoutes);
  await app.register(stockAlertRoutes);
  await app.register(wishlistRoutes);
  await app.register(accountRoutes, { sms });
  await app.register(addressRoutes);
  await app.register(checkoutRoutes, { gateway, sms, deliveries });
  await app.register(orderRoutes);
  await app.register(fulfilmentRoutes, {
    gateway,
    pincodes,
    courier,
    otherParcels: returnPickupTracker(app.db, messageSettings(config)),
  });
  await app.register(paymentRoutes, { gateway });
  await app.register(pincodeRoutes, { directory: pincodes, deliveries });
  await app.register(shippingAdminRoutes, { sellerPincode: config.shipping.sellerPincode });
  await app.register(ownerDeskRoutes);
  await app.register(storeCreditRoutes);
  await app.register(orderMessageRoutes);
  await app.register(auditRoutes);
  await app.register(userAdminRoutes);
  await app.register(returnRoutes, { gateway, pincodes, courier });
  await app.register(offerAdminRoutes);
  if (config.env !== 'production' && sms instanceof SandboxSms) await app.register(devRoutes, { sandbox: sms });
  if (config.env !== 'production' && mail instanceof SandboxMailSender) {
    await app.register(mailOutboxRoutes, { sandbox: mail });
  }
  await registerWhatsappRoutes(app, config, adapters.whatsapp);
  await app.register(seoRoutes);
  await app.register(storefrontRoutes, { files });
}

/** Issue 27: the shop's WhatsApp number, Meta's webhook, and outside production the sandbox's routes. */
async function registerWhatsappRoutes(app: FastifyInstance, config: Config, whatsapp: WhatsappSender): Promise<void> {
  await app.register(contactRoutes, { whatsappNumber: config.whatsapp.shopNumber });
  await app.register(whatsappWebhookRoutes, config.whatsapp);
  if (config.env !== 'production' && whatsapp instanceof SandboxWhatsapp) {
    await app.register(whatsappOutboxRoutes, { sandbox: whatsapp });
    await app.register(whatsappDevRoutes);
  }
}

/**
 * The documents' fonts and pdfkit (pdf-text.ts's `warmDocumentFonts`) are loaded after the first answer
 * to a staff member, not at start: they hold about 30 MB that a shop nobody is running the desk of does
 * not need (issue 31: idle memory), and only staff make documents (a customer's invoice exists once
 * staff shipped the order). Loaded then rather than inside the first document's request, which held the
 * event loop up to a second (a CI run's load shedding answered 503 beside it).
 */
function warmDocumentsForStaff(app: FastifyInstance, config: Config, given: AppDependencies['warmDocuments']): void {
  const warm = given !== undefined ? given : config.env === 'test' ? null : warmDocumentFonts;
  if (!warm) return;
  let started = false;
  // A callback hook, not an async one: every answer passes it without a promise.
  app.addHook('onResponse', (request, _reply, done) => {
    if (!started && request.user?.isAdmin) {
      started = true;
      setTimeout(() => {
        warm().catch((err: unknown) =>
          app.log.error({ err }, 'loading the document fonts failed; the first document loads them'),
        );
      }, 0);
    }
    done();
  });
}

/**
 * Stock held for payments that never came, or by orders never confirmed, gives itself back; pending
 * refunds are tried again; idempotency keys are forgotten after a day.
 */
function startSweeps(app: FastifyInstance, config: Config, database: DatabaseHandle, gateway: PaymentGateway): void {
  if (config.env === 'test') return;
  const refunds = {
    db: database.db,
    gateway,
    messages: messageSettings(config),
    log: app.log,
  };
  const timer = setInterval(() => {
    releaseExpiredHolds(database.db).catch((err: unknown) => app.log.error({ err }, 'releasing expired holds failed'));
    sweepPendingRefunds(refunds).catch((err: unknown) => app.log.error({ err }, 'sweeping pending refunds failed'));
    cancelUnconfirmedOrders(database.db).catch((err: unknown) =>
      app.log.error({ err }, 'cancelling unconfirmed orders failed'),
    );
    forgetOldKeys(database.db).catch((err: unknown) => app.log.error({ err }, 'forgetting idempotency keys failed'));
  }, config.sweepIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const front: FrontDoor = { fromMemory: null, drain: null };
  const app = createFastify(config, deps, front);
  front.drain!.register(app, config.http.shutdownGraceMs);
  await registerLoadShedding(app, config);
  app.decorate('db', database.db);
  app.decorate('searchDb', database.budgeted(config.workLimits.searchStatementMs));
  app.decorate('config', config);
  registerErrorHandler(app);

  const pageTemplate = readPageTemplate(config.webDistDir);
  const security = shopSecurityHeaders(config, pageTemplate);
  registerSecurityHeaders(app, security);
  await app.register(compress, { threshold: 1024 });
  await registerRateLimits(app, config);
  registerAuth(app, createTokenSigner(config.jwt.secret, config.jwt.expiresIn));
  const sms = deps.sms ?? createSmsSender(config.sms, app.log);
  const mail = deps.mail ?? createMailSender(config.mail, app.log);
  await registerApiDocs(app);
  registerHealthRoutes(app, database);

  await registerResponseCache(app, database, { enabled: config.catalogCache });
  front.fromMemory = answerFromMemory(
    app.responseCache,
    JSON_SECURITY_HEADERS,
    REQUEST_LOG_LEVELS.has(config.logLevel) ? app.log : null,
    registerShopMetrics(app, config, database),
  );
  const pincodes = deps.pincodes ?? new OfflinePincodeDirectory();
  const courier = deps.courier !== undefined ? deps.courier : createCourier(config.courier, pincodes);
  const adapters: Adapters = {
    sms,
    mail,
    files: cachedFileStore(deps.files ?? (await openFileStore(config.fileStore, database.db))),
    gateway: deps.payments ?? createPaymentGateway(config.payments),
    pincodes,
    whatsapp: deps.whatsapp ?? createWhatsappSender(config.whatsapp, app.log),
    // Without an aggregator, estimates come from the offline zone table (the sandbox's serviceability).
    deliveries: new Deliveries(
      pincodes,
      courier ?? new SandboxCourier(pincodes),
      config.shipping.sellerPincode,
      app.log,
    ),
    courier,
  };
  warmDocumentsForStaff(app, config, deps.warmDocuments);
  await registerModuleRoutes(app, config, adapters);
  const storefront = deps.storefront === undefined ? await loadStorefrontRenderer(config.webSsrDir) : deps.storefront;
  await registerWebApp(
    app,
    config.webDistDir,
    pageTemplate,
    storefront ? storefrontPages(app, storefront) : null,
    storefront?.shellHead ?? null,
  );

  const outbox = startOutboxWorker({
    db: database.db,
    sms,
    mail,
    whatsapp: adapters.whatsapp,
    log: app.log,
    ...config.outbox,
  });
  app.decorate('outbox', outbox);
  app.addHook('onClose', () => outbox.stop());
  startSweeps(app, config, database, adapters.gateway);
  return app;
}
