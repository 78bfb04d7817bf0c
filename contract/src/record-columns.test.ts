import type { CallRecord } from './calls';
import { callProfit, DEFAULT_RECORD_COLUMN_KEYS, parseExportColumns, RECORD_COLUMNS, recordColumnValue } from './record-columns';

test("the default columns are the spec's fourteen; money, connected and repeat are there to choose", () => {
  expect(DEFAULT_RECORD_COLUMN_KEYS).toEqual([
    'callTimestamp', 'publisherName', 'callerId', 'status', 'sub_disposition', 'durationSec', 'campaignName',
    'reason', 'summary', 'transcript', 'target_name', 'recordingUrl', 'systemCallId', 'systemBuyerId',
  ]);
  expect(RECORD_COLUMNS.filter((c) => !c.visible).map((c) => c.label)).toEqual(['Connected', 'Repeat', 'Revenue', 'Payout', 'Profit']);
});

test('profit is revenue less payout, in whole cents', () => {
  expect(callProfit({ revenue: 12.3, payout: 4.1 })).toBe(8.2);
  expect(callProfit({ revenue: 0, payout: 25 })).toBe(-25);
  expect(callProfit({ revenue: 0.3, payout: 0.1 })).toBe(0.2);
  const call = { revenue: 40, payout: 12.5, connected: false, repeat: true } as CallRecord;
  expect(RECORD_COLUMNS.filter((c) => !c.visible).map((c) => recordColumnValue(call, c.key))).toEqual([false, true, 40, 12.5, 27.5]);
});

test("the export's columns: the default set when absent, the keys given in their order, each once, unknown refused", () => {
  expect(parseExportColumns(undefined)).toEqual({ keys: DEFAULT_RECORD_COLUMN_KEYS });
  expect(parseExportColumns('profit,callTimestamp,revenue,profit')).toEqual({ keys: ['profit', 'callTimestamp', 'revenue'] });
  expect(parseExportColumns('callTimestamp,margin')).toEqual({ error: expect.stringContaining('"margin"') });
  expect(parseExportColumns('')).toEqual({ error: expect.stringContaining('unknown column ""') });
});
