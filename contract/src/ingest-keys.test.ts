import { INGEST_KEY_MESSAGES, INGEST_SCOPES, isIngestScope, parseIngestScopes } from './ingest-keys';

describe('parseIngestScopes', () => {
  test('omitted: the delivering scopes, never read', () => {
    expect(parseIngestScopes(undefined)).toEqual(['calls', 'qc']);
    expect(INGEST_SCOPES).toContain('read');
  });

  test('a subset comes back in the order of INGEST_SCOPES', () => {
    expect(parseIngestScopes(['calls'])).toEqual(['calls']);
    expect(parseIngestScopes(['qc'])).toEqual(['qc']);
    expect(parseIngestScopes(['qc', 'calls'])).toEqual(['calls', 'qc']);
    expect(parseIngestScopes(['read', 'calls'])).toEqual(['calls', 'read']);
  });

  test.each([null, 'calls', 'calls,qc', 1, {}, { 0: 'calls' }, true])('%j is not a list', (value) => {
    expect(parseIngestScopes(value)).toEqual({ field: 'scopes', message: 'scopes must be a list of scopes: any of calls, qc, read' });
  });

  test('an empty list names no scope', () => {
    expect(parseIngestScopes([])).toEqual({ field: 'scopes', message: 'scopes must name at least one scope: calls, qc, read' });
  });

  test.each([
    [['admin'], '"admin"'],
    [['calls', 'Calls'], '"Calls"'],
    [['calls', ' qc'], '" qc"'],
    [[1], '1'],
    [[null], 'null'],
    [[['calls']], '["calls"]'],
    [['x'.repeat(100)], `"${'x'.repeat(39)}…`],
  ])('%j names an unknown scope, quoted', (value, quoted) => {
    expect(parseIngestScopes(value)).toEqual({ field: 'scopes', message: `scopes names an unknown scope ${quoted}: the scopes are calls, qc, read` });
  });

  test('a scope named twice', () => {
    expect(parseIngestScopes(['qc', 'calls', 'qc'])).toEqual({ field: 'scopes', message: 'scopes names "qc" more than once' });
  });
});

test('isIngestScope holds for the scopes only', () => {
  expect(INGEST_SCOPES.every(isIngestScope)).toBe(true);
  for (const other of ['', 'CALLS', 'calls ', 'admin', undefined, null, 0]) expect(isIngestScope(other)).toBe(false);
});

test('a missing scope is named with what it allows', () => {
  expect(INGEST_KEY_MESSAGES.scopeMissing('calls')).toBe('This key lacks the "calls" scope: it may not deliver calls');
  expect(INGEST_KEY_MESSAGES.scopeMissing('qc')).toBe('This key lacks the "qc" scope: it may not deliver the QC bot\'s verdicts');
});
