import path from 'node:path';
import { ConfigError, loadConfig } from './env';

const CWD = path.resolve('/srv/callboard');
const SECRET_32 = 's'.repeat(32);

/** The problems a ConfigError reports for `env`; fails the test if loading succeeds. */
function problemsFor(env: Record<string, string | undefined>): string[] {
  let caught: unknown;
  try {
    loadConfig(env, CWD);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  return (caught as ConfigError).problems;
}

describe('loadConfig defaults', () => {
  test('an empty environment gives the documented defaults', () => {
    expect(loadConfig({}, CWD)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve(CWD, 'data'),
      jwtSecret: undefined,
      allowSignup: undefined,
      admin: undefined,
      demoData: undefined,
      logLevel: 'info',
      requestLogLevel: undefined,
      ingestApiKey: undefined,
      ingestConcurrency: 2,
      repeatWindowDays: 7,
      changeLogRetentionDays: 90,
      flagThresholds: { voicemailPct: 20, targetHangupPct: 10, rejectedUnknownPct: 5, redNoConnectPct: 5 },
      webRoot: undefined,
      remoteUrls: { reporting: undefined, calllogs: undefined, users: undefined },
      rateLimits: { userPerMinute: 600, ingestKeyPerMinute: 6000, signInPerMinute: 10 },
      trustProxy: false,
      redisUrl: undefined,
      cookieSecure: 'auto',
      smtpUrl: undefined,
      mailFrom: 'Callboard <callboard@localhost>',
      publicUrl: 'http://localhost:8080',
      pauseAfterFailures: 5,
    });
  });

  test('blank values count as unset', () => {
    const config = loadConfig({ PORT: '  ', HOST: '', LOG_LEVEL: ' ', ALLOW_SIGNUP: '', DATA_DIR: ' ' }, CWD);
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.logLevel).toBe('info');
    expect(config.allowSignup).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(CWD, 'data'));
  });
});

describe('loadConfig valid values', () => {
  test('reads every variable', () => {
    expect(
      loadConfig(
        {
          PORT: ' 3000 ',
          HOST: '0.0.0.0',
          DATABASE_URL: 'postgres://user:pw@db:5432/callboard',
          DATA_DIR: 'var/state',
          JWT_SECRET: SECRET_32,
          ALLOW_SIGNUP: 'false',
          ADMIN_EMAIL: 'admin@example.com',
          ADMIN_PASSWORD: 'correct horse',
          DEMO_DATA: 'true',
          LOG_LEVEL: 'debug',
          REQUEST_LOG_LEVEL: 'info',
          INGEST_API_KEY: 'ingest-key-of-24-chars-ok',
          INGEST_CONCURRENCY: '4',
          REPEAT_WINDOW_DAYS: '30',
          CHANGE_LOG_RETENTION_DAYS: '365',
          FLAG_VOICEMAIL_PCT: '25',
          FLAG_TARGET_HU_PCT: '12.5',
          FLAG_REJECTED_UNKNOWN_PCT: '0',
          FLAG_RED_NO_CONNECT_PCT: '100',
          WEB_ROOT: 'build',
          REMOTE_REPORTING_URL: 'https://cdn.example.com/reporting/remoteEntry.js',
          REMOTE_CALLLOGS_URL: '/static/calllogs/remoteEntry.js',
          REMOTE_USERS_URL: 'http://127.0.0.1:3003/remoteEntry.js',
          RATE_LIMIT_USER_PER_MIN: '1200',
          RATE_LIMIT_INGEST_PER_MIN: ' 20000 ',
          TRUST_PROXY: '10.0.0.0/8, 192.168.1.10',
          REDIS_URL: 'redis://:pw@cache:6379/2',
          COOKIE_SECURE: 'true',
          SMTP_URL: 'smtps://alerts:pw@mail.example.com:465',
          MAIL_FROM: 'QC Alerts <alerts@example.com>',
          PUBLIC_URL: 'https://callboard.example.com/',
          DELIVERY_PAUSE_AFTER_FAILURES: '10',
        },
        CWD,
      ),
    ).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://user:pw@db:5432/callboard',
      dataDir: path.resolve(CWD, 'var/state'),
      jwtSecret: SECRET_32,
      allowSignup: false,
      admin: { email: 'admin@example.com', password: 'correct horse' },
      demoData: true,
      logLevel: 'debug',
      requestLogLevel: 'info',
      ingestApiKey: 'ingest-key-of-24-chars-ok',
      ingestConcurrency: 4,
      repeatWindowDays: 30,
      changeLogRetentionDays: 365,
      flagThresholds: { voicemailPct: 25, targetHangupPct: 12.5, rejectedUnknownPct: 0, redNoConnectPct: 100 },
      webRoot: path.resolve(CWD, 'build'),
      remoteUrls: {
        reporting: 'https://cdn.example.com/reporting/remoteEntry.js',
        calllogs: '/static/calllogs/remoteEntry.js',
        users: 'http://127.0.0.1:3003/remoteEntry.js',
      },
      rateLimits: { userPerMinute: 1200, ingestKeyPerMinute: 20000, signInPerMinute: 10 },
      trustProxy: ['10.0.0.0/8', '192.168.1.10'],
      redisUrl: 'redis://:pw@cache:6379/2',
      cookieSecure: true,
      smtpUrl: 'smtps://alerts:pw@mail.example.com:465',
      mailFrom: 'QC Alerts <alerts@example.com>',
      publicUrl: 'https://callboard.example.com',
      pauseAfterFailures: 10,
    });
  });

  test('an absolute DATA_DIR is kept as is', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/callboard' }, CWD).dataDir).toBe(path.resolve('/var/lib/callboard'));
  });

  test('accepts the postgresql:// scheme too', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/db' }, CWD).databaseUrl).toBe('postgresql://localhost/db');
  });

  test('accepts PORT 1 and 65535', () => {
    expect(loadConfig({ PORT: '1' }, CWD).port).toBe(1);
    expect(loadConfig({ PORT: '65535' }, CWD).port).toBe(65535);
  });

  test.each(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])('accepts LOG_LEVEL=%s', (level) => {
    expect(loadConfig({ LOG_LEVEL: level }, CWD).logLevel).toBe(level);
  });
});

