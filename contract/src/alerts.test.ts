import {
  ALERT_DEFAULT_COOLDOWN_MINUTES,
  ALERT_DEFAULT_MIN_CALLS,
  ALERT_MESSAGES,
  ALERT_METRIC_LABELS,
  ALERT_METRICS,
  DEFAULT_BUSINESS_HOURS,
  alertChannelsError,
  alertPreviewErrors,
  alertReportingLink,
  alertRuleErrors,
  alertRuleWithDefaults,
  type AlertRuleBody,
} from './alerts';

const rule = (changes: Partial<AlertRuleBody> = {}): AlertRuleBody => ({
  name: 'Voicemail spike',
  metric: 'Voicemail',
  scope: { kind: 'sources', publisher: [3] },
  window: '1h',
  condition: 'above',
  threshold: 40,
  ...changes,
});

const fieldsOf = (body: AlertRuleBody) => alertRuleErrors(body).map((e) => `${e.field}: ${e.message}`);

test('a whole rule has no errors, and takes the defaults a save stores', () => {
  expect(alertRuleErrors(rule())).toEqual([]);
  expect(alertRuleWithDefaults(rule({ name: '  Spike  ' }))).toMatchObject({
    name: 'Spike',
    resetLevel: 40,
    minCalls: ALERT_DEFAULT_MIN_CALLS,
    pendingMinutes: 0,
    cooldownMinutes: ALERT_DEFAULT_COOLDOWN_MINUTES,
    businessHours: null,
    endpointIds: [],
  });
  // A volume level counts calls itself: no minimum by default, and 0 calls is its figure.
  expect(alertRuleWithDefaults(rule({ metric: 'volume', condition: 'below', threshold: 1 })).minCalls).toBe(0);
  expect(alertRuleWithDefaults(rule({ metric: 'volume', condition: 'down', threshold: 50 })).minCalls).toBe(ALERT_DEFAULT_MIN_CALLS);
});

test('every metric has a label, the sales share reading as the sales rate', () => {
  for (const metric of ALERT_METRICS) expect(ALERT_METRIC_LABELS[metric]).toBeTruthy();
  expect(ALERT_METRIC_LABELS.Sales).toBe('Sales rate');
  expect(ALERT_METRIC_LABELS.redNoConnect).toBe('Red No Connects %');
});

test('each field says what is wrong with it', () => {
  expect(fieldsOf(rule({ name: ' ' }))).toEqual([`name: ${ALERT_MESSAGES.nameRequired}`]);
  expect(fieldsOf(rule({ metric: 'Voice' as never }))).toEqual([`metric: ${ALERT_MESSAGES.metricInvalid}`]);
  expect(fieldsOf(rule({ window: '3h' as never }))).toEqual([`window: ${ALERT_MESSAGES.windowInvalid}`]);
  expect(fieldsOf(rule({ threshold: 140 }))).toEqual([`threshold: ${ALERT_MESSAGES.shareThresholdRange}`]);
  expect(fieldsOf(rule({ metric: 'volume', threshold: 2.5, minCalls: 0 }))).toEqual([`threshold: ${ALERT_MESSAGES.volumeThresholdRange}`]);
  expect(fieldsOf(rule({ condition: 'down', threshold: 120 }))).toEqual([`threshold: ${ALERT_MESSAGES.downThresholdRange}`]);
  expect(fieldsOf(rule({ condition: 'up', threshold: 0 }))).toEqual([`threshold: ${ALERT_MESSAGES.changeThresholdRange}`]);
});

test('the reset level lies on the side a firing resolves to', () => {
  expect(alertRuleErrors(rule({ resetLevel: 30 }))).toEqual([]);
  expect(fieldsOf(rule({ resetLevel: 50 }))).toEqual([`resetLevel: ${ALERT_MESSAGES.resetAbove}`]);
  expect(fieldsOf(rule({ condition: 'below', threshold: 10, resetLevel: 5 }))).toEqual([`resetLevel: ${ALERT_MESSAGES.resetBelow}`]);
  expect(fieldsOf(rule({ condition: 'up', threshold: 50, resetLevel: 60 }))).toEqual([`resetLevel: ${ALERT_MESSAGES.resetChange}`]);
  expect(alertRuleErrors(rule({ condition: 'down', threshold: 50, resetLevel: 20 }))).toEqual([]);
});

test('the minimum call count: at least one for a share or a change, none for a volume level', () => {
  expect(fieldsOf(rule({ minCalls: 0 }))).toEqual([`minCalls: ${ALERT_MESSAGES.minCallsRange}`]);
  expect(fieldsOf(rule({ metric: 'volume', condition: 'below', threshold: 1, minCalls: 20 }))).toEqual([`minCalls: ${ALERT_MESSAGES.minCallsVolume}`]);
  expect(fieldsOf(rule({ metric: 'volume', condition: 'up', threshold: 50, minCalls: 0 }))).toEqual([`minCalls: ${ALERT_MESSAGES.minCallsVolumeChange}`]);
});

