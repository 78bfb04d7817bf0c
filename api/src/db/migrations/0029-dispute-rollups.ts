import { ROLLUP_LOCK_KEY } from './0009-rollup-lock';
import { upsert } from './0019-repeat-detection';
import type { Migration } from './index';

/**
 * The scorecard's dispute figures (issue 35 item 4; api/src/domain/scorecard/dispute-figures.ts reads them):
 * `disputes_daily_dim`, per dimension (1 campaign, 2 publisher, 3 target, 4 buyer, as calls_daily_dim), value
 * and New York day of the disputed CALL (the dispute list's date filter is the call's time too:
 * domain/disputes/disputes-query.ts), what each dispute row counts for as it stands now:
 *
 * - `disputes`: every dispute not withdrawn (open or decided);
 * - `decided`: accepted, partial or rejected; `accepted`: accepted or partial;
 * - `credited_cents` / `clawed_back_cents`: the money a standing accept or partial moved (an undone decision puts
 *   the dispute back to open, and its amounts, still on the row until the next decision, count for nothing);
 * - `ai_judged` / `ai_agreed`: decided disputes whose evidence frozen at opening holds the AI's verdict, and those
 *   whose decision agreed with it (contract/src/scorecard.ts, DISPUTE_AI_AGREEMENT, says what agreeing is; the
 *   verdicts that uphold the bill are frozen here as BILLABLE_VERDICTS, and the scorecard's tests hold them to it).
 *
 * Kept exact by statement triggers on `disputes` (insert, update, delete: opening, decision, withdrawal, the undo
 * that writes the status back, and a call's deletion cascading to its disputes): each subtracts what the old rows
 * counted for and adds what the new ones do, so every state change is seen whichever columns it writes.
 *
 * The dimension values are the call's, as the scorecard groups the call (and the dispute list filters it), so the
 * dispute carries them all: `campaign_id` and `target_id` are added here and filled from the call as a dispute is
 * written, and a call moved to another publisher, buyer, campaign, target or time by a re-delivery carries its
 * disputes' copies with it (a row trigger that fires only when one of those columns really changes), which moves
 * their counts through the triggers above. `buyer_id` stays NOT NULL: a call that loses its buyer keeps 0, the
 * rollups' "no buyer".
 *
 * The triggers take the rollup lock (0009) first, as the calls' rollup triggers do, so a dispute event (which
 * writes disputes, then its call) and a re-delivery (which writes its calls, then through them their disputes)
 * never hold rollup rows waiting for each other.
 *
 * Not readable by the partner role: partners do not get the scorecard (PARTNER_ROUTE_DENIED), and a per-source
 * total with no policy would show every source's.
 */

/** The AI verdicts under which a call was billable (a real, connected prospect): the bill stands. Frozen with this migration. */
const BILLABLE_VERDICTS = ['Sales', 'Not Interested', 'Not Qualified', 'DWSPI', 'Callback', 'subsidy/incentivised'];
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

const DECIDED = "status IN ('accepted', 'partial', 'rejected')";
const UPHELD = "status IN ('accepted', 'partial')";
const AI_JUDGED = `${DECIDED} AND evidence->'ai'->>'disposition' IS NOT NULL`;
const AI_SAYS_BILLABLE = `coalesce(evidence->'ai'->>'disposition' = ANY (ARRAY[${BILLABLE_VERDICTS.map(quoted).join(', ')}]::text[]), false)`;

/** What one dispute row counts for (signed), per dimension value of its call. */
const perDimension = (rows: string) => `SELECT sign, v.dim, v.dim_id, (call_ts AT TIME ZONE 'America/New_York')::date AS day,
    (status <> 'withdrawn')::int AS disputes,
    (${DECIDED})::int AS decided,
    (${UPHELD})::int AS accepted,
    CASE WHEN ${UPHELD} THEN coalesce(credited_cents, 0) ELSE 0 END AS credited_cents,
    CASE WHEN ${UPHELD} THEN coalesce(clawed_back_cents, 0) ELSE 0 END AS clawed_back_cents,
    (${AI_JUDGED})::int AS ai_judged,
    (${AI_JUDGED} AND ${AI_SAYS_BILLABLE} = (status = 'rejected'))::int AS ai_agreed
  FROM (${rows}) d
  CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, buyer_id)) AS v(dim, dim_id)`;

const MEASURES: Array<[string, string]> = ['disputes', 'decided', 'accepted', 'credited_cents', 'clawed_back_cents', 'ai_judged', 'ai_agreed'].map((c) => [
  c,
  `sum(sign * ${c})`,
]);