describe('loadConfig true/false words', () => {
  test.each(['true', '1', 'yes', 'on', 'TRUE', ' Yes ', 'On'])('%j means true', (word) => {
    const config = loadConfig({ ALLOW_SIGNUP: word, DEMO_DATA: word }, CWD);
    expect(config.allowSignup).toBe(true);
    expect(config.demoData).toBe(true);
  });

  test.each(['false', '0', 'no', 'off', 'FALSE', ' No ', 'Off'])('%j means false', (word) => {
    const config = loadConfig({ ALLOW_SIGNUP: word, DEMO_DATA: word }, CWD);
    expect(config.allowSignup).toBe(false);
    expect(config.demoData).toBe(false);
  });
});

describe('ALLOW_SIGNUP', () => {
  const allowSignup = (value: string | undefined) => loadConfig({ ALLOW_SIGNUP: value }, CWD).allowSignup;

  test('unset, blank or auto leaves the choice to the start (by engine); true and false force it', () => {
    expect(allowSignup(undefined)).toBeUndefined();
    expect(allowSignup('  ')).toBeUndefined();
    expect(allowSignup('auto')).toBeUndefined();
    expect(allowSignup(' AUTO ')).toBeUndefined();
    expect(allowSignup('true')).toBe(true);
    expect(allowSignup('false')).toBe(false);
  });

  test('anything else is named with the words it takes', () => {
    expect(problemsFor({ ALLOW_SIGNUP: 'sometimes' })).toEqual(['ALLOW_SIGNUP must be true, false or auto (got "sometimes")']);
  });
});

