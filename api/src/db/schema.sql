-- Generated: the schema after every migration in api/src/db/migrations/. Do not edit.
-- Regenerate with `npm run schema` (api/src/cli/dump-schema.ts); api/test/schema.test.ts fails when it is stale.
-- Read from a freshly migrated embedded database (PGlite). Objects by kind, then by name (indexes and
-- triggers by table, then name); columns in table order. This is documentation: the migrations are what runs.
-- The job runner's schema `pgboss` (migration 0032: pg-boss's own tables, made by its own plan) is not described here.


-- Extensions

CREATE EXTENSION pg_trgm WITH SCHEMA public;


-- Sequences

CREATE SEQUENCE buyers_id_seq AS integer OWNED BY buyers.id;

CREATE SEQUENCE call_audit_id_seq AS bigint OWNED BY call_audit.id;

CREATE SEQUENCE call_combos_id_seq AS integer OWNED BY call_combos.id;

CREATE SEQUENCE calls_id_seq AS bigint OWNED BY calls.id;

CREATE SEQUENCE campaigns_id_seq AS integer OWNED BY campaigns.id;

CREATE SEQUENCE disputes_id_seq AS bigint OWNED BY disputes.id;

CREATE SEQUENCE notifications_id_seq AS bigint OWNED BY notifications.id;

CREATE SEQUENCE publishers_id_seq AS integer OWNED BY publishers.id;

CREATE SEQUENCE targets_id_seq AS integer OWNED BY targets.id;


-- Tables

CREATE TABLE alert_rule_endpoints (
  rule_id uuid NOT NULL,
  endpoint_id uuid NOT NULL,
  CONSTRAINT alert_rule_endpoints_pkey PRIMARY KEY (rule_id, endpoint_id),
  CONSTRAINT alert_rule_endpoints_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES delivery_endpoints(id) ON DELETE CASCADE,
  CONSTRAINT alert_rule_endpoints_rule_id_fkey FOREIGN KEY (rule_id) REFERENCES alert_rules(id) ON DELETE CASCADE
);

CREATE TABLE alert_rules (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  name text NOT NULL,
  metric text NOT NULL,
  scope_kind text NOT NULL,
  scope_query text DEFAULT ''::text NOT NULL,
  view_id uuid,
  view_name text,
  window_minutes integer NOT NULL,
  condition text NOT NULL,
  threshold double precision NOT NULL,
  reset_level double precision NOT NULL,
  min_calls integer NOT NULL,
  pending_minutes integer NOT NULL,
  cooldown_minutes integer NOT NULL,
  business_hours jsonb,
  created_by uuid,
  created_by_name text,
  updated_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT alert_rules_pkey PRIMARY KEY (id),
  CONSTRAINT alert_rules_check CHECK ((scope_kind = 'view'::text) = (view_name IS NOT NULL)),
  CONSTRAINT alert_rules_condition_check CHECK (condition = ANY (ARRAY['above'::text, 'below'::text, 'up'::text, 'down'::text])),
  CONSTRAINT alert_rules_cooldown_minutes_check CHECK (cooldown_minutes >= 0),
  CONSTRAINT alert_rules_min_calls_check CHECK (min_calls >= 0),
  CONSTRAINT alert_rules_name_check CHECK (length(name) >= 1 AND length(name) <= 100),
  CONSTRAINT alert_rules_pending_minutes_check CHECK (pending_minutes >= 0),
  CONSTRAINT alert_rules_scope_kind_check CHECK (scope_kind = ANY (ARRAY['network'::text, 'sources'::text, 'view'::text])),
  CONSTRAINT alert_rules_window_minutes_check CHECK (window_minutes = ANY (ARRAY[15, 30, 60, 120, 240, 480, 1440])),
  CONSTRAINT alert_rules_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT alert_rules_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT alert_rules_view_id_fkey FOREIGN KEY (view_id) REFERENCES saved_views(id) ON DELETE SET NULL
);

CREATE TABLE alert_states (
  rule_id uuid NOT NULL,
  state text NOT NULL,
  since timestamp with time zone NOT NULL,
  cooldown_until timestamp with time zone,
  evaluated_at timestamp with time zone,
  figures jsonb,
  CONSTRAINT alert_states_pkey PRIMARY KEY (rule_id),
  CONSTRAINT alert_states_state_check CHECK (state = ANY (ARRAY['ok'::text, 'pending'::text, 'firing'::text, 'resolved'::text, 'no_data'::text])),
  CONSTRAINT alert_states_rule_id_fkey FOREIGN KEY (rule_id) REFERENCES alert_rules(id) ON DELETE CASCADE
);

CREATE TABLE alert_subscriptions (
  rule_id uuid NOT NULL,
  user_id uuid NOT NULL,
  channels text[] NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT alert_subscriptions_pkey PRIMARY KEY (rule_id, user_id),
  CONSTRAINT alert_subscriptions_channels_check CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['in_app'::text, 'email'::text]),
  CONSTRAINT alert_subscriptions_rule_id_fkey FOREIGN KEY (rule_id) REFERENCES alert_rules(id) ON DELETE CASCADE,
  CONSTRAINT alert_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE alert_transitions (
  id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  rule_id uuid NOT NULL,
  from_state text NOT NULL,
  to_state text NOT NULL,
  at timestamp with time zone NOT NULL,
  figures jsonb NOT NULL,
  CONSTRAINT alert_transitions_pkey PRIMARY KEY (id),
  CONSTRAINT alert_transitions_rule_id_fkey FOREIGN KEY (rule_id) REFERENCES alert_rules(id) ON DELETE CASCADE
);

CREATE TABLE app_secrets (
  name text NOT NULL,
  value text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT app_secrets_pkey PRIMARY KEY (name)
);

CREATE TABLE buyers (
  id integer DEFAULT nextval('buyers_id_seq'::regclass) NOT NULL,
  name text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT buyers_pkey PRIMARY KEY (id),
  CONSTRAINT buyers_name_key UNIQUE (name)
);

CREATE TABLE call_audit (
  id bigint DEFAULT nextval('call_audit_id_seq'::regclass) NOT NULL,
  call_id bigint NOT NULL,
  user_id uuid,
  changed_at timestamp with time zone DEFAULT now() NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  from_sub_disposition text,
  to_sub_disposition text,
  from_reason text,
  to_reason text,
  user_name text,
  user_email text,
  change_id uuid NOT NULL,
  action text NOT NULL,
  from_overridden boolean NOT NULL,
  to_overridden boolean NOT NULL,
  undoes_change_id uuid,
  from_revenue_cents bigint,
  to_revenue_cents bigint,
  from_payout_cents bigint,
  to_payout_cents bigint,
  dispute_id bigint,
  from_dispute_status text,
  to_dispute_status text,
  CONSTRAINT call_audit_pkey PRIMARY KEY (id),
  CONSTRAINT call_audit_action_check CHECK (action = ANY (ARRAY['set'::text, 'bulk'::text, 'restore'::text, 'undo'::text, 'dispute'::text])),
  CONSTRAINT call_audit_call_id_fkey FOREIGN KEY (call_id) REFERENCES calls(id) ON DELETE CASCADE,
  CONSTRAINT call_audit_dispute_id_fkey FOREIGN KEY (dispute_id) REFERENCES disputes(id) ON DELETE SET NULL
);

CREATE TABLE call_changes (
  seq bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  at timestamp with time zone DEFAULT now() NOT NULL,
  call_id bigint NOT NULL,
  system_call_id text NOT NULL,
  publisher_id integer NOT NULL,
  buyer_id integer,
  call_ts timestamp with time zone NOT NULL,
  kind text NOT NULL,
  actor text,
  change_set uuid,
  changed json NOT NULL,
  CONSTRAINT call_changes_pkey PRIMARY KEY (seq),
  CONSTRAINT call_changes_kind_check CHECK (kind = ANY (ARRAY['created'::text, 'updated'::text, 'qc_verdict'::text, 'disposition_changed'::text, 'bulk_updated'::text, 'restored'::text, 'undone'::text, 'dispute_opened'::text, 'dispute_withdrawn'::text, 'dispute_decided'::text, 'repeat_redecided'::text]))
);

CREATE TABLE call_changes_pruned (
  only_row boolean DEFAULT true NOT NULL,
  through_seq bigint NOT NULL,
  CONSTRAINT call_changes_pruned_pkey PRIMARY KEY (only_row),
  CONSTRAINT call_changes_pruned_only_row_check CHECK (only_row)
);

CREATE TABLE call_combos (
  id integer DEFAULT nextval('call_combos_id_seq'::regclass) NOT NULL,
  campaign_id integer NOT NULL,
  publisher_id integer NOT NULL,
  target_id integer NOT NULL,
  buyer_id integer NOT NULL,
  CONSTRAINT call_combos_pkey PRIMARY KEY (id),
  CONSTRAINT call_combos_campaign_id_publisher_id_target_id_buyer_id_key UNIQUE (campaign_id, publisher_id, target_id, buyer_id)
);

CREATE TABLE call_words (
  call_id bigint NOT NULL,
  call_ts timestamp with time zone NOT NULL,
  words tsvector NOT NULL,
  CONSTRAINT call_words_pkey PRIMARY KEY (call_id)
);

CREATE TABLE call_words_queue (
  call_id bigint NOT NULL,
  CONSTRAINT call_words_queue_pkey PRIMARY KEY (call_id)
);

CREATE TABLE calls (
  id bigint DEFAULT nextval('calls_id_seq'::regclass) NOT NULL,
  system_call_id text NOT NULL,
  call_ts timestamp with time zone NOT NULL,
  caller_id text DEFAULT ''::text NOT NULL,
  campaign_id integer NOT NULL,
  publisher_id integer NOT NULL,
  target_id integer,
  buyer_id integer,
  system_name text DEFAULT ''::text NOT NULL,
  system_publisher_id text,
  system_buyer_id text,
  duration_sec integer DEFAULT 0 NOT NULL,
  connected boolean NOT NULL,
  recording_url text,
  transcript text,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  status text DEFAULT ''::text NOT NULL,
  sub_disposition text,
  reason text,
  summary text,
  status_overridden boolean DEFAULT false NOT NULL,
  qc_disposition text,
  qc_sub_disposition text,
  qc_reason text,
  qc_summary text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  repeat_of bigint,
  dispute_state text DEFAULT 'none'::text NOT NULL,
  CONSTRAINT calls_pkey PRIMARY KEY (id),
  CONSTRAINT calls_system_call_id_key UNIQUE (system_call_id),
  CONSTRAINT calls_dispute_state_check CHECK (dispute_state = ANY (ARRAY['none'::text, 'open'::text, 'accepted'::text, 'partial'::text, 'rejected'::text])),
  CONSTRAINT calls_duration_sec_check CHECK (duration_sec >= 0),
  CONSTRAINT calls_payout_cents_check CHECK (payout_cents >= 0),
  CONSTRAINT calls_revenue_cents_check CHECK (revenue_cents >= 0)
);

CREATE TABLE calls_daily (
  day date NOT NULL,
  status text NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  not_connected integer DEFAULT 0 NOT NULL,
  duration_sec bigint DEFAULT 0 NOT NULL,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  repeats integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_daily_pkey PRIMARY KEY (day, status)
);

CREATE TABLE calls_daily_combo (
  combo_id integer NOT NULL,
  day date NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_daily_combo_pkey PRIMARY KEY (combo_id, day)
) WITH (fillfactor=50);

CREATE TABLE calls_daily_dim (
  dim smallint NOT NULL,
  day date NOT NULL,
  dim_id integer NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  not_connected integer DEFAULT 0 NOT NULL,
  repeats integer DEFAULT 0 NOT NULL,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  status_sales integer DEFAULT 0 NOT NULL,
  status_not_interested integer DEFAULT 0 NOT NULL,
  status_not_qualified integer DEFAULT 0 NOT NULL,
  status_dnc integer DEFAULT 0 NOT NULL,
  status_voicemail integer DEFAULT 0 NOT NULL,
  status_tech_issues integer DEFAULT 0 NOT NULL,
  status_dwspi integer DEFAULT 0 NOT NULL,
  status_unresponsive integer DEFAULT 0 NOT NULL,
  status_hungup integer DEFAULT 0 NOT NULL,
  status_callback integer DEFAULT 0 NOT NULL,
  status_ivr integer DEFAULT 0 NOT NULL,
  status_subsidy_incentivised integer DEFAULT 0 NOT NULL,
  status_language_barrier integer DEFAULT 0 NOT NULL,
  status_misdialed integer DEFAULT 0 NOT NULL,
  status_other integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_daily_dim_pkey PRIMARY KEY (dim, day, dim_id)
) WITH (fillfactor=50);

CREATE TABLE calls_daily_dim_status (
  dim smallint NOT NULL,
  dim_id integer NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  not_connected integer DEFAULT 0 NOT NULL,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  repeats integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_daily_dim_status_pkey PRIMARY KEY (dim, dim_id, day, status) INCLUDE (calls, not_connected, repeats, revenue_cents, payout_cents)
);

CREATE TABLE calls_hourly (
  hour timestamp with time zone NOT NULL,
  status text NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  not_connected integer DEFAULT 0 NOT NULL,
  duration_sec bigint DEFAULT 0 NOT NULL,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  repeats integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_hourly_pkey PRIMARY KEY (hour, status)
);

CREATE TABLE calls_monthly (
  month date NOT NULL,
  status text NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  not_connected integer DEFAULT 0 NOT NULL,
  duration_sec bigint DEFAULT 0 NOT NULL,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  repeats integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_monthly_pkey PRIMARY KEY (month, status)
);

CREATE TABLE calls_monthly_combo (
  combo_id integer NOT NULL,
  month date NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_monthly_combo_pkey PRIMARY KEY (combo_id, month)
) WITH (fillfactor=50);

CREATE TABLE calls_monthly_dim (
  dim smallint NOT NULL,
  month date NOT NULL,
  dim_id integer NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  not_connected integer DEFAULT 0 NOT NULL,
  repeats integer DEFAULT 0 NOT NULL,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  status_sales integer DEFAULT 0 NOT NULL,
  status_not_interested integer DEFAULT 0 NOT NULL,
  status_not_qualified integer DEFAULT 0 NOT NULL,
  status_dnc integer DEFAULT 0 NOT NULL,
  status_voicemail integer DEFAULT 0 NOT NULL,
  status_tech_issues integer DEFAULT 0 NOT NULL,
  status_dwspi integer DEFAULT 0 NOT NULL,
  status_unresponsive integer DEFAULT 0 NOT NULL,
  status_hungup integer DEFAULT 0 NOT NULL,
  status_callback integer DEFAULT 0 NOT NULL,
  status_ivr integer DEFAULT 0 NOT NULL,
  status_subsidy_incentivised integer DEFAULT 0 NOT NULL,
  status_language_barrier integer DEFAULT 0 NOT NULL,
  status_misdialed integer DEFAULT 0 NOT NULL,
  status_other integer DEFAULT 0 NOT NULL,
  CONSTRAINT calls_monthly_dim_pkey PRIMARY KEY (dim, month, dim_id)
) WITH (fillfactor=50);

CREATE TABLE calls_weekly (
  week date NOT NULL,
  status text NOT NULL,
  calls integer DEFAULT 0 NOT NULL,
  not_connected integer DEFAULT 0 NOT NULL,
  repeats integer DEFAULT 0 NOT NULL,
  duration_sec bigint DEFAULT 0 NOT NULL,
  revenue_cents bigint DEFAULT 0 NOT NULL,
  payout_cents bigint DEFAULT 0 NOT NULL,
  CONSTRAINT calls_weekly_pkey PRIMARY KEY (week, status)
) WITH (fillfactor=50);

CREATE TABLE campaigns (
  id integer DEFAULT nextval('campaigns_id_seq'::regclass) NOT NULL,
  name text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT campaigns_pkey PRIMARY KEY (id),
  CONSTRAINT campaigns_name_key UNIQUE (name)
);

CREATE TABLE connector_calls (
  connector_id text NOT NULL,
  platform_call_id text NOT NULL,
  fields jsonb DEFAULT '{}'::jsonb NOT NULL,
  stored boolean DEFAULT false NOT NULL,
  first_event_at timestamp with time zone DEFAULT now() NOT NULL,
  last_event_at timestamp with time zone DEFAULT now() NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  CONSTRAINT connector_calls_pkey PRIMARY KEY (connector_id, platform_call_id),
  CONSTRAINT connector_calls_connector_id_fkey FOREIGN KEY (connector_id) REFERENCES connectors(id) ON DELETE CASCADE
);

CREATE TABLE connector_events (
  id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  connector_id text NOT NULL,
  received_at timestamp with time zone DEFAULT now() NOT NULL,
  method text NOT NULL,
  content_type text,
  payload jsonb NOT NULL,
  outcome text NOT NULL,
  reason text,
  platform_call_id text,
  CONSTRAINT connector_events_pkey PRIMARY KEY (id),
  CONSTRAINT connector_events_outcome_check CHECK (outcome = ANY (ARRAY['created'::text, 'updated'::text, 'held'::text, 'applied'::text, 'ignored_stale'::text, 'rejected'::text])),
  CONSTRAINT connector_events_connector_id_fkey FOREIGN KEY (connector_id) REFERENCES connectors(id) ON DELETE CASCADE
);

