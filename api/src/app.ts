/**
 * The Callboard API as one Fastify plugin: external plugins first (headers,
 * parsing, limits, docs), then the app's own (database, errors, auth), then
 * the routes and the built front end. server.ts runs it; tests build it the
 * same way and `inject`.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import type { CookieSecure } from './config/env';
import authentication from './plugins/app/auth/authentication';
import deviceCookie from './plugins/app/auth/device-cookie';
import sessionHousekeeping from './plugins/app/auth/session-housekeeping';
import changeLogPruning from './plugins/app/change-log-pruning';
import callWordsIndexer from './plugins/app/call-words-indexer';
import type { PasswordHasher, ScryptCost } from './domain/auth/password-hasher';
import {
  accountThrottleOptions,
  addressThrottleOptions,
  deviceThrottleOptions,
  SIGN_IN_DEFAULTS,
  SignInThrottle,
  type SignInLimits,
} from './domain/auth/sign-in-throttle';
import type { RegistrationPolicy } from './domain/users/registration-policy';
import database from './plugins/app/database';
import delivery from './plugins/app/delivery';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './domain/delivery/delivery-settings';
import jobRunner from './plugins/app/job-runner';
import type { JobRunnerSettings } from './domain/jobs/job-runner';
import partnerScope from './plugins/app/partner-scope';
import readRounds from './plugins/app/read-rounds';
import recordingLinks from './plugins/app/recording-links';
import errorHandler from './plugins/app/error-handler';
import sharedState from './plugins/app/shared-state';
import jsonBody from './plugins/external/json-body';
import openapi from './plugins/external/openapi';
import rateLimit, { type CounterLocation } from './plugins/external/rate-limit';
import securityHeaders from './plugins/external/security-headers';
import authRoutes, { type AuthRouteLimits } from './routes/api/auth';
import healthRoutes from './routes/api/health';
import userRoutes from './routes/api/users';
import viewRoutes from './routes/api/views';
import callRoutes from './routes/api/calls';
import exportRoutes from './routes/api/calls/export';
import callDisputeRoutes from './routes/api/calls/disputes';
import changeRoutes from './routes/api/changes';
import { DEFAULT_CHANGE_LOG_RETENTION_DAYS } from './domain/changes/change-log-retention';
import disputeRoutes from './routes/api/disputes';
import deliveryRoutes from './routes/api/deliveries';
import deliveryEndpointRoutes from './routes/api/delivery-endpoints';
import outboxRoutes from './routes/api/outbox';
import interactiveFirst from './plugins/app/export-pacing';
import fairShares from './plugins/app/fair-shares';
import type { FairShareLimits } from './domain/fair-shares/fair-shares';
import liveEvents from './plugins/app/live-events';
import reportScheduler from './plugins/app/report-scheduler';
import alertJobs from './plugins/app/alert-jobs';
import outboundEvents from './plugins/app/outbound-events';
import eventSubscriptionRoutes from './routes/api/event-subscriptions';
import alertRoutes from './routes/api/alerts';
import reportScheduleRoutes from './routes/api/report-schedules';
import notificationFeed from './plugins/app/notification-feed';
import notificationRoutes from './routes/api/notifications';
import eventRoutes from './routes/api/events';
import type { StreamCaps } from './domain/events/stream-registry';
import costRoutes from './routes/api/cost';
import recordingRoutes from './routes/recordings';
import filterRoutes from './routes/api/filters';
import ingestRoutes from './routes/api/ingest';
import { DEFAULT_INGEST_CONCURRENCY, createWriteTurns } from './domain/ingest/ingest-write-queue';
import connectorReceiveRoutes from './routes/api/ingest/connectors';
import ingestKeyRoutes from './routes/api/ingest-keys';
import connectorRoutes from './routes/api/connectors';
import importJobs from './import/import-jobs';
import importRoutes from './routes/api/imports';
import partnerKeyRoutes from './routes/api/partner-keys';
import scorecardRoutes from './routes/api/scorecard';
import statsRoutes from './routes/api/stats';
import webRoutes from './routes/web';
import { DEFAULT_WEB_ROOT, remoteOrigins, type RemoteUrls } from './domain/web/front-end';
import { DEFAULT_REPEAT_WINDOW_DAYS } from './domain/calls/repeat-window';
import { DEFAULT_FLAG_THRESHOLDS, type FlagThresholds } from './domain/calls/stats';
import { AcceptedIngestKeys } from './domain/rate-limit/accepted-ingest-keys';
import { DEFAULT_RATE_LIMITS, DEFAULT_SIGN_IN_PER_MINUTE, type RateLimits } from './domain/rate-limit/rate-limits';

export interface AppOptions {
  db: Database;
  jwtSecret: string;
  /** Who may register (ALLOW_SIGNUP, resolved for the engine by registrationPolicy). */
  registration: RegistrationPolicy;
  /** What the first account must bring to register (domain/users/setup-token.ts); undefined: nothing. */
  setupToken?: string;
  /** Lowered by tests only; production keeps OWASP's scrypt cost. */
  passwordCost?: ScryptCost;
  /**
   * The hasher, with its queue (at most a few derivations at once, per process): the server passes the one
   * it seeded the database with, tests one they control. Default: a new one at `passwordCost`.
   */
  passwords?: PasswordHasher;
  /** INGEST_API_KEY: accepted on the ingest endpoints beside the keys admins create. */
  ingestApiKey?: string;
  /** INGEST_CONCURRENCY: call deliveries written at once (default DEFAULT_INGEST_CONCURRENCY). */
  ingestConcurrency?: number;
  /** REPEAT_WINDOW_DAYS: the window the stored calls were decided with (start-up applies it: domain/calls/repeat-window.ts). */
  repeatWindowDays?: number;
  /** CHANGE_LOG_RETENTION_DAYS: how long the change log keeps a change (domain/changes/change-log-retention.ts). */
  changeLogRetentionDays?: number;
  flagThresholds?: FlagThresholds;
  /** Overridable so tests can exercise a limit without waiting for it. */
  limits?: Partial<AppLimits>;
  /** The live event streams: caps on how many are open, and (tests) the heartbeat's interval. */
  liveEvents?: { caps?: Partial<StreamCaps>; heartbeatMs?: number };
  /** The folder holding the built front end (`shell/dist`, `remote-*\/dist`); default: the repository root. */
  webRoot?: string;
  /** REMOTE_*_URL: remotes hosted elsewhere (their origins join the Content-Security-Policy). */
  remoteUrls?: RemoteUrls;
  /** REDIS_URL: keep the rate-limit counters in Redis instead of PostgreSQL. */
  redisUrl?: string;
  /** COOKIE_SECURE: the refresh cookie's Secure flag (default `auto`: when the request came over HTTPS). */
  cookieSecure?: CookieSecure;
  /** Per person and per instance: requests at once, and expensive ones at once (domain/fair-shares/fair-shares.ts); tests lower them. */
  fairShares?: Partial<FairShareLimits>;
  /** Tests only: when ended sessions are deleted, as a cron of the job runner (default SESSION_SWEEP_CRON). */
  sessionSweepCron?: string;
  /** Tests only: how often queued calls get their search words (default CALL_WORDS_INTERVAL_MS). */
  callWordsIntervalMs?: number;
  /**
   * The delivery mechanism (domain/delivery/): SMTP_URL, MAIL_FROM, PUBLIC_URL, the outbox folder
   * (`<DATA_DIR>/outbox`), DELIVERY_PAUSE_AFTER_FAILURES; tests shorten the retry schedule and the timeout.
   */
  delivery?: Partial<DeliverySettings>;
  /**
   * The job runner (domain/jobs/job-runner.ts): its polling and cron-check intervals, and `working: false` for
   * an app that queues jobs but runs none (the API tests that drive no job). Default: working, at
   * JOB_RUNNER_DEFAULTS, as the server always runs it.
   */
  jobs?: JobRunnerSettings;
}

