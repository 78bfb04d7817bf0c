import type { Migration } from './index';

/**
 * The change log (docs/decisions/0041-one-change-log.md): every change to a call, append-only, in the order the
 * changes committed. The changes feed (GET /api/changes), the live event streams and the outbound events all
 * read it (domain/changes/), so none of them can tell a different story.
 *
 * - `call_changes`: one row per call a write changed: `seq` (rises in commit order, see below), `at`, the call
 *   (its id and platform id, and its publisher, buyer and time after the change, which the partner policy and
 *   the live streams read without the call), the `kind`, the `actor`, the `change_set` of a person's change,
 *   and `changed`: every field that changed, {field: [before, after]}, named as contract/src/changes.ts names
 *   them (a created call: every field it was stored with, before null). The transcript's text is not copied:
 *   its values say whether there is one (true) or not (null). `json`, not `jsonb`: the triggers write it as
 *   text, which costs a delivery half what building a jsonb value did, and the feed writes it out unread.
 * - Written by statement triggers on `calls` (insert and update, with transition tables, as the rollups are:
 *   migration 0010), so no writer can forget it, and in the writer's transaction. The writer says what kind of
 *   change it is making, who makes it and under which change set in settings of its transaction
 *   (`callboard.change_kind`, `callboard.change_actor`, `callboard.change_set`, set with set_config(…, true)):
 *   domain/calls/calls-writer.ts and call-changes.ts. Without them an insert is `created` and an update
 *   `updated`, by nobody named.
 * - A delivery (`change_kind` = 'delivery', set by ingest_calls_as() below) logs every call it stored, as
 *   ingest answers them: a call sent again as it was is `updated` with nothing in `changed`. Any other write
 *   logs only the calls whose logged fields it changed. A row whose only change is `repeatOf`, on a call the
 *   statement did not otherwise write (updated_at unmoved: a neighbour's delivery, redecide_repeats()), is
 *   `repeat_redecided`.
 * - Order without gaps: a sequence number is taken before its transaction commits, so a reader paging by seq
 *   could see seq 11 committed while seq 10 is still to commit, move past it, and never read it. So before
 *   a trigger takes any seq it claims them: a shared advisory lock, held to the commit, whose key carries a
 *   floor at or below every seq it will take (call_changes_claim). Readers read only up to the horizon
 *   (call_changes_horizon: the sequence's last value, lowered below the smallest claim still held by another
 *   session), in a statement after the one that asks for it: every seq at or below it belongs to a transaction
 *   that had ended when the claims were read, so the reader's later snapshot sees it or it never will. No
 *   writer waits for another (taking the rollup lock, 0009, to the commit instead cost HTTP ingest 13-19 %
 *   against 5 % for the claims: docs/benchmarks.md, "The change log"). Keeping the
 *   transaction id and reading below the reader's snapshot xmin is not enough: a transaction can take its id
 *   before another, and its seqs after.
 * - `call_changes_pruned`: the highest seq retention has removed (domain/changes/change-log-retention.ts), so
 *   a reader that fell behind it is told instead of silently skipping changes.
 * - Row-level security as on `calls` (0025): a partner reads the changes of its own calls from its history day
 *   on, and writes none.
 */

