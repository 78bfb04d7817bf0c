/**
 * delivery_endpoints (migration 0034): where webhooks and Slack messages go. The secret is read only to sign
 * (delivery-worker.ts) and answered only by creation and rotation; no list or read here returns it.
 */
import type { DeliveryEndpoint, DeliveryEndpointName, EndpointBody, EndpointKind } from '@callboard/contract/delivery';
import type { Queryable } from '../../db/database';

interface EndpointRow {
  id: string;
  name: string;
  kind: EndpointKind;
  url: string;
  owner_id: string | null;
  owner_name: string | null;
  consecutive_failures: number;
  paused_at: Date | null;
  pause_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const toEndpoint = (row: EndpointRow): DeliveryEndpoint => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  url: row.url,
  owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? '' } : null,
  consecutiveFailures: row.consecutive_failures,
  pausedAt: iso(row.paused_at),
  pauseReason: row.pause_reason,
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

const SELECT_ENDPOINTS = `SELECT e.id, e.name, e.kind, e.url, e.owner_id, coalesce(nullif(u.name, ''), u.email) AS owner_name,
    e.consecutive_failures, e.paused_at, e.pause_reason, e.created_at, e.updated_at
  FROM delivery_endpoints e LEFT JOIN users u ON u.id = e.owner_id`;

export const endpointsRepository = {
  async list(db: Queryable): Promise<DeliveryEndpoint[]> {
    return (await db.query<EndpointRow>(`${SELECT_ENDPOINTS} ORDER BY lower(e.name), e.id`)).map(toEndpoint);
  },

  /** What a reviewer may read, to pick endpoints for an alert rule: no URL (a Slack URL is its credential), no owner. */
  async listNames(db: Queryable): Promise<DeliveryEndpointName[]> {
    const rows = await db.query<{ id: string; name: string; kind: EndpointKind; paused: boolean }>(
      'SELECT id, name, kind, paused_at IS NOT NULL AS paused FROM delivery_endpoints ORDER BY lower(name), id',
    );
    return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind, paused: row.paused }));
  },

  async find(db: Queryable, id: string): Promise<DeliveryEndpoint | undefined> {
    const [row] = await db.query<EndpointRow>(`${SELECT_ENDPOINTS} WHERE e.id = $1`, [id]);
    return row && toEndpoint(row);
  },

  async create(db: Queryable, ownerId: string, body: EndpointBody, secret: string | null): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      'INSERT INTO delivery_endpoints (owner_id, kind, name, url, secret) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [ownerId, body.kind, body.name, body.url, secret],
    );
    return row!.id;
  },

  /** Name and URL; the kind is fixed at creation (a webhook's secret means nothing to Slack). False when there is no such endpoint. */
  async update(db: Queryable, id: string, body: Pick<EndpointBody, 'name' | 'url'>): Promise<boolean> {
    const rows = await db.query('UPDATE delivery_endpoints SET name = $2, url = $3, updated_at = now() WHERE id = $1 RETURNING id', [id, body.name, body.url]);
    return rows.length > 0;
  },

  /** The endpoint's kind, or undefined when there is none. */
  async kindOf(db: Queryable, id: string): Promise<EndpointKind | undefined> {
    const [row] = await db.query<{ kind: EndpointKind }>('SELECT kind FROM delivery_endpoints WHERE id = $1', [id]);
    return row?.kind;
  },

  async setSecret(db: Queryable, id: string, secret: string): Promise<void> {
    await db.query('UPDATE delivery_endpoints SET secret = $2, updated_at = now() WHERE id = $1', [id, secret]);
  },

  /** Where to send and how to sign: the worker's read. */
  async target(db: Queryable, id: string): Promise<{ kind: EndpointKind; url: string; secret: string | null } | undefined> {
    const [row] = await db.query<{ kind: EndpointKind; url: string; secret: string | null }>('SELECT kind, url, secret FROM delivery_endpoints WHERE id = $1', [id]);
    return row;
  },

  /**
   * Deletes the endpoint; what it still had to send fails (nothing is left to send it to), and the log keeps
   * every delivery. False when there was no such endpoint.
   */
  async delete(db: Queryable, id: string): Promise<boolean> {
    await db.query(
      `UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, last_error = 'The endpoint was deleted'
        WHERE endpoint_id = $1 AND status IN ('pending', 'retrying')`,
      [id],
    );
    const rows = await db.query('DELETE FROM delivery_endpoints WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  },

  /** Resumes a paused endpoint: its count of failures starts again. False when it was not paused (or does not exist). */
  async resume(db: Queryable, id: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE delivery_endpoints SET paused_at = NULL, pause_reason = NULL, consecutive_failures = 0, updated_at = now()
        WHERE id = $1 AND paused_at IS NOT NULL RETURNING id`,
      [id],
    );
    return rows.length > 0;
  },
};
