import { verdictAfter } from './call-changes';

const sale = { status: 'Sales', sub_disposition: 'Enrolled', reason: 'Bought the plan' };

test('a new status clears the sub disposition and reason of the old one', () => {
  expect(verdictAfter(sale, { status: 'Callback' })).toEqual({ status: 'Callback', sub_disposition: null, reason: null });
});

test('the same status keeps what it had, unless the change names new texts', () => {
  expect(verdictAfter(sale, { status: 'Sales' })).toEqual(sale);
  expect(verdictAfter(sale, { status: 'Sales', reason: 'Second look' })).toEqual({ ...sale, reason: 'Second look' });
});

test('texts the change names are taken as given: set, or cleared with null', () => {
  expect(verdictAfter(sale, { status: 'Callback', sub_disposition: 'Evening' })).toEqual({ status: 'Callback', sub_disposition: 'Evening', reason: null });
  expect(verdictAfter(sale, { status: 'Sales', sub_disposition: null, reason: null })).toEqual({ status: 'Sales', sub_disposition: null, reason: null });
});
