import type { FieldError, PublicUser } from '@callboard/contract';
import {
  ALERT_MESSAGES,
  ALERT_RULES_MAX,
  ALERT_SOURCE_PARAMS,
  ALERT_WINDOW_MINUTES,
  alertChannelsError,
  alertPreviewErrors,
  alertRuleErrors,
  alertRuleWithDefaults,
  alertSettingsWithDefaults,
  type AlertChannel,
  type AlertPreview,
  type AlertPreviewBody,
  type AlertRule,
  type AlertRuleBody,
  type AlertTransition,
} from '@callboard/contract/alerts';
import type { Database, Queryable } from '../../db/database';
import { conflict, notFound, validationFailed } from '../../http/http-error';
import { endpointsRepository } from '../delivery/endpoints-repository';
import { viewsRepository } from '../views/views-repository';
import { previewAlert } from './alert-preview';
import { SOURCE_TABLES, sourcesQuery, viewScopeQuery } from './alert-scope';
import type { AlertSpec } from './alert-spec';
import { alertsRepository, type RuleFields } from './alerts-repository';

/** What a rule is but for its name: enough to judge it, or to preview it. */
type RuleSettings = Omit<RuleFields, 'name'>;

/** A rule's fields as stored, and the spec they are judged by. */
function specOf(fields: RuleSettings): AlertSpec {
  const { scopeKind: _kind, viewId: _viewId, viewName: _viewName, endpointIds: _endpoints, ...spec } = fields;
  return spec;
}

/**
 * Alert rules apart from HTTP (the routes say who may call what: reviewers and admins keep the rules, every one of
 * the network's people reads them and subscribes themself). A rule is judged by the contract's checks, then by what
 * only the database knows: its saved view is one the author can see (its filters are copied), its sources and
 * endpoints exist.
 */
export class AlertService {
  constructor(private readonly db: Database) {}

  list(user: PublicUser): Promise<AlertRule[]> {
    return alertsRepository.list(this.db, user.id);
  }

  async get(user: PublicUser, id: string): Promise<AlertRule> {
    const rule = await alertsRepository.find(this.db, id, user.id);
    if (!rule) throw notFound(ALERT_MESSAGES.notFound);
    return rule;
  }

  async create(user: PublicUser, body: AlertRuleBody, now = new Date()): Promise<AlertRule> {
    const id = await this.db.transaction(async (tx) => {
      const fields = await this.resolve(tx, user, body);
      // One save at a time counts the rules, so two at once cannot both pass the limit.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('alert-rules'))");
      if ((await alertsRepository.count(tx)) >= ALERT_RULES_MAX) throw conflict(ALERT_MESSAGES.tooMany);
      return alertsRepository.insert(tx, fields, { id: user.id, name: user.name || user.email }, now);
    });
    return this.get(user, id);
  }

  async update(user: PublicUser, id: string, body: AlertRuleBody): Promise<AlertRule> {
    await this.db.transaction(async (tx) => {
      const fields = await this.resolve(tx, user, body);
      if (!(await alertsRepository.update(tx, id, fields, user.id))) throw notFound(ALERT_MESSAGES.notFound);
    });
    return this.get(user, id);
  }

  async delete(id: string): Promise<void> {
    if (!(await alertsRepository.delete(this.db, id))) throw notFound(ALERT_MESSAGES.notFound);
  }

  /**
   * How the rule would have fired over the last 30 days (alert-preview.ts), judged first as a save would judge it
   * but for its name, which it may not have yet.
   */
  async preview(user: PublicUser, body: AlertPreviewBody, now = new Date()): Promise<AlertPreview> {
    const errors = alertPreviewErrors(body);
    if (errors.length > 0) throw validationFailed(errors);
    return previewAlert(this.db, specOf(await this.resolveSettings(this.db, user, body)), now);
  }

  async subscribe(user: PublicUser, id: string, channels: AlertChannel[]): Promise<AlertRule> {
    const error = alertChannelsError(channels);
    if (error) throw validationFailed([error]);
    await this.db.transaction(async (tx) => {
      if (!(await alertsRepository.lock(tx, id))) throw notFound(ALERT_MESSAGES.notFound);
      await alertsRepository.subscribe(tx, id, user.id, channels);
    });
    return this.get(user, id);
  }

