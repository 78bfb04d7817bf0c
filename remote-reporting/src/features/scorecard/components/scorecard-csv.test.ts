import Papa from 'papaparse';
import { SCORE_ROWS } from '../../../testing/scorecard';
import { scorecardCsv } from './scorecard-csv';

test('the rows in their order, figures as the API gives them, text cells formula-safe', () => {
  const csv = scorecardCsv('publisher', SCORE_ROWS.publisher);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
  expect(header).toEqual([
    'Publisher', 'Calls', 'Connected', 'Sales', 'Sales rate', 'Voicemail', 'Hung up', 'Rejected / Unknown', 'No connect', 'Repeats', 'Repeat rate',
    'Revenue', 'Payout', 'Profit', 'Flags', 'Previous calls', 'Previous sales rate', 'Previous profit',
  ]);
  expect(rows.map((r) => r[0])).toEqual(['Acme Media', 'Beacon Leads', "'=cmd|calc"]);
  expect(rows[0]).toEqual(['Acme Media', '600', '570', '30', '5', '25', '2', '0', '5', '12', '2', '7000.00', '2000.00', '5000.00', 'flagVoicemail flagRedNoConnect', '500', '6', '5000.00']);
  // A negative profit is a number, not text to neutralise.
  expect(rows[2]?.[13]).toBe('-100.00');
});
