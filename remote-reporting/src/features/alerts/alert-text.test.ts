import { areaLink, businessHoursText, conditionText, durationText, figuresText, scopeText } from './alert-text';

test('a condition in words, with its unit: a share’s percent, a volume’s calls, a change against a week earlier, and “no calls”', () => {
  expect(conditionText({ metric: 'Voicemail', condition: 'above', threshold: 30 })).toBe('Above 30%');
  expect(conditionText({ metric: 'volume', condition: 'below', threshold: 5 })).toBe('Below 5 calls');
  expect(conditionText({ metric: 'volume', condition: 'below', threshold: 1 })).toBe('No calls');
  expect(conditionText({ metric: 'volume', condition: 'above', threshold: 1 })).toBe('Above 1 call');
  expect(conditionText({ metric: 'Sales', condition: 'down', threshold: 12.5 })).toBe('Down by 12.5% or more vs a week earlier');
});

test('business hours name runs of days with a dash and lone days by name', () => {
  expect(businessHoursText({ days: [5, 1, 2, 3, 4], startHour: 9, endHour: 17 })).toBe('Mon–Fri 9:00–17:00');
  expect(businessHoursText({ days: [1, 2, 6, 7], startHour: 0, endHour: 24 })).toBe('Mon, Tue, Sat, Sun 0:00–24:00');
  expect(businessHoursText({ days: [1, 3, 4, 5, 7], startHour: 8, endHour: 12 })).toBe('Mon, Wed–Fri, Sun 8:00–12:00');
});

test('figures: the share of the calls, the change on a week earlier, or why there is none', () => {
  const window = { windowFrom: '2026-03-09T13:00:00Z', windowTo: '2026-03-09T14:00:00Z' };
  expect(figuresText('Voicemail', { ...window, calls: 1, value: 100 })).toBe('100% of 1 call');
  expect(figuresText('volume', { ...window, calls: 0, value: 0 })).toBe('0 calls');
  expect(figuresText('Sales', { ...window, calls: 80, value: 3, baselineCalls: 90, baselineValue: 6, change: -50 })).toBe('3% of 80 calls, down 50% on 6% a week earlier');
  expect(figuresText('Sales', { ...window, calls: 80, value: 3, baselineCalls: 0, baselineValue: null, change: null })).toBe('3% of 80 calls; a week earlier no figure');
  expect(figuresText('Sales', { ...window, calls: 3, value: null, noData: 'Fewer than 20 calls' })).toBe('Fewer than 20 calls');
});

test('durations in minutes, hours and days', () => {
  expect([durationText(1), durationText(59.6), durationText(60), durationText(135), durationText(1440), durationText(1530)]).toEqual(['1 min', '1 h', '1 h', '2 h 15 min', '1 d', '1 d 1 h']);
});

test('a scope in words, naming the sources it can', () => {
  const names = { publisher: new Map([['1', 'Acme Media']]) };
  expect(scopeText({ kind: 'sources', publisher: [1, 7], buyer: [3] }, names)).toBe('Publishers: Acme Media, #7 · Buyers: #3');
  expect(scopeText({ kind: 'view', viewId: null, viewName: 'Old desk', query: 'status=Sales' })).toBe('View: Old desk (deleted; its filters are kept)');
});

test('the server’s link to a window’s calls opens under where the area is mounted, its query as the server wrote it', () => {
  const link = '/reporting?datePreset=custom&startDate=2026-01-05T10%3A00%3A00-05%3A00&endDate=2026-01-05T11%3A00%3A00-05%3A00&publisher=1%2C7';
  expect(areaLink(link, '/reporting')).toEqual({ pathname: '/reporting', search: link.slice('/reporting'.length) });
  expect(areaLink(link, '')).toEqual({ pathname: '/', search: link.slice('/reporting'.length) });
  expect(areaLink('/reporting', '/reporting')).toEqual({ pathname: '/reporting', search: '' });
});
