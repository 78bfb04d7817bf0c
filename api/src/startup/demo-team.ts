import type { KeptPlace, KeptSecret } from '../config/kept-secret';
import type { Database } from '../db/database';
import type { PasswordHasher } from '../domain/auth/password-hasher';
import { usersRepository } from '../domain/users/users-repository';
import { DEMO_PARTNERS, type DemoPartnerSignIn } from '../demo/demo-partners';
import { newDemoPassword } from './demo-password';
import { countDemoAccounts, DEMO_ADMIN_EMAIL, rekeyDemoTeam, seedDemoUsers } from './demo-users';

/** The demo team as a start found or made it. */
export interface DemoTeam {
  /**
   * The demo admin's sign-in, for the start banner. `password` is undefined once the
   * password was changed from the generated one: it is no longer known, so not shown.
   * undefined when the demo admin's account is gone.
   */
  admin: { email: string; password: string | undefined } | undefined;
  /** Where the generated password is kept, for a banner that does not print it. */
  passwordKept: KeptPlace;
  /** Demo accounts (@callboard.demo) in the database. */
  accounts: number;
  /** What this start did to the team, for the log. */
  change: 'seeded' | 'rekeyed' | undefined;
  /** The demo partner accounts and their sign-ins (same password as the admin), once the demo calls are there. */
  partners?: DemoPartnerSignIn[];
}

/**
 * Seeds the demo team when `wanted` and it is not there yet, with a password generated
 * now and kept (or the one kept by an earlier start); otherwise finds out whether the
 * demo admin still has the kept password, by checking it against the stored hash once.
 * A team without a kept password is rekeyed (demo-users.ts). undefined: no demo accounts.
 */
export async function prepareDemoTeam(db: Database, passwords: PasswordHasher, kept: KeptSecret, wanted: boolean): Promise<DemoTeam | undefined> {
  const admin = await usersRepository.findByEmailWithHash(db, DEMO_ADMIN_EMAIL);
  let change: DemoTeam['change'];
  let password: string | undefined;
  if (admin === undefined) {
    if (wanted) {
      password = await kept.keep(newDemoPassword());
      await seedDemoUsers(db, passwords, password);
      change = 'seeded';
    }
  } else {
    const known = await kept.read();
    if (known === undefined) {
      password = await kept.keep(newDemoPassword());
      await rekeyDemoTeam(db, passwords, password, DEMO_PARTNERS.map((partner) => partner.email));
      change = 'rekeyed';
    } else if (await passwords.verify(known, admin.password_hash)) {
      password = known;
    }
  }
  const accounts = await countDemoAccounts(db);
  if (accounts === 0) return undefined;
  const adminPresent = admin !== undefined || change === 'seeded';
  return { admin: adminPresent ? { email: DEMO_ADMIN_EMAIL, password } : undefined, passwordKept: kept.place, accounts, change };
}
