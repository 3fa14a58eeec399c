import { createRequire } from 'node:module';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import { type DestinationStream } from 'pino';
import { version as packageVersion } from '../package.json';
import { type AppConfig, type TrustProxy } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { seedDemoData } from './seed/seed-demo-data';
import { authRoutes } from './modules/auth/auth.routes';
import { emailVerificationRoutes } from './modules/auth/email-verification.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { contentRoutes } from './modules/content/content.routes';
import { healthRoutes } from './modules/health/health.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { kycReviewRoutes } from './modules/kyc/review.routes';
import { offerReviewRoutes } from './modules/offers/offer-review.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { type HostResolver } from './modules/integrations/public-address';
import { type WebhookRetryPolicy } from './modules/integrations/webhook-delivery.service';
import { lifecycleRoutes } from './modules/lifecycle/lifecycle.routes';
import { milestoneRoutes } from './modules/lifecycle/milestone.routes';
import { partnerOperationsRoutes } from './modules/partner-operations/partner-operations.routes';
import { tradeDocumentsRoutes } from './modules/lifecycle/trade-documents.routes';
import { operationDetailRoutes } from './modules/operations/operation-detail.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import { escrowRoutes } from './modules/escrow/escrow.routes';
import { operationRoomRoutes } from './modules/operation-room/operation-room.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { rateLimitPlugin } from './plugins/rate-limit';
import { type EventsRoutesOptions, eventsRoutes } from './modules/realtime/events.routes';
import { readCachePlugin } from './plugins/read-cache';
import { realtimePlugin } from './plugins/realtime';
import { apiVersionPlugin } from './plugins/api-version/api-version';
import { authPlugin } from './plugins/auth/auth-plugin';
import { answerClientError } from './plugins/client-errors';
import { csrfPlugin } from './plugins/csrf';
import { dbPlugin } from './plugins/db-plugin';
import { errorHandlerPlugin, sendError } from './plugins/error-handler';
import { gracefulStopPlugin } from './plugins/graceful-stop';
import { i18nPlugin } from './plugins/i18n';
import { createJobHandlers } from './jobs/handlers';
import { jobsPlugin } from './plugins/jobs';
import { type MailRetryPolicy, mailerPlugin } from './plugins/mailer';
import { uploadsPlugin } from './plugins/multipart';
import { serializeError, serializeRequest } from './plugins/log-serializers';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { queryStringPlugin } from './plugins/query-string';
import { REQUEST_ID_HEADER, getRequestId, requestIdPlugin } from './plugins/request-id';
import { requestLogPlugin } from './plugins/request-log';
import { routeAccessPlugin } from './plugins/route-access';
import { securityHeadersPlugin, setErrorSecurityHeaders } from './plugins/security-headers';
import { type Storage } from './plugins/storage/storage';
import { createStorage, storagePlugin } from './plugins/storage/storage-plugin';
import { validatorCompiler } from './plugins/validation';
import { loadBuiltPageRenderer } from './plugins/page-renderer';
import { startDevWeb } from './plugins/web-dev';
import { fromPackageDir } from './paths';
import { webAppPlugin } from './plugins/web-app';
import { renderPageHeadFor } from './modules/seo/page-head.service';
import { type SitemapCacheOptions, seoRoutes } from './modules/seo/seo.routes';
import { resolveSessionSecret } from './session-secret';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildAppOptions {
  /** An already opened database (the tests' fresh one); otherwise opened from the config. */
  database?: DatabaseHandle;
  storage?: Storage;
  /** The moment demo dates are computed from (default: now). */
  seedNow?: Date;
  /** More /api routes, registered after the modules: tests use it to probe access levels. */
  extraApiRoutes?: FastifyPluginAsync;
  /** Seconds between the job workers' polls (default 2; tests shorten it). */
  jobPollingIntervalSeconds?: number;
  /** The outbox worker's retry waits (default MAIL_RETRY; tests shorten them). */
  mailRetry?: Partial<MailRetryPolicy>;
  /** The webhook worker's retry waits (default WEBHOOK_RETRY; tests shorten them). */
  webhookRetry?: Partial<WebhookRetryPolicy>;
  /** How webhook hosts are resolved, when saved and when delivered (default: the system's resolver). */
  resolveWebhookHost?: HostResolver;
  /** The SSE heartbeat interval (default REALTIME_HEARTBEAT_MS; tests shorten it). */
  realtimeHeartbeatMs?: number;
  /** The kept sitemap's rebuild timing and file size (tests shorten them). */
  sitemap?: SitemapCacheOptions;
  /** Caps on open SSE streams per session and per instance (defaults in shared; tests lower them). */
  realtimeStreamLimits?: EventsRoutesOptions['limits'];
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

function isInstalled(packageName: string): boolean {
  try {
    createRequire(import.meta.url).resolve(packageName);
    return true;
  } catch {
    return false;
  }
}

function loggerOptions(config: AppConfig, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const base = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    // Errors and requests are logged without the data people sent (names, e-mails, tokens).
    serializers: { err: serializeError, req: serializeRequest },
  };
  if (stream) return { ...base, stream };
  // Readable lines for a person at a terminal (pino-pretty is a dev dependency); JSON everywhere else.
  if (config.nodeEnv === 'development' && process.stdout.isTTY && isInstalled('pino-pretty')) {
    return {
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return base;
}

/** Fastify's `trustProxy` (its types take no hop count: the hops as the function proxy-addr would build). */
function fastifyTrustProxy(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * The whole server: opens (or takes) the database, migrates it, seeds the demo
 * data when asked, then registers external plugins → app plugins → modules.
 * Closing the app closes the database (and releases the PGlite lock).
 */
export async function buildApp(initialConfig: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = await resolveSessionSecret(initialConfig);
  const storage = options.storage ?? createStorage(config);
  // The app's logger, for the client-error handler that has to be given before the app exists.
  const clientErrorLog: { log?: FastifyBaseLogger } = {};
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // One line per request, written by requestLogPlugin (Fastify's own are two, by URL).
    logController: new LogController({ disableRequestLogging: true }),
    // The incoming X-Request-Id when it is safe to repeat (getRequestId validates it), else a UUID.
    requestIdHeader: false,
    genReqId: getRequestId,
    // Behind a load balancer (TRUST_PROXY): request.ip and request.protocol from X-Forwarded-*.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // No URL longer than Node's 16 KB header limit arrives over HTTP: every path parameter reaches validation.
    routerOptions: { maxParamLength: 16_384 },
    // Malformed URLs fail before any hook: still our error shape, language and security headers.
    frameworkErrors: (_error, request, reply) =>
      sendError(
        request,
        setErrorSecurityHeaders(reply, config.isProduction).header(REQUEST_ID_HEADER, request.id),
        'BAD_REQUEST',
      ),
    // Requests Node's parser refuses (headers over 16 KB: 431) get our shape and headers too.
    clientErrorHandler: (error, socket) =>
      answerClientError(error, socket, { isProduction: config.isProduction, log: clientErrorLog.log }),
  }).withTypeProvider<ZodTypeProvider>();
  clientErrorLog.log = app.log;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
    }));

  try {
    await database.migrate();
    if (config.seedDemo) {
      await database.runExclusive((db) =>
        seedDemoData(db, storage, { now: options.seedNow, passwordHashing: config.passwordHashing }),
      );
    }

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);

    // First: every answer, refusals of the plugins below included, carries its request id and is logged.
    await app.register(requestIdPlugin);
    await app.register(requestLogPlugin);
    // Stopping (SIGTERM): readiness turns 503 and every answer closes its connection.
    await app.register(gracefulStopPlugin);
    // External plugins. Uploads first: a multipart body to a route that takes none is refused (415) before access.
    await app.register(uploadsPlugin);
    await app.register(routeAccessPlugin);
    await app.register(securityHeadersPlugin, { isProduction: config.isProduction, devWeb: config.webDevServer });
    await app.register(openApiPlugin, { version: packageVersion, publicUrl: config.publicUrl });
    // App plugins.
    await app.register(i18nPlugin);
    await app.register(errorHandlerPlugin);
    await app.register(queryStringPlugin);
    await app.register(csrfPlugin);
    await app.register(dbPlugin, { database });
    await app.register(rateLimitPlugin, { db: database.db });
    // Before auth: the session cache and the read cache both forget on its announcements.
    await app.register(realtimePlugin, { database });
    await app.register(authPlugin, { db: database.db });
    // After auth: a request's API version defaults to its key's.
    await app.register(apiVersionPlugin);
    await app.register(storagePlugin, { storage });
    await app.register(mailerPlugin, { smtpUrl: config.smtpUrl, from: config.smtpFrom, retry: options.mailRetry });
    // After the database and mailer plugins: its onClose (stopping the workers) runs before they close.
    await app.register(jobsPlugin, {
      database,
      databaseUrl: config.databaseUrl,
      runJobs: config.runJobs,
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
      createHandlers: (instance) =>
        createJobHandlers(instance, {
          webhookRetry: options.webhookRetry,
          resolveWebhookHost: options.resolveWebhookHost,
        }),
    });
    await app.register(readCachePlugin);
    // The open SSE streams live in the events routes' registry; they hand out a reader of its size.
    let openStreams = () => 0;
    await app.register(metricsPlugin, {
      token: config.metricsToken,
      database,
      openStreams: () => openStreams(),
    });
    // Modules, under /api.
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(authRoutes);
        await api.register(emailVerificationRoutes);
        await api.register(twoFactorRoutes);
        await api.register(operationsRoutes);
        await api.register(operationDetailRoutes, { userIdOf: (request) => request.auth?.user.id ?? null });
        await api.register(contentRoutes);
        await api.register(kycRoutes);
        await api.register(kycReviewRoutes);
        await api.register(waitlistRoutes);
        await api.register(ordersRoutes);
        await api.register(escrowRoutes);
        await api.register(notificationsRoutes);
        await api.register(outboxRoutes);
        await api.register(operationRoomRoutes);
        await api.register(eventsRoutes, {
          heartbeatMs: options.realtimeHeartbeatMs,
          limits: options.realtimeStreamLimits,
          exposeOpenStreams: (count) => {
            openStreams = count;
          },
        });
        await api.register(offersRoutes);
        await api.register(offerReviewRoutes);
        await api.register(dashboardsRoutes);
        await api.register(settingsRoutes);
        await api.register(statementsRoutes);
        await api.register(lifecycleRoutes);
        await api.register(milestoneRoutes);
        await api.register(partnerOperationsRoutes);
        await api.register(tradeDocumentsRoutes);
        await api.register(integrationsRoutes, { resolveHost: options.resolveWebhookHost });
        await api.register(complianceRoutes);
        if (options.extraApiRoutes) await api.register(options.extraApiRoutes);
      },
      { prefix: '/api' },
    );
    // Sitemap, robots.txt and link-preview images, outside /api (crawlers may read them).
    await app.register(seoRoutes, { db: database.db, sitemap: options.sitemap });
    // Last: the SPA (each page with its own head) and the not-found answers.
    // In development (WEB_DEV=vite) the pages come from the web app's source through Vite, rendered as built.
    const devWeb = config.webDevServer ? await startDevWeb(app, fromPackageDir('../web'), config.publicUrl) : null;
    await app.register(webAppPlugin, {
      webDistDir: config.webDistDir,
      renderPageHead: (request, notFound) =>
        renderPageHeadFor(database.db, config.publicUrl, request, app.log, notFound),
      renderPageBody: devWeb ? devWeb.renderPageBody : loadBuiltPageRenderer(app, config.webSsrDir, config.publicUrl),
      devIndexHtml: devWeb?.indexHtml,
    });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
