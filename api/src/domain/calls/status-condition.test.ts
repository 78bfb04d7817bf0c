import { DISPOSITIONS, REJECTED_UNKNOWN } from '@callboard/contract';
import { paramBinder } from '../../db/sql-params';
import { statusCondition } from './status-condition';

const condition = (statuses: string[]) => {
  const params: unknown[] = [];
  return { sql: statusCondition('c.status', statuses, paramBinder(params)), params };
};

describe('status condition', () => {
  test('statuses as stored', () => {
    expect(condition(['Sales', 'Weird'])).toEqual({ sql: 'c.status = ANY($1::text[])', params: [['Sales', 'Weird']] });
  });

  test('Rejected / Unknown alone: every status outside the 14, the empty one included', () => {
    expect(condition([REJECTED_UNKNOWN])).toEqual({ sql: 'NOT (c.status = ANY($1::text[]))', params: [[...DISPOSITIONS]] });
  });

  test('Rejected / Unknown beside other statuses: either', () => {
    expect(condition(['Sales', REJECTED_UNKNOWN])).toEqual({
      sql: '(c.status = ANY($1::text[]) OR NOT (c.status = ANY($2::text[])))',
      params: [['Sales'], [...DISPOSITIONS]],
    });
  });
});
