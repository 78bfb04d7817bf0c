import { DEFAULT_PARTNER_FIELDS, type PartnerScope } from '@callboard/contract';
import { scopeKey } from './request-scope';

const scope: PartnerScope = { kind: 'publisher', ids: [3, 1], historyFrom: '2026-10-01', ...DEFAULT_PARTNER_FIELDS };

test('two scopes share a key only when every part is the same, field settings included', () => {
  expect(scopeKey({ ...scope, ids: [1, 3] })).toBe(scopeKey(scope));
  const others: PartnerScope[] = [
    { ...scope, kind: 'buyer' },
    { ...scope, ids: [1] },
    { ...scope, historyFrom: null },
    { ...scope, callerId: 'full' },
    { ...scope, recordings: !scope.recordings },
    { ...scope, transcripts: !scope.transcripts },
    { ...scope, counterparty: !scope.counterparty },
  ];
  const keys = new Set([scopeKey(scope), ...others.map(scopeKey), scopeKey(undefined)]);
  expect(keys.size).toBe(others.length + 2);
});
