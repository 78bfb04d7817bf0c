import type { Migration } from './index';

/** The network's own: a partner's request never reads or writes an alert (migration 0025 granted every new table by default). */
const NETWORK_ONLY = ['alert_rules', 'alert_rule_endpoints', 'alert_subscriptions', 'alert_states', 'alert_transitions'];

/**
 * Alert rules on QC ratios (issue 36; api/src/domain/alerts/, docs/decisions/0040-alerts-on-qc-ratios.md).
 *
 * - `alert_rules`: what a rule watches and when it fires (contract/src/alerts.ts says what each field means).
 *   Its scope is kept as a calls query string in the API's own param names (`scope_query`: '' for the network,
 *   `publisher=3,4` for sources, a saved view's filters copied at save time with `view_id` and `view_name`), so
 *   evaluation reads it as any calls filter and every message links to Reporting with it. `business_hours`:
 *   null, or `{days, startHour, endHour}` on the New York clock.
 * - `alert_rule_endpoints`: the webhook and Slack endpoints (migration 0034) a rule tells; deleting an endpoint
 *   takes it off its rules.
 * - `alert_subscriptions`: who is told, and how (`in_app`, `email`); any of the network's people subscribes
 *   themself.
 * - `alert_states`: one row per rule, written at its creation: where it stands, since when, until when a firing
 *   that ended keeps it from firing again (`cooldown_until`), the last minute judged (`evaluated_at`: a second
 *   evaluation of the same minute, by another instance or a retried job, changes nothing) and the figures.
 * - `alert_transitions`: every change of state with the figures that caused it, append-only; the id orders
 *   them, so another module (outbound events, issue 37) reads the firings after the last one it saw.
 */
export const alertRules: Migration = {
  version: '0035-alert-rules',
  statements: [
    `CREATE TABLE alert_rules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      metric text NOT NULL,
      scope_kind text NOT NULL CHECK (scope_kind IN ('network', 'sources', 'view')),
      scope_query text NOT NULL DEFAULT '',
      view_id uuid REFERENCES saved_views(id) ON DELETE SET NULL,
      view_name text,
      window_minutes integer NOT NULL CHECK (window_minutes IN (15, 30, 60, 120, 240, 480, 1440)),
      condition text NOT NULL CHECK (condition IN ('above', 'below', 'up', 'down')),
      threshold double precision NOT NULL,
      reset_level double precision NOT NULL,
      min_calls integer NOT NULL CHECK (min_calls >= 0),
      pending_minutes integer NOT NULL CHECK (pending_minutes >= 0),
      cooldown_minutes integer NOT NULL CHECK (cooldown_minutes >= 0),
      business_hours jsonb,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_by_name text,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((scope_kind = 'view') = (view_name IS NOT NULL))
    )`,
    'CREATE INDEX alert_rules_name ON alert_rules (lower(name), id)',
    `CREATE TABLE alert_rule_endpoints (
      rule_id uuid NOT NULL REFERENCES alert_rules(id) ON DELETE CASCADE,
      endpoint_id uuid NOT NULL REFERENCES delivery_endpoints(id) ON DELETE CASCADE,
      PRIMARY KEY (rule_id, endpoint_id)
    )`,
    'CREATE INDEX alert_rule_endpoints_endpoint ON alert_rule_endpoints (endpoint_id)',
    `CREATE TABLE alert_subscriptions (
      rule_id uuid NOT NULL REFERENCES alert_rules(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      channels text[] NOT NULL CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['in_app', 'email']),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (rule_id, user_id)
    )`,
    'CREATE INDEX alert_subscriptions_user ON alert_subscriptions (user_id)',
    `CREATE TABLE alert_states (
      rule_id uuid PRIMARY KEY REFERENCES alert_rules(id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('ok', 'pending', 'firing', 'resolved', 'no_data')),
      since timestamptz NOT NULL,
      cooldown_until timestamptz,
      evaluated_at timestamptz,
      figures jsonb
    )`,
    `CREATE TABLE alert_transitions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      rule_id uuid NOT NULL REFERENCES alert_rules(id) ON DELETE CASCADE,
      from_state text NOT NULL,
      to_state text NOT NULL,
      at timestamptz NOT NULL,
      figures jsonb NOT NULL
    )`,
    'CREATE INDEX alert_transitions_rule ON alert_transitions (rule_id, id DESC)',
    ...NETWORK_ONLY.map((table) => `REVOKE ALL ON ${table} FROM callboard_partner`),
  ],
};