/** The log's name and the expression of one field over a calls row `r` (a created call reads names from joins). */
interface LoggedField {
  name: string;
  /** The value as logged, over the row alias. */
  value: (r: string) => string;
  /** What is compared to decide whether it changed (default: the value's column). */
  compared?: (r: string) => string;
  /** For a created call: the value from the insert's joins, when it differs from `value`. */
  created?: string;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const named = (table: string, column: string, alias: string): LoggedField['value'] => (r) => `(SELECT ${alias}.name FROM ${table} ${alias} WHERE ${alias}.id = ${r}.${column})`;
const column = (name: string): LoggedField['value'] => (r) => `${r}.${name}`;

const FIELDS: LoggedField[] = [
  { name: 'callTimestamp', value: (r) => iso(`${r}.call_ts`), compared: column('call_ts') },
  { name: 'callerId', value: column('caller_id') },
  { name: 'campaignName', value: named('campaigns', 'campaign_id', 'dim'), compared: column('campaign_id'), created: 'ca.name' },
  { name: 'publisherName', value: named('publishers', 'publisher_id', 'dim'), compared: column('publisher_id'), created: 'pu.name' },
  { name: 'targetName', value: named('targets', 'target_id', 'dim'), compared: column('target_id'), created: 'ta.name' },
  { name: 'buyerName', value: named('buyers', 'buyer_id', 'dim'), compared: column('buyer_id'), created: 'bu.name' },
  { name: 'systemName', value: column('system_name') },
  { name: 'systemPublisherId', value: column('system_publisher_id') },
  { name: 'systemBuyerId', value: column('system_buyer_id') },
  { name: 'durationSec', value: column('duration_sec') },
  { name: 'connected', value: column('connected') },
  { name: 'recordingUrl', value: column('recording_url') },
  // Whether there is a transcript, not its text: compared in full, logged as true or null.
  { name: 'transcript', value: (r) => `CASE WHEN ${r}.transcript IS NOT NULL THEN true END`, compared: column('transcript') },
  { name: 'revenue', value: (r) => `${r}.revenue_cents::float8 / 100`, compared: column('revenue_cents') },
  { name: 'payout', value: (r) => `${r}.payout_cents::float8 / 100`, compared: column('payout_cents') },
  { name: 'status', value: column('status') },
  { name: 'subDisposition', value: column('sub_disposition') },
  { name: 'reason', value: column('reason') },
  { name: 'summary', value: column('summary') },
  { name: 'statusOverridden', value: column('status_overridden') },
  { name: 'qcDisposition', value: column('qc_disposition') },
  { name: 'qcSubDisposition', value: column('qc_sub_disposition') },
  { name: 'qcReason', value: column('qc_reason') },
  { name: 'qcSummary', value: column('qc_summary') },
  { name: 'repeatOf', value: (r) => `${r}.repeat_of::text`, compared: column('repeat_of') },
  { name: 'disputeState', value: column('dispute_state') },
];

const compared = (field: LoggedField, r: string) => (field.compared ?? field.value)(r);

/** A value as JSON text; SQL null as JSON null. */
const json = (value: string) => `coalesce(to_json(${value})::text, 'null')`;

/**
 * An object of the pieces that are not null, as JSON text. Written out by concatenation rather than built with
 * jsonb_build_object and stripped of its nulls: half the work per call on the delivery's path (measured:
 * docs/benchmarks.md, "The change log"), and the feed writes the text out as it is stored.
 */
const object = (pieces: string[]) => `concat('{', concat_ws(',', ${pieces.join(',\n      ')}), '}')::json`;

/** A created call's fields: [null, value] for each it was stored with (a null value is left out). */
const CREATED_FIELDS = object(
  FIELDS.map((f) => {
    const value = f.created ?? f.value('n');
    return `'"${f.name}":[null,' || to_json(${value})::text || ']'`;
  }),
);

/** An updated call's changed fields: [before, after] for each whose compared value differs. */
const UPDATED_FIELDS = object(
  FIELDS.map((f) => `CASE WHEN ${compared(f, 'o')} IS DISTINCT FROM ${compared(f, 'n')} THEN '"${f.name}":[' || ${json(f.value('o'))} || ',' || ${json(f.value('n'))} || ']' END`),
);

/** Whether any of `fields` differs between the old row `o` and the new `n`, as one row comparison. */
const differs = (fields: LoggedField[]) =>
  `(${fields.map((f) => compared(f, 'o')).join(', ')}) IS DISTINCT FROM (${fields.map((f) => compared(f, 'n')).join(', ')})`;

/** Whether any logged field of the row differs (the cheap test before any work). */
const ANY_FIELD_CHANGED = differs(FIELDS);

/** Whether only the repeat decision moved. */
const ONLY_REPEAT_MOVED = `o.repeat_of IS DISTINCT FROM n.repeat_of AND NOT ${differs(FIELDS.filter((f) => f.name !== 'repeatOf'))}`;

const LOG_COLUMNS = 'call_id, system_call_id, publisher_id, buyer_id, call_ts, kind, actor, change_set, changed';

/** A log row as a value of the table's row type, its seq and time left to the insert. */
const logRow = (values: string) => `ROW(NULL, NULL, ${values})::call_changes`;

/** Inserts the rows built into `logged` in their order, their seqs claimed first (see the migration's comment). */
const INSERT_LOGGED = `PERFORM call_changes_claim();
  INSERT INTO call_changes (${LOG_COLUMNS})
  SELECT ${LOG_COLUMNS.split(', ').map((c) => `l.${c}`).join(', ')} FROM unnest(logged) WITH ORDINALITY AS l ORDER BY l.ordinality;`;

/**
 * The advisory lock keys of the seqs a transaction is taking: (CLAIM_TAG << 48) | floor, where floor is at or below
 * every seq the transaction will take. Held (shared) to the commit; the bigint key space, apart from the two-key
 * locks of repeat detection (0019), and far above the small keys of 0004 and 0009.
 */
const CLAIM_TAG = 29281;

/** The log's sequence, as the identity column names it. */
const SEQUENCE = "pg_get_serial_sequence('call_changes', 'seq')::regclass";

/** Claims the seqs this transaction is about to take, before it takes any: called by the triggers before each insert. */
const CLAIM = `CREATE FUNCTION call_changes_claim() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared((${CLAIM_TAG}::bigint << 48) | (coalesce(pg_sequence_last_value(${SEQUENCE}), 0) + 1))
$$`;

/**
 * The highest seq below which every transaction has ended: readers read only up to it, in a statement of their
 * own after this one (its snapshot taken later). The sequence is read first, then the claims: a seq at or below
 * the first was taken by a transaction that claimed it before; if that transaction still runs, its claim (at or
 * below the seq) is seen and the horizon stays under it; if it has ended, a later snapshot sees its end.
 */
const HORIZON = `CREATE FUNCTION call_changes_horizon() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  taken bigint := coalesce(pg_sequence_last_value(${SEQUENCE}), 0);
  claimed bigint;
BEGIN
  SELECT min(((l.classid::bigint & 65535) << 32) | l.objid::bigint) INTO claimed
  FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND (l.classid::bigint >> 16) = ${CLAIM_TAG}
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.pid IS DISTINCT FROM pg_backend_pid();
  RETURN CASE WHEN claimed IS NULL THEN taken ELSE least(taken, claimed - 1) END;
END
$fn$`;

const CREATED = `CREATE FUNCTION call_changes_created() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  logged call_changes[];
BEGIN
  SELECT array_agg(${logRow(`n.id, n.system_call_id, n.publisher_id, n.buyer_id, n.call_ts, 'created', callboard_change_actor(), callboard_change_set(),
    ${CREATED_FIELDS}`)} ORDER BY n.id) INTO logged
  FROM new_rows n
  JOIN campaigns ca ON ca.id = n.campaign_id
  JOIN publishers pu ON pu.id = n.publisher_id
  LEFT JOIN targets ta ON ta.id = n.target_id
  LEFT JOIN buyers bu ON bu.id = n.buyer_id;
  IF logged IS NULL THEN
    RETURN NULL;
  END IF;
  ${INSERT_LOGGED}
  RETURN NULL;
END
$fn$`;

const UPDATED = `CREATE FUNCTION call_changes_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  named_kind text := callboard_change_kind();
  delivery boolean := coalesce(named_kind = 'delivery', false);
  logged call_changes[];
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE ${ANY_FIELD_CHANGED} OR (delivery AND n.updated_at IS DISTINCT FROM o.updated_at)
  ) THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(${logRow(`d.id, d.system_call_id, d.publisher_id, d.buyer_id, d.call_ts,
    CASE WHEN NOT d.written AND d.only_repeat THEN 'repeat_redecided'
         WHEN named_kind IS NULL OR delivery THEN 'updated'
         ELSE named_kind END,
    callboard_change_actor(), callboard_change_set(), d.changed`)} ORDER BY d.id) INTO logged
  FROM (
    SELECT n.id, n.system_call_id, n.publisher_id, n.buyer_id, n.call_ts, n.updated_at IS DISTINCT FROM o.updated_at AS written,
      ${ANY_FIELD_CHANGED} AS any_changed, ${ONLY_REPEAT_MOVED} AS only_repeat,
      ${UPDATED_FIELDS} AS changed
    FROM new_rows n JOIN old_rows o ON o.id = n.id
  ) d
  WHERE d.any_changed OR (delivery AND d.written);
  ${INSERT_LOGGED}
  RETURN NULL;
END
$fn$`;

/**
 * ingest_calls() (0019) as a delivery of `actor`: every call it stores is logged, by that actor. The settings
 * are cleared once it has run, so a later write in the same transaction (an import's) is not taken for it.
 */
const INGEST_CALLS_AS = `CREATE FUNCTION ingest_calls_as(actor text, batch json, batch_size integer, campaign_names text[], publisher_names text[],
  target_names text[], buyer_names text[], repeat_window_days integer, OUT inserted integer, OUT updated integer) LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('callboard.change_kind', 'delivery', true), set_config('callboard.change_actor', coalesce(actor, ''), true);
  SELECT i.inserted, i.updated INTO inserted, updated
  FROM ingest_calls(batch, batch_size, campaign_names, publisher_names, target_names, buyer_names, repeat_window_days) i;
  PERFORM set_config('callboard.change_kind', '', true), set_config('callboard.change_actor', '', true);
END
$fn$`;

/** The kinds contract/src/changes.ts names, frozen here: a new kind is a new migration that widens the check. */
const KINDS = [
  'created',
  'updated',
  'qc_verdict',
  'disposition_changed',
  'bulk_updated',
  'restored',
  'undone',
  'dispute_opened',
  'dispute_withdrawn',
  'dispute_decided',
  'repeat_redecided',
];

const setting = (name: string) => `nullif(current_setting('callboard.${name}', true), '')`;

export const callChangeLog: Migration = {
  version: '0037-call-change-log',
  statements: [
    // No cache on the sequence: each session would take seqs in blocks, out of commit order.
    `CREATE TABLE call_changes (
      seq bigint GENERATED ALWAYS AS IDENTITY (CACHE 1) PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      call_id bigint NOT NULL,
      system_call_id text NOT NULL,
      publisher_id integer NOT NULL,
      buyer_id integer,
      call_ts timestamptz NOT NULL,
      kind text NOT NULL CHECK (kind IN (${KINDS.map((k) => `'${k}'`).join(', ')})),
      actor text,
      change_set uuid,
      changed json NOT NULL
    )`,
    `CREATE TABLE call_changes_pruned (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      through_seq bigint NOT NULL
    )`,
    'INSERT INTO call_changes_pruned (through_seq) VALUES (0)',

    `CREATE FUNCTION callboard_change_kind() RETURNS text LANGUAGE sql STABLE AS $$ SELECT ${setting('change_kind')} $$`,
    `CREATE FUNCTION callboard_change_actor() RETURNS text LANGUAGE sql STABLE AS $$ SELECT ${setting('change_actor')} $$`,
    `CREATE FUNCTION callboard_change_set() RETURNS uuid LANGUAGE sql STABLE AS $$ SELECT ${setting('change_set')}::uuid $$`,
    CLAIM,
    HORIZON,
    CREATED,
    UPDATED,
    `CREATE TRIGGER calls_log_changes_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION call_changes_created()`,
    `CREATE TRIGGER calls_log_changes_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION call_changes_updated()`,
    INGEST_CALLS_AS,

    // A key that reads the changes feed (contract/src/ingest-keys.ts `read`).
    'ALTER TABLE ingest_keys DROP CONSTRAINT ingest_keys_scopes_known',
    "ALTER TABLE ingest_keys ADD CONSTRAINT ingest_keys_scopes_known CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['calls', 'qc', 'read'])",

    // The partner role was granted every new table by default (0025): it reads through the policy and writes nothing.
    'REVOKE INSERT, UPDATE, DELETE ON call_changes, call_changes_pruned FROM callboard_partner',
    'ALTER TABLE call_changes ENABLE ROW LEVEL SECURITY',
    `CREATE POLICY partner_scope ON call_changes FOR SELECT TO callboard_partner
      USING (callboard_partner_sees(publisher_id, buyer_id) AND call_ts >= (callboard_scope_day()::timestamp AT TIME ZONE 'America/New_York'))`,
  ],
};
