import { DATE_PRESETS, ID_LIST_MAX_ITEMS, SEARCH_MAX_LENGTH, type CallFilterParams } from '@callboard/contract';
import { HttpError } from '../../http/http-error';
import { callFilterQuerySchema, narrowsBeyondStatus, parseCallFilter, type CallFilter } from './call-filter';
import { resolveCustom, resolvePreset } from './date-range';

const NOW = new Date('2026-11-18T15:00:00Z'); // a Wednesday, 10:00 in New York

/** The 400 that parseCallFilter throws, as the client reads it. */
function rejection(query: CallFilterParams) {
  try {
    parseCallFilter(query, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const e = error as HttpError;
    expect(e.statusCode).toBe(400);
    expect(e.code).toBe('VALIDATION_ERROR');
    // The message is the first problem, so a toast of the message alone says what is wrong.
    expect(e.message).toBe(e.errors?.[0]?.message);
    return e.errors ?? [];
  }
  throw new Error(`parseCallFilter(${JSON.stringify(query)}) did not fail`);
}

const PRESET_MESSAGE =
  'datePreset must be one of today, yesterday, last_2_days, last_7_days, this_week, last_week, last_30_days, this_month, last_month, last_6_months, this_year, custom';

describe('date range', () => {
  test('defaults to today in New York, with nothing else narrowing', () => {
    const filter = parseCallFilter({}, NOW);
    expect(filter).toEqual({
      range: resolvePreset('today', NOW),
      campaignIds: [],
      publisherIds: [],
      targetIds: [],
      buyerIds: [],
      statuses: [],
      search: undefined,
      callerId: undefined,
      q: undefined,
      connected: undefined,
    });
    expect(filter.range.from.toISOString()).toBe('2026-11-18T05:00:00.000Z');
  });

  test.each(DATE_PRESETS.filter((p) => p !== 'custom'))('preset %s resolves at the given instant', (preset) => {
    expect(parseCallFilter({ datePreset: preset }, NOW).range).toEqual(resolvePreset(preset, NOW));
  });

  test.each(['', 'Today', 'last_3_days', 'all', 'today '])('unknown preset %p → 400 on datePreset', (datePreset) => {
    expect(rejection({ datePreset: datePreset as never })).toEqual([{ field: 'datePreset', message: PRESET_MESSAGE }]);
  });

  test('repeat narrows to repeat calls, or to first calls; nothing else is accepted', () => {
    expect(parseCallFilter({ repeat: 'true' }, NOW).repeat).toBe(true);
    expect(parseCallFilter({ repeat: 'false' }, NOW).repeat).toBe(false);
    expect(parseCallFilter({ repeat: '' as never }, NOW).repeat).toBeUndefined();
    expect(rejection({ repeat: 'yes' as never })).toEqual([{ field: 'repeat', message: 'repeat must be one of true, false' }]);
  });

  test('connected narrows to calls that reached a target, or to those that never did; nothing else is accepted', () => {
    expect(parseCallFilter({ connected: 'true' }, NOW).connected).toBe(true);
    expect(parseCallFilter({ connected: 'false' }, NOW).connected).toBe(false);
    expect(parseCallFilter({}, NOW).connected).toBeUndefined();
    expect(rejection({ connected: 'yes' as never })).toEqual([{ field: 'connected', message: 'connected must be one of true, false' }]);
  });

  test('custom ranges resolve through resolveCustom', () => {
    const filter = parseCallFilter({ datePreset: 'custom', startDate: '2026-11-01T09:37', endDate: '2026-11-03T17:05' }, NOW);
    expect(filter.range).toEqual(resolveCustom('2026-11-01T09:37', '2026-11-03T17:05'));
  });

  test('custom range problems name their field', () => {
    expect(rejection({ datePreset: 'custom' })).toEqual([{ field: 'startDate', message: 'startDate is required when datePreset is custom' }]);
    expect(rejection({ datePreset: 'custom', startDate: '2026-11-01' })).toEqual([
      { field: 'endDate', message: 'endDate is required when datePreset is custom' },
    ]);
    expect(rejection({ datePreset: 'custom', startDate: 'soon', endDate: '2026-11-01' })).toEqual([
      { field: 'startDate', message: 'startDate must be an ISO 8601 date and time, e.g. 2026-11-20T09:00' },
    ]);
    expect(rejection({ datePreset: 'custom', startDate: '2026-11-02', endDate: '2026-11-01' })).toEqual([
      { field: 'endDate', message: 'endDate must be after startDate' },
    ]);
    expect(rejection({ datePreset: 'custom', startDate: '2025-01-01', endDate: '2026-11-01' })).toEqual([
      { field: 'endDate', message: 'A custom range can span at most 366 days' },
    ]);
  });

  test('startDate or endDate with any other preset → 400 naming the one sent', () => {
    const message = 'startDate and endDate are only allowed with datePreset=custom';
    expect(rejection({ datePreset: 'today', startDate: '2026-11-01' })).toEqual([{ field: 'startDate', message }]);
    expect(rejection({ startDate: '2026-11-01', endDate: '2026-11-02' })).toEqual([{ field: 'startDate', message }]);
    expect(rejection({ datePreset: 'last_week', endDate: '2026-11-02' })).toEqual([{ field: 'endDate', message }]);
  });
});

describe('dimension id lists', () => {
  const fields = [
    ['campaign', 'campaignIds'],
    ['publisher', 'publisherIds'],
    ['target', 'targetIds'],
    ['buyer', 'buyerIds'],
  ] as const;

  test.each(fields)('%s: comma-joined ids, trimmed, empty parts skipped, duplicates dropped', (param, key) => {
    expect(parseCallFilter({ [param]: '3, 1,,2 ,3,' }, NOW)[key]).toEqual([3, 1, 2]);
    expect(parseCallFilter({ [param]: '' }, NOW)[key]).toEqual([]);
    expect(parseCallFilter({ [param]: ' , ' }, NOW)[key]).toEqual([]);
    expect(parseCallFilter({ [param]: '999999999' }, NOW)[key]).toEqual([999_999_999]);
  });

  test.each(fields)('%s: anything but positive whole ids → 400 naming the field', (param) => {
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '0x10', '1234567890', '1;DROP TABLE calls', '1,two', '+1']) {
      expect(rejection({ [param]: bad })).toEqual([{ field: param, message: `${param} must be a comma-separated list of ids` }]);
    }
  });

  test.each(fields)(`%s: at most ${ID_LIST_MAX_ITEMS} ids`, (param, key) => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    expect(parseCallFilter({ [param]: ids(ID_LIST_MAX_ITEMS) }, NOW)[key]).toHaveLength(ID_LIST_MAX_ITEMS);
    expect(rejection({ [param]: ids(ID_LIST_MAX_ITEMS + 1) })).toEqual([{ field: param, message: `${param} can list at most ${ID_LIST_MAX_ITEMS} ids` }]);
  });
});

