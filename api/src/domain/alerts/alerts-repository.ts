import {
  ALERT_WINDOW_MINUTES,
  ALERT_WINDOWS,
  alertReportingLink,
  type AlertChannel,
  type AlertCondition,
  type AlertFigures,
  type AlertMetric,
  type AlertRule,
  type AlertScope,
  type AlertState,
  type AlertTransition,
  type AlertWindow,
  type BusinessHours,
} from '@callboard/contract/alerts';
import type { Queryable } from '../../db/database';
import type { AlertSpec } from './alert-spec';
import type { RuleState } from './alert-state-machine';
import { scopeOf } from './alert-scope';

/** A rule as it is written: the body judged and its scope resolved (alert-service.ts). */
export interface RuleFields {
  name: string;
  metric: AlertMetric;
  scopeKind: AlertScope['kind'];
  scopeQuery: string;
  viewId: string | null;
  viewName: string | null;
  windowMinutes: number;
  condition: AlertCondition;
  threshold: number;
  resetLevel: number;
  minCalls: number;
  pendingMinutes: number;
  cooldownMinutes: number;
  businessHours: BusinessHours | null;
  endpointIds: string[];
}

interface RuleRow {
  id: string;
  name: string;
  metric: AlertMetric;
  scope_kind: AlertScope['kind'];
  scope_query: string;
  view_id: string | null;
  view_name: string | null;
  window_minutes: number;
  condition: AlertCondition;
  threshold: number;
  reset_level: number;
  min_calls: number;
  pending_minutes: number;
  cooldown_minutes: number;
  business_hours: BusinessHours | null;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  state: AlertState;
  since: Date | string;
  cooldown_until: Date | string | null;
  evaluated_at: Date | string | null;
  figures: AlertFigures | null;
}

