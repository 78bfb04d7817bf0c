import { CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT, CHANGES_MESSAGES, parseChangesQuery } from './changes';

test('no parameters: from the oldest change kept, the default page, every kind, JSON', () => {
  expect(parseChangesQuery({})).toEqual({ after: 0, limit: CHANGES_DEFAULT_LIMIT, kinds: null, format: 'json' });
  expect(parseChangesQuery({ after: ' ', kinds: '', format: '' })).toEqual({ after: 0, limit: CHANGES_DEFAULT_LIMIT, kinds: null, format: 'json' });
});

test('each parameter read, kinds in the contract’s order and each once', () => {
  expect(parseChangesQuery({ after: '48212', limit: String(CHANGES_MAX_LIMIT), kinds: 'qc_verdict, created,qc_verdict', format: 'csv' })).toEqual({
    after: 48212,
    limit: CHANGES_MAX_LIMIT,
    kinds: ['created', 'qc_verdict'],
    format: 'csv',
  });
  // Only separators: no kind named, so every kind.
  expect(parseChangesQuery({ kinds: ',,' })).toMatchObject({ kinds: null });
});

test('every bad parameter is named with its message, all at once', () => {
  expect(parseChangesQuery({ after: '-3', limit: '0', kinds: 'created,deleted', format: 'xml' })).toEqual([
    { field: 'after', message: CHANGES_MESSAGES.after },
    { field: 'limit', message: CHANGES_MESSAGES.limit },
    { field: 'kinds', message: CHANGES_MESSAGES.kinds('deleted') },
    { field: 'format', message: CHANGES_MESSAGES.format },
  ]);
  for (const after of ['1.5', '1e3', '99999999999999999', 'abc']) expect(parseChangesQuery({ after })).toEqual([{ field: 'after', message: CHANGES_MESSAGES.after }]);
  for (const limit of ['10001', '-1', 'ten']) expect(parseChangesQuery({ limit })).toEqual([{ field: 'limit', message: CHANGES_MESSAGES.limit }]);
  // A parameter given twice is refused, not read as one of its values.
  expect(parseChangesQuery({ after: ['1', '2'] })).toEqual([{ field: 'after', message: CHANGES_MESSAGES.after }]);
  expect(parseChangesQuery({ format: ['json', 'csv'] })).toEqual([{ field: 'format', message: CHANGES_MESSAGES.format }]);
});