describe('status and disposition', () => {
  test('both narrow the effective status; they are merged, canonicalised and deduplicated', () => {
    expect(parseCallFilter({ status: 'sales, DNC', disposition: 'Sales,voicemail' }, NOW).statuses).toEqual(['Sales', 'DNC', 'Voicemail']);
    expect(parseCallFilter({ disposition: 'SUBSIDY/INCENTIVISED' }, NOW).statuses).toEqual(['subsidy/incentivised']);
  });

  test('a value that is none of the 14 is kept as written (trimmed), so Rejected / Unknown statuses can be chosen', () => {
    expect(parseCallFilter({ status: ' Weird ,,Not  Interested' }, NOW).statuses).toEqual(['Weird', 'Not  Interested']);
    expect(parseCallFilter({ status: '' }, NOW).statuses).toEqual([]);
  });

  test.each(['status', 'disposition'] as const)('%s: at most 100 values of at most 100 characters', (param) => {
    const message = `${param} must list at most 100 values of at most 100 characters`;
    expect(parseCallFilter({ [param]: Array.from({ length: 100 }, (_, i) => `s${i}`).join(',') }, NOW).statuses).toHaveLength(100);
    expect(rejection({ [param]: Array.from({ length: 101 }, (_, i) => `s${i}`).join(',') })).toEqual([{ field: param, message }]);
    expect(parseCallFilter({ [param]: 'x'.repeat(100) }, NOW).statuses).toEqual(['x'.repeat(100)]);
    expect(rejection({ [param]: `Sales,${'x'.repeat(101)}` })).toEqual([{ field: param, message }]);
  });
});

