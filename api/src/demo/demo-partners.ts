import type { PartnerKind, PartnerScope } from '@callboard/contract';
import type { Database } from '../db/database';
import type { PasswordHasher } from '../domain/auth/password-hasher';
import { savePartnerScope } from '../domain/partners/partner-scopes-repository';
import { usersRepository } from '../domain/users/users-repository';
import { DEMO_EMAIL_DOMAIN } from '../startup/demo-users';

/** One demo partner account: who it is and which side of the network it signs in for. */
export interface DemoPartner {
  email: string;
  name: string;
  kind: PartnerKind;
}

/**
 * The demo's partner accounts (issue 34): a publisher partner over the two busiest sources and a buyer
 * partner over the busiest buyer, so "View as…" and a partner's own sign-in have something to show.
 * They sign in with the demo admin's password (one generated secret, kept and printed the same way).
 */
export const DEMO_PARTNERS: readonly DemoPartner[] = [
  { email: `partner-publisher@${DEMO_EMAIL_DOMAIN}`, name: 'Demo Publisher Partner', kind: 'publisher' },
  { email: `partner-buyer@${DEMO_EMAIL_DOMAIN}`, name: 'Demo Buyer Partner', kind: 'buyer' },
];

/** The demo partners see this many weeks back: enough history to explore, and a stated start before it. */
export const DEMO_PARTNER_HISTORY_WEEKS = 6;
/** Sources the publisher partner covers (a partner company with several). */
const PUBLISHER_SOURCES = 2;

/** The New York day `weeks` weeks before `now`, YYYY-MM-DD. */
export function demoHistoryFrom(now: Date, weeks = DEMO_PARTNER_HISTORY_WEEKS): string {
  const then = new Date(now.getTime() - weeks * 7 * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(then);
}

/** The busiest publishers or buyers of the demo's calls, most calls first. */
async function busiest(db: Database, kind: PartnerKind, count: number): Promise<number[]> {
  const column = kind === 'publisher' ? 'publisher_id' : 'buyer_id';
  const rows = await db.query<{ id: number }>(
    `SELECT ${column} AS id FROM calls WHERE ${column} IS NOT NULL GROUP BY ${column} ORDER BY count(*) DESC, ${column} LIMIT $1`,
    [count],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Adds the demo partner accounts that are missing, each with its scope (history from some weeks ago, caller
 * ids masked, the default field settings), in one transaction per account. Needs the demo calls (the
 * scopes name their publishers and buyers): nothing is added without them. Returns how many were added.
 */
export async function seedDemoPartners(db: Database, passwords: PasswordHasher, password: string, now = new Date()): Promise<number> {
  const missing: DemoPartner[] = [];
  for (const partner of DEMO_PARTNERS) if (!(await usersRepository.emailTaken(db, partner.email))) missing.push(partner);
  if (missing.length === 0) return 0;
  const ids: Record<PartnerKind, number[]> = { publisher: await busiest(db, 'publisher', PUBLISHER_SOURCES), buyer: await busiest(db, 'buyer', 1) };
  const passwordHash = await passwords.hash(password);
  let added = 0;
  for (const partner of missing) {
    if (ids[partner.kind].length === 0) continue;
    const scope: PartnerScope = {
      kind: partner.kind,
      ids: ids[partner.kind],
      historyFrom: demoHistoryFrom(now),
      callerId: 'masked',
      recordings: true,
      transcripts: true,
      counterparty: false,
    };
    await db.transaction(async (tx) => {
      const row = await usersRepository.insert(tx, { name: partner.name, email: partner.email, passwordHash, role: 'partner' });
      await savePartnerScope(tx, row.id, scope);
    });
    added += 1;
  }
  return added;
}

/** A demo partner's sign-in for the start banner: its password only while it is still the kept one. */
export interface DemoPartnerSignIn {
  email: string;
  kind: PartnerKind;
  password: string | undefined;
}

/** The demo partners the database holds, each with the kept password if it still opens the account. */
export async function demoPartnerSignIns(db: Database, passwords: PasswordHasher, kept: string | undefined): Promise<DemoPartnerSignIn[]> {
  const found: DemoPartnerSignIn[] = [];
  for (const partner of DEMO_PARTNERS) {
    const row = await usersRepository.findByEmailWithHash(db, partner.email);
    if (!row) continue;
    const opens = kept !== undefined && (await passwords.verify(kept, row.password_hash));
    found.push({ email: partner.email, kind: partner.kind, password: opens ? kept : undefined });
  }
  return found;
}

/**
 * At start, after the demo calls: the demo partners seeded if missing (only with the kept password known,
 * which they share with the demo admin), then their sign-ins for the banner.
 */
export async function prepareDemoPartners(
  db: Database,
  passwords: PasswordHasher,
  keptPassword: string | undefined,
): Promise<{ added: number; signIns: DemoPartnerSignIn[] }> {
  const added = keptPassword === undefined ? 0 : await seedDemoPartners(db, passwords, keptPassword);
  return { added, signIns: await demoPartnerSignIns(db, passwords, keptPassword) };
}
