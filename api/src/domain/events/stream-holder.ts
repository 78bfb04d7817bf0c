import type { PartnerScope } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { sessionsRepository } from '../auth/sessions-repository';
import { viewAsRepository } from '../partners/view-as-repository';
import { toPublicUser, type UserRow } from '../users/user-row';

/** What an event stream's access token said of its holder: the account and session, and a view as a partner if it is one. */
export interface StreamHolder {
  /** The account the stream reads for: the signed-in person, or the partner an admin views as. */
  userId: string;
  /** The session of the token: the admin's own during a view as a partner. */
  sessionId: string;
  /** Set during a view as a partner (domain/partners/view-as.ts): the admin, and the view's audit row. */
  viewAs?: { adminId: string; logId: string };
}

/**
 * The stream's account as it is now, or undefined once the stream no longer holds: the session ended, the
 * account was deactivated or deleted, or the view as a partner ended (each checked as authentication checks
 * it on every request). The row carries the partner scope, so the caller can end a stream whose scope changed.
 */
export async function liveHolder(db: Queryable, holder: StreamHolder): Promise<UserRow | undefined> {
  if (!holder.viewAs) return sessionsRepository.findLiveUser(db, holder.sessionId, holder.userId);
  const live = await viewAsRepository.findLive(db, { logId: holder.viewAs.logId, sessionId: holder.sessionId, adminId: holder.viewAs.adminId, partnerId: holder.userId });
  return live?.partner;
}

/** A partner scope in a form two reads of the account compare by (the repository sorts its ids); `null` for none. */
export function scopeFingerprint(scope: PartnerScope | undefined): string {
  return JSON.stringify(scope ?? null);
}

/** The live account's scope, fingerprinted as scopeFingerprint does. */
export function rowScopeFingerprint(user: UserRow): string {
  return scopeFingerprint(toPublicUser(user).partnerScope);
}
