import { randomUUID } from 'node:crypto';
import { PERMISSION_DENIED, roleMay, verdictAfter, type ChangeAction, type Role } from '@callboard/contract';
import { DISPUTE_MESSAGES, type DisputeStatus } from '@callboard/contract/disputes';
import type { Queryable, Database } from '../../db/database';
import { HttpError, conflict, forbidden, notFound } from '../../http/http-error';
import { userActor } from '../changes/change-actor';
import { changeKindOf } from '../changes/change-kinds';
import { announceNothing, type AnnounceChange } from './calls-writer';

/**
 * Changes people make to calls, each one change set (migration 0017): a
 * disposition for one call or many, restoring the AI's verdict, undoing an
 * earlier change. Each writes one audit row per call it changed, all under the
 * change's own id, and changes nothing when it would change nothing (no change
 * set, a null id).
 *
 * Like every writer, each locks its calls in systemCallId order first (the
 * comment at the top of calls-writer.ts) and decides only after it holds them,
 * so two changes to the same calls run one after the other, and the second
 * sees what the first wrote. The rollup triggers keep the rollups exact
 * through every status these write.
 */

/** What a person sets, texts trimmed: null clears a text, undefined leaves it to contract's `verdictAfter` (kept while the status stays). */
export interface DispositionChange {
  status: string;
  sub_disposition?: string | null;
  reason?: string | null;
}

/**
 * A call's effective verdict and whether a person holds it (then the bot's verdicts no longer move it), and
 * its money in cents (only a dispute's decision moves it: domain/disputes/).
 */
export interface CallState {
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  overridden: boolean;
  revenue_cents: number;
  payout_cents: number;
}

export interface LockedCall {
  id: string;
  call_ts: Date;
  /** Whose call it is, for the live streams of partners (domain/events/source-changes.ts). */
  publisher_id: number;
  buyer_id: number | null;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  status_overridden: boolean;
  qc_disposition: string | null;
  qc_sub_disposition: string | null;
  qc_reason: string | null;
  revenue_cents: number;
  payout_cents: number;
}

/** A dispute's status before and after a change (before: null for the opening): written on the audit row, restored by an undo. */
export interface DisputeMove {
  id: string;
  from: DisputeStatus | null;
  to: DisputeStatus;
}

export interface Move {
  call: LockedCall;
  to: CallState;
  dispute?: DisputeMove;
}

/** What a change did: the calls it changed, and its id when it changed any. */
export interface ChangeOutcome {
  changeId: string | null;
  updated: number;
}

const stateOf = (call: LockedCall): CallState => ({
  status: call.status,
  sub_disposition: call.sub_disposition,
  reason: call.reason,
  overridden: call.status_overridden,
  revenue_cents: call.revenue_cents,
  payout_cents: call.payout_cents,
});

/** The call's state as it is but for what `change` sets. */
export const stateWith = (call: LockedCall, change: Partial<CallState>): CallState => ({ ...stateOf(call), ...change });

const sameState = (a: CallState, b: CallState) =>
  a.status === b.status &&
  a.sub_disposition === b.sub_disposition &&
  a.reason === b.reason &&
  a.overridden === b.overridden &&
  a.revenue_cents === b.revenue_cents &&
  a.payout_cents === b.payout_cents;

/** The bot's verdict as the call's state (its money as it is); only for a call the bot has judged. */
const botVerdictOf = (call: LockedCall & { qc_disposition: string }): CallState =>
  stateWith(call, { status: call.qc_disposition, sub_disposition: call.qc_sub_disposition, reason: call.qc_reason, overridden: false });

/** Locks the calls, in the writers' order, and reads what a change decides from (exported for domain/disputes/). */
export async function lockCalls(tx: Queryable, ids: string[]): Promise<LockedCall[]> {
  const rows = await tx.query<LockedCall>(
    `SELECT id::text AS id, call_ts, publisher_id, buyer_id, status, sub_disposition, reason, status_overridden, qc_disposition, qc_sub_disposition, qc_reason,
       revenue_cents::text AS revenue_cents, payout_cents::text AS payout_cents
     FROM calls WHERE id = ANY($1::bigint[]) ORDER BY system_call_id COLLATE "C" FOR UPDATE`,
    [ids],
  );
  // bigint arrives as text: cents of one call stay far below 2^53.
  return rows.map((row) => ({ ...row, revenue_cents: Number(row.revenue_cents), payout_cents: Number(row.payout_cents) }));
}