export interface AppLimits extends AuthRouteLimits, RateLimits, SignInLimits {}

export const DEFAULT_LIMITS: AppLimits = {
  ...DEFAULT_RATE_LIMITS,
  ...SIGN_IN_DEFAULTS,
  signInPerMinute: DEFAULT_SIGN_IN_PER_MINUTE,
  registerPerMinute: 10,
  refreshPerMinute: 60,
};

/** Bodies above this size get a 413 (the largest legitimate one is an ingest batch). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Several instances on one PostgreSQL database must spend from the same budgets, so the counters
 * live there (or in Redis, when the operator has one); an embedded database has one instance.
 */
function counterLocation(options: AppOptions): CounterLocation {
  if (options.redisUrl) return { kind: 'redis', url: options.redisUrl };
  return options.db.kind === 'postgres' ? { kind: 'postgres', db: options.db } : { kind: 'memory' };
}

export default async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };

  await fastify.register(securityHeaders, { remoteOrigins: remoteOrigins(options.remoteUrls) });
  await fastify.register(jsonBody);
  await fastify.register(errorHandler);
  await fastify.register(openapi);
  await fastify.register(database, { db: options.db });
  // Early, so the plugins after it can queue and work jobs, and it stops after them (onClose runs last-registered first).
  await fastify.register(jobRunner, { db: options.db, settings: options.jobs });
  await fastify.register(partnerScope);
  await fastify.register(readRounds);
  // Throttle, idempotency keys, export guard: in PostgreSQL when it is the engine, shared by every instance.
  await fastify.register(sharedState);
  // Partner API keys authentication has accepted lately: each spends a rate-limit budget of its own, as ingest keys do.
  const acceptedPartnerKeys = new AcceptedIngestKeys(undefined);
  await fastify.register(authentication, {
    jwtSecret: options.jwtSecret,
    passwordCost: options.passwordCost,
    passwords: options.passwords,
    cookieSecure: options.cookieSecure,
    acceptedPartnerKeys,
  });
  await fastify.register(deviceCookie, { jwtSecret: options.jwtSecret, cookieSecure: options.cookieSecure });
  await fastify.register(sessionHousekeeping, { cron: options.sessionSweepCron });
  await fastify.register(changeLogPruning, { retentionDays: options.changeLogRetentionDays ?? DEFAULT_CHANGE_LOG_RETENTION_DAYS });
  await fastify.register(callWordsIndexer, { intervalMs: options.callWordsIntervalMs });
  await fastify.register(recordingLinks, { jwtSecret: options.jwtSecret });
  // After authentication (the limits key signed-in requests by the token's subject), before any route.
  const acceptedIngestKeys = new AcceptedIngestKeys(options.ingestApiKey);
  await fastify.register(rateLimit, {
    limits,
    counters: counterLocation(options),
    verifiedUserOf: (request) => fastify.accessClaimsOf(request)?.sub,
    isAcceptedIngestKey: (apiKey) => acceptedIngestKeys.has(apiKey),
    isAcceptedPartnerKey: (partnerKey) => acceptedPartnerKeys.has(partnerKey),
  });
  // After the rate limits: a request over its budget never takes a turn.
  await fastify.register(fairShares, { limits: options.fairShares });
  await fastify.register(interactiveFirst);
  await fastify.register(liveEvents, { caps: options.liveEvents?.caps });
  await fastify.register(notificationFeed);
  // After the job runner, whose queues it works; its service sends what alerts, reports and events produce.
  const deliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, ...options.delivery };
  await fastify.register(delivery, { db: options.db, settings: deliverySettings });
  // After the delivery mechanism and the runner: each minute's tick sends the scheduled reports that are due.
  await fastify.register(reportScheduler, { flagThresholds: options.flagThresholds ?? DEFAULT_FLAG_THRESHOLDS, publicUrl: deliverySettings.publicUrl });
  // After the delivery mechanism and the runner: the change log and the alert transitions out to the event
  // subscriptions' webhooks (before the alert rules' tick, which nudges it).
  await fastify.register(outboundEvents, { nudge: options.jobs?.working !== false });
  // After the delivery mechanism and the runner: each minute's tick judges the alert rules.
  await fastify.register(alertJobs);

  // Counts sign-in attempts per address and email, per account, and per known device (domain/auth/sign-in-throttle.ts).
  const signInThrottle = new SignInThrottle(
    fastify.sharedState.loginThrottle(addressThrottleOptions(limits)),
    fastify.sharedState.loginThrottle(accountThrottleOptions(limits)),
    fastify.sharedState.loginThrottle(deviceThrottleOptions(limits)),
  );

  await fastify.register(healthRoutes, { prefix: '/api' });
  await fastify.register(authRoutes, { prefix: '/api/auth', registration: options.registration, setupToken: options.setupToken, limits, signInThrottle });
  await fastify.register(userRoutes, { prefix: '/api/users', signInThrottle });
  await fastify.register(viewRoutes, { prefix: '/api/views' });
  await fastify.register(statsRoutes, { prefix: '/api/stats', flagThresholds: options.flagThresholds ?? DEFAULT_FLAG_THRESHOLDS });
  await fastify.register(scorecardRoutes, { prefix: '/api/scorecard', flagThresholds: options.flagThresholds ?? DEFAULT_FLAG_THRESHOLDS });
  await fastify.register(callRoutes, { prefix: '/api/calls' });
  await fastify.register(exportRoutes, { prefix: '/api/calls' });
  await fastify.register(callDisputeRoutes, { prefix: '/api/calls' });
  await fastify.register(disputeRoutes, { prefix: '/api/disputes' });
  await fastify.register(changeRoutes, { prefix: '/api/changes', retentionDays: options.changeLogRetentionDays ?? DEFAULT_CHANGE_LOG_RETENTION_DAYS });
  await fastify.register(filterRoutes, { prefix: '/api/filters' });
  // One queue of writes for the deliveries and the connectors' events: INGEST_CONCURRENCY holds for both together.
  const ingestWrites = createWriteTurns(options.ingestConcurrency ?? DEFAULT_INGEST_CONCURRENCY);
  await fastify.register(ingestRoutes, {
    prefix: '/api/ingest',
    ingestApiKey: options.ingestApiKey,
    acceptedKeys: acceptedIngestKeys,
    concurrency: options.ingestConcurrency ?? DEFAULT_INGEST_CONCURRENCY,
    writeTurns: ingestWrites,
    repeatWindowDays: options.repeatWindowDays ?? DEFAULT_REPEAT_WINDOW_DAYS,
  });
  await fastify.register(connectorReceiveRoutes, {
    prefix: '/api/ingest/connectors',
    writeTurns: ingestWrites,
    acceptedKeys: acceptedIngestKeys,
    repeatWindowDays: options.repeatWindowDays ?? DEFAULT_REPEAT_WINDOW_DAYS,
  });
  await fastify.register(ingestKeyRoutes, { prefix: '/api/ingest-keys' });
  await fastify.register(connectorRoutes, { prefix: '/api/connectors' });
  // CSV imports from the app: each runs on the job runner, its batches in the deliveries' turns.
  await fastify.register(importJobs, { repeatWindowDays: options.repeatWindowDays ?? DEFAULT_REPEAT_WINDOW_DAYS, writeTurns: ingestWrites });
  await fastify.register(importRoutes, { prefix: '/api/imports' });
  await fastify.register(partnerKeyRoutes, { prefix: '/api/partner-keys' });
  await fastify.register(costRoutes, { prefix: '/api/cost' });
  await fastify.register(eventRoutes, { prefix: '/api/events', heartbeatMs: options.liveEvents?.heartbeatMs });
  await fastify.register(notificationRoutes, { prefix: '/api/notifications' });
  await fastify.register(deliveryEndpointRoutes, { prefix: '/api/delivery-endpoints' });
  await fastify.register(deliveryRoutes, { prefix: '/api/deliveries' });
  await fastify.register(outboxRoutes, { prefix: '/api/outbox', outboxDir: deliverySettings.outboxDir });
  await fastify.register(reportScheduleRoutes, { prefix: '/api/report-schedules' });
  await fastify.register(alertRoutes, { prefix: '/api/alerts' });
  await fastify.register(eventSubscriptionRoutes, { prefix: '/api/event-subscriptions' });
  // An <audio> element cannot send a bearer token: a recording is read through the signed link the call's API answer carries.
  await fastify.register(recordingRoutes, { prefix: '/recordings' });
  // The built front end: the shell at / (its client routes get its page), the remotes under /remotes/.
  await fastify.register(webRoutes, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT, remoteUrls: options.remoteUrls });
}