describe('search, callerId and q', () => {
  test('trimmed; blank means no narrowing; wildcards are kept as typed', () => {
    expect(parseCallFilter({ search: '  555 ' }, NOW).search).toBe('555');
    expect(parseCallFilter({ search: '   ' }, NOW).search).toBeUndefined();
    expect(parseCallFilter({ search: '5%_' }, NOW).search).toBe('5%_');
    expect(parseCallFilter({ callerId: ' +15550001111 ' }, NOW).callerId).toBe('+15550001111');
    expect(parseCallFilter({ callerId: '' }, NOW).callerId).toBeUndefined();
    expect(parseCallFilter({ q: '  "cancel my order" -refund ' }, NOW).q).toBe('"cancel my order" -refund');
    expect(parseCallFilter({ q: ' \t ' }, NOW).q).toBeUndefined();
  });

  test.each(['search', 'callerId', 'q'] as const)(`%s: at most ${SEARCH_MAX_LENGTH} characters after trimming`, (param) => {
    expect(parseCallFilter({ [param]: ` ${'5'.repeat(SEARCH_MAX_LENGTH)} ` }, NOW)[param]).toHaveLength(SEARCH_MAX_LENGTH);
    expect(rejection({ [param]: '5'.repeat(SEARCH_MAX_LENGTH + 1) })).toEqual([
      { field: param, message: `${param} must be at most ${SEARCH_MAX_LENGTH} characters` },
    ]);
  });
});

test('every problem is reported at once, in a stable order', () => {
  expect(
    rejection({ datePreset: 'yesterday', startDate: 'x', search: 's'.repeat(101), campaign: 'a', buyer: '0', status: 'x'.repeat(101) }).map((e) => e.field),
  ).toEqual(['startDate', 'search', 'campaign', 'buyer', 'status']);
  expect(rejection({ datePreset: 'never' as never, publisher: 'x', callerId: '1'.repeat(101) }).map((e) => e.field)).toEqual([
    'datePreset',
    'callerId',
    'publisher',
  ]);
});

test('narrowsBeyondStatus: only dimensions, search, callerId and q need the raw table (the status rollups keep connected)', () => {
  const base = parseCallFilter({}, NOW);
  const narrowed = (extra: Partial<CallFilter>) => narrowsBeyondStatus({ ...base, ...extra });
  expect(narrowed({})).toBe(false);
  expect(narrowed({ statuses: ['Sales'] })).toBe(false);
  expect(narrowed({ connected: true })).toBe(false);
  expect(narrowed({ connected: false, statuses: ['Rejected / Unknown'] })).toBe(false);
  expect(narrowed({ repeat: true, statuses: ['Sales'] })).toBe(false);
  // Repeats are kept per status, not per status and connection.
  expect(narrowed({ repeat: false, connected: true })).toBe(true);
  expect(narrowed({ range: resolveCustom('2026-11-01T09:37', '2026-11-02T17:05') })).toBe(false);
  expect(narrowed({ campaignIds: [1] })).toBe(true);
  expect(narrowed({ publisherIds: [1] })).toBe(true);
  expect(narrowed({ targetIds: [1] })).toBe(true);
  expect(narrowed({ buyerIds: [1] })).toBe(true);
  expect(narrowed({ search: '5' })).toBe(true);
  expect(narrowed({ callerId: '5' })).toBe(true);
  expect(narrowed({ q: 'cancel' })).toBe(true);
});

test('the shared querystring schema lists every filter param as a bounded string', () => {
  expect(Object.keys(callFilterQuerySchema).sort()).toEqual(
    ['buyer', 'callerId', 'campaign', 'connected', 'datePreset', 'disposition', 'dispute', 'endDate', 'publisher', 'q', 'repeat', 'search', 'startDate', 'status', 'target'].sort(),
  );
  for (const property of Object.values(callFilterQuerySchema)) {
    expect(property.type).toBe('string');
    expect(property.maxLength).toBeGreaterThan(0);
  }
});