/** A money column's from and to for the audit row: both null when the change left it as it was. */
const moneyMove = (from: number, to: number) => (from === to ? { from: null, to: null } : { from, to });

/**
 * Writes one change set: an audit row for each move, then the disputes it moves, then the calls (their verdict,
 * their money, and their dispute state, which follows their disputes). The caller holds the calls' locks.
 * Returns the new change's id, null for no moves. Exported for domain/disputes/, whose events are change sets too.
 */
export async function writeChange(
  tx: Queryable,
  userId: string,
  action: ChangeAction,
  moves: Move[],
  undoes: string | null = null,
): Promise<string | null> {
  if (moves.length === 0) return null;
  const changeId = randomUUID();
  const rows = JSON.stringify(
    moves.map(({ call, to, dispute }) => ({
      id: call.id,
      from: stateOf(call),
      to,
      revenue: moneyMove(call.revenue_cents, to.revenue_cents),
      payout: moneyMove(call.payout_cents, to.payout_cents),
      dispute: dispute ?? null,
    })),
  );
  await tx.query(
    // The person's name and email are copied onto the row: the history still names them once their account is gone.
    `INSERT INTO call_audit (call_id, user_id, user_name, user_email, change_id, action, undoes_change_id,
       from_status, to_status, from_sub_disposition, to_sub_disposition, from_reason, to_reason, from_overridden, to_overridden,
       from_revenue_cents, to_revenue_cents, from_payout_cents, to_payout_cents, dispute_id, from_dispute_status, to_dispute_status)
     SELECT (r->>'id')::bigint, $2::uuid, u.name, u.email, $3::uuid, $4, $5::uuid,
       r->'from'->>'status', r->'to'->>'status', r->'from'->>'sub_disposition', r->'to'->>'sub_disposition',
       r->'from'->>'reason', r->'to'->>'reason', (r->'from'->>'overridden')::boolean, (r->'to'->>'overridden')::boolean,
       (r->'revenue'->>'from')::bigint, (r->'revenue'->>'to')::bigint, (r->'payout'->>'from')::bigint, (r->'payout'->>'to')::bigint,
       (r->'dispute'->>'id')::bigint, r->'dispute'->>'from', r->'dispute'->>'to'
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(r, n) LEFT JOIN users u ON u.id = $2::uuid
     ORDER BY t.n`,
    [rows, userId, changeId, action, undoes],
  );
  if (moves.some((m) => m.dispute)) {
    await tx.query(
      `UPDATE disputes d SET status = r->'dispute'->>'to'
       FROM jsonb_array_elements($1::jsonb) AS r WHERE r->'dispute' <> 'null'::jsonb AND d.id = (r->'dispute'->>'id')::bigint`,
      [rows],
    );
  }
  // The rollup triggers see the money move with the verdict, in this statement; the dispute state is the call's
  // latest dispute not withdrawn (the statuses were written just above). `logged` names the change for the
  // change log's triggers (migration 0037), which read it as this statement ends.
  await tx.query(
    `WITH logged AS (
       SELECT set_config('callboard.change_kind', $2, true), set_config('callboard.change_actor', $3, true), set_config('callboard.change_set', $4, true)
     )
     UPDATE calls c SET status = r->'to'->>'status', sub_disposition = r->'to'->>'sub_disposition', reason = r->'to'->>'reason',
       status_overridden = (r->'to'->>'overridden')::boolean,
       revenue_cents = (r->'to'->>'revenue_cents')::bigint, payout_cents = (r->'to'->>'payout_cents')::bigint,
       dispute_state = CASE WHEN r->'dispute' = 'null'::jsonb THEN c.dispute_state ELSE coalesce(
         (SELECT d.status FROM disputes d WHERE d.call_id = c.id AND d.status <> 'withdrawn' ORDER BY d.id DESC LIMIT 1), 'none') END,
       updated_at = now()
     FROM jsonb_array_elements($1::jsonb) AS r, logged WHERE c.id = (r->>'id')::bigint`,
    [rows, changeKindOf(action, moves[0]!.dispute), userActor(userId), changeId],
  );
  return changeId;
}

/** Runs one change in a transaction and announces it once committed, when it changed a call. */
export async function runChange<T extends ChangeOutcome>(db: Database, announce: AnnounceChange, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const outcome = await db.transaction(work);
  if (outcome.updated > 0) announce();
  return outcome;
}

