import type { Migration } from './index';

/** What a partner's request never needs: the network's outbound integrations and their log (secrets among them). */
const NETWORK_ONLY = ['delivery_endpoints', 'deliveries', 'delivery_attempts'];

/**
 * The one delivery mechanism (docs/delivery.md): every outbound message, email, webhook or Slack, is a row
 * of `deliveries`, sent by the job runner and retried with backoff until it is sent or finally failed.
 *
 * - `delivery_endpoints`: where webhooks and Slack messages go, each with an owner (told when it is paused).
 *   A webhook's `secret` is its Standard Webhooks signing key (`whsec_` and base64), shown once at creation and
 *   on rotation; a Slack endpoint has none (its URL is its credential). `consecutive_failures` counts the
 *   deliveries in a row that finally failed; past the limit the endpoint is paused (`paused_at`,
 *   `pause_reason`) until an admin resumes it. Deleting the owner keeps the endpoint (a team's channel
 *   outlives the person who added it); a pause is then told to the admins.
 * - `deliveries`: one message to one recipient, an endpoint or a user's email address. `payload` is what
 *   goes on the wire, rendered once (the JSON body, or the whole MIME message for email), so a retry or a
 *   replay sends exactly the same bytes; `message_id` is the webhook-id (the same on every retry and on a
 *   replay, so a receiver dedupes by it). `seq` orders the deliveries made in one transaction (their
 *   `created_at` is equal), which is what ordering by `ordering_key` follows. `claimed_until`: a worker's
 *   lease while it sends, so two instances never send the same row at once.
 *   An endpoint's or a user's deletion keeps its log (the ids go null; an email keeps its `address`).
 * - `delivery_attempts`: every try, with its outcome, status code, error and duration.
 *
 * Indexes: the log's list (newest first, and per endpoint / source), the worker's pick of what is due
 * (only the rows still to send), and the predecessor look-up that keeps one key's deliveries in order.
 * The partner role gets none of these tables (migration 0025 granted every new table by default).
 */
export const deliveries: Migration = {
  version: '0034-deliveries',
  statements: [
    `CREATE TABLE delivery_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('webhook', 'slack')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      url text NOT NULL CHECK (url ~ '^https?://'),
      secret text CHECK (secret LIKE 'whsec_%'),
      consecutive_failures integer NOT NULL DEFAULT 0,
      paused_at timestamptz,
      pause_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'webhook') = (secret IS NOT NULL))
    )`,
    'CREATE INDEX delivery_endpoints_name_idx ON delivery_endpoints (lower(name))',
    `CREATE TABLE deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      channel text NOT NULL CHECK (channel IN ('email', 'webhook', 'slack')),
      endpoint_id uuid REFERENCES delivery_endpoints(id) ON DELETE SET NULL,
      recipient_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      address text,
      source_kind text NOT NULL CHECK (source_kind IN ('alert', 'report', 'event', 'test')),
      source_id text NOT NULL,
      subject text NOT NULL,
      payload text NOT NULL,
      message_id text NOT NULL,
      ordering_key text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'retrying', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_status_code integer,
      last_error text,
      next_attempt_at timestamptz,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      replay_of uuid REFERENCES deliveries(id) ON DELETE SET NULL,
      CHECK ((channel = 'email') = (address IS NOT NULL))
    )`,
    'CREATE INDEX deliveries_log_idx ON deliveries (created_at DESC, seq DESC)',
    'CREATE INDEX deliveries_endpoint_idx ON deliveries (endpoint_id, ordering_key, seq)',
    'CREATE INDEX deliveries_source_idx ON deliveries (source_kind, source_id)',
    "CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying')",
    `CREATE TABLE delivery_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id uuid NOT NULL REFERENCES deliveries(id) ON DELETE CASCADE,
      attempted_at timestamptz NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('sent', 'failed')),
      status_code integer,
      error text,
      duration_ms integer NOT NULL
    )`,
    'CREATE INDEX delivery_attempts_delivery_idx ON delivery_attempts (delivery_id, id)',
    ...NETWORK_ONLY.map((table) => `REVOKE ALL ON ${table} FROM callboard_partner`),
  ],
};
