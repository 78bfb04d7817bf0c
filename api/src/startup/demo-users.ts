import type { Database } from '../db/database';
import type { PasswordHasher } from '../domain/auth/password-hasher';

/** The sign-in printed by `npm start` on a fresh embedded database. */
export const DEMO_ADMIN = { email: 'admin@callboard.demo', password: 'callboard-demo' } as const;

const FIRST = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Isla', 'Lucas', 'Chloe', 'Mason', 'Aria', 'Leo', 'Nora', 'Owen'];
const LAST = ['Parker', 'Reyes', 'Chen', 'Okafor', 'Novak', 'Silva', 'Brooks', 'Haddad', 'Kim', 'Moreau'];

/**
 * A team to look at: the demo admin, a second admin, and enough agents to
 * page through the users screen (three of them deactivated). Deterministic,
 * and all share one password hash (hashing 30 times would cost seconds).
 */
export async function seedDemoUsers(db: Database, passwords: PasswordHasher): Promise<number> {
  const hash = await passwords.hash(DEMO_ADMIN.password);
  const people: Array<[string, string, 'user' | 'admin', boolean]> = [
    ['Demo Admin', DEMO_ADMIN.email, 'admin', true],
    ['Dana Whitfield', 'dana.whitfield@callboard.demo', 'admin', true],
  ];
  for (let i = 0; i < 28; i += 1) {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[(i * 3) % LAST.length] as string;
    const name = i === 27 ? '' : `${first} ${last}`;
    people.push([name, `${first}.${last}${i}@callboard.demo`.toLowerCase(), 'user', i % 9 !== 4]);
  }
  await db.transaction(async (tx) => {
    // Oldest first, a minute apart, so "newest first" lists have a stable, meaningful order.
    for (const [index, [name, email, role, active]] of people.entries()) {
      await tx.query(
        `INSERT INTO users (name, email, password_hash, role, active, created_at)
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))
         ON CONFLICT DO NOTHING`,
        [name, email, hash, role, active, people.length - index],
      );
    }
  });
  return people.length;
}
