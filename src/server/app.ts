import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { DatabaseHandle } from './db/connection.ts';
import type { Env } from './env.ts';
import { findActiveSessionUser, findSession } from './features/auth/service.ts';
import { apiTokenRoutes } from './features/api-tokens/routes.ts';
import { findApiTokenAuth } from './features/api-tokens/service.ts';
import { APP_VERSION } from './features/backups/version.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { logError } from './features/error-logs/service.ts';
import { actionItemRoutes } from './features/action-items/routes.ts';
import { addressRoutes } from './features/address/routes.ts';
import { attorneyRoutes } from './features/attorneys/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { clientRoutes } from './features/clients/routes.ts';
import { conflictRoutes } from './features/conflicts/routes.ts';
import { evidenceRoutes } from './features/evidence/index.ts';
import { rateCodeRoutes } from './features/rate-codes/routes.ts';
import { feeRuleRoutes } from './features/fee-rules/index.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { exportRoutes } from './features/billing/exports/export-routes.ts';
import { accountingRoutes } from './features/billing/routes.ts';
import { timerRoutes, timesheetRoutes, timeTrackingRoutes } from './features/time/index.ts';
import { userRoutes } from './features/users/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { backupPlugin } from './features/backups/plugin.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { errorLogRoutes } from './features/error-logs/routes.ts';
import { fieldReportRoutes } from './features/field-reports/routes.ts';
import { firmProfileRoutes } from './features/firm-profile/routes.ts';
import { engagementRoutes } from './features/engagement/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { signInProviderRoutes } from './features/sign-in-providers/routes.ts';
import { importPlugin } from './features/import/routes.ts';
import { twoFactorRoutes } from './features/two-factor/routes.ts';
import { twoFactorSetupOwed } from './features/two-factor/second-step.ts';
import { firstRunRoutes } from './features/first-run/routes.ts';
import { setupAddressRoutes } from './features/setup-address/routes.ts';
import { shareLinkRoutes } from './features/share-links/routes.ts';
import { mailRoutes } from './features/mail/index.ts';
import { deadlineRoutes } from './features/deadlines/routes.ts';
import { reminderRoutes } from './features/reminders/index.ts';
import { budgetRoutes } from './features/budgets/index.ts';
import { testimonyRoutes } from './features/testimony/index.ts';
import { AppError } from './errors/app-error.ts';
import { Drain } from './http/drain.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { BODY_LIMIT_BYTES } from './http/limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWithAccess, requireAccessDeclarations } from './http/access.ts';
import { isApiPath, loggableUrl } from './http/paths.ts';
import { Maintenance } from './http/maintenance.ts';
import { Starting } from './http/starting.ts';
import { registerSession, type SessionConfig } from './http/session.ts';
import { JobRunner } from './jobs/runner.ts';
import { registerUploads } from './uploads/multipart.ts';
import { calendarPlugin } from './features/calendar/plugin.ts';
import { TokenCipher } from './integrations/google/token-cipher.ts';
import { DocumentPool } from './documents/pool.ts';
import { SseHub } from './realtime/sse-hub.ts';
import { APP_ROOT } from './runtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background runner: features register on it; main.ts starts it, tests may drive it. */
    jobs: JobRunner;
    /** Graceful shutdown's drain (docs/decisions/053): main.ts begins it on SIGTERM, then closes the app. */
    drain: Drain;
    /** The start's gate (docs/decisions/112): main.ts opens it once migrations and demo data are done. */
    starting: Starting;
  }
}

const DEFAULT_WEB_DIR = path.join(APP_ROOT, 'dist/web');

export interface AppOptions {
  database: DatabaseHandle;
  env: Env;
  sessionSecret: string;
  /** The account the demo "test account" sign-in uses; none outside demo mode. */
  demoAdminEmail?: string;
  /** Logs requests (main.ts: to standard output; a test may pass the stream to read). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Seals the calendar tokens; main.ts passes TOKEN_ENCRYPTION_KEY's (or DATA_DIR's) key, else one derived from the session secret. */
  tokenKey?: Buffer;
  /**
   * Starts in the starting state: every API route but /api/health answers 503 until
   * `app.starting.ready()` (main.ts, after migrations and demo data). Default: ready at once (tests).
   */
  starting?: boolean;
  /** Runner timings (tests shorten the lease to see a dead process's job claimed again). */
  jobs?: { pollMs?: number; leaseMs?: number };
  /**
   * The document workers, when their owner keeps them beyond this app (the tests: one pool per process, as a
   * server has, for the many apps a test process builds; docs/decisions/218). Default: the app's own, started
   * when it listens and stopped when it closes.
   */
  documents?: DocumentPool;
}