describe('loadConfig bad values', () => {
  test.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535 (got "70000")'],
    [{ PORT: '-1' }, 'PORT must be an integer from 0 to 65535 (got "-1")'],
    [{ PORT: '80.5' }, 'PORT must be an integer from 0 to 65535 (got "80.5")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [
      { JWT_SECRET: 's'.repeat(31) },
      'JWT_SECRET must be at least 32 characters (or unset, to generate one in DATA_DIR)',
    ],
    [{ ALLOW_SIGNUP: 'maybe' }, 'ALLOW_SIGNUP must be true, false or auto (got "maybe")'],
    [{ INGEST_CONCURRENCY: '0' }, 'INGEST_CONCURRENCY must be a whole number from 1 to 16 (got "0")'],
    [{ INGEST_CONCURRENCY: '17' }, 'INGEST_CONCURRENCY must be a whole number from 1 to 16 (got "17")'],
    [{ INGEST_CONCURRENCY: '2.5' }, 'INGEST_CONCURRENCY must be a whole number from 1 to 16 (got "2.5")'],
    [{ INGEST_CONCURRENCY: 'two' }, 'INGEST_CONCURRENCY must be a whole number from 1 to 16 (got "two")'],
    [{ REPEAT_WINDOW_DAYS: '0' }, 'REPEAT_WINDOW_DAYS must be a whole number of days from 1 to 90 (got "0")'],
    [{ REPEAT_WINDOW_DAYS: '91' }, 'REPEAT_WINDOW_DAYS must be a whole number of days from 1 to 90 (got "91")'],
    [{ REPEAT_WINDOW_DAYS: '1.5' }, 'REPEAT_WINDOW_DAYS must be a whole number of days from 1 to 90 (got "1.5")'],
    [{ REPEAT_WINDOW_DAYS: 'week' }, 'REPEAT_WINDOW_DAYS must be a whole number of days from 1 to 90 (got "week")'],
    [{ CHANGE_LOG_RETENTION_DAYS: '0' }, 'CHANGE_LOG_RETENTION_DAYS must be a whole number of days from 1 to 3650 (got "0")'],
    [{ CHANGE_LOG_RETENTION_DAYS: '3651' }, 'CHANGE_LOG_RETENTION_DAYS must be a whole number of days from 1 to 3650 (got "3651")'],
    [{ CHANGE_LOG_RETENTION_DAYS: '90d' }, 'CHANGE_LOG_RETENTION_DAYS must be a whole number of days from 1 to 3650 (got "90d")'],
    [{ DEMO_DATA: 'perhaps' }, 'DEMO_DATA must be true or false (got "perhaps")'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [{ REQUEST_LOG_LEVEL: 'silent' }, 'REQUEST_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace (got "silent")'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD is required when ADMIN_EMAIL is set'],
    [{ ADMIN_PASSWORD: 'secret123' }, 'ADMIN_EMAIL is required when ADMIN_PASSWORD is set'],
    [
      { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'secret123' },
      'ADMIN_EMAIL is not an email address (got "not-an-email")',
    ],
    [{ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: '12345' }, 'ADMIN_PASSWORD must be 6 to 256 characters'],
    [
      { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'p'.repeat(257) },
      'ADMIN_PASSWORD must be 6 to 256 characters',
    ],
    [
      { REMOTE_USERS_URL: 'ftp://x' },
      'REMOTE_USERS_URL must be an absolute http:// or https:// URL or a path starting with / (got "ftp://x")',
    ],
    [
      { REMOTE_REPORTING_URL: 'remotes/reporting/remoteEntry.js' },
      'REMOTE_REPORTING_URL must be an absolute http:// or https:// URL or a path starting with / (got "remotes/reporting/remoteEntry.js")',
    ],
    [
      { REMOTE_CALLLOGS_URL: '//cdn.example.com/remoteEntry.js' },
      'REMOTE_CALLLOGS_URL must be an absolute http:// or https:// URL or a path starting with / (got "//cdn.example.com/remoteEntry.js")',
    ],
    [
      { REMOTE_USERS_URL: 'http://cdn.example.com/users/mf-manifest.json' },
      'REMOTE_USERS_URL must be https:// for a host other than this machine: http:// only for localhost, 127.0.0.1 or ::1 (got "http://cdn.example.com/users/mf-manifest.json")',
    ],
    [
      { REMOTE_REPORTING_URL: 'http://10.0.0.5:4001/remoteEntry.js' },
      'REMOTE_REPORTING_URL must be https:// for a host other than this machine: http:// only for localhost, 127.0.0.1 or ::1 (got "http://10.0.0.5:4001/remoteEntry.js")',
    ],
  ])('%j is rejected', (env, problem) => {
    expect(problemsFor(env)).toEqual([problem]);
  });

  test('reports every problem together, and the error message lists them', () => {
    const env = {
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      ADMIN_EMAIL: 'admin@example.com',
      LOG_LEVEL: 'loud',
      ALLOW_SIGNUP: 'maybe',
      DEMO_DATA: 'perhaps',
      REMOTE_USERS_URL: 'ftp://x',
    };
    const problems = problemsFor(env);
    const named = ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'ALLOW_SIGNUP', 'DEMO_DATA', 'REMOTE_USERS_URL'];
    expect(problems).toHaveLength(named.length);
    for (const variable of named) {
      expect(problems.some((problem) => problem.startsWith(variable))).toBe(true);
    }

    let message = '';
    try {
      loadConfig(env, CWD);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual(['Invalid configuration:', ...problems.map((p) => `  - ${p}`)]);
  });
});

