/**
 * The rule form's values and rules, apart from React. Inputs hold text as typed; the body is what the API takes,
 * and its problems are the contract's alertRuleErrors, the checks the server runs, in the same words.
 */
import {
  ALERT_DEFAULT_COOLDOWN_MINUTES,
  ALERT_SOURCE_PARAMS,
  DEFAULT_BUSINESS_HOURS,
  alertPreviewErrors,
  alertRuleErrors,
  defaultMinCalls,
  type AlertCondition,
  type AlertMetric,
  type AlertPreviewBody,
  type AlertRule,
  type AlertRuleBody,
  type AlertScopeBody,
  type AlertSourceIds,
  type AlertWindow,
} from '@callboard/contract/alerts';
import { errorsByField } from '../../lib/errors-by-field';

export type SourceParam = (typeof ALERT_SOURCE_PARAMS)[number];
export type ScopeKind = AlertScopeBody['kind'];

export interface RuleFormValues {
  name: string;
  metric: AlertMetric;
  scopeKind: ScopeKind;
  /** The chosen ids of each source, as the pickers' options name them (text). */
  sources: Record<SourceParam, string[]>;
  viewId: string;
  window: AlertWindow;
  condition: AlertCondition;
  threshold: string;
  /** Blank: the threshold. */
  resetLevel: string;
  minCalls: string;
  pendingMinutes: string;
  cooldownMinutes: string;
  businessHoursOn: boolean;
  days: number[];
  startHour: string;
  endHour: string;
  endpointIds: string[];
}

const noSources = (): Record<SourceParam, string[]> => ({ campaign: [], publisher: [], target: [], buyer: [] });

/** A new rule: the whole network's voicemail share above 30 % over the last hour, with the contract's defaults. */
export function emptyRuleForm(): RuleFormValues {
  return {
    name: '',
    metric: 'Voicemail',
    scopeKind: 'network',
    sources: noSources(),
    viewId: '',
    window: '1h',
    condition: 'above',
    threshold: '30',
    resetLevel: '',
    minCalls: String(defaultMinCalls('Voicemail', 'above')),
    pendingMinutes: '0',
    cooldownMinutes: String(ALERT_DEFAULT_COOLDOWN_MINUTES),
    businessHoursOn: false,
    days: [...DEFAULT_BUSINESS_HOURS.days],
    startHour: String(DEFAULT_BUSINESS_HOURS.startHour),
    endHour: String(DEFAULT_BUSINESS_HOURS.endHour),
    endpointIds: [],
  };
}

/**
 * "No calls in business hours": call volume below 1 over the last hour, judged Monday to Friday 9 to 17 New York,
 * the rest of the form kept (its name, scope and deliveries).
 */
export function noCallsRule(values: RuleFormValues): RuleFormValues {
  return {
    ...values,
    metric: 'volume',
    condition: 'below',
    threshold: '1',
    resetLevel: '',
    minCalls: String(defaultMinCalls('volume', 'below')),
    businessHoursOn: true,
    days: [...DEFAULT_BUSINESS_HOURS.days],
    startHour: String(DEFAULT_BUSINESS_HOURS.startHour),
    endHour: String(DEFAULT_BUSINESS_HOURS.endHour),
  };
}

/** A saved rule in the form's terms (a reset level at the threshold shows blank: it is the default). */
export function ruleFormFrom(rule: AlertRule): RuleFormValues {
  const hours = rule.businessHours ?? DEFAULT_BUSINESS_HOURS;
  const sources = noSources();
  if (rule.scope.kind === 'sources') for (const param of ALERT_SOURCE_PARAMS) sources[param] = (rule.scope[param] ?? []).map(String);
  return {
    name: rule.name,
    metric: rule.metric,
    scopeKind: rule.scope.kind,
    sources,
    viewId: rule.scope.kind === 'view' ? (rule.scope.viewId ?? '') : '',
    window: rule.window,
    condition: rule.condition,
    threshold: String(rule.threshold),
    resetLevel: rule.resetLevel === rule.threshold ? '' : String(rule.resetLevel),
    minCalls: String(rule.minCalls),
    pendingMinutes: String(rule.pendingMinutes),
    cooldownMinutes: String(rule.cooldownMinutes),
    businessHoursOn: rule.businessHours !== null,
    days: [...hours.days],
    startHour: String(hours.startHour),
    endHour: String(hours.endHour),
    endpointIds: [...rule.endpointIds],
  };
}