  async unsubscribe(user: PublicUser, id: string): Promise<AlertRule> {
    const rule = await this.get(user, id);
    if (rule.subscription === null) return rule;
    await alertsRepository.unsubscribe(this.db, id, user.id);
    return this.get(user, id);
  }

  async transitions(user: PublicUser, id: string, limit: number, before?: string): Promise<AlertTransition[]> {
    await this.get(user, id);
    return alertsRepository.transitions(this.db, id, limit, before);
  }

  /** The body judged (400 naming every field that is wrong) and turned into what is stored. */
  private async resolve(db: Queryable, user: PublicUser, body: AlertRuleBody): Promise<RuleFields> {
    const errors = alertRuleErrors(body);
    if (errors.length > 0) throw validationFailed(errors);
    return { name: alertRuleWithDefaults(body).name, ...(await this.resolveSettings(db, user, body)) };
  }

  /**
   * A rule's settings, already judged by the contract, with what only the database knows checked (400 when a
   * source, the view or an endpoint is not there) and turned into what is stored.
   */
  private async resolveSettings(db: Queryable, user: PublicUser, body: AlertPreviewBody): Promise<RuleSettings> {
    const rule = alertSettingsWithDefaults(body);
    const scope = await this.resolveScope(db, user, rule);
    const missing = await this.missingEndpoint(db, rule.endpointIds);
    if (missing) throw validationFailed([{ field: 'endpointIds', message: ALERT_MESSAGES.endpointNotFound(missing) }]);
    return {
      metric: rule.metric,
      ...scope,
      windowMinutes: ALERT_WINDOW_MINUTES[rule.window],
      condition: rule.condition,
      threshold: rule.threshold,
      resetLevel: rule.resetLevel,
      minCalls: rule.minCalls,
      pendingMinutes: rule.pendingMinutes,
      cooldownMinutes: rule.cooldownMinutes,
      businessHours: rule.businessHours && { days: [...rule.businessHours.days].sort((a, b) => a - b), startHour: rule.businessHours.startHour, endHour: rule.businessHours.endHour },
      endpointIds: [...rule.endpointIds],
    };
  }

  private async resolveScope(db: Queryable, user: PublicUser, rule: Pick<AlertRuleBody, 'scope'>): Promise<Pick<RuleFields, 'scopeKind' | 'scopeQuery' | 'viewId' | 'viewName'>> {
    const scope = rule.scope;
    if (scope.kind === 'network') return { scopeKind: 'network', scopeQuery: '', viewId: null, viewName: null };
    if (scope.kind === 'view') {
      const view = await viewsRepository.findVisible(db, scope.viewId, user.id, 'team');
      if (!view) throw validationFailed([{ field: 'scope.viewId', message: ALERT_MESSAGES.viewNotFound }]);
      const copied = viewScopeQuery(view);
      if (!copied.valid) throw validationFailed([{ field: 'scope.viewId', message: ALERT_MESSAGES.viewNotReporting }]);
      return { scopeKind: 'view', scopeQuery: copied.query, viewId: view.id, viewName: view.name };
    }
    const errors: FieldError[] = [];
    for (const param of ALERT_SOURCE_PARAMS) {
      const ids = scope[param] ?? [];
      if (ids.length === 0) continue;
      const found = await db.query<{ id: number }>(`SELECT id FROM ${SOURCE_TABLES[param]} WHERE id = ANY($1::int[])`, [ids]);
      const known = new Set(found.map((row) => Number(row.id)));
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined) errors.push({ field: `scope.${param}`, message: ALERT_MESSAGES.sourceNotFound(param, unknown) });
    }
    if (errors.length > 0) throw validationFailed(errors);
    return { scopeKind: 'sources', scopeQuery: sourcesQuery(scope), viewId: null, viewName: null };
  }

  private async missingEndpoint(db: Queryable, ids: readonly string[]): Promise<string | undefined> {
    for (const id of ids) if (!(await endpointsRepository.find(db, id))) return id;
    return undefined;
  }
}
