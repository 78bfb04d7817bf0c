import { RECORD_COLUMN_KEYS } from '@callboard/contract';
import { sanitizeColumnSettings, settingsShowing, visibleColumnKeys } from './record-columns-atom';

test('the sanitizer keeps known hidden columns once each', () => {
  expect(sanitizeColumnSettings({ hidden: ['reason', 'nope', 3, 'reason'] })).toEqual({ hidden: ['reason'] });
  expect(sanitizeColumnSettings('garbage')).toEqual({ hidden: [] });
  expect(sanitizeColumnSettings(undefined)).toEqual({ hidden: [] });
});

test('the visible keys are the table order minus the hidden ones', () => {
  expect(visibleColumnKeys({ hidden: [] })).toEqual([...RECORD_COLUMN_KEYS]);
  expect(visibleColumnKeys({ hidden: ['callerId', 'transcript'] })).toEqual(RECORD_COLUMN_KEYS.filter((k) => k !== 'callerId' && k !== 'transcript'));
});

test('settings showing some keys hide all the others, whatever order or unknown keys are given', () => {
  const settings = settingsShowing(['status', 'callTimestamp', 'notAColumn']);
  expect(visibleColumnKeys(settings)).toEqual(['callTimestamp', 'status']);
  expect(settings.hidden).toHaveLength(RECORD_COLUMN_KEYS.length - 2);
});
