import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  ALERT_METRICS,
  ALERT_SOURCE_PARAMS,
  ALERT_STATES,
  ALERT_WINDOWS,
  ALERT_MAX_ENDPOINTS,
} from '@callboard/contract/alerts';

/**
 * The alert routes' schemas. A body's shapes only: the values are judged by the contract's alertRuleErrors, in the
 * words the screen shows under each field. An answer lists every field it may carry (one not listed never leaves).
 */
const ids = { type: 'array', maxItems: 1000, items: { type: 'integer' } } as const;

const businessHours = {
  type: ['object', 'null'],
  required: ['days', 'startHour', 'endHour'],
  properties: { days: { type: 'array', maxItems: 7, items: { type: 'integer' } }, startHour: { type: 'integer' }, endHour: { type: 'integer' } },
} as const;

const scopeBody = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', description: 'network, sources (any of campaign, publisher, target, buyer: ids) or view (viewId: a saved view whose filters are copied)' },
    ...Object.fromEntries(ALERT_SOURCE_PARAMS.map((param) => [param, ids])),
    viewId: { type: 'string', maxLength: 100 },
  },
} as const;

export const ruleBody = {
  type: 'object',
  required: ['name', 'metric', 'scope', 'window', 'condition', 'threshold'],
  properties: {
    name: { type: 'string', maxLength: 1000 },
    metric: { type: 'string', maxLength: 100, description: ALERT_METRICS.join(', ') },
    scope: scopeBody,
    window: { type: 'string', maxLength: 10, description: ALERT_WINDOWS.join(', ') },
    condition: { type: 'string', maxLength: 10, description: ALERT_CONDITIONS.join(', ') },
    threshold: { type: 'number', description: 'a percent for a share, calls for volume, a percent change for up/down' },
    resetLevel: { type: ['number', 'null'], description: 'where a firing resolves (hysteresis); null: the threshold' },
    minCalls: { type: 'integer' },
    pendingMinutes: { type: 'integer' },
    cooldownMinutes: { type: 'integer' },
    businessHours,
    endpointIds: { type: 'array', maxItems: ALERT_MAX_ENDPOINTS + 1, items: { type: 'string', maxLength: 100 } },
  },
} as const;

/** A preview's body: a rule's, its name optional (the form previews a rule before it is named). */
export const previewBody = { ...ruleBody, required: ruleBody.required.filter((field) => field !== 'name') } as const;

const nullableNumber = { type: ['number', 'null'] } as const;

export const figuresSchema = {
  type: 'object',
  properties: {
    windowFrom: { type: 'string', format: 'date-time' },
    windowTo: { type: 'string', format: 'date-time' },
    calls: { type: 'integer' },
    value: nullableNumber,
    baselineCalls: { type: 'integer' },
    baselineValue: nullableNumber,
    change: nullableNumber,
    noData: { type: 'string' },
  },
} as const;

const scopeSchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['network', 'sources', 'view'] },
    ...Object.fromEntries(ALERT_SOURCE_PARAMS.map((param) => [param, ids])),
    viewId: { type: ['string', 'null'] },
    viewName: { type: 'string' },
    query: { type: 'string', description: "the view's filters as copied into the rule, in the calls API's param names" },
  },
} as const;

export const ruleSchema = {
  type: 'object',
  required: ['id', 'name', 'metric', 'scope', 'window', 'condition', 'threshold', 'resetLevel', 'minCalls', 'pendingMinutes', 'cooldownMinutes', 'businessHours', 'endpointIds', 'status', 'subscription', 'subscribers', 'createdBy', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    metric: { type: 'string', enum: [...ALERT_METRICS] },
    scope: scopeSchema,
    window: { type: 'string', enum: [...ALERT_WINDOWS] },
    condition: { type: 'string', enum: [...ALERT_CONDITIONS] },
    threshold: { type: 'number' },
    resetLevel: { type: 'number' },
    minCalls: { type: 'integer' },
    pendingMinutes: { type: 'integer' },
    cooldownMinutes: { type: 'integer' },
    businessHours,
    endpointIds: { type: 'array', items: { type: 'string' } },
    status: {
      type: 'object',
      required: ['state', 'since', 'evaluatedAt', 'figures'],
      properties: {
        state: { type: 'string', enum: [...ALERT_STATES] },
        since: { type: 'string', format: 'date-time' },
        evaluatedAt: { type: ['string', 'null'], format: 'date-time' },
        figures: { ...figuresSchema, type: ['object', 'null'] },
      },
    },
    subscription: { type: ['array', 'null'], items: { type: 'string', enum: [...ALERT_CHANNELS] } },
    subscribers: { type: 'integer' },
    createdBy: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const transitionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    ruleId: { type: 'string', format: 'uuid' },
    from: { type: 'string', enum: [...ALERT_STATES] },
    to: { type: 'string', enum: [...ALERT_STATES] },
    at: { type: 'string', format: 'date-time' },
    figures: figuresSchema,
    link: { type: 'string', description: "Reporting on the calls of the figures' window in the rule's scope" },
  },
} as const;

export const previewSchema = {
  type: 'object',
  properties: {
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    firingCount: { type: 'integer' },
    firings: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          firedAt: { type: 'string', format: 'date-time' },
          endedAt: { type: ['string', 'null'], format: 'date-time' },
          figures: figuresSchema,
          link: { type: 'string', description: 'Reporting on the calls it fired on' },
        },
      },
    },
    minutes: { type: 'integer' },
    noDataMinutes: { type: 'integer' },
  },
} as const;

export const envelope = (data: object, message = false) => ({
  type: 'object',
  properties: { success: { type: 'boolean' }, ...(message ? { message: { type: 'string' } } : {}), data },
});
