/**
 * The server is configured only by environment variables (no config files to drift between deployments). Every
 * variable is checked here, once, at start-up; a wrong value stops the server
 * with a message naming the variable, the rule and the value it got.
 */
import path from 'node:path';
import { isEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@callboard/contract';
import { DEFAULT_REPEAT_WINDOW_DAYS, MAX_REPEAT_WINDOW_DAYS, MIN_REPEAT_WINDOW_DAYS } from '../domain/calls/repeat-window';
import { DEFAULT_CHANGE_LOG_RETENTION_DAYS, MAX_CHANGE_LOG_RETENTION_DAYS, MIN_CHANGE_LOG_RETENTION_DAYS } from '../domain/changes/change-log-retention';
import { DEFAULT_INGEST_CONCURRENCY, MAX_INGEST_CONCURRENCY } from '../domain/ingest/ingest-write-queue';
import { REMOTE_NAMES, remoteUrlProblem, type RemoteName } from '../domain/web/front-end';
import { DEFAULT_RATE_LIMITS, DEFAULT_SIGN_IN_PER_MINUTE } from '../domain/rate-limit/rate-limits';
import { DEFAULT_MAIL_FROM, DEFAULT_PAUSE_AFTER_FAILURES, MAX_PAUSE_AFTER_FAILURES, mailFromProblem, publicUrlProblem } from '../domain/delivery/delivery-settings';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

/**
 * COOKIE_SECURE: whether the refresh cookie is marked Secure. `auto` follows the
 * request's protocol as Fastify reports it: HTTPS to this server, or
 * X-Forwarded-Proto: https from a proxy TRUST_PROXY trusts.
 */
export type CookieSecure = 'auto' | boolean;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; undefined means the embedded database. */
  databaseUrl: string | undefined;
  /** Absolute path of the folder for embedded data and the generated secret. */
  dataDir: string;
  jwtSecret: string | undefined;
  /**
   * ALLOW_SIGNUP. undefined (unset or `auto`): decide at start by engine
   * (domain/users/registration-policy.ts): open on the embedded database, on
   * PostgreSQL only until the first account exists.
   */
  allowSignup: boolean | undefined;
  admin: { email: string; password: string } | undefined;
  /** undefined: decide at start (on for a fresh embedded database, off on PostgreSQL). */
  demoData: boolean | undefined;
  logLevel: LogLevel;
  /** REQUEST_LOG_LEVEL: the level of each request's log lines; undefined: debug while the demo team is in use, else info. */
  requestLogLevel: Exclude<LogLevel, 'silent'> | undefined;
  /** Accepted as X-Api-Key on the ingest endpoints, beside keys created by admins. */
  ingestApiKey: string | undefined;
  /** Call deliveries written to the database at once (domain/ingest/ingest-write-queue.ts). */
  ingestConcurrency: number;
  /** REPEAT_WINDOW_DAYS: a call from the same caller id to the same campaign within this many days before makes a call a repeat. */
  repeatWindowDays: number;
  /** CHANGE_LOG_RETENTION_DAYS: how long the change log keeps a change before the daily pruning removes it. */
  changeLogRetentionDays: number;
  /** Percent shares at which the stats cards raise their warning flags. */
  flagThresholds: { voicemailPct: number; targetHangupPct: number; rejectedUnknownPct: number; redNoConnectPct: number };
  /** Absolute path of the folder holding the built front end; undefined: the repository root. */
  webRoot: string | undefined;
  /** REMOTE_<NAME>_URL: where a remote is loaded from (its mf-manifest.json or remoteEntry.js; https://, or http:// to this machine); undefined: its current build on this server. */
  remoteUrls: Record<RemoteName, string | undefined>;
  /** RATE_LIMIT_USER_PER_MIN / RATE_LIMIT_INGEST_PER_MIN / RATE_LIMIT_SIGN_IN_PER_MIN: requests a minute per signed-in user, per ingest key, and sign-ins per address. */
  rateLimits: { userPerMinute: number; ingestKeyPerMinute: number; signInPerMinute: number };
  /** TRUST_PROXY: whether client address and protocol come from X-Forwarded-For / -Proto (config/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** REDIS_URL: rate-limit counters in Redis rather than PostgreSQL / memory. */
  redisUrl: string | undefined;
  /** COOKIE_SECURE: the refresh cookie's Secure flag; `auto` follows the request's protocol (which TRUST_PROXY decides behind a proxy). */
  cookieSecure: CookieSecure;
  /** SMTP_URL: where email is sent (smtp:// or smtps://); undefined: email goes to the outbox in DATA_DIR (domain/delivery/outbox.ts). */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of every email. */
  mailFrom: string;
  /** PUBLIC_URL: how people reach this server, without a trailing slash; links in messages are made absolute with it. */
  publicUrl: string;
  /** DELIVERY_PAUSE_AFTER_FAILURES: an endpoint whose deliveries finally fail this many times in a row is paused. */
  pauseAfterFailures: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };

  const bool = (name: string): boolean | undefined => {
    const raw = value(name);
    if (raw === undefined) return undefined;
    if (TRUE_WORDS.has(raw.toLowerCase())) return true;
    if (FALSE_WORDS.has(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return undefined;
  };

  // `auto` says out loud what unset means.
  const allowSignup = (): boolean | undefined => {
    const raw = value('ALLOW_SIGNUP');
    if (raw === undefined || raw.toLowerCase() === 'auto') return undefined;
    if (TRUE_WORDS.has(raw.toLowerCase())) return true;
    if (FALSE_WORDS.has(raw.toLowerCase())) return false;
    problems.push(`ALLOW_SIGNUP must be true, false or auto (got "${raw}")`);
    return undefined;
  };

  let port = 8080;
  const rawPort = value('PORT');
  if (rawPort !== undefined) {
    const parsed = Number(rawPort);
    // 0 asks the system for any free port (scripts and tests).
    if (/^\d+$/.test(rawPort) && parsed <= 65535) port = parsed;
    else problems.push(`PORT must be an integer from 0 to 65535 (got "${rawPort}")`);
  }

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined) {
    let valid: boolean;
    try {
      valid = ['postgres:', 'postgresql:'].includes(new URL(databaseUrl).protocol);
    } catch {
      valid = false;
    }
    if (!valid) problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const jwtSecret = value('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters (or unset, to generate one in DATA_DIR)');
  }

  const adminEmail = value('ADMIN_EMAIL');
  const adminPassword = env.ADMIN_PASSWORD;
  let admin: Config['admin'];
  if (adminEmail !== undefined || adminPassword) {
    if (adminEmail === undefined) problems.push('ADMIN_EMAIL is required when ADMIN_PASSWORD is set');
    else if (!isEmail(adminEmail)) problems.push(`ADMIN_EMAIL is not an email address (got "${adminEmail}")`);
    if (!adminPassword) problems.push('ADMIN_PASSWORD is required when ADMIN_EMAIL is set');
    else if (adminPassword.length < PASSWORD_MIN_LENGTH || adminPassword.length > PASSWORD_MAX_LENGTH) {
      problems.push(`ADMIN_PASSWORD must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
    }
    if (adminEmail && adminPassword) admin = { email: adminEmail, password: adminPassword };
  }

  let logLevel: LogLevel = 'info';
  const rawLevel = value('LOG_LEVEL');
  if (rawLevel !== undefined) {
    if ((LOG_LEVELS as readonly string[]).includes(rawLevel)) logLevel = rawLevel as LogLevel;
    else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${rawLevel}")`);
  }

  let requestLogLevel: Config['requestLogLevel'];
  const rawRequestLevel = value('REQUEST_LOG_LEVEL');
  const requestLevels = LOG_LEVELS.filter((level) => level !== 'silent');
  if (rawRequestLevel !== undefined) {
    if ((requestLevels as readonly string[]).includes(rawRequestLevel)) requestLogLevel = rawRequestLevel as Config['requestLogLevel'];
    else problems.push(`REQUEST_LOG_LEVEL must be one of ${requestLevels.join(', ')} (got "${rawRequestLevel}")`);
  }

  const percent = (name: string, fallback: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || parsed > 100) {
      problems.push(`${name} must be a percentage from 0 to 100 (got "${raw}")`);
      return fallback;
    }
    return parsed;
  };

  const ingestApiKey = value('INGEST_API_KEY');
  if (ingestApiKey !== undefined && ingestApiKey.length < 24) problems.push('INGEST_API_KEY must be at least 24 characters');

  let ingestConcurrency = DEFAULT_INGEST_CONCURRENCY;
  const rawConcurrency = value('INGEST_CONCURRENCY');
  if (rawConcurrency !== undefined) {
    const parsed = Number(rawConcurrency);
    if (/^\d+$/.test(rawConcurrency) && parsed >= 1 && parsed <= MAX_INGEST_CONCURRENCY) ingestConcurrency = parsed;
    else problems.push(`INGEST_CONCURRENCY must be a whole number from 1 to ${MAX_INGEST_CONCURRENCY} (got "${rawConcurrency}")`);
  }

  let repeatWindowDays = DEFAULT_REPEAT_WINDOW_DAYS;
  const rawRepeatWindow = value('REPEAT_WINDOW_DAYS');
  if (rawRepeatWindow !== undefined) {
    const parsed = Number(rawRepeatWindow);
    if (/^\d+$/.test(rawRepeatWindow) && parsed >= MIN_REPEAT_WINDOW_DAYS && parsed <= MAX_REPEAT_WINDOW_DAYS) repeatWindowDays = parsed;
    else problems.push(`REPEAT_WINDOW_DAYS must be a whole number of days from ${MIN_REPEAT_WINDOW_DAYS} to ${MAX_REPEAT_WINDOW_DAYS} (got "${rawRepeatWindow}")`);
  }

  let changeLogRetentionDays = DEFAULT_CHANGE_LOG_RETENTION_DAYS;
  const rawRetention = value('CHANGE_LOG_RETENTION_DAYS');
  if (rawRetention !== undefined) {
    const parsed = Number(rawRetention);
    if (/^\d+$/.test(rawRetention) && parsed >= MIN_CHANGE_LOG_RETENTION_DAYS && parsed <= MAX_CHANGE_LOG_RETENTION_DAYS) changeLogRetentionDays = parsed;
    else problems.push(`CHANGE_LOG_RETENTION_DAYS must be a whole number of days from ${MIN_CHANGE_LOG_RETENTION_DAYS} to ${MAX_CHANGE_LOG_RETENTION_DAYS} (got "${rawRetention}")`);
  }

  const remoteUrls = {} as Record<RemoteName, string | undefined>;
  for (const name of REMOTE_NAMES) {
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    const raw = value(variable);
    const problem = raw === undefined ? undefined : remoteUrlProblem(raw);
    if (problem === undefined) remoteUrls[name] = raw;
    else problems.push(`${variable} ${problem} (got "${raw}")`);
  }

  const rawWebRoot = value('WEB_ROOT');

  const perMinute = (name: string, fallback: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (/^\d+$/.test(raw) && parsed >= 1 && Number.isSafeInteger(parsed)) return parsed;
    problems.push(`${name} must be a whole number of requests a minute, at least 1 (got "${raw}")`);
    return fallback;
  };

  const trustProxy = parseTrustProxy(value('TRUST_PROXY'));
  if ('problems' in trustProxy) problems.push(...trustProxy.problems);

  const redisUrl = value('REDIS_URL');
  if (redisUrl !== undefined) {
    let valid: boolean;
    try {
      const parsed = new URL(redisUrl);
      valid = ['redis:', 'rediss:'].includes(parsed.protocol) && parsed.hostname !== '';
    } catch {
      valid = false;
    }
    // The value is not echoed: a Redis URL often carries a password.
    if (!valid) problems.push('REDIS_URL must be a redis:// or rediss:// URL with a host');
  }

  let cookieSecure: CookieSecure = 'auto';
  const rawCookieSecure = value('COOKIE_SECURE');
  if (rawCookieSecure !== undefined && rawCookieSecure.toLowerCase() !== 'auto') {
    const word = rawCookieSecure.toLowerCase();
    if (TRUE_WORDS.has(word)) cookieSecure = true;
    else if (FALSE_WORDS.has(word)) cookieSecure = false;
    else problems.push(`COOKIE_SECURE must be auto, true or false (got "${rawCookieSecure}")`);
  }

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined) {
    let valid: boolean;
    try {
      const parsed = new URL(smtpUrl);
      valid = ['smtp:', 'smtps:'].includes(parsed.protocol) && parsed.hostname !== '';
    } catch {
      valid = false;
    }
    // Not echoed: an SMTP URL usually carries the account's password.
    if (!valid) problems.push('SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@mail.example.com');
  }

  const mailFrom = value('MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  const mailFromIssue = mailFromProblem(mailFrom);
  if (mailFromIssue) problems.push(`MAIL_FROM ${mailFromIssue} (got "${mailFrom}")`);

  const rawPublicUrl = value('PUBLIC_URL');
  const publicUrlIssue = rawPublicUrl === undefined ? undefined : publicUrlProblem(rawPublicUrl);
  if (publicUrlIssue) problems.push(`PUBLIC_URL ${publicUrlIssue} (got "${rawPublicUrl}")`);

  let pauseAfterFailures = DEFAULT_PAUSE_AFTER_FAILURES;
  const rawPauseAfter = value('DELIVERY_PAUSE_AFTER_FAILURES');
  if (rawPauseAfter !== undefined) {
    const parsed = Number(rawPauseAfter);
    if (/^\d+$/.test(rawPauseAfter) && parsed >= 1 && parsed <= MAX_PAUSE_AFTER_FAILURES) pauseAfterFailures = parsed;
    else problems.push(`DELIVERY_PAUSE_AFTER_FAILURES must be a whole number from 1 to ${MAX_PAUSE_AFTER_FAILURES} (got "${rawPauseAfter}")`);
  }

  const config: Config = {
    port,
    host: value('HOST') ?? '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(cwd, value('DATA_DIR') ?? 'data'),
    jwtSecret,
    allowSignup: allowSignup(),
    admin,
    demoData: bool('DEMO_DATA'),
    logLevel,
    requestLogLevel,
    ingestApiKey,
    ingestConcurrency,
    repeatWindowDays,
    changeLogRetentionDays,
    flagThresholds: {
      voicemailPct: percent('FLAG_VOICEMAIL_PCT', 20),
      targetHangupPct: percent('FLAG_TARGET_HU_PCT', 10),
      rejectedUnknownPct: percent('FLAG_REJECTED_UNKNOWN_PCT', 5),
      redNoConnectPct: percent('FLAG_RED_NO_CONNECT_PCT', 5),
    },
    webRoot: rawWebRoot === undefined ? undefined : path.resolve(cwd, rawWebRoot),
    remoteUrls,
    rateLimits: {
      userPerMinute: perMinute('RATE_LIMIT_USER_PER_MIN', DEFAULT_RATE_LIMITS.userPerMinute),
      ingestKeyPerMinute: perMinute('RATE_LIMIT_INGEST_PER_MIN', DEFAULT_RATE_LIMITS.ingestKeyPerMinute),
      signInPerMinute: perMinute('RATE_LIMIT_SIGN_IN_PER_MIN', DEFAULT_SIGN_IN_PER_MINUTE),
    },
    trustProxy: 'value' in trustProxy ? trustProxy.value : false,
    redisUrl,
    cookieSecure,
    smtpUrl,
    mailFrom,
    // Unset: this machine at the port it listens on, which is how the one-command demo is opened.
    publicUrl: (rawPublicUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    pauseAfterFailures,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
