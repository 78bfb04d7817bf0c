import {
  MissingColumnsError,
  mapRow,
  normaliseHeader,
  parseBoolean,
  parseCallTimestamp,
  parseDuration,
  parseEpoch,
  parseMoney,
  resolveColumns,
} from './column-mapping';

const REQUIRED = ['Inbound Call ID', 'Call Date', 'Campaign', 'Publisher'];
const fieldsOf = (headers: string[]) => {
  const { mapping } = resolveColumns(headers);
  return Object.fromEntries(mapping.map((e) => [e.field, headers[e.column]]));
};

describe('header matching', () => {
  test('ignores case, spaces and punctuation', () => {
    expect(normaliseHeader(' Inbound Call ID ')).toBe('inboundcallid');
    expect(normaliseHeader('inbound_call-id')).toBe('inboundcallid');
    expect(normaliseHeader('inboundCallId')).toBe('inboundcallid');
  });

  test('finds Ringba names, API names and variants wherever they are', () => {
    const headers = ['Is Duplicate', 'CAMPAIGN NAME', 'publisherName', 'call_id', 'Call Start', 'Has Connected', 'Conversion Amount', 'payout amount', 'QC Disposition'];
    const { ignored, width, platform } = resolveColumns(headers);
    expect(platform).toBe('ringba');
    expect(fieldsOf(headers)).toEqual({
      systemCallId: 'call_id',
      callTimestamp: 'Call Start',
      campaignName: 'CAMPAIGN NAME',
      publisherName: 'publisherName',
      connected: 'Has Connected',
      revenue: 'Conversion Amount',
      payout: 'payout amount',
      'qc.disposition': 'QC Disposition',
    });
    expect(ignored).toEqual(['Is Duplicate']);
    expect(width).toBe(headers.length);
  });

  test("the platform's first name wins when a file has two columns for a field", () => {
    const { mapping, unused } = resolveColumns([...REQUIRED, 'Connected Call Length In Seconds', 'Call Length In Seconds', 'Call ID']);
    const headerOf = (field: string) => [...REQUIRED, 'Connected Call Length In Seconds', 'Call Length In Seconds', 'Call ID'][mapping.find((e) => e.field === field)?.column ?? -1];
    expect(headerOf('durationSec')).toBe('Call Length In Seconds');
    expect(headerOf('connectedDurationSec')).toBe('Connected Call Length In Seconds');
    expect(unused).toEqual([{ header: 'Call ID', field: 'systemCallId', usedHeader: 'Inbound Call ID' }]);
  });

  test('the connected length is the duration when it is the only length', () => {
    const { mapping } = resolveColumns([...REQUIRED, 'Connected Call Length In Seconds']);
    expect(mapping.filter((e) => e.column === 4).map((e) => e.field)).toEqual(['durationSec']);
  });

  test('missing required columns are all named, with the headers that would do', () => {
    let error: unknown;
    try {
      resolveColumns(['Call ID', 'Target', 'Buyer']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MissingColumnsError);
    const { missing, message } = error as MissingColumnsError;
    expect(missing).toEqual(['callTimestamp', 'campaignName', 'publisherName']);
    // Ringba's names first (its file), then Callboard's own, then the other platforms'.
    expect(message).toContain('call time (one of "callDt", "Call Date", "Call Date Time", "dtStamp", "callTimestamp", "Call Start", "Call Start Time", "Timestamp", "start_time", "created_at")');
    expect(message).toContain('campaign (one of "campaignName", "Campaign", "offer", "offer_name")');
    expect(message).toContain('publisher (one of "publisherName", "Publisher", "affiliate_name", "traffic_source", "traffic_source_name")');
    expect(message).not.toContain('call id');
  });

  test('a mapping given (the app\'s) is used as it is, and still needs the required fields', () => {
    const headers = ['a', 'b', 'c', 'd', 'e'];
    const given = {
      platform: null,
      recognisedColumns: 0,
      mapping: [
        { field: 'systemCallId', column: 4, transform: 'text' },
        { field: 'callTimestamp', column: 3, transform: 'epoch' },
        { field: 'campaignName', column: 2, transform: 'text' },
        { field: 'publisherName', column: 1, transform: 'text' },
      ] as const,
    };
    const resolved = resolveColumns(headers, given);
    expect(mapRow(['x', 'P', 'C', '1776092920', 'ID-1'], resolved).call).toEqual({
      systemCallId: 'ID-1', callTimestamp: '2026-04-13T15:08:40.000Z', campaignName: 'C', publisherName: 'P',
    });
    expect(resolved.ignored).toEqual(['a']);
    expect(() => resolveColumns(headers, { ...given, mapping: given.mapping.slice(1) })).toThrow(
      'The CSV file has no column for call id (one of "systemCallId", "inboundCallId", "Call ID", "uuid", "call_uuid", "trackdrive_call_uuid").',
    );
  });
});

describe('call time', () => {
  test('ISO 8601 with an offset keeps its offset', () => {
    expect(parseCallTimestamp('2026-03-02T09:14:07-05:00').value).toBe('2026-03-02T09:14:07.000-05:00');
    expect(parseCallTimestamp('2026-03-10T13:45:00Z').value).toBe('2026-03-10T13:45:00.000Z');
    expect(parseCallTimestamp('2026-03-10 13:45:00.250+0000').value).toBe('2026-03-10T13:45:00.250Z');
    expect(parseCallTimestamp('2026-03-10T19:15+05:30').value).toBe('2026-03-10T19:15:00.000+05:30');
  });

  test('a time without an offset is New York time, on either side of daylight saving', () => {
    expect(parseCallTimestamp('2026-01-15 09:30:00').value).toBe('2026-01-15T09:30:00.000-05:00');
    expect(parseCallTimestamp('2026-07-15T09:30').value).toBe('2026-07-15T09:30:00.000-04:00');
    // 8 March 2026: 01:59:59 EST is followed by 03:00:00 EDT.
    expect(parseCallTimestamp('2026-03-08 01:59:59').value).toBe('2026-03-08T01:59:59.000-05:00');
    expect(parseCallTimestamp('2026-03-08 03:00:00').value).toBe('2026-03-08T03:00:00.000-04:00');
    // 1 November 2026: the clocks go back from 02:00 EDT to 01:00 EST.
    expect(parseCallTimestamp('2026-11-01 00:59:00').value).toBe('2026-11-01T00:59:00.000-04:00');
    expect(parseCallTimestamp('2026-11-01 02:00:00').value).toBe('2026-11-01T02:00:00.000-05:00');
  });

  test('the repeated hour when the clocks go back is read as standard time', () => {
    expect(parseCallTimestamp('2026-11-01 01:30:00').value).toBe('2026-11-01T01:30:00.000-05:00');
  });

  test('a time the clocks skip is refused rather than moved', () => {
    const { value, error } = parseCallTimestamp('2026-03-08 02:30:00');
    expect(value).toBeUndefined();
    expect(error).toBe('"2026-03-08 02:30:00" does not exist in America/New_York (the clocks skip it); give the time with its offset');
  });

  test('US month/day/year with AM/PM, also New York time', () => {
    expect(parseCallTimestamp('3/2/2026 10:05:12 AM').value).toBe('2026-03-02T10:05:12.000-05:00');
    expect(parseCallTimestamp('03/02/2026 12:05 am').value).toBe('2026-03-02T00:05:00.000-05:00');
    expect(parseCallTimestamp('7/4/2026 12:00:00 PM').value).toBe('2026-07-04T12:00:00.000-04:00');
    expect(parseCallTimestamp('7/4/2026 18:30').value).toBe('2026-07-04T18:30:00.000-04:00');
  });

  test('Unix time as its own transform: seconds, or milliseconds from 1e11 on', () => {
    expect(parseEpoch('1776092920').value).toBe('2026-04-13T15:08:40.000Z');
    expect(parseEpoch('1776092920123').value).toBe('2026-04-13T15:08:40.123Z');
    expect(parseEpoch(' ').value).toBeUndefined();
    expect(parseEpoch('04/13/2026').error).toBe('"04/13/2026" is not Unix time: give seconds (1776092920) or milliseconds (1776092920000)');
  });

  test('Unix time in seconds or milliseconds', () => {
    expect(parseCallTimestamp('1772460847').value).toBe('2026-03-02T14:14:07.000Z');
    expect(parseCallTimestamp('1772460847123').value).toBe('2026-03-02T14:14:07.123Z');
  });

  test('empty is no value; anything else is an error that says what is accepted', () => {
    expect(parseCallTimestamp('  ')).toEqual({ value: undefined });
    for (const bad of ['yesterday', '2026-02-30 10:00:00', '2026-03-02', '13/45/2026 10:00', '3/2/2026 13:00 PM', '2026-03-02T25:00:00Z']) {
      const { value, error } = parseCallTimestamp(bad);
      expect(value).toBeUndefined();
      expect(error).toContain(`"${bad}"`);
    }
    expect(parseCallTimestamp('yesterday').error).toContain('ISO 8601 with an offset');
  });
});

describe('values', () => {
  test('money: dollar signs, thousands separators and zeros past the cents', () => {
    expect(parseMoney('$1,234.50').value).toBe('1234.50');
    expect(parseMoney(' $ 45 ').value).toBe('45');
    expect(parseMoney('12.5000').value).toBe('12.50');
    expect(parseMoney('.5').value).toBe('0.5');
    expect(parseMoney('USD 7.25').value).toBe('7.25');
    expect(parseMoney('1234567.89').value).toBe('1234567.89');
    expect(parseMoney('').value).toBeUndefined();
    // Left for the validator to refuse with its own message.
    expect(parseMoney('$12.345').value).toBe('12.345');
    expect(parseMoney('-$5.00').value).toBe('-$5.00');
    expect(parseMoney('1,23.00').value).toBe('1,23.00');
    expect(parseMoney('free').value).toBe('free');
  });

  test('durations: seconds, rounded decimals and clock times', () => {
    expect(parseDuration('412').value).toBe(412);
    expect(parseDuration('95.5').value).toBe(96);
    expect(parseDuration('1:35').value).toBe(95);
    expect(parseDuration('1:02:03').value).toBe(3723);
    expect(parseDuration('').value).toBeUndefined();
    expect(parseDuration('-3').error).toBe('"-3" is not a duration: give whole seconds (95) or h:mm:ss (0:01:35)');
    expect(parseDuration('1:75').error).toBeDefined();
  });

  test('yes/no, true/false and 1/0 in any case', () => {
    for (const yes of ['Yes', 'TRUE', '1', 'y']) expect(parseBoolean(yes).value).toBe(true);
    for (const no of ['No', 'false', '0', 'N']) expect(parseBoolean(no).value).toBe(false);
    expect(parseBoolean('')).toEqual({ value: undefined });
    expect(parseBoolean('maybe').error).toBe('"maybe" is not yes/no, true/false or 1/0');
  });
});

describe('mapRow', () => {
  const headers = [
    'Inbound Call ID', 'Call Date', 'Caller ID', 'Campaign', 'Publisher', 'Target', 'Buyer', 'Call Length In Seconds',
    'Connected Call Length In Seconds', 'Recording URL', 'Revenue', 'Payout', 'QC Disposition', 'Sub Disposition', 'Reason', 'Summary', 'Notes',
  ];
  const columns = resolveColumns(headers);
  const row = (values: Record<string, string>) => headers.map((h) => values[h] ?? '');

  test('a full row becomes the call the ingest API takes', () => {
    const { call, errors } = mapRow(
      row({
        'Inbound Call ID': ' RGB-1 ', 'Call Date': '2026-03-02 09:31:55', 'Caller ID': '+13055550101', Campaign: 'Medicare', Publisher: 'Apex',
        Target: 'Humana Line', Buyer: 'Humana', 'Call Length In Seconds': '412', 'Connected Call Length In Seconds': '398',
        'Recording URL': 'https://r.example.com/1.mp3', Revenue: '$1,234.50', Payout: '$18.00', 'QC Disposition': 'sales',
        'Sub Disposition': 'Enrolled', Reason: 'Bought', Summary: 'Good call', Notes: 'ignored',
      }),
      columns,
    );
    expect(errors).toEqual([]);
    expect(call).toEqual({
      systemCallId: 'RGB-1', callTimestamp: '2026-03-02T09:31:55.000-05:00', callerId: '+13055550101', campaignName: 'Medicare',
      publisherName: 'Apex', targetName: 'Humana Line', buyerName: 'Humana', durationSec: 412, connected: true,
      recordingUrl: 'https://r.example.com/1.mp3', revenue: '1234.50', payout: '18.00',
      qc: { disposition: 'sales', sub_disposition: 'Enrolled', reason: 'Bought', summary: 'Good call' },
    });
  });

  test('empty cells are left out, and a call that never reached a target is not connected', () => {
    const { call } = mapRow(
      row({ 'Inbound Call ID': 'RGB-2', 'Call Date': '2026-03-02T10:00:00Z', Campaign: 'ACA', Publisher: 'Apex', 'Call Length In Seconds': '25', 'Connected Call Length In Seconds': '0' }),
      columns,
    );
    expect(call).toEqual({ systemCallId: 'RGB-2', callTimestamp: '2026-03-02T10:00:00.000Z', campaignName: 'ACA', publisherName: 'Apex', durationSec: 25, connected: false });
  });

  test('an explicit Connected column wins over the connected length', () => {
    const cols = resolveColumns([...REQUIRED, 'Connected Call Length In Seconds', 'Duration', 'Connected']);
    expect(mapRow(['A', '2026-03-02T10:00:00Z', 'C', 'P', '0', '30', 'yes'], cols).call).toMatchObject({ durationSec: 30, connected: true });
  });

  test('values that cannot be converted are reported with their column and left out', () => {
    const { call, errors } = mapRow(row({ 'Inbound Call ID': 'RGB-3', 'Call Date': 'soon', 'Call Length In Seconds': 'long', Campaign: 'ACA', Publisher: 'Apex' }), columns);
    expect(call).toEqual({ systemCallId: 'RGB-3', campaignName: 'ACA', publisherName: 'Apex' });
    expect(errors.map((e) => [e.field, e.column])).toEqual([
      ['callTimestamp', 'Call Date'],
      ['durationSec', 'Call Length In Seconds'],
    ]);
  });
});
