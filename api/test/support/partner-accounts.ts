/**
 * A partner account for a test: a registered person made a partner with the scope given, its row written
 * directly (the users API for partners is tested on its own). The token signUp gave stays good: every
 * request reads the account's role and scope again (plugins/app/auth/authentication.ts).
 */
import { DEFAULT_PARTNER_FIELDS, type PartnerScope } from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database';
import { savePartnerScope } from '../../src/domain/partners/partner-scopes-repository';
import { signUp, type SignedIn } from './test-app';

export type PartnerSignedIn = SignedIn & { password: string; scope: PartnerScope };

/** A scope with the default field settings and all history unless `overrides` say otherwise. */
export function partnerScope(kind: PartnerScope['kind'], ids: number[], overrides: Partial<PartnerScope> = {}): PartnerScope {
  return { kind, ids, historyFrom: null, ...DEFAULT_PARTNER_FIELDS, ...overrides };
}

export async function signUpPartner(app: FastifyInstance, db: Database, scope: PartnerScope, name = 'Partner Person'): Promise<PartnerSignedIn> {
  const person = await signUp(app, name);
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE users SET role = 'partner' WHERE id = $1`, [person.user.id]);
    await savePartnerScope(tx, person.user.id, scope);
  });
  return { ...person, scope };
}

/** Changes a partner account's scope in place, as an admin's edit would. */
export async function changePartnerScope(db: Database, userId: string, scope: PartnerScope): Promise<void> {
  await savePartnerScope(db, userId, scope);
}

/** The ids of the named publishers and buyers of a database (names are unique per table). */
export async function sourceIds(db: Database): Promise<{ publisher: Record<string, number>; buyer: Record<string, number> }> {
  const named = async (table: string) => Object.fromEntries((await db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)).map((r) => [r.name, Number(r.id)]));
  return { publisher: await named('publishers'), buyer: await named('buyers') };
}