CREATE TABLE connectors (
  id text NOT NULL,
  name text NOT NULL,
  platform text NOT NULL,
  secret text NOT NULL,
  mapping jsonb NOT NULL,
  time_zone text DEFAULT 'America/New_York'::text NOT NULL,
  enabled boolean DEFAULT true NOT NULL,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  secret_rotated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT connectors_pkey PRIMARY KEY (id),
  CONSTRAINT connectors_id_check CHECK (id ~ '^cn_[A-Za-z0-9_-]{16,}$'::text),
  CONSTRAINT connectors_mapping_check CHECK (jsonb_typeof(mapping) = 'array'::text),
  CONSTRAINT connectors_name_check CHECK (length(name) >= 1 AND length(name) <= 100),
  CONSTRAINT connectors_platform_check CHECK (platform = ANY (ARRAY['ringba'::text, 'retreaver'::text, 'trackdrive'::text, 'generic'::text])),
  CONSTRAINT connectors_secret_check CHECK (length(secret) >= 32),
  CONSTRAINT connectors_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE deliveries (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  channel text NOT NULL,
  endpoint_id uuid,
  recipient_user_id uuid,
  address text,
  source_kind text NOT NULL,
  source_id text NOT NULL,
  subject text NOT NULL,
  payload text NOT NULL,
  message_id text NOT NULL,
  ordering_key text,
  status text DEFAULT 'pending'::text NOT NULL,
  attempts integer DEFAULT 0 NOT NULL,
  last_status_code integer,
  last_error text,
  next_attempt_at timestamp with time zone,
  claimed_until timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  sent_at timestamp with time zone,
  replay_of uuid,
  CONSTRAINT deliveries_pkey PRIMARY KEY (id),
  CONSTRAINT deliveries_seq_key UNIQUE (seq),
  CONSTRAINT deliveries_channel_check CHECK (channel = ANY (ARRAY['email'::text, 'webhook'::text, 'slack'::text])),
  CONSTRAINT deliveries_check CHECK ((channel = 'email'::text) = (address IS NOT NULL)),
  CONSTRAINT deliveries_source_kind_check CHECK (source_kind = ANY (ARRAY['alert'::text, 'report'::text, 'event'::text, 'test'::text])),
  CONSTRAINT deliveries_status_check CHECK (status = ANY (ARRAY['pending'::text, 'retrying'::text, 'sent'::text, 'failed'::text])),
  CONSTRAINT deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES delivery_endpoints(id) ON DELETE SET NULL,
  CONSTRAINT deliveries_recipient_user_id_fkey FOREIGN KEY (recipient_user_id) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT deliveries_replay_of_fkey FOREIGN KEY (replay_of) REFERENCES deliveries(id) ON DELETE SET NULL
);

CREATE TABLE delivery_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  delivery_id uuid NOT NULL,
  attempted_at timestamp with time zone NOT NULL,
  outcome text NOT NULL,
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  CONSTRAINT delivery_attempts_pkey PRIMARY KEY (id),
  CONSTRAINT delivery_attempts_outcome_check CHECK (outcome = ANY (ARRAY['sent'::text, 'failed'::text])),
  CONSTRAINT delivery_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES deliveries(id) ON DELETE CASCADE
);

