import type { Migration } from './index';

/** The network's own: a partner's request never reads or writes them (migration 0025 granted every new table by default). */
const NETWORK_ONLY = ['report_schedules', 'report_recipients', 'report_runs', 'report_run_recipients'];

/**
 * Scheduled reports (docs/decisions/0043-scheduled-reports.md): a saved view emailed on a New York clock.
 *
 * - `report_schedules`: one view (gone with it), its owner (who is told after each send), when it goes
 *   (`frequency`; the weekday 1 Monday … 7 Sunday for weekly, the day 1 … 28 for monthly; `time_of_day` as
 *   New York "HH:MM"), what it attaches, whether an empty period is skipped, and `next_run_at`, the instant the
 *   job runner's tick sends it at (null while disabled; the partial index is the tick's pick). `last_period_*`
 *   is what "re-send last period" sends again.
 * - `report_recipients`: who gets it, each with the unguessable token of their one-click unsubscribe link.
 * - `report_runs`: each send of a period, whatever started it. A scheduled run is unique per schedule and
 *   period (`report_runs_once`): a retried tick or a second instance finds the row and sends nothing.
 * - `report_run_recipients`: what the run did for each recipient; a queued email points at its row of the one
 *   delivery log (`deliveries`, migration 0034), which says whether and when it went.
 */
export const reportSchedules: Migration = {
  version: '0036-report-schedules',
  statements: [
    `CREATE TABLE report_schedules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      view_id uuid NOT NULL REFERENCES saved_views(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
      day_of_week smallint CHECK (day_of_week BETWEEN 1 AND 7),
      day_of_month smallint CHECK (day_of_month BETWEEN 1 AND 28),
      time_of_day text NOT NULL CHECK (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      attachment text NOT NULL DEFAULT 'none' CHECK (attachment IN ('none', 'csv', 'xlsx')),
      skip_if_empty boolean NOT NULL DEFAULT true,
      enabled boolean NOT NULL DEFAULT true,
      next_run_at timestamptz,
      last_period_start timestamptz,
      last_period_end timestamptz,
      last_sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((frequency = 'weekly') = (day_of_week IS NOT NULL)),
      CHECK ((frequency = 'monthly') = (day_of_month IS NOT NULL)),
      CHECK (enabled = (next_run_at IS NOT NULL))
    )`,
    'CREATE INDEX report_schedules_due_idx ON report_schedules (next_run_at) WHERE enabled',
    'CREATE INDEX report_schedules_owner_idx ON report_schedules (owner_id)',
    'CREATE INDEX report_schedules_view_idx ON report_schedules (view_id)',
    `CREATE TABLE report_recipients (
      schedule_id uuid NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      unsubscribe_token text NOT NULL UNIQUE,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (schedule_id, user_id)
    )`,
    'CREATE INDEX report_recipients_user_idx ON report_recipients (user_id)',
    `CREATE TABLE report_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      schedule_id uuid NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE,
      trigger text NOT NULL CHECK (trigger IN ('scheduled', 'send_now', 'resend')),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('sent', 'skipped')),
      requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (period_end > period_start)
    )`,
    "CREATE UNIQUE INDEX report_runs_once ON report_runs (schedule_id, period_start) WHERE trigger = 'scheduled'",
    'CREATE INDEX report_runs_schedule_idx ON report_runs (schedule_id, created_at DESC)',
    `CREATE TABLE report_run_recipients (
      run_id uuid NOT NULL REFERENCES report_runs(id) ON DELETE CASCADE,
      position smallint NOT NULL,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL,
      email text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('queued', 'empty', 'refused')),
      detail text,
      delivery_id uuid REFERENCES deliveries(id) ON DELETE SET NULL,
      PRIMARY KEY (run_id, position)
    )`,
    ...NETWORK_ONLY.map((table) => `REVOKE ALL ON ${table} FROM callboard_partner`),
  ],
};
