import {
  DEFAULT_CONNECTOR_TIME_ZONE,
  connectorTemplates,
  connectorUrl,
  presetMapping,
  type Connector,
  type MappingEntry,
  type ParsedConnectorBody,
} from '@callboard/contract/connectors';
import type { Platform } from '@callboard/contract/platforms';
import type { Queryable } from '../../db/database';
import { newConnectorId, newConnectorSecret } from './connector-secrets';

/** What receiving an event needs of its connector: one look-up by the id in the URL. */
export interface ConnectorSettings {
  id: string;
  platform: Platform;
  secret: string;
  mapping: MappingEntry[];
  timeZone: string;
  enabled: boolean;
}

export async function connectorSettings(db: Queryable, id: string): Promise<ConnectorSettings | undefined> {
  const [row] = await db.query<{ id: string; platform: Platform; secret: string; mapping: MappingEntry[]; time_zone: string; enabled: boolean }>(
    'SELECT id, platform, secret, mapping, time_zone, enabled FROM connectors WHERE id = $1',
    [id],
  );
  return row && { id: row.id, platform: row.platform, secret: row.secret, mapping: row.mapping, timeZone: row.time_zone, enabled: row.enabled };
}

interface ConnectorRow {
  id: string;
  name: string;
  platform: Platform;
  secret: string;
  mapping: MappingEntry[];
  time_zone: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
  secret_rotated_at: Date;
  last_event_at: Date | null;
  held_calls: string | number;
}

// The last event and the held calls through their own indexes (connector_events_newest_idx, connector_calls_held_idx).
const SELECT_CONNECTORS = `
SELECT c.id, c.name, c.platform, c.secret, c.mapping, c.time_zone, c.enabled, c.created_at, c.updated_at, c.secret_rotated_at,
  (SELECT e.received_at FROM connector_events e WHERE e.connector_id = c.id ORDER BY e.id DESC LIMIT 1) AS last_event_at,
  (SELECT count(*) FROM connector_calls h WHERE h.connector_id = c.id AND NOT h.stored) AS held_calls
FROM connectors c`;

const iso = (date: Date) => new Date(date).toISOString();

/** A connector as the admin routes answer it; `origin` is this server's, as the admin reached it. */
function toConnector(row: ConnectorRow, origin: string): Connector {
  const url = connectorUrl(origin, row.id, row.secret);
  return {
    id: row.id,
    name: row.name,
    platform: row.platform,
    timeZone: row.time_zone,
    enabled: row.enabled,
    mapping: row.mapping,
    token: row.secret,
    url,
    templates: connectorTemplates(row.platform, row.mapping, url),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    tokenRotatedAt: iso(row.secret_rotated_at),
    lastEventAt: row.last_event_at ? iso(row.last_event_at) : null,
    heldCalls: Number(row.held_calls),
  };
}

export async function listConnectors(db: Queryable, origin: string): Promise<Connector[]> {
  const rows = await db.query<ConnectorRow>(`${SELECT_CONNECTORS} ORDER BY lower(c.name), c.created_at`);
  return rows.map((row) => toConnector(row, origin));
}

export async function findConnector(db: Queryable, id: string, origin: string): Promise<Connector | undefined> {
  const [row] = await db.query<ConnectorRow>(`${SELECT_CONNECTORS} WHERE c.id = $1`, [id]);
  return row && toConnector(row, origin);
}

/** A new connector, with its id and token; its mapping is the platform's preset unless one is given. */
export async function createConnector(
  db: Queryable,
  body: ParsedConnectorBody & { name: string; platform: Platform },
  createdBy: string | null,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO connectors (id, name, platform, secret, mapping, time_zone, enabled, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING id`,
    [
      newConnectorId(),
      body.name,
      body.platform,
      newConnectorSecret(),
      JSON.stringify(body.mapping ?? presetMapping(body.platform)),
      body.timeZone ?? DEFAULT_CONNECTOR_TIME_ZONE,
      body.enabled ?? true,
      createdBy,
    ],
  );
  return row!.id;
}

/**
 * Changes what the body names. A new platform without a mapping takes the new platform's preset: the old
 * platform's names would read nothing. False when there is no such connector.
 */
export async function updateConnector(db: Queryable, id: string, body: ParsedConnectorBody): Promise<boolean> {
  const mapping = body.mapping ?? (body.platform ? presetMapping(body.platform) : undefined);
  const rows = await db.query(
    `UPDATE connectors SET
       name = coalesce($2, name), platform = coalesce($3, platform), mapping = coalesce($4::jsonb, mapping),
       time_zone = coalesce($5, time_zone), enabled = coalesce($6, enabled), updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, body.name ?? null, body.platform ?? null, mapping ? JSON.stringify(mapping) : null, body.timeZone ?? null, body.enabled ?? null],
  );
  return rows.length > 0;
}

/** A new token: the old one stops working at once. False when there is no such connector. */
export async function rotateConnectorSecret(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('UPDATE connectors SET secret = $2, secret_rotated_at = now(), updated_at = now() WHERE id = $1 RETURNING id', [
    id,
    newConnectorSecret(),
  ]);
  return rows.length > 0;
}

/** Deletes the connector with its events and what it knew of its calls (the calls stay). False when there is none. */
export async function deleteConnector(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM connectors WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
