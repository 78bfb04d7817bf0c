import { row } from '../../../testing/costs';
import { breakdownTotals, sortBreakdownRows } from './breakdown-rows';

const rows = [
  row('1', 'beta', { calls: 10, sales: 1, revenue: 0.1, payout: 0.05, profit: 0.05 }),
  row('2', 'Alpha 10', { calls: 20, sales: 1, revenue: 0.2, payout: 0.1, profit: 0.1 }),
  row('3', 'Alpha 9', { calls: 10, sales: 2, revenue: 0.2, payout: 0.3, profit: -0.1 }),
];

test('without a sort the server order stays', () => {
  expect(sortBreakdownRows(rows, undefined).map((r) => r.key)).toEqual(['1', '2', '3']);
});

test('labels sort as a person reads them: case-blind, numbers by value', () => {
  expect(sortBreakdownRows(rows, { sortBy: 'label', sortDir: 'asc' }).map((r) => r.label)).toEqual(['Alpha 9', 'Alpha 10', 'beta']);
});

test('ties keep the server order in both directions', () => {
  expect(sortBreakdownRows(rows, { sortBy: 'calls', sortDir: 'asc' }).map((r) => r.key)).toEqual(['1', '3', '2']);
  expect(sortBreakdownRows(rows, { sortBy: 'calls', sortDir: 'desc' }).map((r) => r.key)).toEqual(['2', '1', '3']);
});

test('an unknown sort key leaves the order alone', () => {
  expect(sortBreakdownRows(rows, { sortBy: 'nope', sortDir: 'asc' }).map((r) => r.key)).toEqual(['1', '2', '3']);
});

test('totals add money in cents and take the conversion of the sums', () => {
  expect(breakdownTotals(rows)).toEqual({
    key: 'total',
    label: 'Total',
    calls: 40,
    sales: 4,
    revenue: 0.5,
    payout: 0.45,
    profit: 0.05,
    conversionRate: 10,
  });
  expect(breakdownTotals([]).conversionRate).toBe(0);
});
