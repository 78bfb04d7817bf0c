import type { ViewAsLogEntry } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { USER_COLUMNS, type UserRow } from '../users/user-row';
import { partnerScopeColumn } from './partner-scopes-repository';

/** Who opens a view as whom, through which of the admin's sessions, for how long. */
export interface ViewAsStart {
  adminId: string;
  adminEmail: string;
  partnerId: string;
  partnerEmail: string;
  sessionId: string;
  ttlSeconds: number;
}

/** What a view-as token names: its log row, the admin's session and account, the partner. */
export interface ViewAsClaims {
  logId: string;
  sessionId: string;
  adminId: string;
  partnerId: string;
}

/** A view-as token's request, when everything it names is still so: the partner (with its scope) and the admin. */
export interface LiveViewAs {
  partner: UserRow;
  admin: { id: string; name: string };
}

interface LogRow {
  id: string;
  admin_id: string | null;
  admin_email: string;
  partner_id: string;
  started_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

// `pu`, not `p`: partnerScopeColumn's own subquery names partner_scopes `p`.
const PARTNER_COLUMNS = USER_COLUMNS.split(', ').map((column) => `pu.${column}`).join(', ');

/** The audit table view_as_log (migration 0026), read and written as the API itself, never under a partner's role. */
export const viewAsRepository = {
  async start(db: Queryable, start: ViewAsStart): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO view_as_log (admin_id, admin_email, partner_id, partner_email, session_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
      [start.adminId, start.adminEmail, start.partnerId, start.partnerEmail, start.sessionId, start.ttlSeconds],
    );
    return (row as { id: string }).id;
  },

  /**
   * The partner and the admin of a view-as token, in one statement on each request: only while its log row
   * is open, the admin's session live, the admin still an active admin and the partner still an active
   * partner. Anything else (Exit pressed, the admin signed out or demoted, the partner deactivated) ends it.
   */
  async findLive(db: Queryable, claims: ViewAsClaims): Promise<LiveViewAs | undefined> {
    const [row] = await db.query<UserRow & { admin_name: string }>(
      `SELECT ${PARTNER_COLUMNS}, ${partnerScopeColumn('pu')}, a.name AS admin_name
       FROM view_as_log v
       JOIN sessions s ON s.id = v.session_id AND s.revoked_at IS NULL AND s.expires_at > now()
       JOIN users a ON a.id = s.user_id AND a.active AND a.role = 'admin'
       JOIN users pu ON pu.id = v.partner_id AND pu.active AND pu.role = 'partner'
       WHERE v.id = $1 AND v.ended_at IS NULL AND v.expires_at > now() AND s.id = $2 AND a.id = $3 AND pu.id = $4`,
      [claims.logId, claims.sessionId, claims.adminId, claims.partnerId],
    );
    if (!row) return undefined;
    const { admin_name: adminName, ...partner } = row;
    return { partner, admin: { id: claims.adminId, name: adminName } };
  },

  /** Marks the view ended; false when it already was. */
  async end(db: Queryable, logId: string): Promise<boolean> {
    const rows = await db.query('UPDATE view_as_log SET ended_at = now() WHERE id = $1 AND ended_at IS NULL RETURNING id', [logId]);
    return rows.length > 0;
  },

  /** A partner's views, newest first. */
  async listForPartner(db: Queryable, partnerId: string, limit: number): Promise<ViewAsLogEntry[]> {
    const rows = await db.query<LogRow>(
      `SELECT id, admin_id, admin_email, partner_id, started_at, expires_at, ended_at
       FROM view_as_log WHERE partner_id = $1 ORDER BY started_at DESC, id DESC LIMIT $2`,
      [partnerId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      adminId: row.admin_id,
      adminEmail: row.admin_email,
      partnerId: row.partner_id,
      startedAt: new Date(row.started_at).toISOString(),
      endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      expiresAt: new Date(row.expires_at).toISOString(),
    }));
  },
};