export async function buildApp(options: AppOptions) {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ? {
      level: env.LOG_LEVEL,
      ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
      // No secret reaches the logs (docs/decisions/105, 109): addresses are blanked of share, feed and
      // API tokens and secret query values; no header is logged, so no Authorization or cookie.
      serializers: { req: (req) => ({ method: req.method, url: loggableUrl(req.url), host: req.host, remoteAddress: req.ip }) },
    } : false,
    trustProxy: env.TRUST_PROXY ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request reaching a closing app hears the drain's own 503 (envelope, Retry-After), not Fastify's.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every API body is JSON (uploads add their own parser): anything else is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  // First: every route added after this declares who may call it, or the app does not start (docs/decisions/109).
  requireAccessDeclarations(app);

  const sessionConfig: SessionConfig = {
    secret: options.sessionSecret,
    idleMinutes: env.SESSION_IDLE_MINUTES,
    maxHours: env.SESSION_MAX_HOURS,
  };
  await app.register(cookie);
  registerSecurityHeaders(app);
  registerErrorHandler(app, (failure) => logError(database.db, failure));
  // A draining process refuses new requests before anything else looks at them (docs/decisions/053).
  const drain = new Drain();
  drain.register(app);
  app.decorate('drain', drain);
  // Maintenance answers first: during a restore even a signed-out browser hears it, not 401.
  const maintenance = new Maintenance(database);
  maintenance.register(app);
  // Then the start's gate (docs/decisions/112): before the session, which reads a database not ready yet.
  const starting = new Starting(options.starting ?? false);
  starting.register(app);
  app.decorate('starting', starting);
  registerSession(app, (token) => findSession(database.db, token, sessionConfig),
    (text) => findApiTokenAuth(database.db, text, {
      activeUser: (userId) => findActiveSessionUser(database.db, userId),
      twoFactorOwed: (user) => twoFactorSetupOwed(database.db, user),
    }));
  registerInputGuard(app);
  await registerUploads(app);

  // Built here so features can register queues and schedules; started by main.ts, not by tests.
  const jobs = new JobRunner({ database, log: app.log, ...options.jobs });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  const documents = options.documents ?? new DocumentPool(env.DOCUMENT_WORKERS);
  if (!options.documents) {
    app.addHook('onListen', async () => void documents.warm().catch((error: unknown) => app.log.error({ err: error }, 'document workers failed to start')));
    app.addHook('onClose', async () => documents.close());
  }
  drain.onBegin(() => jobs.stop());

  const context = {
    app, db: database.db, database, env, sessionConfig, demoAdminEmail: options.demoAdminEmail, jobs, maintenance,
    sessionSecret: options.sessionSecret,
    tokenCipher: options.tokenKey ? new TokenCipher(options.tokenKey) : TokenCipher.derivedFrom(options.sessionSecret),
    liveUpdates: new SseHub(),
    documents,
  } as AppContext;
  // Open event streams would hold the drain up: they end as it begins (browsers reconnect later).
  drain.onBegin(() => context.liveUpdates.close());
  // Before the features: the OpenAPI description is generated from each route as it is added.
  await registerApiDocs(app, { title: `${env.FIRM_NAME} — Casebook API`, version: APP_VERSION });
  const features = [
    authRoutes, healthRoutes, dashboardRoutes, errorLogRoutes,
    clientRoutes, conflictRoutes, evidenceRoutes, attorneyRoutes, rateCodeRoutes, addressRoutes,
    timeTrackingRoutes, actionItemRoutes, calendarPlugin, userRoutes, auditRoutes, backupPlugin, firmProfileRoutes,
    fieldReportRoutes, reportRoutes, accountingRoutes, twoFactorRoutes,
    exportRoutes,
    timesheetRoutes,
    timerRoutes,
    signInProviderRoutes,
    apiTokenRoutes,
    importPlugin,
    firstRunRoutes,
    setupAddressRoutes,
    shareLinkRoutes,
    engagementRoutes,
    mailRoutes,
    deadlineRoutes,
    reminderRoutes,
    budgetRoutes,
    testimonyRoutes,
    feeRuleRoutes,
  ];
  for (const routes of features) await routes(context);

  const webDir = env.WEB_DIR ? path.resolve(env.WEB_DIR) : DEFAULT_WEB_DIR;
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await registerWithAccess(app, { access: 'public', web: true }, (scope) => scope.register(fastifyStatic, {
      root: webDir, wildcard: false, index: false, cacheControl: false,
      // The build's `.br` and `.gz` beside each script and style, for a browser that accepts them (docs/decisions/219):
      // sent in the file's place, never addresses of their own.
      preCompressed: true, globIgnore: ['**/*.br', '**/*.gz'],
      // Built assets have content hashes in their names; index.html must always be fresh.
      setHeaders: (res, file) => res.header('cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    }));
  }
  app.setNotFoundHandler(async (request, reply) => {
    // An address that means the API however it is spelt (`/API/bills`, `/api;x/bills`) is not a page.
    if (isApiPath(request.url) || !['GET', 'HEAD'].includes(request.method) || !hasWeb) throw new AppError('RECORD_NOT_FOUND');
    // Client-side routes: the web app decides what /case/123 or an unknown path shows. Read here:
    // @fastify/static's reply.sendFile lives in the scope that declares its access, not on this reply.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(path.join(webDir, 'index.html')));
  });
  return app;
}
