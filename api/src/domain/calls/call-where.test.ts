import { parseCallFilter } from './call-filter';
import { callWhere } from './call-where';

const where = (search: string) => {
  const filter = parseCallFilter({ datePreset: 'today', search }, new Date('2026-11-20T15:00:00Z'));
  return callWhere(filter, filter.range);
};

describe('caller-id search', () => {
  test('four characters or more: the pieces index condition joins the ILIKE, bound to the search as typed', () => {
    const { sql, params } = where('5551');
    expect(sql).toContain('c.caller_id ILIKE $3');
    expect(sql).toContain('caller_id_grams(c.caller_id) @> caller_id_grams($4)');
    expect(params.slice(2)).toEqual(['%5551%', '5551']);
  });

  test('shorter searches have no pieces to look up: the ILIKE alone', () => {
    const { sql } = where('555');
    expect(sql).toContain('c.caller_id ILIKE');
    expect(sql).not.toContain('caller_id_grams');
  });

  test('length is counted in characters, as PostgreSQL counts it', () => {
    expect(where('😀😀😀').sql).not.toContain('caller_id_grams');
    expect(where('😀😀😀😀').sql).toContain('caller_id_grams');
  });
});
