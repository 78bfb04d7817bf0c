import type { Migration } from './index';

/** The event types contract/src/event-subscriptions.ts names, frozen here: a new type is a new migration that widens the check. */
const EVENT_TYPES = ['call.created', 'call.updated', 'call.disposition_changed', 'dispute.opened', 'dispute.decided', 'alert.fired', 'alert.resolved'];

/** The 14 dispositions (contract/src/dispositions.ts), frozen here as the event types are. */
const DISPOSITIONS = [
  'Sales',
  'Not Interested',
  'Not Qualified',
  'DNC',
  'Voicemail',
  'Tech Issues',
  'DWSPI',
  'Unresponsive',
  'Hungup',
  'Callback',
  'IVR',
  'subsidy/incentivised',
  'Language Barrier',
  'Misdialed',
];

const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * Outbound events (issue 37 item 2; api/src/domain/outbound-events/, docs/decisions/0044-outbound-events.md).
 *
 * - `event_subscriptions`: a webhook endpoint of the delivery mechanism (migration 0034; deleting the endpoint
 *   deletes its subscriptions) told of some event types, optionally narrowed to campaigns, publishers and buyers
 *   (an empty array: all of them) and to changes that move a call's disposition to one value
 *   (`disposition_becomes`: the buyer's postback when a call becomes Sales). `starts_after_seq` and
 *   `starts_after_transition` are how far the change log and the alert transitions went when the subscription
 *   was made or last enabled, `stops_after_seq` and `stops_after_transition` how far they went when it was
 *   disabled (null while enabled): it is told of exactly what was logged while it was enabled, however far
 *   behind the dispatcher is.
 * - `outbound_event_cursor`: one row, the dispatcher's place: the last change seq (migration 0037) and the last
 *   alert transition id (migration 0035) it has dispatched. The dispatcher moves it in the transaction that
 *   writes the deliveries of what it read, holding the row's lock, so one dispatcher runs at a time across
 *   instances and nothing is sent twice or skipped. It starts where the log and the transitions are now: the
 *   history before this migration is not sent.
 *
 * Neither holds call data; the partner role gets neither (migration 0025 granted every new table by default).
 */
export const eventSubscriptions: Migration = {
  version: '0039-event-subscriptions',
  statements: [
    `CREATE TABLE event_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      endpoint_id uuid NOT NULL REFERENCES delivery_endpoints(id) ON DELETE CASCADE,
      event_types text[] NOT NULL CHECK (cardinality(event_types) > 0 AND event_types <@ ARRAY[${list(EVENT_TYPES)}]),
      campaign_ids integer[] NOT NULL DEFAULT '{}',
      publisher_ids integer[] NOT NULL DEFAULT '{}',
      buyer_ids integer[] NOT NULL DEFAULT '{}',
      disposition_becomes text CHECK (disposition_becomes IN (${list(DISPOSITIONS)})),
      enabled boolean NOT NULL DEFAULT true,
      starts_after_seq bigint NOT NULL,
      starts_after_transition bigint NOT NULL,
      stops_after_seq bigint,
      stops_after_transition bigint,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_by_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (enabled = (stops_after_seq IS NULL)),
      CHECK ((stops_after_seq IS NULL) = (stops_after_transition IS NULL))
    )`,
    'CREATE INDEX event_subscriptions_endpoint ON event_subscriptions (endpoint_id)',
    'CREATE INDEX event_subscriptions_name ON event_subscriptions (lower(name), id)',
    `CREATE TABLE outbound_event_cursor (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      change_seq bigint NOT NULL,
      alert_transition_id bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `INSERT INTO outbound_event_cursor (change_seq, alert_transition_id)
      SELECT (SELECT coalesce(max(seq), 0) FROM call_changes), (SELECT coalesce(max(id), 0) FROM alert_transitions)`,
    'REVOKE ALL ON event_subscriptions, outbound_event_cursor FROM callboard_partner',
  ],
};
