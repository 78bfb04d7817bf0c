import type { Migration } from './index';

/** Tables whose rows are one call's, or a rollup of calls per publisher or buyer: a partner reads them through a policy. */
const SCOPED_TABLES = ['calls', 'call_audit', 'call_words', 'call_words_queue', 'call_combos', 'calls_daily_combo', 'calls_monthly_combo', 'calls_daily_dim', 'calls_monthly_dim', 'calls_daily_dim_status', 'payments'];

/**
 * Rollups over every call (no publisher or buyer in their rows): they cannot
 * answer within a scope, so a partner may not read them at all. A read that reaches one under a partner's
 * setting fails loudly (permission denied) instead of answering with the network's figures.
 */
const UNSCOPED_TABLES = ['calls_hourly', 'calls_daily', 'calls_weekly', 'calls_monthly'];

/** Every partner's scope: read by authentication before a request takes the role, never by a partner's own statements. */
const NETWORK_ONLY_TABLES = ['partner_scopes'];

/**
 * Partner accounts (docs/decisions/0037-partner-scope.md): a publisher or buyer outside the network,
 * signed in to its own calls.
 *
 * - `users.role` takes `partner`; `partner_scopes` holds each partner account's scope: its kind, the
 *   publishers or buyers it covers, the first New York day it sees (null: all history) and which fields
 *   it reads. Deleting the account deletes its scope.
 * - The second wall: the role `callboard_partner` (no login). The API's connection takes it for the
 *   length of each of a partner's transactions (`SET LOCAL ROLE`) with the scope in settings of the same
 *   transaction (`callboard.scope_kind`, `callboard.scope_ids`, `callboard.scope_day`); row-level
 *   security then keeps every other call out, however the query was written. With no setting, the
 *   policies match nothing. The network's own requests never take the role and never pay for it (the
 *   table owner and superusers are not subject to these policies).
 * - Roles belong to the whole server, not one database: the role is made once and other databases on the
 *   same server (each test's) find it there.
 */
