import type { Config } from '../config/env';
import type { KeptPlace } from '../config/kept-secret';
import type { Database } from '../db/database';
import type { DemoTeam } from './demo-team';
import { demoExposure, startBanner } from './start-banner';

const KEPT_IN_FILE: KeptPlace = { file: '/srv/callboard/data/demo-admin-password' };
const team = (admin: DemoTeam['admin'], change: DemoTeam['change'] = undefined, passwordKept: KeptPlace = KEPT_IN_FILE): DemoTeam => ({
  admin,
  passwordKept,
  accounts: 29,
  change,
});
const ADMIN_SENTENCE = 'Among them is an admin: whoever signs in as it can read and change everything here.';

describe('demoExposure', () => {
  test('names the admin among the exposed accounts only while the demo admin exists', () => {
    expect(demoExposure('0.0.0.0', team({ email: 'admin@callboard.demo', password: undefined }))).toContain(ADMIN_SENTENCE);
    const withoutAdmin = demoExposure('0.0.0.0', team(undefined));
    expect(withoutAdmin?.[0]).toBe('WARNING: the demo accounts are reachable from the network.');
    expect(withoutAdmin).not.toContain(ADMIN_SENTENCE);
  });

  test('nothing to say on a loopback HOST, or without demo accounts', () => {
    expect(demoExposure('127.0.0.1', team(undefined))).toBeUndefined();
    expect(demoExposure('0.0.0.0', undefined)).toBeUndefined();
  });
});

describe("the demo admin's password in the banner", () => {
  const PASSWORD = 'abcd-efgh-jkmn-pqrs';
  const admin = { email: 'admin@callboard.demo', password: PASSWORD };
  const banner = (demo: DemoTeam, onTerminal: boolean, kind: Database['kind'] = 'pglite') =>
    startBanner(
      {
        url: 'http://127.0.0.1:8080',
        db: { kind } as Database,
        config: { dataDir: '/srv/callboard/data', host: '127.0.0.1', allowSignup: undefined } as Config,
        demo,
        registration: { policy: 'open', setupToken: undefined },
      },
      { onTerminal },
    );

  test('printed by the start that generated it (seeded, or a team rekeyed), terminal or not', () => {
    for (const change of ['seeded', 'rekeyed'] as const) {
      for (const onTerminal of [false, true]) {
        expect(banner(team(admin, change), onTerminal)).toContain(`  Demo sign-in: admin@callboard.demo / ${PASSWORD}\n`);
      }
    }
  });

  test('printed by a later start on a terminal', () => {
    expect(banner(team(admin), true)).toContain(`  Demo sign-in: admin@callboard.demo / ${PASSWORD}\n`);
  });

  test('a later start whose output is a log says where it is kept instead: its file, or how to read its row', () => {
    const embedded = banner(team(admin), false);
    expect(embedded).not.toContain(PASSWORD);
    expect(embedded).toContain('  Demo sign-in: admin@callboard.demo, its password in /srv/callboard/data/demo-admin-password\n');
    expect(embedded).toContain('(not printed here: standard output is not a terminal, and may be kept as a log)');
    const postgres = banner(team(admin, undefined, { appSecret: 'demo-admin-password' }), false, 'postgres');
    expect(postgres).not.toContain(PASSWORD);
    expect(postgres).toContain(
      `  Demo sign-in: admin@callboard.demo, its password in the database: psql "$DATABASE_URL" -Atc "SELECT value FROM app_secrets WHERE name = 'demo-admin-password'"\n`,
    );
    // Read as the scripts read the banner, neither line is a sign-in.
    expect(/Demo sign-in: (\S+) \/ (\S+)/.exec(embedded + postgres)).toBeNull();
  });
});

describe('the demo partners in the banner', () => {
  const PASSWORD = 'abcd-efgh-jkmn-pqrs';
  const partners: DemoTeam['partners'] = [
    { email: 'partner-publisher@callboard.demo', kind: 'publisher', password: PASSWORD },
    { email: 'partner-buyer@callboard.demo', kind: 'buyer', password: undefined },
  ];
  const banner = (demo: DemoTeam, onTerminal: boolean) =>
    startBanner(
      {
        url: 'http://127.0.0.1:8080',
        db: { kind: 'pglite' } as Database,
        config: { dataDir: '/srv/callboard/data', host: '127.0.0.1', allowSignup: undefined } as Config,
        demo,
        registration: { policy: 'open', setupToken: undefined },
      },
      { onTerminal },
    );

  test('listed under the admin, with the shared password where the admin’s is printed', () => {
    const printed = banner({ ...team({ email: 'admin@callboard.demo', password: PASSWORD }, 'seeded'), partners }, false);
    expect(printed).toContain(`  Demo partner sign-in (publisher partner): partner-publisher@callboard.demo / ${PASSWORD}\n`);
    expect(printed).toContain("  Demo partner sign-in (buyer partner): partner-buyer@callboard.demo (its password is not shown: it is no longer the demo admin's)\n");
  });

  test('to a log of a later start, pointed at the admin’s password instead', () => {
    const logged = banner({ ...team({ email: 'admin@callboard.demo', password: PASSWORD }), partners }, false);
    expect(logged).not.toContain(PASSWORD);
    expect(logged).toContain("  Demo partner sign-in (publisher partner): partner-publisher@callboard.demo, with the demo admin's password\n");
  });
});
