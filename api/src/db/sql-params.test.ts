import { paramBinder } from './sql-params';

test('each value is appended and gets the next placeholder', () => {
  const params: unknown[] = ['already there'];
  const bind = paramBinder(params);
  expect(`a = ${bind(1)} AND b = ${bind('x')}`).toBe('a = $2 AND b = $3');
  expect(params).toEqual(['already there', 1, 'x']);
});

test('a condition built apart is numbered after the parameters it will follow', () => {
  const params: unknown[] = [];
  const bind = paramBinder(params, 4);
  expect(bind(true)).toBe('$5');
  expect(params).toEqual([true]);
});