CREATE TABLE delivery_endpoints (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  owner_id uuid,
  kind text NOT NULL,
  name text NOT NULL,
  url text NOT NULL,
  secret text,
  consecutive_failures integer DEFAULT 0 NOT NULL,
  paused_at timestamp with time zone,
  pause_reason text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT delivery_endpoints_pkey PRIMARY KEY (id),
  CONSTRAINT delivery_endpoints_check CHECK ((kind = 'webhook'::text) = (secret IS NOT NULL)),
  CONSTRAINT delivery_endpoints_kind_check CHECK (kind = ANY (ARRAY['webhook'::text, 'slack'::text])),
  CONSTRAINT delivery_endpoints_name_check CHECK (length(name) >= 1 AND length(name) <= 100),
  CONSTRAINT delivery_endpoints_secret_check CHECK (secret ~~ 'whsec_%'::text),
  CONSTRAINT delivery_endpoints_url_check CHECK (url ~ '^https?://'::text),
  CONSTRAINT delivery_endpoints_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE dispute_windows (
  buyer_id integer NOT NULL,
  days integer NOT NULL,
  updated_by uuid,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT dispute_windows_pkey PRIMARY KEY (buyer_id),
  CONSTRAINT dispute_windows_days_check CHECK (days >= 1 AND days <= 365),
  CONSTRAINT dispute_windows_buyer_id_fkey FOREIGN KEY (buyer_id) REFERENCES buyers(id),
  CONSTRAINT dispute_windows_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE disputes (
  id bigint DEFAULT nextval('disputes_id_seq'::regclass) NOT NULL,
  call_id bigint NOT NULL,
  call_ts timestamp with time zone NOT NULL,
  buyer_id integer NOT NULL,
  publisher_id integer NOT NULL,
  status text NOT NULL,
  reason text NOT NULL,
  note text NOT NULL,
  opened_by uuid,
  opened_by_name text,
  opened_by_email text,
  opened_by_partner boolean NOT NULL,
  opened_at timestamp with time zone DEFAULT now() NOT NULL,
  revenue_cents bigint NOT NULL,
  payout_cents bigint NOT NULL,
  evidence jsonb NOT NULL,
  decision text,
  decision_note text,
  decided_by uuid,
  decided_by_name text,
  decided_by_email text,
  decided_at timestamp with time zone,
  credited_cents bigint,
  clawed_back_cents bigint,
  change_id uuid,
  withdrawn_by uuid,
  withdrawn_at timestamp with time zone,
  campaign_id integer NOT NULL,
  target_id integer,
  CONSTRAINT disputes_pkey PRIMARY KEY (id),
  CONSTRAINT disputes_clawed_back_cents_check CHECK (clawed_back_cents >= 0),
  CONSTRAINT disputes_credited_cents_check CHECK (credited_cents >= 0),
  CONSTRAINT disputes_decision_check CHECK (decision = ANY (ARRAY['accept'::text, 'partial'::text, 'reject'::text])),
  CONSTRAINT disputes_reason_check CHECK (reason = ANY (ARRAY['hung_up_immediately'::text, 'not_connected'::text, 'bot_or_spam'::text, 'repeat_caller'::text, 'not_qualified'::text, 'wrong_disposition'::text, 'other'::text])),
  CONSTRAINT disputes_status_check CHECK (status = ANY (ARRAY['open'::text, 'accepted'::text, 'partial'::text, 'rejected'::text, 'withdrawn'::text])),
  CONSTRAINT disputes_call_id_fkey FOREIGN KEY (call_id) REFERENCES calls(id) ON DELETE CASCADE,
  CONSTRAINT disputes_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT disputes_opened_by_fkey FOREIGN KEY (opened_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT disputes_withdrawn_by_fkey FOREIGN KEY (withdrawn_by) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE disputes_daily_dim (
  dim smallint NOT NULL,
  day date NOT NULL,
  dim_id integer NOT NULL,
  disputes integer DEFAULT 0 NOT NULL,
  decided integer DEFAULT 0 NOT NULL,
  accepted integer DEFAULT 0 NOT NULL,
  credited_cents bigint DEFAULT 0 NOT NULL,
  clawed_back_cents bigint DEFAULT 0 NOT NULL,
  ai_judged integer DEFAULT 0 NOT NULL,
  ai_agreed integer DEFAULT 0 NOT NULL,
  CONSTRAINT disputes_daily_dim_pkey PRIMARY KEY (dim, day, dim_id)
) WITH (fillfactor=50);

CREATE TABLE event_subscriptions (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  name text NOT NULL,
  endpoint_id uuid NOT NULL,
  event_types text[] NOT NULL,
  campaign_ids integer[] DEFAULT '{}'::integer[] NOT NULL,
  publisher_ids integer[] DEFAULT '{}'::integer[] NOT NULL,
  buyer_ids integer[] DEFAULT '{}'::integer[] NOT NULL,
  disposition_becomes text,
  enabled boolean DEFAULT true NOT NULL,
  starts_after_seq bigint NOT NULL,
  starts_after_transition bigint NOT NULL,
  stops_after_seq bigint,
  stops_after_transition bigint,
  created_by uuid,
  created_by_name text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT event_subscriptions_pkey PRIMARY KEY (id),
  CONSTRAINT event_subscriptions_check CHECK (enabled = (stops_after_seq IS NULL)),
  CONSTRAINT event_subscriptions_check1 CHECK ((stops_after_seq IS NULL) = (stops_after_transition IS NULL)),
  CONSTRAINT event_subscriptions_disposition_becomes_check CHECK (disposition_becomes = ANY (ARRAY['Sales'::text, 'Not Interested'::text, 'Not Qualified'::text, 'DNC'::text, 'Voicemail'::text, 'Tech Issues'::text, 'DWSPI'::text, 'Unresponsive'::text, 'Hungup'::text, 'Callback'::text, 'IVR'::text, 'subsidy/incentivised'::text, 'Language Barrier'::text, 'Misdialed'::text])),
  CONSTRAINT event_subscriptions_event_types_check CHECK (cardinality(event_types) > 0 AND event_types <@ ARRAY['call.created'::text, 'call.updated'::text, 'call.disposition_changed'::text, 'dispute.opened'::text, 'dispute.decided'::text, 'alert.fired'::text, 'alert.resolved'::text]),
  CONSTRAINT event_subscriptions_name_check CHECK (length(name) >= 1 AND length(name) <= 100),
  CONSTRAINT event_subscriptions_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT event_subscriptions_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES delivery_endpoints(id) ON DELETE CASCADE
);

CREATE TABLE export_leases (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  user_id uuid NOT NULL,
  started_at timestamp with time zone DEFAULT now() NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  CONSTRAINT export_leases_pkey PRIMARY KEY (id),
  CONSTRAINT export_leases_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  status_code integer,
  response jsonb,
  expires_at timestamp with time zone NOT NULL,
  CONSTRAINT idempotency_keys_pkey PRIMARY KEY (scope, idempotency_key)
);

CREATE TABLE import_chunks (
  import_id uuid NOT NULL,
  seq integer NOT NULL,
  data text NOT NULL,
  CONSTRAINT import_chunks_pkey PRIMARY KEY (import_id, seq),
  CONSTRAINT import_chunks_seq_check CHECK (seq >= 0),
  CONSTRAINT import_chunks_import_id_fkey FOREIGN KEY (import_id) REFERENCES imports(id) ON DELETE CASCADE
);

CREATE TABLE import_rejects (
  import_id uuid NOT NULL,
  line integer NOT NULL,
  system_call_id text,
  fields jsonb NOT NULL,
  reason text NOT NULL,
  CONSTRAINT import_rejects_pkey PRIMARY KEY (import_id, line),
  CONSTRAINT import_rejects_fields_check CHECK (jsonb_typeof(fields) = 'array'::text),
  CONSTRAINT import_rejects_import_id_fkey FOREIGN KEY (import_id) REFERENCES imports(id) ON DELETE CASCADE
);

CREATE TABLE imports (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  created_by uuid,
  run_by uuid,
  file_name text NOT NULL,
  byte_size bigint DEFAULT 0 NOT NULL,
  total_rows integer DEFAULT 0 NOT NULL,
  headers jsonb DEFAULT '[]'::jsonb NOT NULL,
  platform text,
  recognised_columns integer DEFAULT 0 NOT NULL,
  mapping jsonb DEFAULT '[]'::jsonb NOT NULL,
  status text DEFAULT 'uploading'::text NOT NULL,
  rows_read integer DEFAULT 0 NOT NULL,
  inserted integer DEFAULT 0 NOT NULL,
  updated integer DEFAULT 0 NOT NULL,
  rejected integer DEFAULT 0 NOT NULL,
  attempts integer DEFAULT 0 NOT NULL,
  lease_token uuid,
  lease_until timestamp with time zone,
  error text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  queued_at timestamp with time zone,
  started_at timestamp with time zone,
  finished_at timestamp with time zone,
  CONSTRAINT imports_pkey PRIMARY KEY (id),
  CONSTRAINT imports_byte_size_check CHECK (byte_size >= 0),
  CONSTRAINT imports_file_name_check CHECK (length(file_name) >= 1 AND length(file_name) <= 200),
  CONSTRAINT imports_headers_check CHECK (jsonb_typeof(headers) = 'array'::text),
  CONSTRAINT imports_mapping_check CHECK (jsonb_typeof(mapping) = 'array'::text),
  CONSTRAINT imports_platform_check CHECK (platform = ANY (ARRAY['ringba'::text, 'retreaver'::text, 'trackdrive'::text, 'generic'::text])),
  CONSTRAINT imports_status_check CHECK (status = ANY (ARRAY['uploading'::text, 'uploaded'::text, 'queued'::text, 'running'::text, 'done'::text, 'failed'::text])),
  CONSTRAINT imports_total_rows_check CHECK (total_rows >= 0),
  CONSTRAINT imports_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT imports_run_by_fkey FOREIGN KEY (run_by) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE ingest_keys (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  name text NOT NULL,
  key_hash text NOT NULL,
  key_prefix text NOT NULL,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  last_used_at timestamp with time zone,
  revoked_at timestamp with time zone,
  scopes text[] NOT NULL,
  CONSTRAINT ingest_keys_pkey PRIMARY KEY (id),
  CONSTRAINT ingest_keys_key_hash_key UNIQUE (key_hash),
  CONSTRAINT ingest_keys_scopes_known CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['calls'::text, 'qc'::text, 'read'::text]),
  CONSTRAINT ingest_keys_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE login_throttle (
  throttle_key text NOT NULL,
  attempts timestamp with time zone[] NOT NULL,
  expires_at timestamp with time zone DEFAULT now() + '01:00:00'::interval NOT NULL,
  last_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT login_throttle_pkey PRIMARY KEY (throttle_key)
);

CREATE TABLE notifications (
  id bigint DEFAULT nextval('notifications_id_seq'::regclass) NOT NULL,
  user_id uuid NOT NULL,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  read_at timestamp with time zone,
  CONSTRAINT notifications_pkey PRIMARY KEY (id),
  CONSTRAINT notifications_body_check CHECK (length(body) <= 1000),
  CONSTRAINT notifications_kind_check CHECK (length(kind) >= 1 AND length(kind) <= 50),
  CONSTRAINT notifications_link_check CHECK (length(link) >= 1 AND length(link) <= 2000),
  CONSTRAINT notifications_title_check CHECK (length(title) >= 1 AND length(title) <= 200),
  CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE outbound_event_cursor (
  only_row boolean DEFAULT true NOT NULL,
  change_seq bigint NOT NULL,
  alert_transition_id bigint NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT outbound_event_cursor_pkey PRIMARY KEY (only_row),
  CONSTRAINT outbound_event_cursor_only_row_check CHECK (only_row)
);

CREATE TABLE partner_api_keys (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  user_id uuid NOT NULL,
  name text NOT NULL,
  key_hash text NOT NULL,
  key_prefix text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  last_used_at timestamp with time zone,
  revoked_at timestamp with time zone,
  CONSTRAINT partner_api_keys_pkey PRIMARY KEY (id),
  CONSTRAINT partner_api_keys_key_hash_key UNIQUE (key_hash),
  CONSTRAINT partner_api_keys_name_check CHECK (length(name) >= 1 AND length(name) <= 100),
  CONSTRAINT partner_api_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE partner_scopes (
  user_id uuid NOT NULL,
  kind text NOT NULL,
  ids integer[] NOT NULL,
  history_from date,
  caller_id text NOT NULL,
  recordings boolean NOT NULL,
  transcripts boolean NOT NULL,
  counterparty boolean NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT partner_scopes_pkey PRIMARY KEY (user_id),
  CONSTRAINT partner_scopes_caller_id_check CHECK (caller_id = ANY (ARRAY['full'::text, 'masked'::text, 'hidden'::text])),
  CONSTRAINT partner_scopes_ids_check CHECK (cardinality(ids) >= 1 AND cardinality(ids) <= 100),
  CONSTRAINT partner_scopes_kind_check CHECK (kind = ANY (ARRAY['publisher'::text, 'buyer'::text])),
  CONSTRAINT partner_scopes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE payments (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  publisher_id integer NOT NULL,
  amount_cents bigint NOT NULL,
  currency text DEFAULT 'USD'::text NOT NULL,
  paid_at timestamp with time zone NOT NULL,
  method text NOT NULL,
  reference text,
  note text,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT payments_pkey PRIMARY KEY (id),
  CONSTRAINT payments_amount_cents_check CHECK (amount_cents > 0),
  CONSTRAINT payments_method_check CHECK (method = ANY (ARRAY['wire'::text, 'ach'::text, 'paypal'::text, 'check'::text, 'other'::text])),
  CONSTRAINT payments_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT payments_publisher_id_fkey FOREIGN KEY (publisher_id) REFERENCES publishers(id)
);

CREATE TABLE publishers (
  id integer DEFAULT nextval('publishers_id_seq'::regclass) NOT NULL,
  name text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT publishers_pkey PRIMARY KEY (id),
  CONSTRAINT publishers_name_key UNIQUE (name)
);

CREATE UNLOGGED TABLE rate_limit_counters (
  key text NOT NULL,
  count integer NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (key)
) WITH (fillfactor=70);

CREATE TABLE repeat_window (
  only_row boolean DEFAULT true NOT NULL,
  days integer NOT NULL,
  CONSTRAINT repeat_window_pkey PRIMARY KEY (only_row),
  CONSTRAINT repeat_window_days_check CHECK (days >= 1 AND days <= 90),
  CONSTRAINT repeat_window_only_row_check CHECK (only_row)
);

CREATE TABLE report_recipients (
  schedule_id uuid NOT NULL,
  user_id uuid NOT NULL,
  unsubscribe_token text NOT NULL,
  added_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT report_recipients_pkey PRIMARY KEY (schedule_id, user_id),
  CONSTRAINT report_recipients_unsubscribe_token_key UNIQUE (unsubscribe_token),
  CONSTRAINT report_recipients_schedule_id_fkey FOREIGN KEY (schedule_id) REFERENCES report_schedules(id) ON DELETE CASCADE,
  CONSTRAINT report_recipients_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE report_run_recipients (
  run_id uuid NOT NULL,
  "position" smallint NOT NULL,
  user_id uuid,
  name text NOT NULL,
  email text NOT NULL,
  outcome text NOT NULL,
  detail text,
  delivery_id uuid,
  CONSTRAINT report_run_recipients_pkey PRIMARY KEY (run_id, "position"),
  CONSTRAINT report_run_recipients_outcome_check CHECK (outcome = ANY (ARRAY['queued'::text, 'empty'::text, 'refused'::text])),
  CONSTRAINT report_run_recipients_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES deliveries(id) ON DELETE SET NULL,
  CONSTRAINT report_run_recipients_run_id_fkey FOREIGN KEY (run_id) REFERENCES report_runs(id) ON DELETE CASCADE,
  CONSTRAINT report_run_recipients_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE report_runs (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  schedule_id uuid NOT NULL,
  trigger text NOT NULL,
  period_start timestamp with time zone NOT NULL,
  period_end timestamp with time zone NOT NULL,
  status text NOT NULL,
  requested_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT report_runs_pkey PRIMARY KEY (id),
  CONSTRAINT report_runs_check CHECK (period_end > period_start),
  CONSTRAINT report_runs_status_check CHECK (status = ANY (ARRAY['sent'::text, 'skipped'::text])),
  CONSTRAINT report_runs_trigger_check CHECK (trigger = ANY (ARRAY['scheduled'::text, 'send_now'::text, 'resend'::text])),
  CONSTRAINT report_runs_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT report_runs_schedule_id_fkey FOREIGN KEY (schedule_id) REFERENCES report_schedules(id) ON DELETE CASCADE
);

CREATE TABLE report_schedules (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  view_id uuid NOT NULL,
  owner_id uuid NOT NULL,
  frequency text NOT NULL,
  day_of_week smallint,
  day_of_month smallint,
  time_of_day text NOT NULL,
  attachment text DEFAULT 'none'::text NOT NULL,
  skip_if_empty boolean DEFAULT true NOT NULL,
  enabled boolean DEFAULT true NOT NULL,
  next_run_at timestamp with time zone,
  last_period_start timestamp with time zone,
  last_period_end timestamp with time zone,
  last_sent_at timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT report_schedules_pkey PRIMARY KEY (id),
  CONSTRAINT report_schedules_attachment_check CHECK (attachment = ANY (ARRAY['none'::text, 'csv'::text, 'xlsx'::text])),
  CONSTRAINT report_schedules_check CHECK ((frequency = 'weekly'::text) = (day_of_week IS NOT NULL)),
  CONSTRAINT report_schedules_check1 CHECK ((frequency = 'monthly'::text) = (day_of_month IS NOT NULL)),
  CONSTRAINT report_schedules_check2 CHECK (enabled = (next_run_at IS NOT NULL)),
  CONSTRAINT report_schedules_day_of_month_check CHECK (day_of_month >= 1 AND day_of_month <= 28),
  CONSTRAINT report_schedules_day_of_week_check CHECK (day_of_week >= 1 AND day_of_week <= 7),
  CONSTRAINT report_schedules_frequency_check CHECK (frequency = ANY (ARRAY['daily'::text, 'weekly'::text, 'monthly'::text])),
  CONSTRAINT report_schedules_time_of_day_check CHECK (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'::text),
  CONSTRAINT report_schedules_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE,
  CONSTRAINT report_schedules_view_id_fkey FOREIGN KEY (view_id) REFERENCES saved_views(id) ON DELETE CASCADE
);

CREATE TABLE saved_views (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  owner_id uuid NOT NULL,
  name text NOT NULL,
  area text NOT NULL,
  query text NOT NULL,
  columns text[],
  shared boolean DEFAULT false NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT saved_views_pkey PRIMARY KEY (id),
  CONSTRAINT saved_views_area_check CHECK (area = ANY (ARRAY['reporting'::text, 'callLogs'::text])),
  CONSTRAINT saved_views_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE schema_migrations (
  version text NOT NULL,
  applied_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT schema_migrations_pkey PRIMARY KEY (version)
);

CREATE TABLE sessions (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  user_id uuid NOT NULL,
  refresh_hash text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  last_used_at timestamp with time zone DEFAULT now() NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  revoked_at timestamp with time zone,
  CONSTRAINT sessions_pkey PRIMARY KEY (id),
  CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE spent_refresh_tokens (
  refresh_hash text NOT NULL,
  session_id uuid NOT NULL,
  spent_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT spent_refresh_tokens_pkey PRIMARY KEY (refresh_hash),
  CONSTRAINT spent_refresh_tokens_session_id_fkey FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE
);

CREATE TABLE targets (
  id integer DEFAULT nextval('targets_id_seq'::regclass) NOT NULL,
  name text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT targets_pkey PRIMARY KEY (id),
  CONSTRAINT targets_name_key UNIQUE (name)
);

CREATE TABLE users (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  name text DEFAULT ''::text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text DEFAULT 'user'::text NOT NULL,
  active boolean DEFAULT true NOT NULL,
  avatar_url text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT users_pkey PRIMARY KEY (id),
  CONSTRAINT users_role_check CHECK (role = ANY (ARRAY['user'::text, 'reviewer'::text, 'admin'::text, 'partner'::text]))
);

CREATE TABLE view_as_log (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  admin_id uuid,
  admin_email text NOT NULL,
  partner_id uuid,
  partner_email text NOT NULL,
  session_id uuid,
  started_at timestamp with time zone DEFAULT now() NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  ended_at timestamp with time zone,
  CONSTRAINT view_as_log_pkey PRIMARY KEY (id),
  CONSTRAINT view_as_log_admin_id_fkey FOREIGN KEY (admin_id) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT view_as_log_partner_id_fkey FOREIGN KEY (partner_id) REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT view_as_log_session_id_fkey FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE SET NULL
);

CREATE TABLE view_defaults (
  user_id uuid NOT NULL,
  area text NOT NULL,
  view_id uuid NOT NULL,
  CONSTRAINT view_defaults_pkey PRIMARY KEY (user_id, area),
  CONSTRAINT view_defaults_area_check CHECK (area = ANY (ARRAY['reporting'::text, 'callLogs'::text])),
  CONSTRAINT view_defaults_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  CONSTRAINT view_defaults_view_id_fkey FOREIGN KEY (view_id) REFERENCES saved_views(id) ON DELETE CASCADE
);


-- Indexes

CREATE INDEX alert_rule_endpoints_endpoint ON public.alert_rule_endpoints USING btree (endpoint_id);

CREATE INDEX alert_rules_name ON public.alert_rules USING btree (lower(name), id);

CREATE INDEX alert_subscriptions_user ON public.alert_subscriptions USING btree (user_id);

CREATE INDEX alert_transitions_rule ON public.alert_transitions USING btree (rule_id, id DESC);

CREATE INDEX call_audit_call_idx ON public.call_audit USING btree (call_id, changed_at DESC);

CREATE INDEX call_audit_change_idx ON public.call_audit USING btree (change_id);

CREATE INDEX call_audit_undoes_idx ON public.call_audit USING btree (undoes_change_id) WHERE (undoes_change_id IS NOT NULL);

CREATE INDEX call_words_ts_idx ON public.call_words USING btree (call_ts);

CREATE INDEX call_words_words_idx ON public.call_words USING gin (words);

CREATE INDEX calls_buyer_ts_idx ON public.calls USING btree (buyer_id, call_ts);

CREATE INDEX calls_caller_campaign_ts_idx ON public.calls USING btree (caller_id, campaign_id, call_ts, id);

CREATE INDEX calls_caller_grams_idx ON public.calls USING gin (caller_id_grams(caller_id));

CREATE INDEX calls_campaign_ts_idx ON public.calls USING btree (campaign_id, call_ts);

CREATE INDEX calls_dispute_state ON public.calls USING btree (dispute_state, call_ts) WHERE (dispute_state <> 'none'::text);

CREATE INDEX calls_duration_asc_idx ON public.calls USING btree (duration_sec, call_ts DESC, id DESC);

CREATE INDEX calls_publisher_ts_idx ON public.calls USING btree (publisher_id, call_ts);

CREATE INDEX calls_status_asc_idx ON public.calls USING btree (status, call_ts DESC, id DESC);

CREATE INDEX calls_status_desc_idx ON public.calls USING btree (status, call_ts, id);

CREATE INDEX calls_sub_disposition_asc_idx ON public.calls USING btree (sub_disposition, call_ts DESC, id DESC);

CREATE INDEX calls_sub_disposition_desc_idx ON public.calls USING btree (sub_disposition, call_ts, id);

CREATE INDEX calls_target_ts_idx ON public.calls USING btree (target_id, call_ts);

CREATE INDEX calls_ts_idx ON public.calls USING btree (call_ts, id) INCLUDE (status, connected);

CREATE INDEX connector_calls_expiry_idx ON public.connector_calls USING btree (expires_at);

CREATE INDEX connector_calls_held_idx ON public.connector_calls USING btree (connector_id) WHERE (NOT stored);

CREATE INDEX connector_events_newest_idx ON public.connector_events USING btree (connector_id, id DESC);

CREATE INDEX deliveries_due_idx ON public.deliveries USING btree (next_attempt_at) WHERE (status = ANY (ARRAY['pending'::text, 'retrying'::text]));

CREATE INDEX deliveries_endpoint_idx ON public.deliveries USING btree (endpoint_id, ordering_key, seq);

CREATE INDEX deliveries_log_idx ON public.deliveries USING btree (created_at DESC, seq DESC);

CREATE INDEX deliveries_source_idx ON public.deliveries USING btree (source_kind, source_id);

CREATE INDEX delivery_attempts_delivery_idx ON public.delivery_attempts USING btree (delivery_id, id);

CREATE INDEX delivery_endpoints_name_idx ON public.delivery_endpoints USING btree (lower(name));

CREATE INDEX disputes_call ON public.disputes USING btree (call_id, id);

CREATE INDEX disputes_call_ts ON public.disputes USING btree (call_ts, id);

CREATE UNIQUE INDEX disputes_one_open_per_call ON public.disputes USING btree (call_id) WHERE (status = 'open'::text);

CREATE INDEX disputes_opened ON public.disputes USING btree (opened_at, id);

CREATE INDEX event_subscriptions_endpoint ON public.event_subscriptions USING btree (endpoint_id);

CREATE INDEX event_subscriptions_name ON public.event_subscriptions USING btree (lower(name), id);

CREATE INDEX export_leases_user_started_idx ON public.export_leases USING btree (user_id, started_at);

CREATE INDEX idempotency_keys_expires_at_idx ON public.idempotency_keys USING btree (expires_at);

CREATE INDEX imports_newest_idx ON public.imports USING btree (created_at DESC);

CREATE INDEX imports_unfinished_idx ON public.imports USING btree (status) WHERE (status = ANY (ARRAY['uploading'::text, 'uploaded'::text, 'queued'::text, 'running'::text]));

CREATE INDEX login_throttle_expires_at_idx ON public.login_throttle USING btree (expires_at);

CREATE INDEX notifications_user_newest_idx ON public.notifications USING btree (user_id, id DESC);

CREATE INDEX partner_api_keys_user_live_idx ON public.partner_api_keys USING btree (user_id, created_at DESC) WHERE (revoked_at IS NULL);

CREATE INDEX payments_paid_at_idx ON public.payments USING btree (paid_at DESC, id);

CREATE INDEX report_recipients_user_idx ON public.report_recipients USING btree (user_id);

CREATE UNIQUE INDEX report_runs_once ON public.report_runs USING btree (schedule_id, period_start) WHERE (trigger = 'scheduled'::text);

CREATE INDEX report_runs_schedule_idx ON public.report_runs USING btree (schedule_id, created_at DESC);

CREATE INDEX report_schedules_due_idx ON public.report_schedules USING btree (next_run_at) WHERE enabled;

CREATE INDEX report_schedules_owner_idx ON public.report_schedules USING btree (owner_id);

CREATE INDEX report_schedules_view_idx ON public.report_schedules USING btree (view_id);

CREATE UNIQUE INDEX saved_views_owner_name_key ON public.saved_views USING btree (owner_id, lower(name));

CREATE INDEX saved_views_shared_idx ON public.saved_views USING btree (owner_id) WHERE shared;

CREATE INDEX sessions_expires_at_idx ON public.sessions USING btree (expires_at);

CREATE UNIQUE INDEX sessions_refresh_hash_key ON public.sessions USING btree (refresh_hash);

CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id) WHERE (revoked_at IS NULL);

CREATE INDEX spent_refresh_tokens_session_idx ON public.spent_refresh_tokens USING btree (session_id);

CREATE INDEX users_created_at_idx ON public.users USING btree (created_at, id);

CREATE UNIQUE INDEX users_email_key ON public.users USING btree (lower(email));

CREATE INDEX view_as_log_partner_idx ON public.view_as_log USING btree (partner_id, started_at DESC);

CREATE INDEX view_defaults_view_idx ON public.view_defaults USING btree (view_id);


-- Functions

CREATE OR REPLACE FUNCTION public.call_changes_claim()
 RETURNS void
 LANGUAGE sql
AS $function$
  SELECT pg_advisory_xact_lock_shared((29281::bigint << 48) | (coalesce(pg_sequence_last_value(pg_get_serial_sequence('call_changes', 'seq')::regclass), 0) + 1))
$function$;

CREATE OR REPLACE FUNCTION public.call_changes_created()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  logged call_changes[];
BEGIN
  SELECT array_agg(ROW(NULL, NULL, n.id, n.system_call_id, n.publisher_id, n.buyer_id, n.call_ts, 'created', callboard_change_actor(), callboard_change_set(),
    concat('{', concat_ws(',', '"callTimestamp":[null,' || to_json(to_char(n.call_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text || ']',
      '"callerId":[null,' || to_json(n.caller_id)::text || ']',
      '"campaignName":[null,' || to_json(ca.name)::text || ']',
      '"publisherName":[null,' || to_json(pu.name)::text || ']',
      '"targetName":[null,' || to_json(ta.name)::text || ']',
      '"buyerName":[null,' || to_json(bu.name)::text || ']',
      '"systemName":[null,' || to_json(n.system_name)::text || ']',
      '"systemPublisherId":[null,' || to_json(n.system_publisher_id)::text || ']',
      '"systemBuyerId":[null,' || to_json(n.system_buyer_id)::text || ']',
      '"durationSec":[null,' || to_json(n.duration_sec)::text || ']',
      '"connected":[null,' || to_json(n.connected)::text || ']',
      '"recordingUrl":[null,' || to_json(n.recording_url)::text || ']',
      '"transcript":[null,' || to_json(CASE WHEN n.transcript IS NOT NULL THEN true END)::text || ']',
      '"revenue":[null,' || to_json(n.revenue_cents::float8 / 100)::text || ']',
      '"payout":[null,' || to_json(n.payout_cents::float8 / 100)::text || ']',
      '"status":[null,' || to_json(n.status)::text || ']',
      '"subDisposition":[null,' || to_json(n.sub_disposition)::text || ']',
      '"reason":[null,' || to_json(n.reason)::text || ']',
      '"summary":[null,' || to_json(n.summary)::text || ']',
      '"statusOverridden":[null,' || to_json(n.status_overridden)::text || ']',
      '"qcDisposition":[null,' || to_json(n.qc_disposition)::text || ']',
      '"qcSubDisposition":[null,' || to_json(n.qc_sub_disposition)::text || ']',
      '"qcReason":[null,' || to_json(n.qc_reason)::text || ']',
      '"qcSummary":[null,' || to_json(n.qc_summary)::text || ']',
      '"repeatOf":[null,' || to_json(n.repeat_of::text)::text || ']',
      '"disputeState":[null,' || to_json(n.dispute_state)::text || ']'), '}')::json)::call_changes ORDER BY n.id) INTO logged
  FROM new_rows n
  JOIN campaigns ca ON ca.id = n.campaign_id
  JOIN publishers pu ON pu.id = n.publisher_id
  LEFT JOIN targets ta ON ta.id = n.target_id
  LEFT JOIN buyers bu ON bu.id = n.buyer_id;
  IF logged IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM call_changes_claim();
  INSERT INTO call_changes (call_id, system_call_id, publisher_id, buyer_id, call_ts, kind, actor, change_set, changed)
  SELECT l.call_id, l.system_call_id, l.publisher_id, l.buyer_id, l.call_ts, l.kind, l.actor, l.change_set, l.changed FROM unnest(logged) WITH ORDINALITY AS l ORDER BY l.ordinality;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.call_changes_horizon()
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  taken bigint := coalesce(pg_sequence_last_value(pg_get_serial_sequence('call_changes', 'seq')::regclass), 0);
  claimed bigint;
BEGIN
  SELECT min(((l.classid::bigint & 65535) << 32) | l.objid::bigint) INTO claimed
  FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND (l.classid::bigint >> 16) = 29281
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.pid IS DISTINCT FROM pg_backend_pid();
  RETURN CASE WHEN claimed IS NULL THEN taken ELSE least(taken, claimed - 1) END;
END
$function$;

CREATE OR REPLACE FUNCTION public.call_changes_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  named_kind text := callboard_change_kind();
  delivery boolean := coalesce(named_kind = 'delivery', false);
  logged call_changes[];
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.call_ts, o.caller_id, o.campaign_id, o.publisher_id, o.target_id, o.buyer_id, o.system_name, o.system_publisher_id, o.system_buyer_id, o.duration_sec, o.connected, o.recording_url, o.transcript, o.revenue_cents, o.payout_cents, o.status, o.sub_disposition, o.reason, o.summary, o.status_overridden, o.qc_disposition, o.qc_sub_disposition, o.qc_reason, o.qc_summary, o.repeat_of, o.dispute_state) IS DISTINCT FROM (n.call_ts, n.caller_id, n.campaign_id, n.publisher_id, n.target_id, n.buyer_id, n.system_name, n.system_publisher_id, n.system_buyer_id, n.duration_sec, n.connected, n.recording_url, n.transcript, n.revenue_cents, n.payout_cents, n.status, n.sub_disposition, n.reason, n.summary, n.status_overridden, n.qc_disposition, n.qc_sub_disposition, n.qc_reason, n.qc_summary, n.repeat_of, n.dispute_state) OR (delivery AND n.updated_at IS DISTINCT FROM o.updated_at)
  ) THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(ROW(NULL, NULL, d.id, d.system_call_id, d.publisher_id, d.buyer_id, d.call_ts,
    CASE WHEN NOT d.written AND d.only_repeat THEN 'repeat_redecided'
         WHEN named_kind IS NULL OR delivery THEN 'updated'
         ELSE named_kind END,
    callboard_change_actor(), callboard_change_set(), d.changed)::call_changes ORDER BY d.id) INTO logged
  FROM (
    SELECT n.id, n.system_call_id, n.publisher_id, n.buyer_id, n.call_ts, n.updated_at IS DISTINCT FROM o.updated_at AS written,
      (o.call_ts, o.caller_id, o.campaign_id, o.publisher_id, o.target_id, o.buyer_id, o.system_name, o.system_publisher_id, o.system_buyer_id, o.duration_sec, o.connected, o.recording_url, o.transcript, o.revenue_cents, o.payout_cents, o.status, o.sub_disposition, o.reason, o.summary, o.status_overridden, o.qc_disposition, o.qc_sub_disposition, o.qc_reason, o.qc_summary, o.repeat_of, o.dispute_state) IS DISTINCT FROM (n.call_ts, n.caller_id, n.campaign_id, n.publisher_id, n.target_id, n.buyer_id, n.system_name, n.system_publisher_id, n.system_buyer_id, n.duration_sec, n.connected, n.recording_url, n.transcript, n.revenue_cents, n.payout_cents, n.status, n.sub_disposition, n.reason, n.summary, n.status_overridden, n.qc_disposition, n.qc_sub_disposition, n.qc_reason, n.qc_summary, n.repeat_of, n.dispute_state) AS any_changed, o.repeat_of IS DISTINCT FROM n.repeat_of AND NOT (o.call_ts, o.caller_id, o.campaign_id, o.publisher_id, o.target_id, o.buyer_id, o.system_name, o.system_publisher_id, o.system_buyer_id, o.duration_sec, o.connected, o.recording_url, o.transcript, o.revenue_cents, o.payout_cents, o.status, o.sub_disposition, o.reason, o.summary, o.status_overridden, o.qc_disposition, o.qc_sub_disposition, o.qc_reason, o.qc_summary, o.dispute_state) IS DISTINCT FROM (n.call_ts, n.caller_id, n.campaign_id, n.publisher_id, n.target_id, n.buyer_id, n.system_name, n.system_publisher_id, n.system_buyer_id, n.duration_sec, n.connected, n.recording_url, n.transcript, n.revenue_cents, n.payout_cents, n.status, n.sub_disposition, n.reason, n.summary, n.status_overridden, n.qc_disposition, n.qc_sub_disposition, n.qc_reason, n.qc_summary, n.dispute_state) AS only_repeat,
      concat('{', concat_ws(',', CASE WHEN o.call_ts IS DISTINCT FROM n.call_ts THEN '"callTimestamp":[' || coalesce(to_json(to_char(o.call_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, 'null') || ',' || coalesce(to_json(to_char(n.call_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, 'null') || ']' END,
      CASE WHEN o.caller_id IS DISTINCT FROM n.caller_id THEN '"callerId":[' || coalesce(to_json(o.caller_id)::text, 'null') || ',' || coalesce(to_json(n.caller_id)::text, 'null') || ']' END,
      CASE WHEN o.campaign_id IS DISTINCT FROM n.campaign_id THEN '"campaignName":[' || coalesce(to_json((SELECT dim.name FROM campaigns dim WHERE dim.id = o.campaign_id))::text, 'null') || ',' || coalesce(to_json((SELECT dim.name FROM campaigns dim WHERE dim.id = n.campaign_id))::text, 'null') || ']' END,
      CASE WHEN o.publisher_id IS DISTINCT FROM n.publisher_id THEN '"publisherName":[' || coalesce(to_json((SELECT dim.name FROM publishers dim WHERE dim.id = o.publisher_id))::text, 'null') || ',' || coalesce(to_json((SELECT dim.name FROM publishers dim WHERE dim.id = n.publisher_id))::text, 'null') || ']' END,
      CASE WHEN o.target_id IS DISTINCT FROM n.target_id THEN '"targetName":[' || coalesce(to_json((SELECT dim.name FROM targets dim WHERE dim.id = o.target_id))::text, 'null') || ',' || coalesce(to_json((SELECT dim.name FROM targets dim WHERE dim.id = n.target_id))::text, 'null') || ']' END,
      CASE WHEN o.buyer_id IS DISTINCT FROM n.buyer_id THEN '"buyerName":[' || coalesce(to_json((SELECT dim.name FROM buyers dim WHERE dim.id = o.buyer_id))::text, 'null') || ',' || coalesce(to_json((SELECT dim.name FROM buyers dim WHERE dim.id = n.buyer_id))::text, 'null') || ']' END,
      CASE WHEN o.system_name IS DISTINCT FROM n.system_name THEN '"systemName":[' || coalesce(to_json(o.system_name)::text, 'null') || ',' || coalesce(to_json(n.system_name)::text, 'null') || ']' END,
      CASE WHEN o.system_publisher_id IS DISTINCT FROM n.system_publisher_id THEN '"systemPublisherId":[' || coalesce(to_json(o.system_publisher_id)::text, 'null') || ',' || coalesce(to_json(n.system_publisher_id)::text, 'null') || ']' END,
      CASE WHEN o.system_buyer_id IS DISTINCT FROM n.system_buyer_id THEN '"systemBuyerId":[' || coalesce(to_json(o.system_buyer_id)::text, 'null') || ',' || coalesce(to_json(n.system_buyer_id)::text, 'null') || ']' END,
      CASE WHEN o.duration_sec IS DISTINCT FROM n.duration_sec THEN '"durationSec":[' || coalesce(to_json(o.duration_sec)::text, 'null') || ',' || coalesce(to_json(n.duration_sec)::text, 'null') || ']' END,
      CASE WHEN o.connected IS DISTINCT FROM n.connected THEN '"connected":[' || coalesce(to_json(o.connected)::text, 'null') || ',' || coalesce(to_json(n.connected)::text, 'null') || ']' END,
      CASE WHEN o.recording_url IS DISTINCT FROM n.recording_url THEN '"recordingUrl":[' || coalesce(to_json(o.recording_url)::text, 'null') || ',' || coalesce(to_json(n.recording_url)::text, 'null') || ']' END,
      CASE WHEN o.transcript IS DISTINCT FROM n.transcript THEN '"transcript":[' || coalesce(to_json(CASE WHEN o.transcript IS NOT NULL THEN true END)::text, 'null') || ',' || coalesce(to_json(CASE WHEN n.transcript IS NOT NULL THEN true END)::text, 'null') || ']' END,
      CASE WHEN o.revenue_cents IS DISTINCT FROM n.revenue_cents THEN '"revenue":[' || coalesce(to_json(o.revenue_cents::float8 / 100)::text, 'null') || ',' || coalesce(to_json(n.revenue_cents::float8 / 100)::text, 'null') || ']' END,
      CASE WHEN o.payout_cents IS DISTINCT FROM n.payout_cents THEN '"payout":[' || coalesce(to_json(o.payout_cents::float8 / 100)::text, 'null') || ',' || coalesce(to_json(n.payout_cents::float8 / 100)::text, 'null') || ']' END,
      CASE WHEN o.status IS DISTINCT FROM n.status THEN '"status":[' || coalesce(to_json(o.status)::text, 'null') || ',' || coalesce(to_json(n.status)::text, 'null') || ']' END,
      CASE WHEN o.sub_disposition IS DISTINCT FROM n.sub_disposition THEN '"subDisposition":[' || coalesce(to_json(o.sub_disposition)::text, 'null') || ',' || coalesce(to_json(n.sub_disposition)::text, 'null') || ']' END,
      CASE WHEN o.reason IS DISTINCT FROM n.reason THEN '"reason":[' || coalesce(to_json(o.reason)::text, 'null') || ',' || coalesce(to_json(n.reason)::text, 'null') || ']' END,
      CASE WHEN o.summary IS DISTINCT FROM n.summary THEN '"summary":[' || coalesce(to_json(o.summary)::text, 'null') || ',' || coalesce(to_json(n.summary)::text, 'null') || ']' END,
      CASE WHEN o.status_overridden IS DISTINCT FROM n.status_overridden THEN '"statusOverridden":[' || coalesce(to_json(o.status_overridden)::text, 'null') || ',' || coalesce(to_json(n.status_overridden)::text, 'null') || ']' END,
      CASE WHEN o.qc_disposition IS DISTINCT FROM n.qc_disposition THEN '"qcDisposition":[' || coalesce(to_json(o.qc_disposition)::text, 'null') || ',' || coalesce(to_json(n.qc_disposition)::text, 'null') || ']' END,
      CASE WHEN o.qc_sub_disposition IS DISTINCT FROM n.qc_sub_disposition THEN '"qcSubDisposition":[' || coalesce(to_json(o.qc_sub_disposition)::text, 'null') || ',' || coalesce(to_json(n.qc_sub_disposition)::text, 'null') || ']' END,
      CASE WHEN o.qc_reason IS DISTINCT FROM n.qc_reason THEN '"qcReason":[' || coalesce(to_json(o.qc_reason)::text, 'null') || ',' || coalesce(to_json(n.qc_reason)::text, 'null') || ']' END,
      CASE WHEN o.qc_summary IS DISTINCT FROM n.qc_summary THEN '"qcSummary":[' || coalesce(to_json(o.qc_summary)::text, 'null') || ',' || coalesce(to_json(n.qc_summary)::text, 'null') || ']' END,
      CASE WHEN o.repeat_of IS DISTINCT FROM n.repeat_of THEN '"repeatOf":[' || coalesce(to_json(o.repeat_of::text)::text, 'null') || ',' || coalesce(to_json(n.repeat_of::text)::text, 'null') || ']' END,
      CASE WHEN o.dispute_state IS DISTINCT FROM n.dispute_state THEN '"disputeState":[' || coalesce(to_json(o.dispute_state)::text, 'null') || ',' || coalesce(to_json(n.dispute_state)::text, 'null') || ']' END), '}')::json AS changed
    FROM new_rows n JOIN old_rows o ON o.id = n.id
  ) d
  WHERE d.any_changed OR (delivery AND d.written);
  PERFORM call_changes_claim();
  INSERT INTO call_changes (call_id, system_call_id, publisher_id, buyer_id, call_ts, kind, actor, change_set, changed)
  SELECT l.call_id, l.system_call_id, l.publisher_id, l.buyer_id, l.call_ts, l.kind, l.actor, l.change_set, l.changed FROM unnest(logged) WITH ORDINALITY AS l ORDER BY l.ordinality;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.call_text_words(transcript text, summary text, reason text)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('english'::regconfig, ((((COALESCE(transcript, ''::text) || ' '::text) || COALESCE(summary, ''::text)) || ' '::text) || COALESCE(reason, ''::text)));

CREATE OR REPLACE FUNCTION public.call_words_forget_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM call_words w USING old_rows o WHERE w.call_id = o.id;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.call_words_queue_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO call_words_queue (call_id)
    SELECT id FROM new_rows
    ORDER BY 1
    ON CONFLICT (call_id) DO UPDATE SET call_id = excluded.call_id;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.call_words_queue_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO call_words_queue (call_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.transcript, n.summary, n.reason, n.call_ts) IS DISTINCT FROM (o.transcript, o.summary, o.reason, o.call_ts)
    ORDER BY 1
    ON CONFLICT (call_id) DO UPDATE SET call_id = excluded.call_id;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.callboard_change_actor()
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$ SELECT nullif(current_setting('callboard.change_actor', true), '') $function$;

CREATE OR REPLACE FUNCTION public.callboard_change_kind()
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$ SELECT nullif(current_setting('callboard.change_kind', true), '') $function$;

CREATE OR REPLACE FUNCTION public.callboard_change_set()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ SELECT nullif(current_setting('callboard.change_set', true), '')::uuid $function$;

CREATE OR REPLACE FUNCTION public.callboard_partner_sees(publisher_id integer, buyer_id integer)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$ SELECT CASE callboard_scope_kind() WHEN 'publisher' THEN publisher_id = ANY (callboard_scope_ids())
                                            WHEN 'buyer' THEN buyer_id = ANY (callboard_scope_ids())
                                            ELSE false END $function$;

CREATE OR REPLACE FUNCTION public.callboard_scope_day()
 RETURNS date
 LANGUAGE sql
 STABLE
AS $function$ SELECT COALESCE(NULLIF(current_setting('callboard.scope_day', true), ''), '-infinity')::date $function$;

CREATE OR REPLACE FUNCTION public.callboard_scope_dim()
 RETURNS smallint
 LANGUAGE sql
 STABLE
AS $function$ SELECT CASE callboard_scope_kind() WHEN 'publisher' THEN 2 WHEN 'buyer' THEN 4 END::smallint $function$;

CREATE OR REPLACE FUNCTION public.callboard_scope_ids()
 RETURNS integer[]
 LANGUAGE sql
 STABLE
AS $function$ SELECT COALESCE(NULLIF(current_setting('callboard.scope_ids', true), ''), '{}')::integer[] $function$;

CREATE OR REPLACE FUNCTION public.callboard_scope_kind()
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$ SELECT COALESCE(current_setting('callboard.scope_kind', true), '') $function$;

CREATE OR REPLACE FUNCTION public.callboard_user_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ SELECT NULLIF(current_setting('callboard.user_id', true), '')::uuid $function$;

CREATE OR REPLACE FUNCTION public.caller_id_grams(value text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
      SELECT array(SELECT substr(v, i, 4) FROM (SELECT lower(value) AS v) lowered, generate_series(1, length(v) - 3) AS i)
    $function$;

CREATE OR REPLACE FUNCTION public.calls_daily_monthly_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT *, -1 AS sign FROM old_rows) THEN
    RETURN NULL;
  END IF;
  INSERT INTO calls_monthly (month, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('month', day)::date, status, sum(sign * calls), sum(sign * not_connected), sum(sign * repeats), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, -1 AS sign FROM old_rows) d
  GROUP BY 1, 2
  HAVING sum(sign * calls) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (month, status) DO UPDATE SET
    calls = calls_monthly.calls + excluded.calls, not_connected = calls_monthly.not_connected + excluded.not_connected, repeats = calls_monthly.repeats + excluded.repeats, duration_sec = calls_monthly.duration_sec + excluded.duration_sec, revenue_cents = calls_monthly.revenue_cents + excluded.revenue_cents, payout_cents = calls_monthly.payout_cents + excluded.payout_cents;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_daily_monthly_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT *, 1 AS sign FROM new_rows) THEN
    RETURN NULL;
  END IF;
  INSERT INTO calls_monthly (month, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('month', day)::date, status, sum(sign * calls), sum(sign * not_connected), sum(sign * repeats), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, 1 AS sign FROM new_rows) d
  GROUP BY 1, 2
  HAVING sum(sign * calls) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (month, status) DO UPDATE SET
    calls = calls_monthly.calls + excluded.calls, not_connected = calls_monthly.not_connected + excluded.not_connected, repeats = calls_monthly.repeats + excluded.repeats, duration_sec = calls_monthly.duration_sec + excluded.duration_sec, revenue_cents = calls_monthly.revenue_cents + excluded.revenue_cents, payout_cents = calls_monthly.payout_cents + excluded.payout_cents;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_daily_monthly_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows) THEN
    RETURN NULL;
  END IF;
  INSERT INTO calls_monthly (month, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('month', day)::date, status, sum(sign * calls), sum(sign * not_connected), sum(sign * repeats), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows) d
  GROUP BY 1, 2
  HAVING sum(sign * calls) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (month, status) DO UPDATE SET
    calls = calls_monthly.calls + excluded.calls, not_connected = calls_monthly.not_connected + excluded.not_connected, repeats = calls_monthly.repeats + excluded.repeats, duration_sec = calls_monthly.duration_sec + excluded.duration_sec, revenue_cents = calls_monthly.revenue_cents + excluded.revenue_cents, payout_cents = calls_monthly.payout_cents + excluded.payout_cents;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_keep_dispute_credits()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      credited bigint;
      clawed bigint;
    BEGIN
      SELECT coalesce(sum(d.credited_cents), 0), coalesce(sum(d.clawed_back_cents), 0) INTO credited, clawed
      FROM disputes d WHERE d.call_id = NEW.id AND d.status IN ('accepted', 'partial');
      NEW.revenue_cents := greatest(0, NEW.revenue_cents - credited);
      NEW.payout_cents := greatest(0, NEW.payout_cents - clawed);
      RETURN NEW;
    END $function$;

CREATE OR REPLACE FUNCTION public.calls_move_disputes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE disputes SET call_ts = NEW.call_ts, campaign_id = NEW.campaign_id, publisher_id = NEW.publisher_id,
    target_id = NEW.target_id, buyer_id = coalesce(NEW.buyer_id, 0)
  WHERE call_id = NEW.id;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_rollup_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT *, repeat_of IS NOT NULL AS is_repeat, -1 AS sign FROM old_rows) THEN
    RETURN NULL;
  END IF;

  INSERT INTO calls_daily (day, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT (call_ts AT TIME ZONE 'America/New_York')::date, status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, -1 AS sign FROM old_rows) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, status) DO UPDATE SET
    calls = calls_daily.calls + excluded.calls, not_connected = calls_daily.not_connected + excluded.not_connected, repeats = calls_daily.repeats + excluded.repeats, duration_sec = calls_daily.duration_sec + excluded.duration_sec, revenue_cents = calls_daily.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily.payout_cents + excluded.payout_cents;

  INSERT INTO calls_hourly (hour, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('hour', call_ts, 'UTC'), status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, -1 AS sign FROM old_rows) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (hour, status) DO UPDATE SET
    calls = calls_hourly.calls + excluded.calls, not_connected = calls_hourly.not_connected + excluded.not_connected, repeats = calls_hourly.repeats + excluded.repeats, duration_sec = calls_hourly.duration_sec + excluded.duration_sec, revenue_cents = calls_hourly.revenue_cents + excluded.revenue_cents, payout_cents = calls_hourly.payout_cents + excluded.payout_cents;

  INSERT INTO calls_weekly (week, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('week', (call_ts AT TIME ZONE 'America/New_York')::date::timestamp)::date, status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, -1 AS sign FROM old_rows) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (week, status) DO UPDATE SET
    calls = calls_weekly.calls + excluded.calls, not_connected = calls_weekly.not_connected + excluded.not_connected, repeats = calls_weekly.repeats + excluded.repeats, duration_sec = calls_weekly.duration_sec + excluded.duration_sec, revenue_cents = calls_weekly.revenue_cents + excluded.revenue_cents, payout_cents = calls_weekly.payout_cents + excluded.payout_cents;

  WITH per_dimension AS (
    SELECT sign, (call_ts AT TIME ZONE 'America/New_York')::date AS day, status, (NOT connected)::int AS not_connected,
           is_repeat::int AS repeats, revenue_cents, payout_cents, v.dim, v.dim_id
    FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, -1 AS sign FROM old_rows) d
    CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)
  ), by_day AS (
    INSERT INTO calls_daily_dim (dim, day, dim_id, calls, not_connected, repeats, revenue_cents, payout_cents, status_sales, status_not_interested, status_not_qualified, status_dnc, status_voicemail, status_tech_issues, status_dwspi, status_unresponsive, status_hungup, status_callback, status_ivr, status_subsidy_incentivised, status_language_barrier, status_misdialed, status_other)
  SELECT dim, day, dim_id, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents), sum(sign * (status = 'Sales')::int), sum(sign * (status = 'Not Interested')::int), sum(sign * (status = 'Not Qualified')::int), sum(sign * (status = 'DNC')::int), sum(sign * (status = 'Voicemail')::int), sum(sign * (status = 'Tech Issues')::int), sum(sign * (status = 'DWSPI')::int), sum(sign * (status = 'Unresponsive')::int), sum(sign * (status = 'Hungup')::int), sum(sign * (status = 'Callback')::int), sum(sign * (status = 'IVR')::int), sum(sign * (status = 'subsidy/incentivised')::int), sum(sign * (status = 'Language Barrier')::int), sum(sign * (status = 'Misdialed')::int), sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0 OR sum(sign * (status = 'Sales')::int) <> 0 OR sum(sign * (status = 'Not Interested')::int) <> 0 OR sum(sign * (status = 'Not Qualified')::int) <> 0 OR sum(sign * (status = 'DNC')::int) <> 0 OR sum(sign * (status = 'Voicemail')::int) <> 0 OR sum(sign * (status = 'Tech Issues')::int) <> 0 OR sum(sign * (status = 'DWSPI')::int) <> 0 OR sum(sign * (status = 'Unresponsive')::int) <> 0 OR sum(sign * (status = 'Hungup')::int) <> 0 OR sum(sign * (status = 'Callback')::int) <> 0 OR sum(sign * (status = 'IVR')::int) <> 0 OR sum(sign * (status = 'subsidy/incentivised')::int) <> 0 OR sum(sign * (status = 'Language Barrier')::int) <> 0 OR sum(sign * (status = 'Misdialed')::int) <> 0 OR sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, dim_id) DO UPDATE SET
    calls = calls_daily_dim.calls + excluded.calls, not_connected = calls_daily_dim.not_connected + excluded.not_connected, repeats = calls_daily_dim.repeats + excluded.repeats, revenue_cents = calls_daily_dim.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily_dim.payout_cents + excluded.payout_cents, status_sales = calls_daily_dim.status_sales + excluded.status_sales, status_not_interested = calls_daily_dim.status_not_interested + excluded.status_not_interested, status_not_qualified = calls_daily_dim.status_not_qualified + excluded.status_not_qualified, status_dnc = calls_daily_dim.status_dnc + excluded.status_dnc, status_voicemail = calls_daily_dim.status_voicemail + excluded.status_voicemail, status_tech_issues = calls_daily_dim.status_tech_issues + excluded.status_tech_issues, status_dwspi = calls_daily_dim.status_dwspi + excluded.status_dwspi, status_unresponsive = calls_daily_dim.status_unresponsive + excluded.status_unresponsive, status_hungup = calls_daily_dim.status_hungup + excluded.status_hungup, status_callback = calls_daily_dim.status_callback + excluded.status_callback, status_ivr = calls_daily_dim.status_ivr + excluded.status_ivr, status_subsidy_incentivised = calls_daily_dim.status_subsidy_incentivised + excluded.status_subsidy_incentivised, status_language_barrier = calls_daily_dim.status_language_barrier + excluded.status_language_barrier, status_misdialed = calls_daily_dim.status_misdialed + excluded.status_misdialed, status_other = calls_daily_dim.status_other + excluded.status_other
    RETURNING 1
  ), by_month AS (
    INSERT INTO calls_monthly_dim (dim, month, dim_id, calls, not_connected, repeats, revenue_cents, payout_cents, status_sales, status_not_interested, status_not_qualified, status_dnc, status_voicemail, status_tech_issues, status_dwspi, status_unresponsive, status_hungup, status_callback, status_ivr, status_subsidy_incentivised, status_language_barrier, status_misdialed, status_other)
  SELECT dim, date_trunc('month', day)::date, dim_id, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents), sum(sign * (status = 'Sales')::int), sum(sign * (status = 'Not Interested')::int), sum(sign * (status = 'Not Qualified')::int), sum(sign * (status = 'DNC')::int), sum(sign * (status = 'Voicemail')::int), sum(sign * (status = 'Tech Issues')::int), sum(sign * (status = 'DWSPI')::int), sum(sign * (status = 'Unresponsive')::int), sum(sign * (status = 'Hungup')::int), sum(sign * (status = 'Callback')::int), sum(sign * (status = 'IVR')::int), sum(sign * (status = 'subsidy/incentivised')::int), sum(sign * (status = 'Language Barrier')::int), sum(sign * (status = 'Misdialed')::int), sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0 OR sum(sign * (status = 'Sales')::int) <> 0 OR sum(sign * (status = 'Not Interested')::int) <> 0 OR sum(sign * (status = 'Not Qualified')::int) <> 0 OR sum(sign * (status = 'DNC')::int) <> 0 OR sum(sign * (status = 'Voicemail')::int) <> 0 OR sum(sign * (status = 'Tech Issues')::int) <> 0 OR sum(sign * (status = 'DWSPI')::int) <> 0 OR sum(sign * (status = 'Unresponsive')::int) <> 0 OR sum(sign * (status = 'Hungup')::int) <> 0 OR sum(sign * (status = 'Callback')::int) <> 0 OR sum(sign * (status = 'IVR')::int) <> 0 OR sum(sign * (status = 'subsidy/incentivised')::int) <> 0 OR sum(sign * (status = 'Language Barrier')::int) <> 0 OR sum(sign * (status = 'Misdialed')::int) <> 0 OR sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, month, dim_id) DO UPDATE SET
    calls = calls_monthly_dim.calls + excluded.calls, not_connected = calls_monthly_dim.not_connected + excluded.not_connected, repeats = calls_monthly_dim.repeats + excluded.repeats, revenue_cents = calls_monthly_dim.revenue_cents + excluded.revenue_cents, payout_cents = calls_monthly_dim.payout_cents + excluded.payout_cents, status_sales = calls_monthly_dim.status_sales + excluded.status_sales, status_not_interested = calls_monthly_dim.status_not_interested + excluded.status_not_interested, status_not_qualified = calls_monthly_dim.status_not_qualified + excluded.status_not_qualified, status_dnc = calls_monthly_dim.status_dnc + excluded.status_dnc, status_voicemail = calls_monthly_dim.status_voicemail + excluded.status_voicemail, status_tech_issues = calls_monthly_dim.status_tech_issues + excluded.status_tech_issues, status_dwspi = calls_monthly_dim.status_dwspi + excluded.status_dwspi, status_unresponsive = calls_monthly_dim.status_unresponsive + excluded.status_unresponsive, status_hungup = calls_monthly_dim.status_hungup + excluded.status_hungup, status_callback = calls_monthly_dim.status_callback + excluded.status_callback, status_ivr = calls_monthly_dim.status_ivr + excluded.status_ivr, status_subsidy_incentivised = calls_monthly_dim.status_subsidy_incentivised + excluded.status_subsidy_incentivised, status_language_barrier = calls_monthly_dim.status_language_barrier + excluded.status_language_barrier, status_misdialed = calls_monthly_dim.status_misdialed + excluded.status_misdialed, status_other = calls_monthly_dim.status_other + excluded.status_other
    RETURNING 1
  )
  INSERT INTO calls_daily_dim_status (dim, dim_id, day, status, calls, not_connected, repeats, revenue_cents, payout_cents)
  SELECT dim, dim_id, day, status, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM per_dimension
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (dim, dim_id, day, status) DO UPDATE SET
    calls = calls_daily_dim_status.calls + excluded.calls, not_connected = calls_daily_dim_status.not_connected + excluded.not_connected, repeats = calls_daily_dim_status.repeats + excluded.repeats, revenue_cents = calls_daily_dim_status.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily_dim_status.payout_cents + excluded.payout_cents;

  
  WITH per_combination AS (
    SELECT k.id AS combo_id, (call_ts AT TIME ZONE 'America/New_York')::date AS day, sign
    FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, -1 AS sign FROM old_rows) d
    JOIN call_combos k ON k.campaign_id = d.campaign_id AND k.publisher_id = d.publisher_id
      AND k.target_id = coalesce(d.target_id, 0) AND k.buyer_id = coalesce(d.buyer_id, 0)
  ), by_day AS (
    INSERT INTO calls_daily_combo (combo_id, day, calls)
  SELECT combo_id, day, sum(sign)
  FROM per_combination
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (combo_id, day) DO UPDATE SET
    calls = calls_daily_combo.calls + excluded.calls
    RETURNING 1
  )
  INSERT INTO calls_monthly_combo (combo_id, month, calls)
  SELECT combo_id, date_trunc('month', day)::date, sum(sign)
  FROM per_combination
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (combo_id, month) DO UPDATE SET
    calls = calls_monthly_combo.calls + excluded.calls;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_rollup_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows) THEN
    RETURN NULL;
  END IF;

  INSERT INTO calls_daily (day, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT (call_ts AT TIME ZONE 'America/New_York')::date, status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, status) DO UPDATE SET
    calls = calls_daily.calls + excluded.calls, not_connected = calls_daily.not_connected + excluded.not_connected, repeats = calls_daily.repeats + excluded.repeats, duration_sec = calls_daily.duration_sec + excluded.duration_sec, revenue_cents = calls_daily.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily.payout_cents + excluded.payout_cents;

  INSERT INTO calls_hourly (hour, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('hour', call_ts, 'UTC'), status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (hour, status) DO UPDATE SET
    calls = calls_hourly.calls + excluded.calls, not_connected = calls_hourly.not_connected + excluded.not_connected, repeats = calls_hourly.repeats + excluded.repeats, duration_sec = calls_hourly.duration_sec + excluded.duration_sec, revenue_cents = calls_hourly.revenue_cents + excluded.revenue_cents, payout_cents = calls_hourly.payout_cents + excluded.payout_cents;

  INSERT INTO calls_weekly (week, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('week', (call_ts AT TIME ZONE 'America/New_York')::date::timestamp)::date, status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (week, status) DO UPDATE SET
    calls = calls_weekly.calls + excluded.calls, not_connected = calls_weekly.not_connected + excluded.not_connected, repeats = calls_weekly.repeats + excluded.repeats, duration_sec = calls_weekly.duration_sec + excluded.duration_sec, revenue_cents = calls_weekly.revenue_cents + excluded.revenue_cents, payout_cents = calls_weekly.payout_cents + excluded.payout_cents;

  WITH per_dimension AS (
    SELECT sign, (call_ts AT TIME ZONE 'America/New_York')::date AS day, status, (NOT connected)::int AS not_connected,
           is_repeat::int AS repeats, revenue_cents, payout_cents, v.dim, v.dim_id
    FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows) d
    CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)
  ), by_day AS (
    INSERT INTO calls_daily_dim (dim, day, dim_id, calls, not_connected, repeats, revenue_cents, payout_cents, status_sales, status_not_interested, status_not_qualified, status_dnc, status_voicemail, status_tech_issues, status_dwspi, status_unresponsive, status_hungup, status_callback, status_ivr, status_subsidy_incentivised, status_language_barrier, status_misdialed, status_other)
  SELECT dim, day, dim_id, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents), sum(sign * (status = 'Sales')::int), sum(sign * (status = 'Not Interested')::int), sum(sign * (status = 'Not Qualified')::int), sum(sign * (status = 'DNC')::int), sum(sign * (status = 'Voicemail')::int), sum(sign * (status = 'Tech Issues')::int), sum(sign * (status = 'DWSPI')::int), sum(sign * (status = 'Unresponsive')::int), sum(sign * (status = 'Hungup')::int), sum(sign * (status = 'Callback')::int), sum(sign * (status = 'IVR')::int), sum(sign * (status = 'subsidy/incentivised')::int), sum(sign * (status = 'Language Barrier')::int), sum(sign * (status = 'Misdialed')::int), sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0 OR sum(sign * (status = 'Sales')::int) <> 0 OR sum(sign * (status = 'Not Interested')::int) <> 0 OR sum(sign * (status = 'Not Qualified')::int) <> 0 OR sum(sign * (status = 'DNC')::int) <> 0 OR sum(sign * (status = 'Voicemail')::int) <> 0 OR sum(sign * (status = 'Tech Issues')::int) <> 0 OR sum(sign * (status = 'DWSPI')::int) <> 0 OR sum(sign * (status = 'Unresponsive')::int) <> 0 OR sum(sign * (status = 'Hungup')::int) <> 0 OR sum(sign * (status = 'Callback')::int) <> 0 OR sum(sign * (status = 'IVR')::int) <> 0 OR sum(sign * (status = 'subsidy/incentivised')::int) <> 0 OR sum(sign * (status = 'Language Barrier')::int) <> 0 OR sum(sign * (status = 'Misdialed')::int) <> 0 OR sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, dim_id) DO UPDATE SET
    calls = calls_daily_dim.calls + excluded.calls, not_connected = calls_daily_dim.not_connected + excluded.not_connected, repeats = calls_daily_dim.repeats + excluded.repeats, revenue_cents = calls_daily_dim.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily_dim.payout_cents + excluded.payout_cents, status_sales = calls_daily_dim.status_sales + excluded.status_sales, status_not_interested = calls_daily_dim.status_not_interested + excluded.status_not_interested, status_not_qualified = calls_daily_dim.status_not_qualified + excluded.status_not_qualified, status_dnc = calls_daily_dim.status_dnc + excluded.status_dnc, status_voicemail = calls_daily_dim.status_voicemail + excluded.status_voicemail, status_tech_issues = calls_daily_dim.status_tech_issues + excluded.status_tech_issues, status_dwspi = calls_daily_dim.status_dwspi + excluded.status_dwspi, status_unresponsive = calls_daily_dim.status_unresponsive + excluded.status_unresponsive, status_hungup = calls_daily_dim.status_hungup + excluded.status_hungup, status_callback = calls_daily_dim.status_callback + excluded.status_callback, status_ivr = calls_daily_dim.status_ivr + excluded.status_ivr, status_subsidy_incentivised = calls_daily_dim.status_subsidy_incentivised + excluded.status_subsidy_incentivised, status_language_barrier = calls_daily_dim.status_language_barrier + excluded.status_language_barrier, status_misdialed = calls_daily_dim.status_misdialed + excluded.status_misdialed, status_other = calls_daily_dim.status_other + excluded.status_other
    RETURNING 1
  ), by_month AS (
    INSERT INTO calls_monthly_dim (dim, month, dim_id, calls, not_connected, repeats, revenue_cents, payout_cents, status_sales, status_not_interested, status_not_qualified, status_dnc, status_voicemail, status_tech_issues, status_dwspi, status_unresponsive, status_hungup, status_callback, status_ivr, status_subsidy_incentivised, status_language_barrier, status_misdialed, status_other)
  SELECT dim, date_trunc('month', day)::date, dim_id, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents), sum(sign * (status = 'Sales')::int), sum(sign * (status = 'Not Interested')::int), sum(sign * (status = 'Not Qualified')::int), sum(sign * (status = 'DNC')::int), sum(sign * (status = 'Voicemail')::int), sum(sign * (status = 'Tech Issues')::int), sum(sign * (status = 'DWSPI')::int), sum(sign * (status = 'Unresponsive')::int), sum(sign * (status = 'Hungup')::int), sum(sign * (status = 'Callback')::int), sum(sign * (status = 'IVR')::int), sum(sign * (status = 'subsidy/incentivised')::int), sum(sign * (status = 'Language Barrier')::int), sum(sign * (status = 'Misdialed')::int), sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0 OR sum(sign * (status = 'Sales')::int) <> 0 OR sum(sign * (status = 'Not Interested')::int) <> 0 OR sum(sign * (status = 'Not Qualified')::int) <> 0 OR sum(sign * (status = 'DNC')::int) <> 0 OR sum(sign * (status = 'Voicemail')::int) <> 0 OR sum(sign * (status = 'Tech Issues')::int) <> 0 OR sum(sign * (status = 'DWSPI')::int) <> 0 OR sum(sign * (status = 'Unresponsive')::int) <> 0 OR sum(sign * (status = 'Hungup')::int) <> 0 OR sum(sign * (status = 'Callback')::int) <> 0 OR sum(sign * (status = 'IVR')::int) <> 0 OR sum(sign * (status = 'subsidy/incentivised')::int) <> 0 OR sum(sign * (status = 'Language Barrier')::int) <> 0 OR sum(sign * (status = 'Misdialed')::int) <> 0 OR sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, month, dim_id) DO UPDATE SET
    calls = calls_monthly_dim.calls + excluded.calls, not_connected = calls_monthly_dim.not_connected + excluded.not_connected, repeats = calls_monthly_dim.repeats + excluded.repeats, revenue_cents = calls_monthly_dim.revenue_cents + excluded.revenue_cents, payout_cents = calls_monthly_dim.payout_cents + excluded.payout_cents, status_sales = calls_monthly_dim.status_sales + excluded.status_sales, status_not_interested = calls_monthly_dim.status_not_interested + excluded.status_not_interested, status_not_qualified = calls_monthly_dim.status_not_qualified + excluded.status_not_qualified, status_dnc = calls_monthly_dim.status_dnc + excluded.status_dnc, status_voicemail = calls_monthly_dim.status_voicemail + excluded.status_voicemail, status_tech_issues = calls_monthly_dim.status_tech_issues + excluded.status_tech_issues, status_dwspi = calls_monthly_dim.status_dwspi + excluded.status_dwspi, status_unresponsive = calls_monthly_dim.status_unresponsive + excluded.status_unresponsive, status_hungup = calls_monthly_dim.status_hungup + excluded.status_hungup, status_callback = calls_monthly_dim.status_callback + excluded.status_callback, status_ivr = calls_monthly_dim.status_ivr + excluded.status_ivr, status_subsidy_incentivised = calls_monthly_dim.status_subsidy_incentivised + excluded.status_subsidy_incentivised, status_language_barrier = calls_monthly_dim.status_language_barrier + excluded.status_language_barrier, status_misdialed = calls_monthly_dim.status_misdialed + excluded.status_misdialed, status_other = calls_monthly_dim.status_other + excluded.status_other
    RETURNING 1
  )
  INSERT INTO calls_daily_dim_status (dim, dim_id, day, status, calls, not_connected, repeats, revenue_cents, payout_cents)
  SELECT dim, dim_id, day, status, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM per_dimension
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (dim, dim_id, day, status) DO UPDATE SET
    calls = calls_daily_dim_status.calls + excluded.calls, not_connected = calls_daily_dim_status.not_connected + excluded.not_connected, repeats = calls_daily_dim_status.repeats + excluded.repeats, revenue_cents = calls_daily_dim_status.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily_dim_status.payout_cents + excluded.payout_cents;

  INSERT INTO call_combos (campaign_id, publisher_id, target_id, buyer_id)
  SELECT DISTINCT campaign_id, publisher_id, coalesce(target_id, 0), coalesce(buyer_id, 0) FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows) d
  WHERE NOT EXISTS (SELECT 1 FROM call_combos k WHERE k.campaign_id = d.campaign_id AND k.publisher_id = d.publisher_id
                      AND k.target_id = coalesce(d.target_id, 0) AND k.buyer_id = coalesce(d.buyer_id, 0))
  ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;
  WITH per_combination AS (
    SELECT k.id AS combo_id, (call_ts AT TIME ZONE 'America/New_York')::date AS day, sign
    FROM (SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows) d
    JOIN call_combos k ON k.campaign_id = d.campaign_id AND k.publisher_id = d.publisher_id
      AND k.target_id = coalesce(d.target_id, 0) AND k.buyer_id = coalesce(d.buyer_id, 0)
  ), by_day AS (
    INSERT INTO calls_daily_combo (combo_id, day, calls)
  SELECT combo_id, day, sum(sign)
  FROM per_combination
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (combo_id, day) DO UPDATE SET
    calls = calls_daily_combo.calls + excluded.calls
    RETURNING 1
  )
  INSERT INTO calls_monthly_combo (combo_id, month, calls)
  SELECT combo_id, date_trunc('month', day)::date, sum(sign)
  FROM per_combination
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (combo_id, month) DO UPDATE SET
    calls = calls_monthly_combo.calls + excluded.calls;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_rollup_lock_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT *, -1 AS sign FROM old_rows) THEN
    PERFORM pg_advisory_xact_lock(7266002);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_rollup_lock_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT *, 1 AS sign FROM new_rows) THEN
    PERFORM pg_advisory_xact_lock(7266002);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_rollup_lock_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) THEN
    PERFORM pg_advisory_xact_lock(7266002);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.calls_rollup_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) THEN
    RETURN NULL;
  END IF;

  INSERT INTO calls_daily (day, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT (call_ts AT TIME ZONE 'America/New_York')::date, status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, status) DO UPDATE SET
    calls = calls_daily.calls + excluded.calls, not_connected = calls_daily.not_connected + excluded.not_connected, repeats = calls_daily.repeats + excluded.repeats, duration_sec = calls_daily.duration_sec + excluded.duration_sec, revenue_cents = calls_daily.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily.payout_cents + excluded.payout_cents;

  INSERT INTO calls_hourly (hour, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('hour', call_ts, 'UTC'), status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (hour, status) DO UPDATE SET
    calls = calls_hourly.calls + excluded.calls, not_connected = calls_hourly.not_connected + excluded.not_connected, repeats = calls_hourly.repeats + excluded.repeats, duration_sec = calls_hourly.duration_sec + excluded.duration_sec, revenue_cents = calls_hourly.revenue_cents + excluded.revenue_cents, payout_cents = calls_hourly.payout_cents + excluded.payout_cents;

  INSERT INTO calls_weekly (week, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('week', (call_ts AT TIME ZONE 'America/New_York')::date::timestamp)::date, status, sum(sign), sum(sign * (NOT connected)::int), sum(sign * is_repeat::int), sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) d
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * (NOT connected)::int) <> 0 OR sum(sign * is_repeat::int) <> 0 OR sum(sign * duration_sec) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (week, status) DO UPDATE SET
    calls = calls_weekly.calls + excluded.calls, not_connected = calls_weekly.not_connected + excluded.not_connected, repeats = calls_weekly.repeats + excluded.repeats, duration_sec = calls_weekly.duration_sec + excluded.duration_sec, revenue_cents = calls_weekly.revenue_cents + excluded.revenue_cents, payout_cents = calls_weekly.payout_cents + excluded.payout_cents;

  WITH per_dimension AS (
    SELECT sign, (call_ts AT TIME ZONE 'America/New_York')::date AS day, status, (NOT connected)::int AS not_connected,
           is_repeat::int AS repeats, revenue_cents, payout_cents, v.dim, v.dim_id
    FROM (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) d
    CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)
  ), by_day AS (
    INSERT INTO calls_daily_dim (dim, day, dim_id, calls, not_connected, repeats, revenue_cents, payout_cents, status_sales, status_not_interested, status_not_qualified, status_dnc, status_voicemail, status_tech_issues, status_dwspi, status_unresponsive, status_hungup, status_callback, status_ivr, status_subsidy_incentivised, status_language_barrier, status_misdialed, status_other)
  SELECT dim, day, dim_id, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents), sum(sign * (status = 'Sales')::int), sum(sign * (status = 'Not Interested')::int), sum(sign * (status = 'Not Qualified')::int), sum(sign * (status = 'DNC')::int), sum(sign * (status = 'Voicemail')::int), sum(sign * (status = 'Tech Issues')::int), sum(sign * (status = 'DWSPI')::int), sum(sign * (status = 'Unresponsive')::int), sum(sign * (status = 'Hungup')::int), sum(sign * (status = 'Callback')::int), sum(sign * (status = 'IVR')::int), sum(sign * (status = 'subsidy/incentivised')::int), sum(sign * (status = 'Language Barrier')::int), sum(sign * (status = 'Misdialed')::int), sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0 OR sum(sign * (status = 'Sales')::int) <> 0 OR sum(sign * (status = 'Not Interested')::int) <> 0 OR sum(sign * (status = 'Not Qualified')::int) <> 0 OR sum(sign * (status = 'DNC')::int) <> 0 OR sum(sign * (status = 'Voicemail')::int) <> 0 OR sum(sign * (status = 'Tech Issues')::int) <> 0 OR sum(sign * (status = 'DWSPI')::int) <> 0 OR sum(sign * (status = 'Unresponsive')::int) <> 0 OR sum(sign * (status = 'Hungup')::int) <> 0 OR sum(sign * (status = 'Callback')::int) <> 0 OR sum(sign * (status = 'IVR')::int) <> 0 OR sum(sign * (status = 'subsidy/incentivised')::int) <> 0 OR sum(sign * (status = 'Language Barrier')::int) <> 0 OR sum(sign * (status = 'Misdialed')::int) <> 0 OR sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, dim_id) DO UPDATE SET
    calls = calls_daily_dim.calls + excluded.calls, not_connected = calls_daily_dim.not_connected + excluded.not_connected, repeats = calls_daily_dim.repeats + excluded.repeats, revenue_cents = calls_daily_dim.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily_dim.payout_cents + excluded.payout_cents, status_sales = calls_daily_dim.status_sales + excluded.status_sales, status_not_interested = calls_daily_dim.status_not_interested + excluded.status_not_interested, status_not_qualified = calls_daily_dim.status_not_qualified + excluded.status_not_qualified, status_dnc = calls_daily_dim.status_dnc + excluded.status_dnc, status_voicemail = calls_daily_dim.status_voicemail + excluded.status_voicemail, status_tech_issues = calls_daily_dim.status_tech_issues + excluded.status_tech_issues, status_dwspi = calls_daily_dim.status_dwspi + excluded.status_dwspi, status_unresponsive = calls_daily_dim.status_unresponsive + excluded.status_unresponsive, status_hungup = calls_daily_dim.status_hungup + excluded.status_hungup, status_callback = calls_daily_dim.status_callback + excluded.status_callback, status_ivr = calls_daily_dim.status_ivr + excluded.status_ivr, status_subsidy_incentivised = calls_daily_dim.status_subsidy_incentivised + excluded.status_subsidy_incentivised, status_language_barrier = calls_daily_dim.status_language_barrier + excluded.status_language_barrier, status_misdialed = calls_daily_dim.status_misdialed + excluded.status_misdialed, status_other = calls_daily_dim.status_other + excluded.status_other
    RETURNING 1
  ), by_month AS (
    INSERT INTO calls_monthly_dim (dim, month, dim_id, calls, not_connected, repeats, revenue_cents, payout_cents, status_sales, status_not_interested, status_not_qualified, status_dnc, status_voicemail, status_tech_issues, status_dwspi, status_unresponsive, status_hungup, status_callback, status_ivr, status_subsidy_incentivised, status_language_barrier, status_misdialed, status_other)
  SELECT dim, date_trunc('month', day)::date, dim_id, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents), sum(sign * (status = 'Sales')::int), sum(sign * (status = 'Not Interested')::int), sum(sign * (status = 'Not Qualified')::int), sum(sign * (status = 'DNC')::int), sum(sign * (status = 'Voicemail')::int), sum(sign * (status = 'Tech Issues')::int), sum(sign * (status = 'DWSPI')::int), sum(sign * (status = 'Unresponsive')::int), sum(sign * (status = 'Hungup')::int), sum(sign * (status = 'Callback')::int), sum(sign * (status = 'IVR')::int), sum(sign * (status = 'subsidy/incentivised')::int), sum(sign * (status = 'Language Barrier')::int), sum(sign * (status = 'Misdialed')::int), sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0 OR sum(sign * (status = 'Sales')::int) <> 0 OR sum(sign * (status = 'Not Interested')::int) <> 0 OR sum(sign * (status = 'Not Qualified')::int) <> 0 OR sum(sign * (status = 'DNC')::int) <> 0 OR sum(sign * (status = 'Voicemail')::int) <> 0 OR sum(sign * (status = 'Tech Issues')::int) <> 0 OR sum(sign * (status = 'DWSPI')::int) <> 0 OR sum(sign * (status = 'Unresponsive')::int) <> 0 OR sum(sign * (status = 'Hungup')::int) <> 0 OR sum(sign * (status = 'Callback')::int) <> 0 OR sum(sign * (status = 'IVR')::int) <> 0 OR sum(sign * (status = 'subsidy/incentivised')::int) <> 0 OR sum(sign * (status = 'Language Barrier')::int) <> 0 OR sum(sign * (status = 'Misdialed')::int) <> 0 OR sum(sign * (status <> ALL (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed']::text[]))::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, month, dim_id) DO UPDATE SET
    calls = calls_monthly_dim.calls + excluded.calls, not_connected = calls_monthly_dim.not_connected + excluded.not_connected, repeats = calls_monthly_dim.repeats + excluded.repeats, revenue_cents = calls_monthly_dim.revenue_cents + excluded.revenue_cents, payout_cents = calls_monthly_dim.payout_cents + excluded.payout_cents, status_sales = calls_monthly_dim.status_sales + excluded.status_sales, status_not_interested = calls_monthly_dim.status_not_interested + excluded.status_not_interested, status_not_qualified = calls_monthly_dim.status_not_qualified + excluded.status_not_qualified, status_dnc = calls_monthly_dim.status_dnc + excluded.status_dnc, status_voicemail = calls_monthly_dim.status_voicemail + excluded.status_voicemail, status_tech_issues = calls_monthly_dim.status_tech_issues + excluded.status_tech_issues, status_dwspi = calls_monthly_dim.status_dwspi + excluded.status_dwspi, status_unresponsive = calls_monthly_dim.status_unresponsive + excluded.status_unresponsive, status_hungup = calls_monthly_dim.status_hungup + excluded.status_hungup, status_callback = calls_monthly_dim.status_callback + excluded.status_callback, status_ivr = calls_monthly_dim.status_ivr + excluded.status_ivr, status_subsidy_incentivised = calls_monthly_dim.status_subsidy_incentivised + excluded.status_subsidy_incentivised, status_language_barrier = calls_monthly_dim.status_language_barrier + excluded.status_language_barrier, status_misdialed = calls_monthly_dim.status_misdialed + excluded.status_misdialed, status_other = calls_monthly_dim.status_other + excluded.status_other
    RETURNING 1
  )
  INSERT INTO calls_daily_dim_status (dim, dim_id, day, status, calls, not_connected, repeats, revenue_cents, payout_cents)
  SELECT dim, dim_id, day, status, sum(sign), sum(sign * not_connected), sum(sign * repeats), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM per_dimension
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(sign * not_connected) <> 0 OR sum(sign * repeats) <> 0 OR sum(sign * revenue_cents) <> 0 OR sum(sign * payout_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (dim, dim_id, day, status) DO UPDATE SET
    calls = calls_daily_dim_status.calls + excluded.calls, not_connected = calls_daily_dim_status.not_connected + excluded.not_connected, repeats = calls_daily_dim_status.repeats + excluded.repeats, revenue_cents = calls_daily_dim_status.revenue_cents + excluded.revenue_cents, payout_cents = calls_daily_dim_status.payout_cents + excluded.payout_cents;

  INSERT INTO call_combos (campaign_id, publisher_id, target_id, buyer_id)
  SELECT DISTINCT campaign_id, publisher_id, coalesce(target_id, 0), coalesce(buyer_id, 0) FROM (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) d
  WHERE NOT EXISTS (SELECT 1 FROM call_combos k WHERE k.campaign_id = d.campaign_id AND k.publisher_id = d.publisher_id
                      AND k.target_id = coalesce(d.target_id, 0) AND k.buyer_id = coalesce(d.buyer_id, 0))
  ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;
  WITH per_combination AS (
    SELECT k.id AS combo_id, (call_ts AT TIME ZONE 'America/New_York')::date AS day, sign
    FROM (SELECT *, 1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM old_rows EXCEPT ALL SELECT call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat FROM new_rows) removed) d
    JOIN call_combos k ON k.campaign_id = d.campaign_id AND k.publisher_id = d.publisher_id
      AND k.target_id = coalesce(d.target_id, 0) AND k.buyer_id = coalesce(d.buyer_id, 0)
  ), by_day AS (
    INSERT INTO calls_daily_combo (combo_id, day, calls)
  SELECT combo_id, day, sum(sign)
  FROM per_combination
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (combo_id, day) DO UPDATE SET
    calls = calls_daily_combo.calls + excluded.calls
    RETURNING 1
  )
  INSERT INTO calls_monthly_combo (combo_id, month, calls)
  SELECT combo_id, date_trunc('month', day)::date, sum(sign)
  FROM per_combination
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (combo_id, month) DO UPDATE SET
    calls = calls_monthly_combo.calls + excluded.calls;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.disputes_rollup_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(7266002);
  WITH per_dimension AS (SELECT sign, v.dim, v.dim_id, (call_ts AT TIME ZONE 'America/New_York')::date AS day,
    (status <> 'withdrawn')::int AS disputes,
    (status IN ('accepted', 'partial', 'rejected'))::int AS decided,
    (status IN ('accepted', 'partial'))::int AS accepted,
    CASE WHEN status IN ('accepted', 'partial') THEN coalesce(credited_cents, 0) ELSE 0 END AS credited_cents,
    CASE WHEN status IN ('accepted', 'partial') THEN coalesce(clawed_back_cents, 0) ELSE 0 END AS clawed_back_cents,
    (status IN ('accepted', 'partial', 'rejected') AND evidence->'ai'->>'disposition' IS NOT NULL)::int AS ai_judged,
    (status IN ('accepted', 'partial', 'rejected') AND evidence->'ai'->>'disposition' IS NOT NULL AND coalesce(evidence->'ai'->>'disposition' = ANY (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DWSPI', 'Callback', 'subsidy/incentivised']::text[]), false) = (status = 'rejected'))::int AS ai_agreed
  FROM (SELECT *, -1 AS sign FROM old_rows) d
  CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, buyer_id)) AS v(dim, dim_id))
  INSERT INTO disputes_daily_dim (dim, day, dim_id, disputes, decided, accepted, credited_cents, clawed_back_cents, ai_judged, ai_agreed)
  SELECT dim, day, dim_id, sum(sign * disputes), sum(sign * decided), sum(sign * accepted), sum(sign * credited_cents), sum(sign * clawed_back_cents), sum(sign * ai_judged), sum(sign * ai_agreed)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign * disputes) <> 0 OR sum(sign * decided) <> 0 OR sum(sign * accepted) <> 0 OR sum(sign * credited_cents) <> 0 OR sum(sign * clawed_back_cents) <> 0 OR sum(sign * ai_judged) <> 0 OR sum(sign * ai_agreed) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, dim_id) DO UPDATE SET
    disputes = disputes_daily_dim.disputes + excluded.disputes, decided = disputes_daily_dim.decided + excluded.decided, accepted = disputes_daily_dim.accepted + excluded.accepted, credited_cents = disputes_daily_dim.credited_cents + excluded.credited_cents, clawed_back_cents = disputes_daily_dim.clawed_back_cents + excluded.clawed_back_cents, ai_judged = disputes_daily_dim.ai_judged + excluded.ai_judged, ai_agreed = disputes_daily_dim.ai_agreed + excluded.ai_agreed;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.disputes_rollup_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(7266002);
  WITH per_dimension AS (SELECT sign, v.dim, v.dim_id, (call_ts AT TIME ZONE 'America/New_York')::date AS day,
    (status <> 'withdrawn')::int AS disputes,
    (status IN ('accepted', 'partial', 'rejected'))::int AS decided,
    (status IN ('accepted', 'partial'))::int AS accepted,
    CASE WHEN status IN ('accepted', 'partial') THEN coalesce(credited_cents, 0) ELSE 0 END AS credited_cents,
    CASE WHEN status IN ('accepted', 'partial') THEN coalesce(clawed_back_cents, 0) ELSE 0 END AS clawed_back_cents,
    (status IN ('accepted', 'partial', 'rejected') AND evidence->'ai'->>'disposition' IS NOT NULL)::int AS ai_judged,
    (status IN ('accepted', 'partial', 'rejected') AND evidence->'ai'->>'disposition' IS NOT NULL AND coalesce(evidence->'ai'->>'disposition' = ANY (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DWSPI', 'Callback', 'subsidy/incentivised']::text[]), false) = (status = 'rejected'))::int AS ai_agreed
  FROM (SELECT *, 1 AS sign FROM new_rows) d
  CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, buyer_id)) AS v(dim, dim_id))
  INSERT INTO disputes_daily_dim (dim, day, dim_id, disputes, decided, accepted, credited_cents, clawed_back_cents, ai_judged, ai_agreed)
  SELECT dim, day, dim_id, sum(sign * disputes), sum(sign * decided), sum(sign * accepted), sum(sign * credited_cents), sum(sign * clawed_back_cents), sum(sign * ai_judged), sum(sign * ai_agreed)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign * disputes) <> 0 OR sum(sign * decided) <> 0 OR sum(sign * accepted) <> 0 OR sum(sign * credited_cents) <> 0 OR sum(sign * clawed_back_cents) <> 0 OR sum(sign * ai_judged) <> 0 OR sum(sign * ai_agreed) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, dim_id) DO UPDATE SET
    disputes = disputes_daily_dim.disputes + excluded.disputes, decided = disputes_daily_dim.decided + excluded.decided, accepted = disputes_daily_dim.accepted + excluded.accepted, credited_cents = disputes_daily_dim.credited_cents + excluded.credited_cents, clawed_back_cents = disputes_daily_dim.clawed_back_cents + excluded.clawed_back_cents, ai_judged = disputes_daily_dim.ai_judged + excluded.ai_judged, ai_agreed = disputes_daily_dim.ai_agreed + excluded.ai_agreed;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.disputes_rollup_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(7266002);
  WITH per_dimension AS (SELECT sign, v.dim, v.dim_id, (call_ts AT TIME ZONE 'America/New_York')::date AS day,
    (status <> 'withdrawn')::int AS disputes,
    (status IN ('accepted', 'partial', 'rejected'))::int AS decided,
    (status IN ('accepted', 'partial'))::int AS accepted,
    CASE WHEN status IN ('accepted', 'partial') THEN coalesce(credited_cents, 0) ELSE 0 END AS credited_cents,
    CASE WHEN status IN ('accepted', 'partial') THEN coalesce(clawed_back_cents, 0) ELSE 0 END AS clawed_back_cents,
    (status IN ('accepted', 'partial', 'rejected') AND evidence->'ai'->>'disposition' IS NOT NULL)::int AS ai_judged,
    (status IN ('accepted', 'partial', 'rejected') AND evidence->'ai'->>'disposition' IS NOT NULL AND coalesce(evidence->'ai'->>'disposition' = ANY (ARRAY['Sales', 'Not Interested', 'Not Qualified', 'DWSPI', 'Callback', 'subsidy/incentivised']::text[]), false) = (status = 'rejected'))::int AS ai_agreed
  FROM (SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows) d
  CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, buyer_id)) AS v(dim, dim_id))
  INSERT INTO disputes_daily_dim (dim, day, dim_id, disputes, decided, accepted, credited_cents, clawed_back_cents, ai_judged, ai_agreed)
  SELECT dim, day, dim_id, sum(sign * disputes), sum(sign * decided), sum(sign * accepted), sum(sign * credited_cents), sum(sign * clawed_back_cents), sum(sign * ai_judged), sum(sign * ai_agreed)
  FROM per_dimension
  GROUP BY 1, 2, 3
  HAVING sum(sign * disputes) <> 0 OR sum(sign * decided) <> 0 OR sum(sign * accepted) <> 0 OR sum(sign * credited_cents) <> 0 OR sum(sign * clawed_back_cents) <> 0 OR sum(sign * ai_judged) <> 0 OR sum(sign * ai_agreed) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, dim_id) DO UPDATE SET
    disputes = disputes_daily_dim.disputes + excluded.disputes, decided = disputes_daily_dim.decided + excluded.decided, accepted = disputes_daily_dim.accepted + excluded.accepted, credited_cents = disputes_daily_dim.credited_cents + excluded.credited_cents, clawed_back_cents = disputes_daily_dim.clawed_back_cents + excluded.clawed_back_cents, ai_judged = disputes_daily_dim.ai_judged + excluded.ai_judged, ai_agreed = disputes_daily_dim.ai_agreed + excluded.ai_agreed;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.disputes_take_call_place()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT c.call_ts, c.campaign_id, c.publisher_id, c.target_id, coalesce(c.buyer_id, 0)
    INTO NEW.call_ts, NEW.campaign_id, NEW.publisher_id, NEW.target_id, NEW.buyer_id
    FROM calls c WHERE c.id = NEW.call_id;
  RETURN NEW;