test('business hours: weekdays and hours, and a window that fits in them', () => {
  expect(alertRuleErrors(rule({ businessHours: DEFAULT_BUSINESS_HOURS }))).toEqual([]);
  expect(fieldsOf(rule({ businessHours: { days: [], startHour: 9, endHour: 17 } }))).toEqual([`businessHours.days: ${ALERT_MESSAGES.daysInvalid}`]);
  expect(fieldsOf(rule({ businessHours: { days: [1, 8], startHour: 9, endHour: 17 } }))).toEqual([`businessHours.days: ${ALERT_MESSAGES.daysInvalid}`]);
  expect(fieldsOf(rule({ businessHours: { days: [1], startHour: 17, endHour: 9 } }))).toEqual([`businessHours: ${ALERT_MESSAGES.hoursInvalid}`]);
  expect(fieldsOf(rule({ window: '24h', businessHours: DEFAULT_BUSINESS_HOURS }))).toEqual([`window: ${ALERT_MESSAGES.windowPastHours}`]);
  expect(alertRuleErrors(rule({ window: '8h', businessHours: DEFAULT_BUSINESS_HOURS }))).toEqual([]);
});

test('scopes and endpoints', () => {
  expect(alertRuleErrors(rule({ scope: { kind: 'network' } }))).toEqual([]);
  expect(fieldsOf(rule({ scope: { kind: 'sources' } }))).toEqual([`scope: ${ALERT_MESSAGES.sourcesEmpty}`]);
  expect(fieldsOf(rule({ scope: { kind: 'sources', buyer: [0] } }))).toEqual([`scope.buyer: ${ALERT_MESSAGES.sourcesInvalid}`]);
  expect(fieldsOf(rule({ scope: { kind: 'view', viewId: 'mine' } }))).toEqual([`scope.viewId: ${ALERT_MESSAGES.viewIdInvalid}`]);
  expect(fieldsOf(rule({ scope: { kind: 'everything' } as never }))).toEqual([`scope.kind: ${ALERT_MESSAGES.scopeInvalid}`]);
  const endpoint = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
  expect(alertRuleErrors(rule({ endpointIds: [endpoint] }))).toEqual([]);
  expect(fieldsOf(rule({ endpointIds: [endpoint, endpoint] }))).toEqual([`endpointIds: ${ALERT_MESSAGES.endpointsInvalid}`]);
});

test('a subscription names in_app and/or email, each once', () => {
  expect(alertChannelsError(['in_app', 'email'])).toBeUndefined();
  expect(alertChannelsError([])).toEqual({ field: 'channels', message: ALERT_MESSAGES.channelsInvalid });
  expect(alertChannelsError(['sms'])).toEqual({ field: 'channels', message: ALERT_MESSAGES.channelsInvalid });
  expect(alertChannelsError(['email', 'email'])).toEqual({ field: 'channels', message: ALERT_MESSAGES.channelsInvalid });
});

test('a rule is previewed named or not: its other fields are judged as a save judges them', () => {
  const { name: _name, ...unnamed } = rule();
  expect(alertPreviewErrors(unnamed)).toEqual([]);
  expect(alertPreviewErrors({ ...unnamed, name: ' ' })).toEqual([]);
  expect(alertRuleErrors({ ...unnamed, name: ' ' })).toEqual([{ field: 'name', message: ALERT_MESSAGES.nameRequired }]);
  expect(alertPreviewErrors({ ...unnamed, threshold: 140, scope: { kind: 'sources' } })).toEqual([
    { field: 'scope', message: ALERT_MESSAGES.sourcesEmpty },
    { field: 'threshold', message: ALERT_MESSAGES.shareThresholdRange },
  ]);
});

test('the calls of a window open in Reporting on a custom range on the New York clock, across the clock change, with the scope’s filters', () => {
  const link = alertReportingLink('status=Sales&publisher=2', '2026-03-08T06:30:00.000Z', Date.parse('2026-03-08T07:30:00.000Z'));
  expect(link.startsWith('/reporting?')).toBe(true);
  const search = new URLSearchParams(link.slice('/reporting'.length));
  expect(Object.fromEntries(search)).toEqual({ datePreset: 'custom', startDate: '2026-03-08T01:30:00-05:00', endDate: '2026-03-08T03:30:00-04:00', status: 'Sales', publisher: '2' });
  expect(alertReportingLink('', '2026-01-05T15:00:00Z', '2026-01-05T16:00:00Z')).toBe(
    '/reporting?datePreset=custom&startDate=2026-01-05T10%3A00%3A00-05%3A00&endDate=2026-01-05T11%3A00%3A00-05%3A00',
  );
  // A view's filters as the API stored them (URLSearchParams' own encoding) come through as they are; a range they name gives way to the window's.
  expect(alertReportingLink('publisher=1%2C7&search=late+fee&datePreset=today', '2026-01-05T15:00:00Z', '2026-01-05T16:00:00Z')).toBe(
    '/reporting?datePreset=custom&startDate=2026-01-05T10%3A00%3A00-05%3A00&endDate=2026-01-05T11%3A00%3A00-05%3A00&publisher=1%2C7&search=late+fee',
  );
});
