import path from 'node:path';
import type { KeptPlace } from '../config/kept-secret';
import { isLoopbackHost } from '../config/loopback-host';
import type { RunningServer } from '../start-server';
import type { DemoTeam } from './demo-team';
import { DEMO_EMAIL_DOMAIN } from './demo-users';

export interface BannerOptions {
  /**
   * Whether the banner goes to a person's terminal (`process.stdout.isTTY`). Anywhere else (a
   * container's or a service's standard output) it is a log that others read and keep.
   */
  onTerminal: boolean;
}

/**
 * What `npm start` prints once the server listens: where it is, which database, how to
 * sign in to the demo, who may register, and, when the demo accounts can be reached from other
 * machines, a warning that says so. Scripts and tests read the `Demo sign-in: <email> / <password>`
 * and `Setup token: <token>` lines.
 */
export function startBanner(
  server: Pick<RunningServer, 'url' | 'db' | 'config' | 'demo' | 'registration'>,
  { onTerminal }: BannerOptions = { onTerminal: false },
): string {
  const { url, db, config, demo } = server;
  const lines = [
    `  Callboard is running at ${url}`,
    `  Database: ${db.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL'}`,
    ...demoSignInLines(demo, onTerminal),
    ...registrationLines(server),
    `  API docs: ${url}/api/docs`,
  ];
  const warning = demoExposure(config.host, demo);
  const rule = `  ${'*'.repeat(76)}`;
  return ['', ...lines, ...(warning ? ['', rule, ...warning.map((line) => `  ${line}`), rule] : []), ''].join('\n');
}

/**
 * The demo admin's password is printed by the start that generated it (nobody would know it
 * otherwise), and by any later start on a terminal; to a log, later starts say where it is kept.
 */
function demoSignInLines(demo: DemoTeam | undefined, onTerminal: boolean): string[] {
  if (!demo?.admin) return [];
  const { email, password } = demo.admin;
  if (password === undefined) return [`  Demo sign-in: ${email} (its password was changed since it was generated, so it is no longer shown)`, ...demoPartnerLines(demo, false)];
  const printed = demo.change !== undefined || onTerminal;
  if (printed) return [`  Demo sign-in: ${email} / ${password}`, ...demoPartnerLines(demo, true)];
  return [
    `  Demo sign-in: ${email}, its password ${whereToRead(demo.passwordKept)}`,
    `    (not printed here: standard output is not a terminal, and may be kept as a log)`,
    ...demoPartnerLines(demo, false),
  ];
}

/**
 * The demo partners, a line each, with the demo admin's password (which they share) under the same rule:
 * printed where the admin's is, else "the demo admin's password". A partner whose password was changed
 * since says so.
 */
function demoPartnerLines(demo: DemoTeam, printed: boolean): string[] {
  return (demo.partners ?? []).map(({ email, kind, password }) => {
    const who = `${kind} partner`;
    // Checked only against the admin's kept password: unknown when that one was changed.
    if (password === undefined) return `  Demo partner sign-in (${who}): ${email} (its password is not shown: it is no longer the demo admin's)`;
    return printed ? `  Demo partner sign-in (${who}): ${email} / ${password}` : `  Demo partner sign-in (${who}): ${email}, with the demo admin's password`;
  });
}

function whereToRead(place: KeptPlace): string {
  if ('file' in place) return `in ${place.file}`;
  return `in the database: psql "$DATABASE_URL" -Atc "SELECT value FROM app_secrets WHERE name = '${place.appSecret}'"`;
}

/**
 * Nothing while anyone may register, or while ALLOW_SIGNUP says who may. Else either the setup
 * token the first account needs (the database holds no user yet), or, when HOST alone closed
 * registration, why and how to open it.
 */
function registrationLines({ url, config, registration }: Pick<RunningServer, 'url' | 'config' | 'registration'>): string[] {
  if (registration.setupToken !== undefined) {
    return [
      `  Setup token: ${registration.setupToken}`,
      `    No account exists yet: the first to register at ${url}/register with this token becomes the admin.`,
      `    (Or start with ADMIN_EMAIL and ADMIN_PASSWORD to make the admin yourself.)`,
    ];
  }
  if (registration.policy !== 'closed' || config.allowSignup !== undefined) return [];
  return [
    `  Sign-up: closed, as this server listens on ${config.host} (HOST) and an account here reads every call.`,
    `    Admins add accounts on the Users screen (ADMIN_EMAIL and ADMIN_PASSWORD make the first one).`,
    `    To let anyone who reaches this server register: ALLOW_SIGNUP=true.`,
  ];
}

/**
 * undefined, unless demo accounts exist and HOST lets other machines in; then what to say
 * about it (printed framed at start, and logged at warn), one sentence a line.
 */
export function demoExposure(host: string, demo: DemoTeam | undefined): string[] | undefined {
  if (!demo || isLoopbackHost(host)) return undefined;
  return [
    `WARNING: the demo accounts are reachable from the network.`,
    `This server listens on ${host} (HOST) and its database holds ${demo.accounts} demo accounts (@${DEMO_EMAIL_DOMAIN}).`,
    ...(demo.admin ? [`Among them is an admin: whoever signs in as it can read and change everything here.`] : []),
    `To keep the demo on this machine: unset HOST (it defaults to 127.0.0.1).`,
    `To remove the demo accounts: start once with ADMIN_EMAIL and ADMIN_PASSWORD to make an admin of your own,`,
    `sign in with it and delete every @${DEMO_EMAIL_DOMAIN} user on the Users screen (with DEMO_DATA unset or false);`,
    `or start over on an empty database (a new DATA_DIR or database) with DEMO_DATA=false.`,
  ];
}
