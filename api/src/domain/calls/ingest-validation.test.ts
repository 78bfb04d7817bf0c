import { INGEST_LIMITS, validateIngestCall, validateQcResult } from './ingest-validation';

const VALID = {
  systemCallId: 'CA-1',
  callTimestamp: '2026-11-20T14:03:00-05:00',
  callerId: '+15550001111',
  campaignName: 'Medicare',
  publisherName: 'Pub One',
  targetName: 'Target A',
  buyerName: 'Buyer A',
  durationSec: 95,
  revenue: '25.50',
  payout: 10,
};

const call = (overrides: Record<string, unknown> = {}) => {
  const input: Record<string, unknown> = { ...VALID, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete input[key];
  return validateIngestCall(input);
};

/** The errors for a call with one field changed; undefined removes the field. */
const errorsWith = (overrides: Record<string, unknown>) => call(overrides).errors;

describe('validateIngestCall', () => {
  test('a full valid call is normalised to what the database stores', () => {
    expect(
      validateIngestCall({
        ...VALID,
        systemCallId: '  CA-1 ',
        campaignName: ' Medicare ',
        systemName: 'Ringba',
        systemPublisherId: 'P-9',
        systemBuyerId: 'B-7',
        connected: true,
        recordingUrl: 'https://rec.example.com/a.mp3',
        transcript: 'Hello',
        qc: { disposition: 'sales', sub_disposition: 'Closed', reason: 'Bought', summary: 'Good call' },
      }),
    ).toEqual({
      systemCallId: 'CA-1',
      errors: [],
      call: {
        systemCallId: 'CA-1',
        callTs: '2026-11-20T19:03:00.000Z',
        callerId: '+15550001111',
        campaignName: 'Medicare',
        publisherName: 'Pub One',
        targetName: 'Target A',
        buyerName: 'Buyer A',
        systemName: 'Ringba',
        systemPublisherId: 'P-9',
        systemBuyerId: 'B-7',
        durationSec: 95,
        connected: true,
        recordingUrl: 'https://rec.example.com/a.mp3',
        transcript: 'Hello',
        revenueCents: 2550,
        payoutCents: 1000,
        qc: { systemCallId: 'CA-1', disposition: 'Sales', sub_disposition: 'Closed', reason: 'Bought', summary: 'Good call' },
      },
    });
  });

  test('the least a call needs, and the defaults it gets', () => {
    const { call: stored, errors } = validateIngestCall({
      systemCallId: 'min',
      callTimestamp: '2026-11-20T14:03:00Z',
      campaignName: 'C',
      publisherName: 'P',
    });
    expect(errors).toEqual([]);
    expect(stored).toEqual({
      systemCallId: 'min',
      callTs: '2026-11-20T14:03:00.000Z',
      callerId: '',
      campaignName: 'C',
      publisherName: 'P',
      targetName: null,
      buyerName: null,
      systemName: 'P', // defaults to the publisher's name
      systemPublisherId: null,
      systemBuyerId: null,
      durationSec: 0,
      connected: false,
      recordingUrl: null,
      transcript: null,
      revenueCents: 0,
      payoutCents: 0,
      qc: null,
    });
  });

  test.each([null, undefined, 'CA-1', 42, [VALID], true])('a call that is not an object (%p)', (raw) => {
    expect(validateIngestCall(raw)).toEqual({ systemCallId: null, errors: [{ field: 'call', message: 'each call must be an object' }] });
  });

  describe('required text', () => {
    test.each(['systemCallId', 'campaignName', 'publisherName'])('%s: missing, empty, blank or not text', (field) => {
      const required = [{ field, message: `${field} is required` }];
      for (const value of [undefined, null, '', '   ', 42, { name: 'x' }]) expect(errorsWith({ [field]: value })).toEqual(required);
    });

    test.each([
      ['systemCallId', INGEST_LIMITS.id],
      ['campaignName', INGEST_LIMITS.name],
      ['publisherName', INGEST_LIMITS.name],
    ])('%s: at most %i characters after trimming', (field, max) => {
      expect(errorsWith({ [field]: ` ${'x'.repeat(max)} ` })).toEqual([]);
      expect(errorsWith({ [field]: 'x'.repeat(max + 1) })).toEqual([{ field, message: `${field} must be at most ${max} characters` }]);
    });

    test('the rejection names the systemCallId when it has one, null when not', () => {
      expect(call({ campaignName: '' }).systemCallId).toBe('CA-1');
      expect(call({ systemCallId: '  ' }).systemCallId).toBeNull();
      expect(call({ campaignName: '' }).call).toBeUndefined();
    });
  });

  describe('callTimestamp', () => {
    const required = [{ field: 'callTimestamp', message: 'callTimestamp is required' }];
    const format = [{ field: 'callTimestamp', message: 'callTimestamp must be an ISO 8601 date-time with an offset, e.g. 2026-11-20T14:03:00-05:00' }];

    test('missing or not text', () => {
      for (const value of [undefined, null, '', '  ', 1795183380000]) expect(errorsWith({ callTimestamp: value })).toEqual(required);
    });

    test.each([
      '2026-11-20T14:03:00', // no offset: ambiguous, refused
      '2026-11-20',
      '2026-11-20 14:03:00Z',
      'Fri, 20 Nov 2026 14:03:00 GMT',
      'yesterday',
      '2026-13-20T14:03:00Z',
      '2026-02-30T10:00:00Z', // Feb 30 does not exist (Date.parse would roll it to March 2)
      '2026-04-31T10:00:00-04:00',
      '2026-11-20T14:60:00Z',
      '2026-11-20T14:03:00+25:00',
      '2026-11-20T14:03:00.1234567890Z',
    ])('refuses %p', (value) => {
      expect(errorsWith({ callTimestamp: value })).toEqual(format);
    });

    test.each([
      ['2026-11-20T14:03:00Z', '2026-11-20T14:03:00.000Z'],
      ['2026-11-20T14:03Z', '2026-11-20T14:03:00.000Z'],
      ['2026-11-20T14:03:00.123Z', '2026-11-20T14:03:00.123Z'],
      ['2026-11-20T09:03:00-05:00', '2026-11-20T14:03:00.000Z'],
      ['2026-11-20T15:03:00+0100', '2026-11-20T14:03:00.000Z'],
      [' 2026-07-04T10:00:00-04:00 ', '2026-07-04T14:00:00.000Z'],
      ['2028-02-29T00:00:00-05:00', '2028-02-29T05:00:00.000Z'],
    ])('accepts %p as the instant %s (stored in UTC)', (value, stored) => {
      expect(call({ callTimestamp: value }).call?.callTs).toBe(stored);
    });
  });

  describe('optional text', () => {
    test.each([
      ['callerId', INGEST_LIMITS.callerId],
      ['targetName', INGEST_LIMITS.name],
      ['buyerName', INGEST_LIMITS.name],
      ['systemName', INGEST_LIMITS.name],
      ['systemPublisherId', INGEST_LIMITS.id],
      ['systemBuyerId', INGEST_LIMITS.id],
      ['transcript', INGEST_LIMITS.transcript],
    ])('%s: not text → 400, at most %i characters', (field, max) => {
      expect(errorsWith({ [field]: 12345 })).toEqual([{ field, message: `${field} must be text` }]);
      expect(errorsWith({ [field]: true })).toEqual([{ field, message: `${field} must be text` }]);
      expect(errorsWith({ [field]: 'x'.repeat(max) })).toEqual([]);
      expect(errorsWith({ [field]: 'x'.repeat(max + 1) })).toEqual([{ field, message: `${field} must be at most ${max} characters` }]);
    });

    test('blank means absent', () => {
      const stored = call({ targetName: '  ', buyerName: null, callerId: ' ', systemName: '', transcript: '' }).call;
      expect(stored).toMatchObject({ targetName: null, buyerName: null, callerId: '', systemName: 'Pub One', transcript: null });
    });
  });

  describe('durationSec and connected', () => {
    const message = `durationSec must be a whole number of seconds from 0 to ${INGEST_LIMITS.maxDurationSec}`;
    test.each([-1, 1.5, '60', Number.NaN, Number.POSITIVE_INFINITY, INGEST_LIMITS.maxDurationSec + 1, true])('refuses durationSec %p', (value) => {
      expect(errorsWith({ durationSec: value })).toEqual([{ field: 'durationSec', message }]);
    });

    test('0 to a week; absent or null is 0', () => {
      expect(call({ durationSec: 0 }).call?.durationSec).toBe(0);
      expect(call({ durationSec: INGEST_LIMITS.maxDurationSec }).call?.durationSec).toBe(604_800);
      expect(call({ durationSec: null }).call?.durationSec).toBe(0);
      expect(call({ durationSec: undefined }).call?.durationSec).toBe(0);
    });

    test('connected defaults to durationSec > 0 and may be given either way', () => {
      expect(call({ durationSec: 0 }).call?.connected).toBe(false);
      expect(call({ durationSec: 1 }).call?.connected).toBe(true);
      expect(call({ durationSec: undefined }).call?.connected).toBe(false);
      expect(call({ durationSec: 0, connected: true }).call?.connected).toBe(true);
      expect(call({ durationSec: 60, connected: false }).call?.connected).toBe(false);
      expect(call({ durationSec: 60, connected: null }).call?.connected).toBe(true);
    });

    test.each(['true', 1, 0, 'yes'])('refuses connected %p', (value) => {
      expect(errorsWith({ connected: value })).toEqual([{ field: 'connected', message: 'connected must be true or false' }]);
    });
  });

  describe('recordingUrl', () => {
    test.each(['http://rec.example.com/a.wav', 'https://rec.example.com/a.mp3?sig=1&x=%20'])('accepts %p', (url) => {
      expect(call({ recordingUrl: url }).call?.recordingUrl).toBe(url);
    });

    test.each(['javascript:alert(1)', 'ftp://rec.example.com/a.mp3', 'data:audio/mp3;base64,AAAA', 'file:///etc/passwd', '/recordings/a.mp3', 'rec.example.com/a.mp3', 'http//x'])(
      'refuses %p',
      (url) => {
        expect(errorsWith({ recordingUrl: url })).toEqual([{ field: 'recordingUrl', message: 'recordingUrl must be an http or https URL' }]);
      },
    );

    test(`at most ${INGEST_LIMITS.url} characters; blank is none`, () => {
      const base = 'https://rec.example.com/';
      expect(errorsWith({ recordingUrl: base + 'a'.repeat(INGEST_LIMITS.url - base.length) })).toEqual([]);
      expect(errorsWith({ recordingUrl: base + 'a'.repeat(INGEST_LIMITS.url - base.length + 1) })).toContainEqual({
        field: 'recordingUrl',
        message: `recordingUrl must be at most ${INGEST_LIMITS.url} characters`,
      });
      expect(call({ recordingUrl: '  ' }).call?.recordingUrl).toBeNull();
    });
  });

  describe('revenue and payout', () => {
    test.each(['revenue', 'payout'])('%s: dollars to integer cents', (field) => {
      const cents = (value: unknown) => call({ [field]: value }).call?.[field === 'revenue' ? 'revenueCents' : 'payoutCents'];
      expect(cents(undefined)).toBe(0);
      expect(cents(null)).toBe(0);
      expect(cents('')).toBe(0);
      expect(cents(0)).toBe(0);
      expect(cents('25.50')).toBe(2550);
      expect(cents(' 25.5 ')).toBe(2550);
      expect(cents(19.99)).toBe(1999);
      expect(cents('0.07')).toBe(7);
      expect(cents(1_000_000)).toBe(100_000_000);
      expect(cents('1000000.00')).toBe(100_000_000);
      // Every cent value below $20 converts exactly, whatever binary floating point makes of it.
      for (let c = 0; c < 2000; c += 1) {
        const text = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        if (cents(text) !== c || cents(Number(text)) !== c) throw new Error(`${text} did not become ${c} cents`);
      }
    });

    test.each(['revenue', 'payout'])('%s: refuses negatives, more than 2 decimals, non-numbers and more than a million', (field) => {
      const message = [{ field, message: `${field} must be an amount in dollars from 0 to ${INGEST_LIMITS.maxAmount}, with at most 2 decimals` }];
      for (const value of [-1, '-1', '-0.01', 1.234, '1.234', '1,000', '$5', 'abc', '1e3', 1e21, Number.NaN, true, {}, [], 1_000_000.01, '1000001', 0.1 + 0.2, '.5']) {
        expect([value, errorsWith({ [field]: value })]).toEqual([value, message]);
      }
    });
  });

  describe('qc', () => {
    test('absent or null: no verdict', () => {
      expect(call({ qc: undefined }).call?.qc).toBeNull();
      expect(call({ qc: null }).call?.qc).toBeNull();
    });

    test.each(['Sales', ['Sales'], 5, true])('not an object (%p)', (qc) => {
      expect(errorsWith({ qc })).toEqual([{ field: 'qc', message: 'qc must be an object' }]);
    });

    test('the disposition is required; the rest is optional, blank means none', () => {
      expect(errorsWith({ qc: {} })).toEqual([{ field: 'qc.disposition', message: 'qc.disposition is required' }]);
      expect(errorsWith({ qc: { disposition: '  ', reason: 'r' } })).toEqual([{ field: 'qc.disposition', message: 'qc.disposition is required' }]);
      expect(errorsWith({ qc: { disposition: 7 } })).toContainEqual({ field: 'qc.disposition', message: 'qc.disposition must be text' });
      expect(call({ qc: { disposition: 'DNC', sub_disposition: ' ', reason: null } }).call?.qc).toEqual({
        systemCallId: 'CA-1',
        disposition: 'DNC',
        sub_disposition: null,
        reason: null,
        summary: null,
      });
    });

    test('the disposition is written the canonical way when it is one of the 14, kept trimmed otherwise', () => {
      expect(call({ qc: { disposition: ' not INTERESTED ' } }).call?.qc?.disposition).toBe('Not Interested');
      expect(call({ qc: { disposition: 'Subsidy/Incentivised' } }).call?.qc?.disposition).toBe('subsidy/incentivised');
      expect(call({ qc: { disposition: ' Weird ' } }).call?.qc?.disposition).toBe('Weird');
    });

    test.each([
      ['disposition', INGEST_LIMITS.disposition],
      ['sub_disposition', INGEST_LIMITS.subDisposition],
      ['reason', INGEST_LIMITS.reason],
      ['summary', INGEST_LIMITS.summary],
    ])('qc.%s: at most %i characters, text only', (key, max) => {
      const field = `qc.${key}`;
      expect(errorsWith({ qc: { disposition: 'Sales', [key]: 'x'.repeat(max) } })).toEqual([]);
      expect(errorsWith({ qc: { disposition: 'Sales', [key]: 'x'.repeat(max + 1) } })).toEqual([{ field, message: `${field} must be at most ${max} characters` }]);
      if (key !== 'disposition') expect(errorsWith({ qc: { disposition: 'Sales', [key]: 1 } })).toEqual([{ field, message: `${field} must be text` }]);
    });
  });

  test('every problem of a call is listed, in field order', () => {
    const result = validateIngestCall({
      systemCallId: 'bad-1',
      callTimestamp: 'now',
      publisherName: '',
      durationSec: -5,
      connected: 'no',
      recordingUrl: 'ftp://x',
      revenue: -1,
      payout: 'lots',
      qc: { reason: 'r' },
    });
    expect(result.systemCallId).toBe('bad-1');
    expect(result.call).toBeUndefined();
    expect(result.errors.map((e) => e.field)).toEqual([
      'callTimestamp',
      'campaignName',
      'publisherName',
      'durationSec',
      'connected',
      'recordingUrl',
      'revenue',
      'payout',
      'qc.disposition',
    ]);
  });
});

describe('validateQcResult', () => {
  test('a verdict is normalised', () => {
    expect(validateQcResult({ systemCallId: ' CA-1 ', disposition: 'voicemail', sub_disposition: 'Machine', reason: ' r ', summary: 's' })).toEqual({
      systemCallId: 'CA-1',
      errors: [],
      verdict: { systemCallId: 'CA-1', disposition: 'Voicemail', sub_disposition: 'Machine', reason: 'r', summary: 's' },
    });
    expect(validateQcResult({ systemCallId: 'CA-1', disposition: 'Odd' }).verdict).toEqual({
      systemCallId: 'CA-1',
      disposition: 'Odd',
      sub_disposition: null,
      reason: null,
      summary: null,
    });
  });

  test.each([null, 'CA-1', [], 3])('a result that is not an object (%p)', (raw) => {
    expect(validateQcResult(raw)).toEqual({ systemCallId: null, errors: [{ field: 'result', message: 'each result must be an object' }] });
  });

  test('systemCallId and disposition are required', () => {
    expect(validateQcResult({ disposition: 'Sales' })).toEqual({ systemCallId: null, errors: [{ field: 'systemCallId', message: 'systemCallId is required' }] });
    expect(validateQcResult({ systemCallId: 'CA-1' })).toEqual({ systemCallId: 'CA-1', errors: [{ field: 'disposition', message: 'disposition is required' }] });
    expect(validateQcResult({ systemCallId: 'CA-1', disposition: '' }).errors).toEqual([{ field: 'disposition', message: 'disposition is required' }]);
    expect(validateQcResult({}).errors.map((e) => e.field)).toEqual(['systemCallId', 'disposition']);
  });

  test.each([
    ['systemCallId', INGEST_LIMITS.id],
    ['disposition', INGEST_LIMITS.disposition],
    ['sub_disposition', INGEST_LIMITS.subDisposition],
    ['reason', INGEST_LIMITS.reason],
    ['summary', INGEST_LIMITS.summary],
  ])('%s: at most %i characters', (field, max) => {
    const base = { systemCallId: 'CA-1', disposition: 'Sales' };
    expect(validateQcResult({ ...base, [field]: 'x'.repeat(max) }).errors).toEqual([]);
    expect(validateQcResult({ ...base, [field]: 'x'.repeat(max + 1) }).errors).toEqual([{ field, message: `${field} must be at most ${max} characters` }]);
  });

  test('notes must be text', () => {
    expect(validateQcResult({ systemCallId: 'CA-1', disposition: 'Sales', reason: 5, summary: false }).errors).toEqual([
      { field: 'reason', message: 'reason must be text' },
      { field: 'summary', message: 'summary must be text' },
    ]);
  });
});
