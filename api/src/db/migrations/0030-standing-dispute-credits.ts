import type { Migration } from './index';

/**
 * A decided dispute's credit and claw-back stand through a re-delivery of its call.
 *
 * A dispute decision lowers the call's revenue (the buyer's credit) and payout (the publisher's claw-back)
 * in its own change set (migration 0028). The tracking platform may deliver the same call again later (a
 * late Completed event, a corrected duration) with the revenue and payout it always had; ingest_calls()
 * then wrote those over the decision, and the credit was silently gone. This trigger takes the standing
 * decisions' amounts off whatever a re-delivery brings, so the call keeps owing what was decided.
 *
 * It fires only on an update that keeps the call's dispute state at accepted or partial and moves its
 * money: the decision itself (open → accepted or partial) and its undo (back to open) change the state in
 * the same statement as the money (domain/calls/call-changes.ts) and pass untouched. BEFORE the rollup
 * triggers (which are AFTER triggers), so the rollups see the money as stored.
 */
export const standingDisputeCredits: Migration = {
  version: '0030-standing-dispute-credits',
  statements: [
    `CREATE FUNCTION calls_keep_dispute_credits() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      credited bigint;
      clawed bigint;
    BEGIN
      SELECT coalesce(sum(d.credited_cents), 0), coalesce(sum(d.clawed_back_cents), 0) INTO credited, clawed
      FROM disputes d WHERE d.call_id = NEW.id AND d.status IN ('accepted', 'partial');
      NEW.revenue_cents := greatest(0, NEW.revenue_cents - credited);
      NEW.payout_cents := greatest(0, NEW.payout_cents - clawed);
      RETURN NEW;
    END $$`,
    `CREATE TRIGGER calls_keep_dispute_credits BEFORE UPDATE OF revenue_cents, payout_cents ON calls
      FOR EACH ROW
      WHEN (OLD.dispute_state IN ('accepted', 'partial') AND NEW.dispute_state = OLD.dispute_state
            AND (NEW.revenue_cents IS DISTINCT FROM OLD.revenue_cents OR NEW.payout_cents IS DISTINCT FROM OLD.payout_cents))
      EXECUTE FUNCTION calls_keep_dispute_credits()`,
  ],
};