END
$function$;

CREATE OR REPLACE FUNCTION public.index_call_words(batch_size integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  taken bigint[];
BEGIN
  SELECT array_agg(q.call_id) INTO taken FROM (
    SELECT call_id FROM call_words_queue ORDER BY call_id LIMIT batch_size FOR UPDATE SKIP LOCKED
  ) q;
  IF taken IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO call_words (call_id, call_ts, words)
  SELECT c.id, c.call_ts, call_text_words(c.transcript, c.summary, c.reason)
  FROM calls c WHERE c.id = ANY (taken)
  ORDER BY c.id
  ON CONFLICT (call_id) DO UPDATE SET call_ts = excluded.call_ts, words = excluded.words;
  -- A queued call that no longer exists has nothing to index: it leaves the queue too.
  DELETE FROM call_words_queue WHERE call_id = ANY (taken);
  RETURN cardinality(taken);
END
$function$;

CREATE OR REPLACE FUNCTION public.ingest_calls(batch json, batch_size integer, campaign_names text[], publisher_names text[], target_names text[], buyer_names text[], repeat_window_days integer, OUT inserted integer, OUT updated integer)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  win interval := make_interval(days => repeat_window_days);
  decided_with integer;
  b_sids text[]; b_ts timestamptz[]; b_callers text[]; b_campaigns int[];
  lock_campaigns int[]; lock_callers int[];
  planned_sids text[]; planned_ids bigint[]; planned_repeats bigint[];
  other_ids bigint[]; other_repeats bigint[];
  stored_ids bigint[];
  misplaced integer;
BEGIN
  -- Shared: ingests run side by side; redecide_repeats takes it exclusively.
  PERFORM pg_advisory_xact_lock_shared(7266001);
  SELECT days INTO decided_with FROM repeat_window;
  IF repeat_window_days IS DISTINCT FROM decided_with THEN
    RAISE EXCEPTION 'ingest_calls was given a repeat window of % days, but the stored calls were decided with % (redecide_repeats changes it)',
      repeat_window_days, decided_with;
  END IF;
  INSERT INTO campaigns (name)
  SELECT n FROM unnest(campaign_names) AS n
  WHERE NOT EXISTS (SELECT 1 FROM campaigns d WHERE d.name = n)
  ORDER BY n
  ON CONFLICT (name) DO NOTHING;
  INSERT INTO publishers (name)
  SELECT n FROM unnest(publisher_names) AS n
  WHERE NOT EXISTS (SELECT 1 FROM publishers d WHERE d.name = n)
  ORDER BY n
  ON CONFLICT (name) DO NOTHING;
  INSERT INTO targets (name)
  SELECT n FROM unnest(target_names) AS n
  WHERE NOT EXISTS (SELECT 1 FROM targets d WHERE d.name = n)
  ORDER BY n
  ON CONFLICT (name) DO NOTHING;
  INSERT INTO buyers (name)
  SELECT n FROM unnest(buyer_names) AS n
  WHERE NOT EXISTS (SELECT 1 FROM buyers d WHERE d.name = n)
  ORDER BY n
  ON CONFLICT (name) DO NOTHING;

  -- Where the delivery puts each call: its caller id × campaign and time.
  SELECT array_agg(x.system_call_id), array_agg(x.call_ts), array_agg(x.caller_id), array_agg(ca.id)
    INTO b_sids, b_ts, b_callers, b_campaigns
  FROM json_to_recordset(batch) AS x(system_call_id text, call_ts timestamptz, caller_id text, campaign_name text)
  JOIN campaigns ca ON ca.name = x.campaign_name;

  -- 1. One lock per caller × campaign the delivery puts a call in or takes one from, in key order.
  SELECT array_agg(k.campaign_id ORDER BY k.campaign_id, k.caller_hash), array_agg(k.caller_hash ORDER BY k.campaign_id, k.caller_hash)
    INTO lock_campaigns, lock_callers
  FROM (
    SELECT DISTINCT campaign_id, hashtext(caller_id) AS caller_hash FROM (
      SELECT n.caller_id, n.campaign_id FROM unnest(b_callers, b_campaigns) AS n(caller_id, campaign_id)
      UNION ALL
      SELECT c.caller_id, c.campaign_id FROM calls c WHERE c.system_call_id = ANY (b_sids)
    ) keyed WHERE caller_id <> ''
  ) k;
  PERFORM pg_advisory_xact_lock(l.campaign_id, l.caller_hash)
  FROM unnest(lock_campaigns, lock_callers) WITH ORDINALITY AS l(campaign_id, caller_hash, position) ORDER BY l.position;
  IF EXISTS (
    SELECT 1 FROM calls c WHERE c.system_call_id = ANY (b_sids) AND c.caller_id <> ''
      AND NOT EXISTS (SELECT 1 FROM unnest(lock_campaigns, lock_callers) AS l(campaign_id, caller_hash)
                      WHERE l.campaign_id = c.campaign_id AND l.caller_hash = hashtext(c.caller_id))
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'serialization_failure',
      MESSAGE = 'a concurrent delivery moved one of these calls to another caller or campaign; deliver the batch again';
  END IF;

  -- 2. Every call whose decision may change, decided by its neighbour in (call_ts, id) order.
  WITH delivered AS (
    SELECT n.system_call_id, n.call_ts, n.caller_id, n.campaign_id,
           s.id AS stored_id, s.repeat_of AS stored_repeat_of,
           s.id IS NULL OR (s.call_ts, s.caller_id, s.campaign_id) IS DISTINCT FROM (n.call_ts, n.caller_id, n.campaign_id) AS moves,
           s.call_ts AS was_ts, s.caller_id AS was_caller, s.campaign_id AS was_campaign
    FROM unnest(b_sids, b_ts, b_callers, b_campaigns) AS n(system_call_id, call_ts, caller_id, campaign_id)
    LEFT JOIN calls s ON s.system_call_id = n.system_call_id
  ), placed AS MATERIALIZED (
    -- A new call takes its id now, so calls of this delivery can repeat one another.
    SELECT d.*, CASE WHEN d.stored_id IS NULL THEN nextval('calls_id_seq') ELSE d.stored_id END AS id FROM delivered d
  ), touched AS (
    -- Per caller × campaign, the earliest and latest time the delivery adds a call at or takes one from.
    SELECT caller_id, campaign_id, min(t) AS lo, max(t) AS hi FROM (
      SELECT caller_id, campaign_id, call_ts AS t FROM placed WHERE moves
      UNION ALL
      SELECT was_caller, was_campaign, was_ts FROM placed WHERE moves AND stored_id IS NOT NULL
    ) edges WHERE caller_id <> '' GROUP BY 1, 2
  ), neighbourhood AS (
    SELECT p.system_call_id, p.id, p.call_ts, p.caller_id, p.campaign_id, true AS is_delivered, p.stored_repeat_of AS was_repeat_of
    FROM placed p WHERE p.caller_id <> ''
    UNION ALL
    -- Stored calls a window either side of the touched times: enough to find the neighbour of every call from lo on.
    SELECT c.system_call_id, c.id, c.call_ts, c.caller_id, c.campaign_id, false, c.repeat_of
    FROM touched t
    JOIN calls c ON c.caller_id = t.caller_id AND c.campaign_id = t.campaign_id AND c.call_ts >= t.lo - win AND c.call_ts <= t.hi + win
    WHERE c.system_call_id <> ALL (b_sids)
  ), decided AS (
    SELECT n.*, t.lo, t.hi,
           CASE WHEN lag(n.call_ts) OVER w >= n.call_ts - win THEN lag(n.id) OVER w END AS repeat_of
    FROM neighbourhood n
    LEFT JOIN touched t ON t.caller_id = n.caller_id AND t.campaign_id = n.campaign_id
    WINDOW w AS (PARTITION BY n.caller_id, n.campaign_id ORDER BY n.call_ts, n.id)
  ), changes AS (
    -- Only calls from the earliest touched time to a window after the latest can change.
    SELECT * FROM decided WHERE lo IS NOT NULL AND call_ts >= lo AND call_ts <= hi + win
  )
  SELECT
    (SELECT array_agg(p.system_call_id ORDER BY p.system_call_id) FROM placed p),
    (SELECT array_agg(p.id ORDER BY p.system_call_id) FROM placed p),
    (SELECT array_agg(CASE WHEN p.caller_id = '' THEN NULL WHEN ch.id IS NOT NULL THEN ch.repeat_of ELSE p.stored_repeat_of END ORDER BY p.system_call_id)
       FROM placed p LEFT JOIN changes ch ON ch.is_delivered AND ch.system_call_id = p.system_call_id),
    (SELECT array_agg(ch.id ORDER BY ch.system_call_id COLLATE "C") FROM changes ch
       WHERE NOT ch.is_delivered AND ch.repeat_of IS DISTINCT FROM ch.was_repeat_of),
    (SELECT array_agg(ch.repeat_of ORDER BY ch.system_call_id COLLATE "C") FROM changes ch
       WHERE NOT ch.is_delivered AND ch.repeat_of IS DISTINCT FROM ch.was_repeat_of),
    (SELECT array_agg(p.stored_id) FILTER (WHERE p.stored_id IS NOT NULL) FROM placed p)
  INTO planned_sids, planned_ids, planned_repeats, other_ids, other_repeats, stored_ids;

  -- 3. Other stored calls change: lock them with the delivered stored calls, in one systemCallId order, before writing.
  IF other_ids IS NOT NULL THEN
    PERFORM 1 FROM calls c WHERE c.id = ANY (other_ids || coalesce(stored_ids, '{}')) ORDER BY c.system_call_id COLLATE "C" FOR UPDATE;
  END IF;

  WITH plan AS (
    SELECT * FROM unnest(planned_sids, planned_ids, planned_repeats) AS p(system_call_id, id, repeat_of)
  ), upserted AS (
    INSERT INTO calls (id, repeat_of, system_call_id, call_ts, caller_id, campaign_id, publisher_id, target_id, buyer_id, system_name,
    system_publisher_id, system_buyer_id, duration_sec, connected, recording_url, transcript, revenue_cents, payout_cents,
    status, sub_disposition, reason, summary, qc_disposition, qc_sub_disposition, qc_reason, qc_summary)
    SELECT p.id, p.repeat_of, x.system_call_id, x.call_ts, x.caller_id, ca.id, pu.id, ta.id, bu.id, x.system_name,
      x.system_publisher_id, x.system_buyer_id, x.duration_sec, x.connected, x.recording_url, x.transcript, x.revenue_cents, x.payout_cents,
      coalesce(x.qc_disposition, ''), x.qc_sub_disposition, x.qc_reason, x.qc_summary, x.qc_disposition, x.qc_sub_disposition, x.qc_reason, x.qc_summary
    FROM json_to_recordset(batch) AS x(system_call_id text, call_ts timestamptz, caller_id text, campaign_name text,
      publisher_name text, target_name text, buyer_name text, system_name text, system_publisher_id text, system_buyer_id text,
      duration_sec int, connected boolean, recording_url text, transcript text, revenue_cents bigint, payout_cents bigint,
      qc_disposition text, qc_sub_disposition text, qc_reason text, qc_summary text)
    JOIN plan p ON p.system_call_id = x.system_call_id
    JOIN campaigns ca ON ca.name = x.campaign_name
    JOIN publishers pu ON pu.name = x.publisher_name
    LEFT JOIN targets ta ON ta.name = x.target_name
    LEFT JOIN buyers bu ON bu.name = x.buyer_name
    ORDER BY x.system_call_id COLLATE "C"
    ON CONFLICT (system_call_id) DO UPDATE SET
      repeat_of = excluded.repeat_of,
      call_ts = excluded.call_ts, caller_id = excluded.caller_id, campaign_id = excluded.campaign_id,
      publisher_id = excluded.publisher_id, target_id = excluded.target_id, buyer_id = excluded.buyer_id,
      system_name = excluded.system_name, system_publisher_id = excluded.system_publisher_id,
      system_buyer_id = excluded.system_buyer_id, duration_sec = excluded.duration_sec, connected = excluded.connected,
      recording_url = excluded.recording_url, transcript = excluded.transcript, revenue_cents = excluded.revenue_cents,
      payout_cents = excluded.payout_cents,
      qc_disposition = coalesce(excluded.qc_disposition, calls.qc_disposition),
      qc_sub_disposition = CASE WHEN excluded.qc_disposition IS NULL THEN calls.qc_sub_disposition ELSE excluded.qc_sub_disposition END,
      qc_reason = CASE WHEN excluded.qc_disposition IS NULL THEN calls.qc_reason ELSE excluded.qc_reason END,
      qc_summary = CASE WHEN excluded.qc_disposition IS NULL THEN calls.qc_summary ELSE excluded.qc_summary END,
      status = CASE WHEN excluded.qc_disposition IS NULL OR calls.status_overridden THEN calls.status ELSE excluded.qc_disposition END,
      sub_disposition = CASE WHEN excluded.qc_disposition IS NULL OR calls.status_overridden THEN calls.sub_disposition ELSE excluded.qc_sub_disposition END,
      reason = CASE WHEN excluded.qc_disposition IS NULL OR calls.status_overridden THEN calls.reason ELSE excluded.qc_reason END,
      summary = CASE WHEN excluded.qc_disposition IS NULL THEN calls.summary ELSE excluded.qc_summary END,
      updated_at = now()
    RETURNING calls.id, calls.system_call_id, (xmax = 0) AS is_new
  )
  SELECT count(*) FILTER (WHERE u.is_new), count(*) FILTER (WHERE NOT u.is_new), count(*) FILTER (WHERE u.id <> p.id)
    INTO inserted, updated, misplaced FROM upserted u JOIN plan p ON p.system_call_id = u.system_call_id;
  -- Every call joins to a name created above; a shortfall would be a bug losing calls, so nothing is kept.
  IF inserted + updated <> batch_size THEN
    RAISE EXCEPTION 'ingest_calls stored % of % calls', inserted + updated, batch_size;
  END IF;
  -- A call read as new that another delivery stored meanwhile keeps that delivery's id, not the one decided with.
  IF misplaced > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'serialization_failure',
      MESSAGE = 'a concurrent delivery stored some of these calls first; deliver the batch again';
  END IF;

  IF other_ids IS NOT NULL THEN
    UPDATE calls c SET repeat_of = o.repeat_of
    FROM unnest(other_ids, other_repeats) AS o(id, repeat_of)
    WHERE c.id = o.id;
  END IF;
END
$function$;

CREATE OR REPLACE FUNCTION public.ingest_calls_as(actor text, batch json, batch_size integer, campaign_names text[], publisher_names text[], target_names text[], buyer_names text[], repeat_window_days integer, OUT inserted integer, OUT updated integer)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM set_config('callboard.change_kind', 'delivery', true), set_config('callboard.change_actor', coalesce(actor, ''), true);
  SELECT i.inserted, i.updated INTO inserted, updated
  FROM ingest_calls(batch, batch_size, campaign_names, publisher_names, target_names, buyer_names, repeat_window_days) i;
  PERFORM set_config('callboard.change_kind', '', true), set_config('callboard.change_actor', '', true);
END
$function$;

CREATE OR REPLACE FUNCTION public.redecide_repeats(window_days integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed integer;
BEGIN
  IF window_days IS NULL OR window_days < 1 OR window_days > 90 THEN
    RAISE EXCEPTION 'the repeat window must be 1 to 90 days (got %)', window_days;
  END IF;
  PERFORM pg_advisory_xact_lock(7266001);
  -- The calls that change are locked in systemCallId order, as every writer locks its calls, before any is written.
  WITH decided AS (
    SELECT c.id,
           CASE WHEN c.caller_id <> '' AND lag(c.call_ts) OVER w >= c.call_ts - make_interval(days => window_days) THEN lag(c.id) OVER w END AS repeat_of
    FROM calls c
    WINDOW w AS (PARTITION BY c.caller_id, c.campaign_id ORDER BY c.call_ts, c.id)
  ), locked AS MATERIALIZED (
    SELECT c.id, d.repeat_of FROM calls c JOIN decided d ON d.id = c.id
    WHERE c.repeat_of IS DISTINCT FROM d.repeat_of
    ORDER BY c.system_call_id COLLATE "C" FOR UPDATE OF c
  )
  UPDATE calls c SET repeat_of = l.repeat_of FROM locked l WHERE c.id = l.id;
  GET DIAGNOSTICS changed = ROW_COUNT;
  UPDATE repeat_window SET days = window_days;
  RETURN changed;
END
$function$;

CREATE OR REPLACE FUNCTION public.refuse_dimension_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'rows of % are never deleted: calls refer to them', TG_TABLE_NAME;
END
$function$;

CREATE OR REPLACE FUNCTION public.sheet_text(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
      SELECT CASE
        WHEN value IS NULL THEN ''
        WHEN value !~ E'[\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\ufffe\uffff]' THEN CASE WHEN left(value, 1) IN ('=', '+', '-', '@', E'\t', E'\r', E'\n', '＝', '＋', '－', '＠') THEN '''' || value ELSE value END
        WHEN left(translate(value, E'\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\ufffe\uffff', ''), 1) IN ('=', '+', '-', '@', E'\t', E'\r', E'\n', '＝', '＋', '－', '＠') THEN '''' || translate(value, E'\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\ufffe\uffff', '')
        ELSE translate(value, E'\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\ufffe\uffff', '')
      END
    $function$;


-- Triggers

CREATE TRIGGER buyers_never_deleted BEFORE DELETE OR TRUNCATE ON buyers FOR EACH STATEMENT EXECUTE FUNCTION refuse_dimension_delete();

CREATE TRIGGER calls_keep_dispute_credits BEFORE UPDATE OF revenue_cents, payout_cents ON calls FOR EACH ROW WHEN ((old.dispute_state = ANY (ARRAY['accepted'::text, 'partial'::text])) AND new.dispute_state = old.dispute_state AND (new.revenue_cents IS DISTINCT FROM old.revenue_cents OR new.payout_cents IS DISTINCT FROM old.payout_cents)) EXECUTE FUNCTION calls_keep_dispute_credits();

CREATE TRIGGER calls_log_changes_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_changes_created();

CREATE TRIGGER calls_log_changes_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_changes_updated();

CREATE TRIGGER calls_move_disputes AFTER UPDATE OF call_ts, campaign_id, publisher_id, target_id, buyer_id ON calls FOR EACH ROW WHEN (old.call_ts IS DISTINCT FROM new.call_ts OR old.campaign_id IS DISTINCT FROM new.campaign_id OR old.publisher_id IS DISTINCT FROM new.publisher_id OR old.target_id IS DISTINCT FROM new.target_id OR old.buyer_id IS DISTINCT FROM new.buyer_id) EXECUTE FUNCTION calls_move_disputes();

CREATE TRIGGER calls_rollup_0_lock_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_lock_deleted();

CREATE TRIGGER calls_rollup_0_lock_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_lock_inserted();

CREATE TRIGGER calls_rollup_0_lock_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_lock_updated();

CREATE TRIGGER calls_rollup_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_delete();

CREATE TRIGGER calls_rollup_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_insert();

CREATE TRIGGER calls_rollup_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_update();

CREATE TRIGGER calls_words_forget_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_words_forget_deleted();

CREATE TRIGGER calls_words_queue_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_words_queue_inserted();

CREATE TRIGGER calls_words_queue_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_words_queue_updated();

CREATE TRIGGER calls_daily_monthly_delete AFTER DELETE ON calls_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_monthly_delete();

CREATE TRIGGER calls_daily_monthly_insert AFTER INSERT ON calls_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_monthly_insert();

CREATE TRIGGER calls_daily_monthly_update AFTER UPDATE ON calls_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_monthly_update();

CREATE TRIGGER campaigns_never_deleted BEFORE DELETE OR TRUNCATE ON campaigns FOR EACH STATEMENT EXECUTE FUNCTION refuse_dimension_delete();

CREATE TRIGGER disputes_rollup_delete AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION disputes_rollup_delete();

CREATE TRIGGER disputes_rollup_insert AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION disputes_rollup_insert();

CREATE TRIGGER disputes_rollup_update AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION disputes_rollup_update();

CREATE TRIGGER disputes_take_call_place BEFORE INSERT ON disputes FOR EACH ROW EXECUTE FUNCTION disputes_take_call_place();

CREATE TRIGGER publishers_never_deleted BEFORE DELETE OR TRUNCATE ON publishers FOR EACH STATEMENT EXECUTE FUNCTION refuse_dimension_delete();

CREATE TRIGGER targets_never_deleted BEFORE DELETE OR TRUNCATE ON targets FOR EACH STATEMENT EXECUTE FUNCTION refuse_dimension_delete();


-- Row-level security

ALTER TABLE call_audit ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON call_audit AS PERMISSIVE FOR SELECT TO callboard_partner USING ((EXISTS ( SELECT 1
   FROM calls c
  WHERE (c.id = call_audit.call_id))));

ALTER TABLE call_changes ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON call_changes AS PERMISSIVE FOR SELECT TO callboard_partner USING ((callboard_partner_sees(publisher_id, buyer_id) AND (call_ts >= ((callboard_scope_day())::timestamp without time zone AT TIME ZONE 'America/New_York'::text))));

ALTER TABLE call_combos ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON call_combos AS PERMISSIVE FOR SELECT TO callboard_partner USING (callboard_partner_sees(publisher_id, buyer_id));

ALTER TABLE call_words ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON call_words AS PERMISSIVE FOR SELECT TO callboard_partner USING ((EXISTS ( SELECT 1
   FROM calls c
  WHERE (c.id = call_words.call_id))));

ALTER TABLE call_words_queue ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON call_words_queue AS PERMISSIVE FOR SELECT TO callboard_partner USING ((EXISTS ( SELECT 1
   FROM calls c
  WHERE (c.id = call_words_queue.call_id))));

ALTER TABLE calls ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON calls AS PERMISSIVE FOR SELECT TO callboard_partner USING ((callboard_partner_sees(publisher_id, buyer_id) AND (call_ts >= ((callboard_scope_day())::timestamp without time zone AT TIME ZONE 'America/New_York'::text))));

ALTER TABLE calls_daily_combo ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON calls_daily_combo AS PERMISSIVE FOR SELECT TO callboard_partner USING (((day >= callboard_scope_day()) AND (combo_id IN ( SELECT call_combos.id
   FROM call_combos))));

ALTER TABLE calls_daily_dim ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON calls_daily_dim AS PERMISSIVE FOR SELECT TO callboard_partner USING (((dim = callboard_scope_dim()) AND (dim_id = ANY (callboard_scope_ids())) AND (day >= callboard_scope_day())));

ALTER TABLE calls_daily_dim_status ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON calls_daily_dim_status AS PERMISSIVE FOR SELECT TO callboard_partner USING (((dim = callboard_scope_dim()) AND (dim_id = ANY (callboard_scope_ids())) AND (day >= callboard_scope_day())));

ALTER TABLE calls_monthly_combo ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON calls_monthly_combo AS PERMISSIVE FOR SELECT TO callboard_partner USING (((month >= callboard_scope_day()) AND (combo_id IN ( SELECT call_combos.id
   FROM call_combos))));

ALTER TABLE calls_monthly_dim ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON calls_monthly_dim AS PERMISSIVE FOR SELECT TO callboard_partner USING (((dim = callboard_scope_dim()) AND (dim_id = ANY (callboard_scope_ids())) AND (month >= callboard_scope_day())));

ALTER TABLE disputes ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON disputes AS PERMISSIVE FOR SELECT TO callboard_partner USING ((callboard_partner_sees(publisher_id, buyer_id) AND (call_ts >= ((callboard_scope_day())::timestamp without time zone AT TIME ZONE 'America/New_York'::text))));

ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;

CREATE POLICY own_rows ON notifications AS PERMISSIVE FOR SELECT TO callboard_partner USING ((user_id = callboard_user_id()));

CREATE POLICY own_rows_marked_read ON notifications AS PERMISSIVE FOR UPDATE TO callboard_partner USING ((user_id = callboard_user_id())) WITH CHECK ((user_id = callboard_user_id()));

ALTER TABLE payments ENABLE ROW LEVEL SECURITY;

CREATE POLICY partner_scope ON payments AS PERMISSIVE FOR SELECT TO callboard_partner USING (((callboard_scope_kind() = 'publisher'::text) AND (publisher_id = ANY (callboard_scope_ids()))));
