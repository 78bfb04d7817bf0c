/**
 * The partner rows (issue 34): what a publisher partner and a buyer partner wait for on their own slice of the
 * calls. Each is scoped to the busiest publisher (or buyer) of the seeded year, so their reads go through the
 * partner wall (row-level security) over the most rows any one partner of this data would see.
 */
import { API_PATHS, DEFAULT_PARTNER_FIELDS, DIMENSIONS, type PartnerKind, type PartnerScope } from '@callboard/contract';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/unavailable';
import { PasswordHasher } from '../domain/auth/password-hasher';
import { savePartnerScope } from '../domain/partners/partner-scopes-repository';
import { usersRepository } from '../domain/users/users-repository';

export const PARTNER_PASSWORD = 'bench-partner-password-1';

/** As the team's: a low scrypt cost, since the rows measure reading, not signing in. */
const PARTNER_PASSWORD_COST = { log2N: 10, r: 8, p: 1 };

export const partnerEmail = (kind: PartnerKind) => `partner-${kind}@bench.callboard.local`;

/** The id of the publisher (or buyer) with the most calls in the per-dimension rollups. */
async function busiest(db: Database, kind: PartnerKind): Promise<number> {
  const code = kind === 'publisher' ? DIMENSIONS.publishers.rollupCode : DIMENSIONS.buyers.rollupCode;
  const [row] = await db.query<{ dim_id: number }>(
    'SELECT dim_id FROM calls_monthly_dim WHERE dim = $1 GROUP BY dim_id ORDER BY sum(calls) DESC LIMIT 1',
    [code],
  );
  if (!row) throw new Error(`the bench database has no ${kind} with calls`);
  return row.dim_id;
}

/** Creates (or re-scopes) the two bench partners: all history, the default field settings. */
export async function ensurePartnerAccounts(db: Database): Promise<void> {
  const passwordHash = await new PasswordHasher(PARTNER_PASSWORD_COST).hash(PARTNER_PASSWORD);
  for (const kind of ['publisher', 'buyer'] as const) {
    try {
      await usersRepository.insert(db, { name: `Bench ${kind} partner`, email: partnerEmail(kind), passwordHash, role: 'partner' });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [partnerEmail(kind)]);
    const scope: PartnerScope = { kind, ids: [await busiest(db, kind)], historyFrom: null, ...DEFAULT_PARTNER_FIELDS };
    await savePartnerScope(db, user!.id, scope);
  }
}

export interface PartnerRead {
  name: string;
  url: string;
  target?: string;
}

/** The reads issue 34 sets targets for (stats, records page 1 with its total), and the timeline beside them. */
export function partnerReads(): PartnerRead[] {
  const year = 'datePreset=this_year';
  return [
    { name: 'stats, this_year', url: `${API_PATHS.stats}?${year}`, target: 'p95 ≤ 10' },
    { name: 'records page 1 with its total, this_year', url: `${API_PATHS.records}?${year}`, target: 'p95 ≤ 15' },
    { name: 'timeline (series), this_year', url: `${API_PATHS.series}?${year}` },
  ];
}

/** Signs in one of the bench partners; resolves with the access token. */
export async function signInPartner(baseUrl: string, kind: PartnerKind): Promise<string> {
  const response = await fetch(`${baseUrl}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: partnerEmail(kind), password: PARTNER_PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || !body.data?.token) throw new Error(`sign-in of the bench ${kind} partner answered ${response.status}`);
  return body.data.token;
}

/** Timed requests per partner read: as the one-person rows, one at a time after warm-ups. */
export const PARTNER_RUNS = 60;