export const partnerAccounts: Migration = {
  version: '0025-partner-accounts',
  statements: [
    'ALTER TABLE users DROP CONSTRAINT users_role_check',
    "ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'reviewer', 'admin', 'partner'))",
    `CREATE TABLE partner_scopes (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('publisher', 'buyer')),
      ids integer[] NOT NULL CHECK (cardinality(ids) BETWEEN 1 AND 100),
      history_from date,
      caller_id text NOT NULL CHECK (caller_id IN ('full', 'masked', 'hidden')),
      recordings boolean NOT NULL,
      transcripts boolean NOT NULL,
      counterparty boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Two databases of one server migrating at once (the tests') may both find the role missing: the
    // second to create it is told it exists, which is what it wanted.
    `DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'callboard_partner') THEN
        CREATE ROLE callboard_partner NOLOGIN;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`,
    // A connecting role that is not a superuser must be a member to SET ROLE to it.
    `DO $$
    BEGIN
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, 'callboard_partner', 'MEMBER') THEN
        EXECUTE format('GRANT callboard_partner TO %I', current_user);
      END IF;
    END $$`,
    // The scope, read from the transaction's settings. No setting reads as nothing in scope.
    `CREATE FUNCTION callboard_scope_kind() RETURNS text LANGUAGE sql STABLE AS
      $$ SELECT COALESCE(current_setting('callboard.scope_kind', true), '') $$`,
    `CREATE FUNCTION callboard_scope_ids() RETURNS integer[] LANGUAGE sql STABLE AS
      $$ SELECT COALESCE(NULLIF(current_setting('callboard.scope_ids', true), ''), '{}')::integer[] $$`,
    `CREATE FUNCTION callboard_scope_day() RETURNS date LANGUAGE sql STABLE AS
      $$ SELECT COALESCE(NULLIF(current_setting('callboard.scope_day', true), ''), '-infinity')::date $$`,
    // The per-dimension rollups store a publisher under 2 and a buyer under 4 (contract/src/dimensions.ts).
    `CREATE FUNCTION callboard_scope_dim() RETURNS smallint LANGUAGE sql STABLE AS
      $$ SELECT CASE callboard_scope_kind() WHEN 'publisher' THEN 2 WHEN 'buyer' THEN 4 END::smallint $$`,
    `CREATE FUNCTION callboard_partner_sees(publisher_id integer, buyer_id integer) RETURNS boolean LANGUAGE sql STABLE AS
      $$ SELECT CASE callboard_scope_kind() WHEN 'publisher' THEN publisher_id = ANY (callboard_scope_ids())
                                            WHEN 'buyer' THEN buyer_id = ANY (callboard_scope_ids())
                                            ELSE false END $$`,

    'GRANT USAGE ON SCHEMA public TO callboard_partner',
    // Everything else a partner's request touches (its session, its views, its keys, the counters) it may
    // read and write as the API does; tables made later are granted alike.
    'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO callboard_partner',
    'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO callboard_partner',
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO callboard_partner',
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO callboard_partner',
    // Calls and their rollups: read only, and only through the policies below.
    ...[...SCOPED_TABLES, ...UNSCOPED_TABLES].map((table) => `REVOKE INSERT, UPDATE, DELETE ON ${table} FROM callboard_partner`),
    ...UNSCOPED_TABLES.map((table) => `REVOKE SELECT ON ${table} FROM callboard_partner`),
    ...NETWORK_ONLY_TABLES.map((table) => `REVOKE ALL ON ${table} FROM callboard_partner`),
    ...SCOPED_TABLES.map((table) => `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`),

    `CREATE POLICY partner_scope ON calls FOR SELECT TO callboard_partner
      USING (callboard_partner_sees(publisher_id, buyer_id) AND call_ts >= (callboard_scope_day()::timestamp AT TIME ZONE 'America/New_York'))`,
    // A call's audit rows, words, place in the words queue and combination go with the call.
    'CREATE POLICY partner_scope ON call_audit FOR SELECT TO callboard_partner USING (EXISTS (SELECT 1 FROM calls c WHERE c.id = call_id))',
    'CREATE POLICY partner_scope ON call_words FOR SELECT TO callboard_partner USING (EXISTS (SELECT 1 FROM calls c WHERE c.id = call_id))',
    // A transcript search asks whether each of its calls still waits for its words (domain/calls/transcript-search.ts).
    'CREATE POLICY partner_scope ON call_words_queue FOR SELECT TO callboard_partner USING (EXISTS (SELECT 1 FROM calls c WHERE c.id = call_id))',
    'CREATE POLICY partner_scope ON call_combos FOR SELECT TO callboard_partner USING (callboard_partner_sees(publisher_id, buyer_id))',
    `CREATE POLICY partner_scope ON calls_daily_combo FOR SELECT TO callboard_partner
      USING (day >= callboard_scope_day() AND combo_id IN (SELECT id FROM call_combos))`,
    `CREATE POLICY partner_scope ON calls_monthly_combo FOR SELECT TO callboard_partner
      USING (month >= callboard_scope_day() AND combo_id IN (SELECT id FROM call_combos))`,
    // Only the rows of the partner's own dimension (its publishers, or its buyers) and days.
    `CREATE POLICY partner_scope ON calls_daily_dim FOR SELECT TO callboard_partner
      USING (dim = callboard_scope_dim() AND dim_id = ANY (callboard_scope_ids()) AND day >= callboard_scope_day())`,
    `CREATE POLICY partner_scope ON calls_monthly_dim FOR SELECT TO callboard_partner
      USING (dim = callboard_scope_dim() AND dim_id = ANY (callboard_scope_ids()) AND month >= callboard_scope_day())`,
    `CREATE POLICY partner_scope ON calls_daily_dim_status FOR SELECT TO callboard_partner
      USING (dim = callboard_scope_dim() AND dim_id = ANY (callboard_scope_ids()) AND day >= callboard_scope_day())`,
    // A publisher partner reads its own payments; a buyer partner none.
    `CREATE POLICY partner_scope ON payments FOR SELECT TO callboard_partner
      USING (callboard_scope_kind() = 'publisher' AND publisher_id = ANY (callboard_scope_ids()))`,
  ],
};
