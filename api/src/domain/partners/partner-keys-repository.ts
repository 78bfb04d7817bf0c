import { MAX_LIVE_PARTNER_KEYS, type CreatedPartnerKey, type PartnerKey } from '@callboard/contract/partner-keys';
import type { Database, Queryable } from '../../db/database';
import { PARTNER_KEY_SHOWN_LENGTH, hashPartnerKey, newPartnerKey } from './partner-keys';

interface KeyRow {
  id: string;
  name: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

const KEY_COLUMNS = 'id, name, key_prefix, created_at, last_used_at';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toPartnerKey(row: KeyRow): PartnerKey {
  return { id: row.id, name: row.name, prefix: row.key_prefix, createdAt: iso(row.created_at)!, lastUsedAt: iso(row.last_used_at) };
}

/** What creating a key came to: the key (shown this once), or the partner already holds the most live keys. */
export type CreateOutcome = { created: CreatedPartnerKey } | { tooMany: true };

/** One partner's own keys: every statement names the owner, so no partner reaches another's. */
export const partnerKeysRepository = {
  /** The owner's live keys, newest first. */
  async listLive(db: Queryable, userId: string): Promise<PartnerKey[]> {
    const rows = await db.query<KeyRow>(
      `SELECT ${KEY_COLUMNS} FROM partner_api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
      [userId],
    );
    return rows.map(toPartnerKey);
  },

  /**
   * A new key for the owner, unless it already holds MAX_LIVE_PARTNER_KEYS live ones. A lock of the owner's
   * keys is taken first (a transaction-scoped advisory lock: the partner role, which runs this, may not lock
   * rows of `users`, migration 0031), so two requests at once count one after the other and cannot both pass the cap.
   */
  async create(db: Database, userId: string, name: string): Promise<CreateOutcome> {
    return db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('partner-keys:' || $1))", [userId]);
      const [{ live } = { live: 0 }] = await tx.query<{ live: number }>(
        'SELECT count(*)::int AS live FROM partner_api_keys WHERE user_id = $1 AND revoked_at IS NULL',
        [userId],
      );
      if (live >= MAX_LIVE_PARTNER_KEYS) return { tooMany: true as const };
      const key = newPartnerKey();
      const [row] = await tx.query<KeyRow>(
        `INSERT INTO partner_api_keys (user_id, name, key_hash, key_prefix) VALUES ($1, $2, $3, $4) RETURNING ${KEY_COLUMNS}`,
        [userId, name, hashPartnerKey(key), key.slice(0, PARTNER_KEY_SHOWN_LENGTH)],
      );
      return { created: { ...toPartnerKey(row!), key } };
    });
  },

  /** Revokes one of the owner's live keys; false when the owner has no such live key. */
  async revoke(db: Queryable, userId: string, keyId: string): Promise<boolean> {
    const rows = await db.query(
      'UPDATE partner_api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id',
      [keyId, userId],
    );
    return rows.length > 0;
  },
};
