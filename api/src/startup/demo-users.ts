import type { Role } from '@callboard/contract';
import type { Database } from '../db/database';
import type { PasswordHasher } from '../domain/auth/password-hasher';
import { sessionsRepository } from '../domain/auth/sessions-repository';
import { unknowablePassword } from './demo-password';

/** Every demo account's email ends with @ this domain (reserved-looking, never a real mailbox). */
export const DEMO_EMAIL_DOMAIN = 'callboard.demo';
/** The demo team's one admin, whose generated password is printed at start. */
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;

/** `lower(email) LIKE` this: the demo team. */
const DEMO_EMAIL_PATTERN = `%@${DEMO_EMAIL_DOMAIN}`;

const FIRST = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Isla', 'Lucas', 'Chloe', 'Mason', 'Aria', 'Leo', 'Nora', 'Owen'];
const LAST = ['Parker', 'Reyes', 'Chen', 'Okafor', 'Novak', 'Silva', 'Brooks', 'Haddad', 'Kim', 'Moreau'];

/**
 * A team to look at: the demo admin, enough agents to page through the users
 * screen (three of them deactivated) and four reviewers among them, who correct
 * the bot's verdicts (contract/src/permissions.ts). Deterministic. Only the admin can
 * sign in, with `adminPassword`: the others share one hash of a password
 * nobody is told (hashing 30 times would cost seconds), so the demo holds one
 * way in, the printed one, until an admin sets someone else's password.
 */
export async function seedDemoUsers(db: Database, passwords: PasswordHasher, adminPassword: string): Promise<number> {
  const [adminHash, othersHash] = await Promise.all([passwords.hash(adminPassword), passwords.hash(unknowablePassword())]);
  const people: Array<[string, string, Role, boolean]> = [
    ['Demo Admin', DEMO_ADMIN_EMAIL, 'admin', true],
    ['Dana Whitfield', `dana.whitfield@${DEMO_EMAIL_DOMAIN}`, 'user', true],
  ];
  for (let i = 0; i < 28; i += 1) {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[(i * 3) % LAST.length] as string;
    const name = i === 27 ? '' : `${first} ${last}`;
    // Reviewers at 2, 9, 16 and 23, all active; the deactivated are 4, 13 and 22.
    const role: Role = i % 7 === 2 ? 'reviewer' : 'user';
    people.push([name, `${first}.${last}${i}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(), role, i % 9 !== 4]);
  }
  await db.transaction(async (tx) => {
    // Oldest first, a minute apart, so "newest first" lists have a stable, meaningful order.
    for (const [index, [name, email, role, active]] of people.entries()) {
      await tx.query(
        `INSERT INTO users (name, email, password_hash, role, active, created_at)
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))
         ON CONFLICT DO NOTHING`,
        [name, email, email === DEMO_ADMIN_EMAIL ? adminHash : othersHash, role, active, people.length - index],
      );
    }
  });
  return people.length;
}

/**
 * Gives a demo team found without a kept password (seeded when the demo password
 * was one and the same everywhere) the same shape as a new one: `adminPassword`
 * for the demo admin (and the accounts `alsoKept` names: the demo partners, which
 * share it), a password nobody is told for everyone else, and every session of
 * theirs ended. Returns how many accounts changed.
 */
export async function rekeyDemoTeam(db: Database, passwords: PasswordHasher, adminPassword: string, alsoKept: readonly string[] = []): Promise<number> {
  const [adminHash, othersHash] = await Promise.all([passwords.hash(adminPassword), passwords.hash(unknowablePassword())]);
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `UPDATE users SET password_hash = CASE WHEN lower(email) = ANY ($1::text[]) THEN $2 ELSE $3 END, updated_at = now()
       WHERE lower(email) LIKE $4 RETURNING id`,
      [[DEMO_ADMIN_EMAIL, ...alsoKept], adminHash, othersHash, DEMO_EMAIL_PATTERN],
    );
    for (const { id } of rows) await sessionsRepository.revokeAllForUser(tx, id);
    return rows.length;
  });
}

/** How many demo accounts (@callboard.demo) the database holds. */
export async function countDemoAccounts(db: Database): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE lower(email) LIKE $1', [DEMO_EMAIL_PATTERN]);
  return row?.count ?? 0;
}