function rollupFunction(name: string, rows: string): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_KEY});
  WITH per_dimension AS (${perDimension(rows)})
  ${upsert('disputes_daily_dim', [['dim', 'dim'], ['day', 'day'], ['dim_id', 'dim_id']], MEASURES, 'per_dimension')};
  RETURN NULL;
END
$fn$`;
}

const NEW_ROWS = 'SELECT *, 1 AS sign FROM new_rows';
const OLD_ROWS = 'SELECT *, -1 AS sign FROM old_rows';

/** The call's columns a dispute copies, as a row for IS DISTINCT FROM. */
const CALL_PLACE = (row: string) => `(${row}.call_ts, ${row}.campaign_id, ${row}.publisher_id, ${row}.target_id, ${row}.buyer_id)`;

export const disputeRollups: Migration = {
  version: '0029-dispute-rollups',
  statements: [
    'ALTER TABLE disputes ADD COLUMN campaign_id integer, ADD COLUMN target_id integer',
    'UPDATE disputes d SET campaign_id = c.campaign_id, target_id = c.target_id FROM calls c WHERE c.id = d.call_id',
    'ALTER TABLE disputes ALTER COLUMN campaign_id SET NOT NULL',

    // A dispute takes its call's place as it is written, whatever the writer copied.
    `CREATE FUNCTION disputes_take_call_place() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT c.call_ts, c.campaign_id, c.publisher_id, c.target_id, coalesce(c.buyer_id, 0)
    INTO NEW.call_ts, NEW.campaign_id, NEW.publisher_id, NEW.target_id, NEW.buyer_id
    FROM calls c WHERE c.id = NEW.call_id;
  RETURN NEW;
END
$fn$`,
    'CREATE TRIGGER disputes_take_call_place BEFORE INSERT ON disputes FOR EACH ROW EXECUTE FUNCTION disputes_take_call_place()',

    // A call that moves takes its disputes with it (rare: a re-delivery with another source or time).
    `CREATE FUNCTION calls_move_disputes() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE disputes SET call_ts = NEW.call_ts, campaign_id = NEW.campaign_id, publisher_id = NEW.publisher_id,
    target_id = NEW.target_id, buyer_id = coalesce(NEW.buyer_id, 0)
  WHERE call_id = NEW.id;
  RETURN NULL;
END
$fn$`,
    `CREATE TRIGGER calls_move_disputes AFTER UPDATE OF call_ts, campaign_id, publisher_id, target_id, buyer_id ON calls
      FOR EACH ROW WHEN (${CALL_PLACE('OLD')} IS DISTINCT FROM ${CALL_PLACE('NEW')}) EXECUTE FUNCTION calls_move_disputes()`,

    `CREATE TABLE disputes_daily_dim (
      dim smallint NOT NULL,
      day date NOT NULL,
      dim_id integer NOT NULL,
      disputes integer NOT NULL DEFAULT 0,
      decided integer NOT NULL DEFAULT 0,
      accepted integer NOT NULL DEFAULT 0,
      credited_cents bigint NOT NULL DEFAULT 0,
      clawed_back_cents bigint NOT NULL DEFAULT 0,
      ai_judged integer NOT NULL DEFAULT 0,
      ai_agreed integer NOT NULL DEFAULT 0,
      PRIMARY KEY (dim, day, dim_id)
    ) WITH (fillfactor = 50)`,
    `INSERT INTO disputes_daily_dim (dim, day, dim_id, ${MEASURES.map(([c]) => c).join(', ')})
      SELECT dim, day, dim_id, ${MEASURES.map(([c]) => `sum(${c})`).join(', ')}
      FROM (${perDimension('SELECT *, 1 AS sign FROM disputes')}) p GROUP BY 1, 2, 3 HAVING sum(disputes) <> 0 ORDER BY 1, 2, 3`,

    rollupFunction('disputes_rollup_insert', NEW_ROWS),
    rollupFunction('disputes_rollup_update', `${NEW_ROWS} UNION ALL ${OLD_ROWS}`),
    rollupFunction('disputes_rollup_delete', OLD_ROWS),
    'CREATE TRIGGER disputes_rollup_insert AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION disputes_rollup_insert()',
    'CREATE TRIGGER disputes_rollup_update AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION disputes_rollup_update()',
    'CREATE TRIGGER disputes_rollup_delete AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION disputes_rollup_delete()',

    'REVOKE ALL ON disputes_daily_dim FROM callboard_partner',
  ],
};
