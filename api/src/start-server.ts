/**
 * Everything `npm start` does before it waits for signals: read the
 * environment, open and migrate the database, prepare the first accounts and
 * listen. Returned as a handle so tests can start and stop a real server.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import app from './app';
import { applyRepeatWindow } from './domain/calls/repeat-window';
import { FASTIFY_OPTIONS, loggerOptions } from './fastify-options';
import { LeveledRequestLog } from './http/request-log';
import { loadConfig, type Config } from './config/env';
import { fastifyTrustProxy } from './config/trust-proxy';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { seedDemoCalls } from './demo/seed-demo-calls';
import { seedDemoAlert } from './demo/demo-alerts';
import { prepareDemoPartners } from './demo/demo-partners';
import { PasswordHasher, type ScryptCost } from './domain/auth/password-hasher';
import { DEFAULT_WEB_ROOT } from './domain/web/front-end';
import { jwtSecretFor, keptDemoPassword } from './domain/shared-state/shared-state';
import { firstAccountNeedsSetupToken, registrationPolicy, type RegistrationPolicy } from './domain/users/registration-policy';
import { setupTokenFor } from './domain/users/setup-token';
import { usersRepository } from './domain/users/users-repository';
import { prepareDemoTeam, type DemoTeam } from './startup/demo-team';
import { ensureAdmin } from './startup/ensure-admin';
import { demoExposure } from './startup/start-banner';
import { warmUpDatabase } from './startup/warm-up';

export interface RunningServer {
  fastify: FastifyInstance;
  db: Database;
  config: Config;
  url: string;
  /** The demo team, seeded now or earlier; undefined when the database holds no demo account. */
  demo: DemoTeam | undefined;
  /** Who may register, and the setup token the first account needs when the database held no user at start (for the banner). */
  registration: { policy: RegistrationPolicy; setupToken: string | undefined };
  /** Stops accepting requests, lets in-flight ones finish, then closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Tests only: a cheaper scrypt cost. */
  passwordCost?: ScryptCost;
  /** Tests only: how many demo calls a first start seeds (default 50,000, which takes a while on PGlite). */
  demoCalls?: number;
  /** Tests only: where the log lines go (default standard output). */
  logStream?: { write(line: string): void };
}

async function prepareDatabase(config: Config, db: Database, passwords: PasswordHasher, demoCalls: number, log: (msg: string) => void) {
  const { wasEmpty, applied } = await migrate(db);
  if (applied.length > 0) log(`database: applied migrations ${applied.join(', ')}`);
  const redecided = await applyRepeatWindow(db, config.repeatWindowDays);
  if (redecided !== null) log(`repeat callers: decided again with a ${config.repeatWindowDays}-day window (${redecided} calls changed)`);
  if (config.admin) {
    const outcome = await ensureAdmin(db, passwords, config.admin);
    if (outcome === 'created') log(`created admin ${config.admin.email}`);
  }
  const wanted = config.demoData ?? (db.kind === 'pglite' && wasEmpty);
  // Demo data is in use when asked for now, or when an earlier start seeded the demo team.
  const demo = await prepareDemoTeam(db, passwords, keptDemoPassword(db, config.dataDir), wanted);
  if (demo?.change === 'seeded') log(`demo data: ${demo.accounts} users`);
  if (demo?.change === 'rekeyed') log(`demo data: the demo team had no kept password; ${demo.accounts} accounts got new ones (the demo admin's is printed)`);
  if (demo && (await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM calls) AS any'))[0]?.any === false) {
    // Three months of a busy call floor, ending now.
    const { inserted, elapsedMs } = await seedDemoCalls(db, { calls: demoCalls, days: 90, seed: 1, end: new Date() });
    log(`demo data: ${inserted} calls over the last 90 days (${(elapsedMs / 1000).toFixed(1)} s)`);
  }
  if (demo) {
    // After the calls: the partners' scopes name the demo's publishers and buyers.
    const partners = await prepareDemoPartners(db, passwords, demo.admin?.password);
    if (partners.added > 0) log(`demo data: ${partners.added} partner accounts`);
    demo.partners = partners.signIns;
    demo.accounts += partners.added;
    // An alert rule the demo's calls trip, so the first start shows one firing (the bell, the outbox).
    if (await seedDemoAlert(db)) log('demo data: an alert rule on the voicemail share, the demo admin subscribed');
  }
  return { demo };
}

/** Throws ConfigError (with every problem listed) before touching anything when the environment is wrong. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env, options.cwd ?? process.cwd());
  const requestLog = new LeveledRequestLog();
  const fastify = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: requestLog,
    ...FASTIFY_OPTIONS,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
  });
  // A request in flight when the stop begins is answered, but fastify closes only the connections idle at
  // that moment: kept alive, this one would hold the stop open until its client let go of it (up to the
  // keep-alive timeout, longer than the 10 s server.ts gives a stop). Once stopping, every answer closes its connection.
  let stopping = false;
  fastify.addHook('preClose', async () => {
    stopping = true;
  });
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    const passwords = new PasswordHasher(options.passwordCost);
    const { demo } = await prepareDatabase(config, db, passwords, options.demoCalls ?? 50_000, (msg) => fastify.log.info(msg));
    // The demo is mostly met on a person's terminal, where a line per request would scroll the sign-in away.
    requestLog.level = config.requestLogLevel ?? (demo ? 'debug' : 'info');
    // Unset JWT_SECRET: generated once, kept in the database on PostgreSQL (so instances agree), else in DATA_DIR.
    const jwtSecret = await jwtSecretFor(db, config.jwtSecret, config.dataDir);
    const policy = registrationPolicy(config.allowSignup, db.kind, config.host);
    const setupToken = firstAccountNeedsSetupToken(db.kind, config.host) ? setupTokenFor(jwtSecret) : undefined;
    const awaitingFirstAccount = policy !== 'closed' && !(await usersRepository.anyExists(db));
    // fp: the app's error handler, headers and hooks apply to the whole server.
    await fastify.register(fp(app), {
      db,
      jwtSecret,
      registration: policy,
      setupToken,
      passwordCost: options.passwordCost,
      // One hasher, so one queue bounds every derivation this process runs.
      passwords,
      ingestApiKey: config.ingestApiKey,
      ingestConcurrency: config.ingestConcurrency,
      repeatWindowDays: config.repeatWindowDays,
      changeLogRetentionDays: config.changeLogRetentionDays,
      flagThresholds: config.flagThresholds,
      webRoot: config.webRoot ?? DEFAULT_WEB_ROOT,
      remoteUrls: config.remoteUrls,
      limits: config.rateLimits,
      redisUrl: config.redisUrl,
      cookieSecure: config.cookieSecure,
      delivery: {
        smtpUrl: config.smtpUrl,
        mailFrom: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        publicUrl: config.publicUrl,
        pauseAfterFailures: config.pauseAfterFailures,
      },
    });
    const warm = await warmUpDatabase(db);
    if (warm.queries > 0) fastify.log.info(`database: warmed up with ${warm.queries} dashboard queries in ${warm.ms} ms`);
    await fastify.listen({ port: config.port, host: config.host });
    const exposure = demoExposure(config.host, demo);
    if (exposure) fastify.log.warn({ host: config.host, demoAccounts: demo?.accounts }, exposure.join(' '));
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return {
      fastify,
      db,
      config,
      url: `http://${host}:${port}`,
      demo,
      registration: { policy, setupToken: awaitingFirstAccount ? setupToken : undefined },
      async stop() {
        await fastify.close();
        await db.close();
      },
    };
  } catch (error) {
    await fastify.close().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
}
