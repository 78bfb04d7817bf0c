import { ID_LIST_MAX_ITEMS, isIdText, parseIdList } from './id-list';

test('an id is a positive whole number in plain digits that fits a PostgreSQL integer', () => {
  for (const good of ['1', '42', '999999999']) expect(isIdText(good)).toBe(true);
  for (const bad of ['', '0', '042', '-1', '+1', '1.5', '1e3', '0x10', '1234567890', ' 1', '1;DROP TABLE calls']) {
    expect(isIdText(bad)).toBe(false);
  }
});

test('a list is comma-joined ids, trimmed, empty parts skipped, duplicates dropped', () => {
  expect(parseIdList('campaign', '3, 1,,2 ,3,')).toEqual([3, 1, 2]);
  expect(parseIdList('campaign', undefined)).toEqual([]);
  expect(parseIdList('campaign', ' , ')).toEqual([]);
});

test('a bad list names its field', () => {
  expect(parseIdList('buyer', '1,two')).toEqual({ field: 'buyer', message: 'buyer must be a comma-separated list of ids' });
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
  expect(parseIdList('buyer', ids(ID_LIST_MAX_ITEMS))).toHaveLength(ID_LIST_MAX_ITEMS);
  expect(parseIdList('buyer', ids(ID_LIST_MAX_ITEMS + 1))).toEqual({ field: 'buyer', message: `buyer can list at most ${ID_LIST_MAX_ITEMS} ids` });
});
