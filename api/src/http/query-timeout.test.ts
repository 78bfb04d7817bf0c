import { QUERY_TIMEOUT_MESSAGE } from '@callboard/contract';
import { withStatement } from '../db/statement-timeout';
import { QUERY_TIMEOUT_RETRY_AFTER_SECONDS, queryTimeoutAnswer, queryTimeoutLog } from './query-timeout';

const cancelled = () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });

test('the log names the route, the filter, the user and the statement, without a stack', () => {
  const error = withStatement(cancelled(), 'SELECT c.id FROM calls c ORDER BY c.duration_sec ASC');
  const log = queryTimeoutLog({ method: 'GET', route: '/api/calls/records', query: { datePreset: 'this_year', sortBy: 'durationSec' }, userId: 'u1' }, error);
  expect(log).toEqual({
    route: '/api/calls/records',
    method: 'GET',
    filter: { datePreset: 'this_year', sortBy: 'durationSec' },
    userId: 'u1',
    sql: 'SELECT c.id FROM calls c ORDER BY c.duration_sec ASC',
    reason: 'canceling statement due to statement timeout',
  });
  expect(JSON.stringify(log)).not.toMatch(/\bat .*\.ts:\d+/);
});

test('the answer is a 503 in the envelope, with Retry-After and the advice to ask for less', () => {
  expect(queryTimeoutAnswer()).toEqual({
    statusCode: 503,
    headers: { 'retry-after': String(QUERY_TIMEOUT_RETRY_AFTER_SECONDS) },
    body: { success: false, code: 'UNAVAILABLE', message: QUERY_TIMEOUT_MESSAGE },
  });
  expect(QUERY_TIMEOUT_MESSAGE).toMatch(/narrower date range/);
});
