import { DIMENSION_OF_PARAM, DIMENSION_PARAMS, DIMENSIONS, FILTER_DIMENSIONS, GROUP_BY_DIMENSIONS, GROUP_LABELS } from './dimensions';

test('each dimension goes by its own names: a param, and the parsed filter field of that param', () => {
  expect(DIMENSION_PARAMS).toEqual(['campaign', 'publisher', 'target', 'buyer']);
  for (const dimension of FILTER_DIMENSIONS) {
    const { param, idsField } = DIMENSIONS[dimension];
    expect(idsField).toBe(`${param}Ids`);
    expect(DIMENSION_OF_PARAM[param]).toBe(dimension);
  }
});

test('the group-by controls offer every dimension once, publisher first, each named in the singular', () => {
  expect([...GROUP_BY_DIMENSIONS].sort()).toEqual([...DIMENSION_PARAMS].sort());
  expect(GROUP_BY_DIMENSIONS[0]).toBe('publisher');
  expect(GROUP_LABELS).toEqual({ campaign: 'Campaign', publisher: 'Publisher', target: 'Target', buyer: 'Buyer' });
});