interface ListedRow extends RuleRow {
  endpoint_ids: string[];
  channels: AlertChannel[] | null;
  subscribers: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const ms = (value: Date | string) => new Date(value).getTime();
const WINDOW_OF_MINUTES = new Map(ALERT_WINDOWS.map((w) => [ALERT_WINDOW_MINUTES[w], w]));

const SELECT_RULE = `
  SELECT r.id, r.name, r.metric, r.scope_kind, r.scope_query, r.view_id, r.view_name, r.window_minutes, r.condition,
         r.threshold, r.reset_level, r.min_calls, r.pending_minutes, r.cooldown_minutes, r.business_hours,
         r.created_by_name, r.created_at, r.updated_at, s.state, s.since, s.cooldown_until, s.evaluated_at, s.figures`;

// With the reader's own subscription, the number of subscribers and the endpoints: one row per rule.
const SELECT_LISTED = `${SELECT_RULE},
         coalesce((SELECT array_agg(e.endpoint_id::text ORDER BY e.endpoint_id) FROM alert_rule_endpoints e WHERE e.rule_id = r.id), '{}') AS endpoint_ids,
         (SELECT m.channels FROM alert_subscriptions m WHERE m.rule_id = r.id AND m.user_id = $1) AS channels,
         (SELECT count(*)::int FROM alert_subscriptions m WHERE m.rule_id = r.id) AS subscribers
    FROM alert_rules r JOIN alert_states s ON s.rule_id = r.id`;

function toAlertRule(row: ListedRow): AlertRule {
  return {
    id: row.id,
    name: row.name,
    metric: row.metric,
    scope: scopeOf(row.scope_kind, row.scope_query, { id: row.view_id, name: row.view_name }),
    window: WINDOW_OF_MINUTES.get(row.window_minutes) as AlertWindow,
    condition: row.condition,
    threshold: Number(row.threshold),
    resetLevel: Number(row.reset_level),
    minCalls: row.min_calls,
    pendingMinutes: row.pending_minutes,
    cooldownMinutes: row.cooldown_minutes,
    businessHours: row.business_hours,
    endpointIds: row.endpoint_ids,
    status: { state: row.state, since: iso(row.since), evaluatedAt: row.evaluated_at === null ? null : iso(row.evaluated_at), figures: row.figures },
    subscription: row.channels,
    subscribers: Number(row.subscribers),
    createdBy: row.created_by_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A rule as evaluation reads it: what judging needs, where it stands, and the last minute judged. */
export interface EvaluatedRule {
  id: string;
  name: string;
  spec: AlertSpec;
  state: RuleState;
  evaluatedAt: number | null;
}

function specOf(row: RuleRow): AlertSpec {
  return {
    metric: row.metric,
    scopeQuery: row.scope_query,
    windowMinutes: row.window_minutes,
    condition: row.condition,
    threshold: Number(row.threshold),
    resetLevel: Number(row.reset_level),
    minCalls: row.min_calls,
    pendingMinutes: row.pending_minutes,
    cooldownMinutes: row.cooldown_minutes,
    businessHours: row.business_hours,
  };
}

export interface Subscriber {
  userId: string;
  channels: AlertChannel[];
}

/** Everything the app reads from or writes to the alert tables (migration 0035); callers pass a transaction when they need one. */
export const alertsRepository = {
  async count(db: Queryable): Promise<number> {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_rules');
    return Number(row?.n ?? 0);
  },

  /** Every rule, by name, with `readerId`'s subscription. */
  async list(db: Queryable, readerId: string): Promise<AlertRule[]> {
    const rows = await db.query<ListedRow>(`${SELECT_LISTED} ORDER BY lower(r.name), r.id`, [readerId]);
    return rows.map(toAlertRule);
  },

  async find(db: Queryable, id: string, readerId: string): Promise<AlertRule | undefined> {
    const [row] = await db.query<ListedRow>(`${SELECT_LISTED} WHERE r.id = $2`, [readerId, id]);
    return row ? toAlertRule(row) : undefined;
  },

  /** A new rule, ok from `now` on, and its endpoints. */
  async insert(db: Queryable, fields: RuleFields, author: { id: string; name: string }, now: Date): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO alert_rules (name, metric, scope_kind, scope_query, view_id, view_name, window_minutes, condition, threshold,
         reset_level, min_calls, pending_minutes, cooldown_minutes, business_hours, created_by, created_by_name, updated_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $15, $17, $17)
       RETURNING id`,
      [...ruleValues(fields), author.id, author.name, now],
    );
    const id = (row as { id: string }).id;
    await db.query("INSERT INTO alert_states (rule_id, state, since) VALUES ($1, 'ok', $2)", [id, now]);
    await setEndpoints(db, id, fields.endpointIds);
    return id;
  },

  /** Replaces a rule's fields (where it stands is kept: the new settings judge it from the next minute). False when there is no such rule. */
  async update(db: Queryable, id: string, fields: RuleFields, editorId: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE alert_rules SET name = $1, metric = $2, scope_kind = $3, scope_query = $4, view_id = $5, view_name = $6, window_minutes = $7,
         condition = $8, threshold = $9, reset_level = $10, min_calls = $11, pending_minutes = $12, cooldown_minutes = $13,
         business_hours = $14::jsonb, updated_by = $15, updated_at = now()
       WHERE id = $16 RETURNING id`,
      [...ruleValues(fields), editorId, id],
    );
    if (rows.length === 0) return false;
    await setEndpoints(db, id, fields.endpointIds);
    return true;
  },

  async delete(db: Queryable, id: string): Promise<boolean> {
    return (await db.query('DELETE FROM alert_rules WHERE id = $1 RETURNING id', [id])).length > 0;
  },

  /** Locks a rule's row (a save of its subscribers or endpoints against its deletion); false when there is none. */
  async lock(db: Queryable, id: string): Promise<boolean> {
    return (await db.query('SELECT id FROM alert_rules WHERE id = $1 FOR UPDATE', [id])).length > 0;
  },

  async subscribe(db: Queryable, ruleId: string, userId: string, channels: AlertChannel[]): Promise<void> {
    await db.query(
      `INSERT INTO alert_subscriptions (rule_id, user_id, channels) VALUES ($1, $2, $3::text[])
       ON CONFLICT (rule_id, user_id) DO UPDATE SET channels = excluded.channels`,
      [ruleId, userId, channels],
    );
  },

  async unsubscribe(db: Queryable, ruleId: string, userId: string): Promise<void> {
    await db.query('DELETE FROM alert_subscriptions WHERE rule_id = $1 AND user_id = $2', [ruleId, userId]);
  },

  /** Whoever is told of the rule: active accounts of the network (a deactivated one, or one since made a partner, is told nothing). */
  async subscribers(db: Queryable, ruleId: string): Promise<Subscriber[]> {
    const rows = await db.query<{ user_id: string; channels: AlertChannel[] }>(
      `SELECT m.user_id, m.channels FROM alert_subscriptions m JOIN users u ON u.id = m.user_id
       WHERE m.rule_id = $1 AND u.active AND u.role <> 'partner' ORDER BY m.user_id`,
      [ruleId],
    );
    return rows.map((row) => ({ userId: row.user_id, channels: row.channels }));
  },

  async endpoints(db: Queryable, ruleId: string): Promise<string[]> {
    const rows = await db.query<{ endpoint_id: string }>('SELECT endpoint_id::text FROM alert_rule_endpoints WHERE rule_id = $1 ORDER BY endpoint_id', [ruleId]);
    return rows.map((row) => row.endpoint_id);
  },

  /** Every rule with where it stands, for one evaluation. */
  async forEvaluation(db: Queryable): Promise<EvaluatedRule[]> {
    const rows = await db.query<RuleRow>(`${SELECT_RULE} FROM alert_rules r JOIN alert_states s ON s.rule_id = r.id ORDER BY r.id`);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      spec: specOf(row),
      state: { state: row.state, since: ms(row.since), cooldownUntil: row.cooldown_until === null ? null : ms(row.cooldown_until) },
      evaluatedAt: row.evaluated_at === null ? null : ms(row.evaluated_at),
    }));
  },

  /**
   * The figures of minute `t` for rules whose state did not change, in one statement. Only rules not yet judged at
   * `t`: another evaluation of the same minute that got there first keeps its own.
   */
  async saveFigures(db: Queryable, t: Date, figures: ReadonlyArray<{ ruleId: string; figures: AlertFigures }>): Promise<void> {
    if (figures.length === 0) return;
    await db.query(
      `UPDATE alert_states s SET evaluated_at = $1, figures = f.figures::jsonb
       FROM unnest($2::uuid[], $3::text[]) AS f(rule_id, figures)
       WHERE s.rule_id = f.rule_id AND (s.evaluated_at IS NULL OR s.evaluated_at < $1)`,
      [t, figures.map((f) => f.ruleId), figures.map((f) => JSON.stringify(f.figures))],
    );
  },

  /**
   * A change of state at minute `t` and its transition row, in the caller's transaction. False (and nothing
   * written) when the rule is gone or minute `t` was already judged: another evaluation did this one.
   */
  async transition(db: Queryable, ruleId: string, t: Date, from: AlertState, next: RuleState, figures: AlertFigures): Promise<string | null> {
    const updated = await db.query(
      `UPDATE alert_states SET state = $2, since = $3, cooldown_until = $4, evaluated_at = $5, figures = $6::jsonb
       WHERE rule_id = $1 AND state = $7 AND (evaluated_at IS NULL OR evaluated_at < $5) RETURNING rule_id`,
      [ruleId, next.state, new Date(next.since), next.cooldownUntil === null ? null : new Date(next.cooldownUntil), t, JSON.stringify(figures), from],
    );
    if (updated.length === 0) return null;
    const [row] = await db.query<{ id: string }>(
      'INSERT INTO alert_transitions (rule_id, from_state, to_state, at, figures) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id::text AS id',
      [ruleId, from, next.state, t, JSON.stringify(figures)],
    );
    return (row as { id: string }).id;
  },

  /**
   * Changes of state at minute `t` that tell nobody (none to or from firing), all in one statement with their
   * transition rows, under the same guard as `transition`: a rule judged at `t` already, or no longer where the
   * change started from, is left out. Returns how many were recorded.
   */
  async quietTransitions(db: Queryable, t: Date, changes: ReadonlyArray<{ ruleId: string; from: AlertState; next: RuleState; figures: AlertFigures }>): Promise<number> {
    if (changes.length === 0) return 0;
    const rows = await db.query<{ n: number }>(
      `WITH change AS (
         SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[])
           AS c(rule_id, from_state, to_state, since, cooldown_until, figures)
       ), moved AS (
         UPDATE alert_states s SET state = c.to_state, since = c.since, cooldown_until = c.cooldown_until, evaluated_at = $1, figures = c.figures::jsonb
         FROM change c
         WHERE s.rule_id = c.rule_id AND s.state = c.from_state AND (s.evaluated_at IS NULL OR s.evaluated_at < $1)
         RETURNING s.rule_id
       ), recorded AS (
         INSERT INTO alert_transitions (rule_id, from_state, to_state, at, figures)
         SELECT c.rule_id, c.from_state, c.to_state, $1, c.figures::jsonb FROM change c JOIN moved m ON m.rule_id = c.rule_id
         ORDER BY c.rule_id
         RETURNING 1
       )
       SELECT count(*)::int AS n FROM recorded`,
      [
        t,
        changes.map((c) => c.ruleId),
        changes.map((c) => c.from),
        changes.map((c) => c.next.state),
        changes.map((c) => new Date(c.next.since)),
        changes.map((c) => (c.next.cooldownUntil === null ? null : new Date(c.next.cooldownUntil))),
        changes.map((c) => JSON.stringify(c.figures)),
      ],
    );
    return Number(rows[0]?.n ?? 0);
  },

  /**
   * A rule's transitions, newest first, `limit` of them, before the transition `before` when given; each links to
   * Reporting on its window's calls in the rule's scope as it stands (the scope its notifications named, unless the
   * rule was saved with another since).
   */
  async transitions(db: Queryable, ruleId: string, limit: number, before?: string): Promise<AlertTransition[]> {
    const rows = await db.query<{ id: string; from_state: AlertState; to_state: AlertState; at: Date | string; figures: AlertFigures; scope_query: string }>(
      // Ordered by the column, not its text (the id is answered as text: a bigint may pass JavaScript's integers).
      `SELECT t.id::text AS id, t.from_state, t.to_state, t.at, t.figures, r.scope_query
         FROM alert_transitions t JOIN alert_rules r ON r.id = t.rule_id
       WHERE t.rule_id = $1 AND ($3::bigint IS NULL OR t.id < $3::bigint) ORDER BY t.id DESC LIMIT $2`,
      [ruleId, limit, before ?? null],
    );
    return rows.map((row) => ({
      id: row.id,
      ruleId,
      from: row.from_state,
      to: row.to_state,
      at: iso(row.at),
      figures: row.figures,
      link: alertReportingLink(row.scope_query, row.figures.windowFrom, row.figures.windowTo),
    }));
  },
};

function ruleValues(fields: RuleFields): unknown[] {
  return [
    fields.name,
    fields.metric,
    fields.scopeKind,
    fields.scopeQuery,
    fields.viewId,
    fields.viewName,
    fields.windowMinutes,
    fields.condition,
    fields.threshold,
    fields.resetLevel,
    fields.minCalls,
    fields.pendingMinutes,
    fields.cooldownMinutes,
    fields.businessHours === null ? null : JSON.stringify(fields.businessHours),
  ];
}

async function setEndpoints(db: Queryable, ruleId: string, endpointIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM alert_rule_endpoints WHERE rule_id = $1 AND NOT (endpoint_id = ANY($2::uuid[]))', [ruleId, endpointIds]);
  if (endpointIds.length > 0) {
    await db.query(
      'INSERT INTO alert_rule_endpoints (rule_id, endpoint_id) SELECT $1, e FROM unnest($2::uuid[]) AS e ON CONFLICT DO NOTHING',
      [ruleId, endpointIds],
    );
  }
}
