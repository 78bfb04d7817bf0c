import type { Migration } from './index';

/** The network's own integrations and what they received (callers' numbers among it): no partner reads them. */
const NETWORK_ONLY = ['connectors', 'connector_events', 'connector_calls'];

/**
 * Inbound connectors (docs/decisions/0042-connectors.md): a URL each tracking platform sends its pixels,
 * webhooks or postbacks to, in its own shape.
 *
 * - `connectors`: the id is in the URL and unguessable (`cn_` and 16 random bytes); `secret` is the token the
 *   platform sends with every event. It is kept, not hashed, because the URL to paste carries it and an
 *   admin opening the connector again must be shown that URL; it lets a platform write calls and nothing
 *   else, it already sits in the platform's settings in plain text, and an admin rotates it in one click.
 *   `mapping`: [{ name, field, transform, token? }] (contract/src/connectors.ts); `time_zone`: where a date
 *   without an offset is read.
 * - `connector_events`: what each connector received, newest kept: every insert deletes what falls past the
 *   50th in the same statement (the index makes that a few rows), so the table never holds more than about
 *   50 a connector, with no sweep. `payload` is the query and body with the token taken out. The event's call
 *   is found by its platform id (the call's system_call_id) when the list is read, so the line is written in
 *   the event's own transaction, before its call exists, and one commit serves both.
 * - `connector_calls`: what a connector knows of each call, for putting its events together: `fields`
 *   holds each field's value with the order key of the event that set it ({ field: [value, key] }: the
 *   event's own time when the platform sends one, else when it arrived), so a late event never overwrites
 *   a newer one. While a call lacks what a call needs (`stored` false) its events are held here; a held
 *   call expires 7 days after its first event, a stored one's memory 30 days after its last
 *   (`expires_at`, pruned by domain/connectors/connector-pruning.ts).
 */
export const connectors: Migration = {
  version: '0038-connectors',
  statements: [
    `CREATE TABLE connectors (
      id text PRIMARY KEY CHECK (id ~ '^cn_[A-Za-z0-9_-]{16,}$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      platform text NOT NULL CHECK (platform IN ('ringba', 'retreaver', 'trackdrive', 'generic')),
      secret text NOT NULL CHECK (length(secret) >= 32),
      mapping jsonb NOT NULL CHECK (jsonb_typeof(mapping) = 'array'),
      time_zone text NOT NULL DEFAULT 'America/New_York',
      enabled boolean NOT NULL DEFAULT true,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      secret_rotated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE connector_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      connector_id text NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
      received_at timestamptz NOT NULL DEFAULT now(),
      method text NOT NULL,
      content_type text,
      payload jsonb NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('created', 'updated', 'held', 'applied', 'ignored_stale', 'rejected')),
      reason text,
      platform_call_id text
    )`,
    'CREATE INDEX connector_events_newest_idx ON connector_events (connector_id, id DESC)',
    `CREATE TABLE connector_calls (
      connector_id text NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
      platform_call_id text NOT NULL,
      fields jsonb NOT NULL DEFAULT '{}',
      stored boolean NOT NULL DEFAULT false,
      first_event_at timestamptz NOT NULL DEFAULT now(),
      last_event_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (connector_id, platform_call_id)
    )`,
    'CREATE INDEX connector_calls_expiry_idx ON connector_calls (expires_at)',
    'CREATE INDEX connector_calls_held_idx ON connector_calls (connector_id) WHERE NOT stored',
    ...NETWORK_ONLY.map((table) => `REVOKE ALL ON ${table} FROM callboard_partner`),
    'REVOKE ALL ON SEQUENCE connector_events_id_seq FROM callboard_partner',
  ],
};