test('PORT=0 asks for any free port', () => {
  expect(loadConfig({ PORT: '0' }, '/srv').port).toBe(0);
});

test('flag thresholds and the ingest key are checked', () => {
  expect(() => loadConfig({ FLAG_VOICEMAIL_PCT: 'lots' }, '/srv')).toThrow('FLAG_VOICEMAIL_PCT must be a percentage from 0 to 100 (got "lots")');
  expect(() => loadConfig({ FLAG_RED_NO_CONNECT_PCT: '101' }, '/srv')).toThrow('FLAG_RED_NO_CONNECT_PCT must be a percentage');
  expect(() => loadConfig({ INGEST_API_KEY: 'short' }, '/srv')).toThrow('INGEST_API_KEY must be at least 24 characters');
});

test('an absolute WEB_ROOT is kept as is', () => {
  expect(loadConfig({ WEB_ROOT: '/opt/callboard-web' }, CWD).webRoot).toBe(path.resolve('/opt/callboard-web'));
});

describe('rate limits', () => {
  test('RATE_LIMIT_USER_PER_MIN and RATE_LIMIT_INGEST_PER_MIN take a whole number of at least 1', () => {
    expect(problemsFor({ RATE_LIMIT_USER_PER_MIN: '0' })).toEqual([
      'RATE_LIMIT_USER_PER_MIN must be a whole number of requests a minute, at least 1 (got "0")',
    ]);
    expect(problemsFor({ RATE_LIMIT_INGEST_PER_MIN: '6000/min' })).toEqual([
      'RATE_LIMIT_INGEST_PER_MIN must be a whole number of requests a minute, at least 1 (got "6000/min")',
    ]);
    expect(problemsFor({ RATE_LIMIT_USER_PER_MIN: '1.5' })).toHaveLength(1);
    expect(problemsFor({ RATE_LIMIT_USER_PER_MIN: '-5' })).toHaveLength(1);
    expect(loadConfig({ RATE_LIMIT_USER_PER_MIN: '1' }, CWD).rateLimits).toEqual({ userPerMinute: 1, ingestKeyPerMinute: 6000, signInPerMinute: 10 });
    expect(loadConfig({ RATE_LIMIT_SIGN_IN_PER_MIN: '40' }, CWD).rateLimits.signInPerMinute).toBe(40);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, CWD).trustProxy;

  test('true/false words, a hop count, or addresses and CIDR ranges (IPv4 and IPv6), and the named ranges', () => {
    expect(trust('false')).toBe(false);
    expect(trust('OFF')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('yes')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('0')).toBe(false);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8 ,fd00::/8, ::1,loopback ')).toEqual(['10.0.0.0/8', 'fd00::/8', '::1', 'loopback']);
    expect(trust('0.0.0.0/0')).toEqual(['0.0.0.0/0']);
  });

  test('each bad entry is named', () => {
    expect(problemsFor({ TRUST_PROXY: 'maybe' })).toEqual([
      'TRUST_PROXY must be true, false, a hop count, or a comma-separated list of IP addresses / CIDR ranges: "maybe" is not an IP address or CIDR range (got "maybe")',
    ]);
    expect(problemsFor({ TRUST_PROXY: '10.0.0.0/33, 300.1.1.1, fd00::/129' })).toEqual([
      expect.stringContaining('"10.0.0.0/33" has a prefix length outside 0 to 32'),
      expect.stringContaining('"300.1.1.1" is not an IP address or CIDR range'),
      expect.stringContaining('"fd00::/129" has a prefix length outside 0 to 128'),
    ]);
    expect(problemsFor({ TRUST_PROXY: '10.0.0.1,,10.0.0.2' })).toEqual([expect.stringContaining('an empty entry')]);
    expect(problemsFor({ TRUST_PROXY: '10.0.0.0/8/1' })).toEqual([expect.stringContaining('"10.0.0.0/8/1" is not an IP address')]);
    expect(problemsFor({ TRUST_PROXY: '10.0.0.0/x' })).toEqual([expect.stringContaining('prefix length')]);
  });
});

describe('REDIS_URL', () => {
  test('a redis:// or rediss:// URL with a host', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal:6380' }, CWD).redisUrl).toBe('rediss://cache.internal:6380');
    const message = 'REDIS_URL must be a redis:// or rediss:// URL with a host';
    expect(problemsFor({ REDIS_URL: 'http://cache:6379' })).toEqual([message]);
    expect(problemsFor({ REDIS_URL: 'cache:6379' })).toEqual([message]);
    // The value is not repeated back: it may hold a password.
    expect(problemsFor({ REDIS_URL: 'postgres://:secret@cache' }).join()).not.toContain('secret');
  });
});

