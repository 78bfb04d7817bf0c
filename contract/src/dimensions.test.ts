import { DIMENSION_OF_PARAM, DIMENSION_PARAMS, DIMENSIONS, FILTER_DIMENSIONS } from './dimensions';

test('each dimension goes by its own names: a param, and the parsed filter field of that param', () => {
  expect(DIMENSION_PARAMS).toEqual(['campaign', 'publisher', 'target', 'buyer']);
  for (const dimension of FILTER_DIMENSIONS) {
    const { param, idsField } = DIMENSIONS[dimension];
    expect(idsField).toBe(`${param}Ids`);
    expect(DIMENSION_OF_PARAM[param]).toBe(dimension);
  }
});