/**
 * A change of metric or condition: the minimum calls follows the new default while it still holds the old one
 * (a volume above or below a number counts calls itself and takes 0; every other rule 20), so switching to "no
 * calls" does not leave a value the contract refuses.
 */
export function withMetricAndCondition(values: RuleFormValues, metric: AlertMetric, condition: AlertCondition): RuleFormValues {
  const followsDefault = values.minCalls.trim() === String(defaultMinCalls(values.metric, values.condition));
  return { ...values, metric, condition, minCalls: followsDefault ? String(defaultMinCalls(metric, condition)) : values.minCalls };
}

/** A number as typed: blank is no number (NaN), so a required field left empty is named, not read as 0. */
const typed = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));
/** An optional number: blank leaves the contract's default. */
const optional = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

function scopeBody(values: RuleFormValues): AlertScopeBody {
  if (values.scopeKind === 'network') return { kind: 'network' };
  if (values.scopeKind === 'view') return { kind: 'view', viewId: values.viewId };
  const scope: { kind: 'sources' } & AlertSourceIds = { kind: 'sources' };
  for (const param of ALERT_SOURCE_PARAMS) if (values.sources[param].length > 0) scope[param] = values.sources[param].map(Number);
  return scope;
}

/** The request body of a save or a preview. */
export function ruleBodyFrom(values: RuleFormValues): AlertRuleBody {
  const resetLevel = optional(values.resetLevel);
  return {
    name: values.name.trim(),
    metric: values.metric,
    scope: scopeBody(values),
    window: values.window,
    condition: values.condition,
    threshold: typed(values.threshold),
    resetLevel: resetLevel ?? null,
    minCalls: optional(values.minCalls),
    pendingMinutes: optional(values.pendingMinutes),
    cooldownMinutes: optional(values.cooldownMinutes),
    businessHours: values.businessHoursOn ? { days: [...values.days].sort((a, b) => a - b), startHour: typed(values.startHour), endHour: typed(values.endHour) } : null,
    endpointIds: values.endpointIds,
  };
}

/**
 * The body the preview asks about: the rule as it stands without its name (the name changes nothing in how it
 * would have fired, the preview is wanted before one is typed, and typing one asks nothing again).
 */
export function previewBodyFrom(values: RuleFormValues): AlertPreviewBody {
  const { name: _name, ...settings } = ruleBodyFrom(values);
  return settings;
}

/** The problems that keep the preview from being asked: the rule's, but for its name (alertPreviewErrors). */
export function previewErrors(values: RuleFormValues): Record<string, string> {
  return errorsByField(alertPreviewErrors(previewBodyFrom(values)));
}

/**
 * The form's problems by the contract's field names ("threshold", "scope.viewId", "businessHours.days"), the
 * first of each; empty when the rule may be saved (the server still judges what only it knows: that the view,
 * the sources and the endpoints exist).
 */
export function ruleFormErrors(values: RuleFormValues): Record<string, string> {
  return errorsByField(alertRuleErrors(ruleBodyFrom(values)));
}

/** The errors a form section shows: the scope's under the scope, whichever list they name. */
export function scopeError(errors: Record<string, string>): string | undefined {
  return errors['scope'] ?? errors['scope.kind'] ?? ALERT_SOURCE_PARAMS.map((param) => errors[`scope.${param}`]).find(Boolean);
}

/** The order the form shows its fields in, for focusing the first problem. */
export const RULE_FIELD_ORDER = [
  'name',
  'metric',
  'scope',
  'scope.viewId',
  'window',
  'condition',
  'threshold',
  'resetLevel',
  'minCalls',
  'pendingMinutes',
  'cooldownMinutes',
  'businessHours.days',
  'businessHours',
  'endpointIds',
] as const;

/** The field a contract error is shown under (the scope's lists and kind all show under the scope). */
export function shownField(field: string): (typeof RULE_FIELD_ORDER)[number] | undefined {
  if (field === 'scope.kind' || ALERT_SOURCE_PARAMS.some((param) => field === `scope.${param}`)) return 'scope';
  return (RULE_FIELD_ORDER as readonly string[]).includes(field) ? (field as (typeof RULE_FIELD_ORDER)[number]) : undefined;
}