describe('COOKIE_SECURE', () => {
  const secure = (value: string) => loadConfig({ COOKIE_SECURE: value }, CWD).cookieSecure;

  test('auto (the default, also when blank), or a true/false word that forces the flag', () => {
    expect(secure('auto')).toBe('auto');
    expect(secure(' AUTO ')).toBe('auto');
    expect(secure('  ')).toBe('auto');
    expect(secure('true')).toBe(true);
    expect(secure('On')).toBe(true);
    expect(secure('false')).toBe(false);
    expect(secure('0')).toBe(false);
  });

  test('anything else is named with the value it got', () => {
    expect(problemsFor({ COOKIE_SECURE: 'always' })).toEqual(['COOKIE_SECURE must be auto, true or false (got "always")']);
    expect(problemsFor({ COOKIE_SECURE: 'https' })).toEqual(['COOKIE_SECURE must be auto, true or false (got "https")']);
  });
});

describe('delivery: SMTP_URL, MAIL_FROM, PUBLIC_URL, DELIVERY_PAUSE_AFTER_FAILURES', () => {
  test('PUBLIC_URL defaults to this machine at PORT; a path is kept, without its trailing slash', () => {
    expect(loadConfig({ PORT: '3000' }, CWD).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/callboard/' }, CWD).publicUrl).toBe('https://example.com/callboard');
  });

  test('MAIL_FROM takes a bare address or a name and an address', () => {
    expect(loadConfig({ MAIL_FROM: 'alerts@example.com' }, CWD).mailFrom).toBe('alerts@example.com');
    expect(loadConfig({ MAIL_FROM: '"Callboard QC" <qc@example.com>' }, CWD).mailFrom).toBe('"Callboard QC" <qc@example.com>');
  });

  test('each bad value is named; the SMTP URL is not echoed (it carries a password)', () => {
    const problems = problemsFor({
      SMTP_URL: 'http://user:hunter2@mail.example.com',
      MAIL_FROM: 'Callboard',
      PUBLIC_URL: 'callboard.example.com',
      DELIVERY_PAUSE_AFTER_FAILURES: '0',
    });
    expect(problems).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@mail.example.com',
      'MAIL_FROM must be an email address, or a name and an address: Callboard <alerts@example.com> (got "Callboard")',
      'PUBLIC_URL must be an absolute http:// or https:// URL, e.g. https://callboard.example.com (got "callboard.example.com")',
      'DELIVERY_PAUSE_AFTER_FAILURES must be a whole number from 1 to 100 (got "0")',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problemsFor({ PUBLIC_URL: 'https://example.com/?a=1' })).toEqual(['PUBLIC_URL must not have a query or a fragment (got "https://example.com/?a=1")']);
  });
});
