import type { Migration } from './index';

/**
 * Disputes (issue 35; api/src/domain/disputes/): a buyer disputes a billed call, the network decides, and the
 * decision moves the call's revenue and payout in one audited change set (domain/calls/call-changes.ts).
 *
 * - `dispute_windows`: a buyer's window in days after the call (no row: the default of 7,
 *   contract/src/disputes.ts). Network-only: a partner's request never reads it (the routes read it outside the
 *   partner's wall once the call is known to be the partner's).
 * - `disputes`: the call, with its buyer, publisher and time copied (the partner policy and the list's filters read
 *   them without the call), the reason and note, who opened it (name and email kept, as call_audit keeps its
 *   authors: migration 0013), the evidence frozen at opening (jsonb), the money at opening, and the decision. One
 *   open dispute per call (a partial unique index).
 * - `calls.dispute_state`: the call's latest dispute that was not withdrawn (`none` without one), written in the
 *   same transaction as every dispute event, so `dispute=` is a condition on the call (partial index for all but
 *   `none`). A change of it alone leaves the rollups alone: their triggers compare only what they count.
 * - `call_audit` takes the action `dispute`, the money a change moved (null: not moved) and the dispute it moved
 *   (its status before and after): the undo restores both.
 * - Row-level security (migration 0025): a partner reads the disputes of its own sources and history only, and
 *   writes none (its openings and withdrawals are written by the API outside the wall, after the call was read
 *   within it).
 */
export const disputes: Migration = {
  version: '0028-disputes',
  statements: [
    `CREATE TABLE dispute_windows (
      buyer_id integer PRIMARY KEY REFERENCES buyers(id),
      days integer NOT NULL CHECK (days BETWEEN 1 AND 365),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE disputes (
      id bigserial PRIMARY KEY,
      call_id bigint NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
      call_ts timestamptz NOT NULL,
      buyer_id integer NOT NULL,
      publisher_id integer NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'accepted', 'partial', 'rejected', 'withdrawn')),
      reason text NOT NULL CHECK (reason IN ('hung_up_immediately', 'not_connected', 'bot_or_spam', 'repeat_caller', 'not_qualified', 'wrong_disposition', 'other')),
      note text NOT NULL,
      opened_by uuid REFERENCES users(id) ON DELETE SET NULL,
      opened_by_name text,
      opened_by_email text,
      opened_by_partner boolean NOT NULL,
      opened_at timestamptz NOT NULL DEFAULT now(),
      revenue_cents bigint NOT NULL,
      payout_cents bigint NOT NULL,
      evidence jsonb NOT NULL,
      decision text CHECK (decision IN ('accept', 'partial', 'reject')),
      decision_note text,
      decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
      decided_by_name text,
      decided_by_email text,
      decided_at timestamptz,
      credited_cents bigint CHECK (credited_cents >= 0),
      clawed_back_cents bigint CHECK (clawed_back_cents >= 0),
      change_id uuid,
      withdrawn_by uuid REFERENCES users(id) ON DELETE SET NULL,
      withdrawn_at timestamptz
    )`,
    "CREATE UNIQUE INDEX disputes_one_open_per_call ON disputes (call_id) WHERE status = 'open'",
    'CREATE INDEX disputes_call ON disputes (call_id, id)',
    'CREATE INDEX disputes_opened ON disputes (opened_at, id)',
    'CREATE INDEX disputes_call_ts ON disputes (call_ts, id)',

    "ALTER TABLE calls ADD COLUMN dispute_state text NOT NULL DEFAULT 'none' CHECK (dispute_state IN ('none', 'open', 'accepted', 'partial', 'rejected'))",
    "CREATE INDEX calls_dispute_state ON calls (dispute_state, call_ts) WHERE dispute_state <> 'none'",

    'ALTER TABLE call_audit DROP CONSTRAINT call_audit_action_check',
    "ALTER TABLE call_audit ADD CONSTRAINT call_audit_action_check CHECK (action IN ('set', 'bulk', 'restore', 'undo', 'dispute'))",
    `ALTER TABLE call_audit
      ADD COLUMN from_revenue_cents bigint, ADD COLUMN to_revenue_cents bigint,
      ADD COLUMN from_payout_cents bigint, ADD COLUMN to_payout_cents bigint,
      ADD COLUMN dispute_id bigint REFERENCES disputes(id) ON DELETE SET NULL,
      ADD COLUMN from_dispute_status text, ADD COLUMN to_dispute_status text`,

    // The role was granted every table by default (migration 0025): take back what a partner may not do.
    'REVOKE ALL ON dispute_windows FROM callboard_partner',
    'REVOKE INSERT, UPDATE, DELETE ON disputes FROM callboard_partner',
    'ALTER TABLE disputes ENABLE ROW LEVEL SECURITY',
    `CREATE POLICY partner_scope ON disputes FOR SELECT TO callboard_partner
      USING (callboard_partner_sees(publisher_id, buyer_id) AND call_ts >= (callboard_scope_day()::timestamp AT TIME ZONE 'America/New_York'))`,
  ],
};
