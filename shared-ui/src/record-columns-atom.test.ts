import { DEFAULT_RECORD_COLUMN_KEYS, RECORD_COLUMN_KEYS } from '@callboard/contract';
import { sanitizeColumnSettings, settingsShowing, visibleColumnKeys } from './record-columns-atom';

test('the sanitizer keeps known columns once each, each on the side it can be on', () => {
  expect(sanitizeColumnSettings({ hidden: ['reason', 'nope', 3, 'reason', 'profit'], shown: ['revenue', 'revenue', 'status', 'margin'] })).toEqual({
    hidden: ['reason'],
    shown: ['revenue'],
  });
  expect(sanitizeColumnSettings('garbage')).toEqual({ hidden: [], shown: [] });
  expect(sanitizeColumnSettings(undefined)).toEqual({ hidden: [], shown: [] });
});

test("the visible keys: the spec's columns minus the hidden ones, plus the chosen ones, in table order", () => {
  expect(visibleColumnKeys({ hidden: [] })).toEqual(DEFAULT_RECORD_COLUMN_KEYS);
  expect(visibleColumnKeys({ hidden: ['callerId', 'transcript'] })).toEqual(DEFAULT_RECORD_COLUMN_KEYS.filter((k) => k !== 'callerId' && k !== 'transcript'));
  expect(visibleColumnKeys({ hidden: ['transcript'], shown: ['profit', 'revenue'] })).toEqual([
    ...DEFAULT_RECORD_COLUMN_KEYS.filter((k) => k !== 'transcript'),
    'revenue',
    'profit',
  ]);
});

test('settings showing some keys hide all the others, whatever order or unknown keys are given', () => {
  const settings = settingsShowing(['status', 'payout', 'callTimestamp', 'notAColumn']);
  expect(visibleColumnKeys(settings)).toEqual(['callTimestamp', 'status', 'payout']);
  expect(settings.hidden).toHaveLength(DEFAULT_RECORD_COLUMN_KEYS.length - 2);
  expect(settings.shown).toEqual(['payout']);
  expect(visibleColumnKeys(settingsShowing(RECORD_COLUMN_KEYS))).toEqual([...RECORD_COLUMN_KEYS]);
});