/**
 * A person's disposition for one call or many, all or nothing: every id must
 * exist (else nothing changes and `missing` names them), every changed call
 * gets an audit row, and its status stops following the bot. `action` is
 * 'set' for one call from its detail, 'bulk' for an update of many.
 */
export async function redisposition(
  db: Database,
  userId: string,
  ids: string[],
  change: DispositionChange,
  action: Extract<ChangeAction, 'set' | 'bulk'>,
  announce: AnnounceChange = announceNothing,
): Promise<ChangeOutcome & { missing: string[] }> {
  return runChange(db, announce, async (tx) => {
    const locked = await lockCalls(tx, ids);
    const found = new Set(locked.map((c) => c.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) return { changeId: null, updated: 0, missing };
    const moves = locked
      .map((call): Move => ({ call, to: stateWith(call, { ...verdictAfter(call, change), overridden: true }) }))
      // A call that already holds this verdict is left as it is, overridden or not (the bulk update always did so).
      .filter(({ call, to }) => to.status !== call.status || to.sub_disposition !== call.sub_disposition || to.reason !== call.reason);
    const changeId = await writeChange(tx, userId, action, moves);
    return { changeId, updated: moves.length, missing: [] };
  });
}

/**
 * Returns one call to the bot's verdict, so later verdicts move it again.
 * 404 for an unknown call, 409 for a call the bot never judged; a call that
 * already follows the bot is left as it is (null change id).
 */
export async function restoreVerdict(db: Database, userId: string, id: string, announce: AnnounceChange = announceNothing): Promise<ChangeOutcome> {
  return runChange(db, announce, async (tx) => {
    const [call] = await lockCalls(tx, [id]);
    if (!call) throw notFound('Call not found');
    if (call.qc_disposition === null) throw conflict('The AI has not judged this call yet: there is no verdict to restore');
    if (!call.status_overridden) return { changeId: null, updated: 0 };
    const changeId = await writeChange(tx, userId, 'restore', [{ call, to: botVerdictOf({ ...call, qc_disposition: call.qc_disposition }) }]);
    return { changeId, updated: 1 };
  });
}

/** Money an undone change moved, given back by the amount it moved (`from − to`); unmoved money (null) as it is now. */
function moneyBack(now: number, from: string | null, to: string | null): number {
  if (from === null || to === null) return now;
  return Math.max(0, now + Number(from) - Number(to));
}

interface ChangedRow {
  call_id: string;
  from_status: string;
  from_sub_disposition: string | null;
  from_reason: string | null;
  from_overridden: boolean;
  /** The money before the change, where it moved it (null: left as it was). */
  from_revenue_cents: string | null;
  from_payout_cents: string | null;
  /** The money after the change, where it moved it. */
  to_revenue_cents: string | null;
  to_payout_cents: string | null;
  /** The dispute the change moved, and its status before (null: the change opened it). */
  dispute_id: string | null;
  from_dispute_status: DisputeStatus | null;
  to_dispute_status: DisputeStatus | null;
  /** Whether an audit row written after this one touched the same call. */
  changed_since: boolean;
}

export interface UndoOutcome extends ChangeOutcome {
  restored: number;
  skipped: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Who asks for an undo: their own change sets are theirs to undo, anyone's only with `undoOthersChanges`. */
export interface UndoActor {
  id: string;
  role: Role;
}

/**
 * Undoes one change set: each of its calls goes back to the state it had just
 * before the change, unless a later change (any audit row after the change's)
 * touched it, which is then skipped. A call that followed the bot before goes
 * back to following it, so it takes the bot's verdict as it is now (a verdict
 * that arrived while a person held the call is not lost). The undo is itself
 * a change set (action 'undo'), which can be undone in turn.
 *
 * 404 for an unknown change; 403 for someone else's change unless `actor` is an
 * admin; 409 when the change was undone already, or when some calls were skipped
 * (the others are restored and committed all the same, and the message says how
 * many of each).
 */
export async function undoChange(db: Database, actor: UndoActor, changeId: string, announce: AnnounceChange = announceNothing): Promise<UndoOutcome> {
  const outcome = await runChange(db, announce, async (tx) => {
    // A change's audit rows never change, so which calls it touched, and who made it, can be read before locking them.
    const touched = await tx.query<{ call_id: string; user_id: string | null; opens_or_withdraws: boolean }>(
      `SELECT call_id::text AS call_id, user_id::text AS user_id,
         action = 'dispute' AND (from_dispute_status IS NULL OR to_dispute_status = 'withdrawn') AS opens_or_withdraws
       FROM call_audit WHERE change_id = $1::uuid`,
      [changeId],
    );
    if (touched.length === 0) throw notFound('No change has this id');
    if (touched.some((r) => r.opens_or_withdraws)) throw conflict(DISPUTE_MESSAGES.noUndoOfOpening);
    if (touched[0]!.user_id !== actor.id && !roleMay(actor.role, 'undoOthersChanges')) throw forbidden(PERMISSION_DENIED.undoOthersChanges);
    const callIds = touched.map((r) => r.call_id);
    const locked = await lockCalls(tx, callIds);
    // Read only now, holding the calls: an undo or a change that committed while this one waited is seen.
    const [{ undone } = { undone: false }] = await tx.query<{ undone: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM call_audit WHERE undoes_change_id = $1::uuid) AS undone',
      [changeId],
    );
    if (undone) throw conflict('This change has already been undone');
    const rows = await tx.query<ChangedRow>(
      // Audit ids rise in the order changes to one call committed: each change writes its rows holding the call's lock.
      `SELECT a.call_id::text AS call_id, a.from_status, a.from_sub_disposition, a.from_reason, a.from_overridden,
         a.from_revenue_cents::text AS from_revenue_cents, a.from_payout_cents::text AS from_payout_cents,
         a.to_revenue_cents::text AS to_revenue_cents, a.to_payout_cents::text AS to_payout_cents,
         a.dispute_id::text AS dispute_id, a.from_dispute_status, a.to_dispute_status,
         EXISTS (SELECT 1 FROM call_audit l WHERE l.call_id = a.call_id AND l.id > a.id) AS changed_since
       FROM call_audit a WHERE a.change_id = $1::uuid`,
      [changeId],
    );
    const before = new Map(rows.map((r) => [r.call_id, r]));
    const moves: Move[] = [];
    let skipped = 0;
    for (const call of locked) {
      const row = before.get(call.id)!;
      if (row.changed_since) {
        skipped += 1;
        continue;
      }
      const verdict: CallState =
        !row.from_overridden && call.qc_disposition !== null
          ? botVerdictOf({ ...call, qc_disposition: call.qc_disposition })
          : stateWith(call, { status: row.from_status, sub_disposition: row.from_sub_disposition, reason: row.from_reason, overridden: row.from_overridden });
      // Money the change moved is given back by the amount it moved; money it left alone stays as it is now. By
      // the amount, not to the old figure: a re-delivery of the call since (which writes no audit row, and keeps
      // a standing credit off what it brings: migration 0030) may have changed what the platform says it is worth.
      const to = stateWith(call, {
        ...verdict,
        revenue_cents: moneyBack(call.revenue_cents, row.from_revenue_cents, row.to_revenue_cents),
        payout_cents: moneyBack(call.payout_cents, row.from_payout_cents, row.to_payout_cents),
      });
      // A dispute the change decided (or un-decided) returns to the status it had before.
      const dispute: DisputeMove | undefined =
        row.dispute_id !== null && row.from_dispute_status !== null && row.to_dispute_status !== null
          ? { id: row.dispute_id, from: row.to_dispute_status, to: row.from_dispute_status }
          : undefined;
      moves.push({ call, to, ...(dispute ? { dispute } : {}) });
    }
    // Every restored call gets its row, even one already in its earlier state (a bot verdict may have put it there):
    // the rows are what records that this change was undone.
    const undoId = await writeChange(tx, actor.id, 'undo', moves, changeId);
    const changed = moves.filter((m) => m.dispute || !sameState(stateOf(m.call), m.to));
    return { changeId: undoId, updated: changed.length, restored: moves.length, skipped };
  });
  if (outcome.skipped > 0) {
    throw new HttpError(
      409,
      'CONFLICT',
      `Undid ${plural(outcome.restored, 'call', 'calls')} of ${outcome.restored + outcome.skipped}; ` +
        `${plural(outcome.skipped, 'call was', 'calls were')} changed again since and left as ${outcome.skipped === 1 ? 'it is' : 'they are'}`,
      [
        { field: 'restored', message: String(outcome.restored) },
        { field: 'skipped', message: String(outcome.skipped) },
      ],
    );
  }
  return outcome;
}
