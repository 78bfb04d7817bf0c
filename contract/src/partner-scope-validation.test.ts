import { partnerScopeBadge, type PartnerScope } from './partners';
import { isCalendarDay, normalisePartnerScope, validatePartnerScope, validateUserForm } from './validation';

const scope = { kind: 'publisher', ids: [3, 1], historyFrom: '2026-10-01', callerId: 'masked', recordings: true, transcripts: false, counterparty: false };
const user = { name: 'Blue Lead', email: 'blue@example.com', password: 'abc123', role: 'partner', partnerScope: scope };

describe('the partner scope in the user form', () => {
  test('a partner with a whole scope passes, and so does all history', () => {
    expect(validateUserForm(user, 'create')).toEqual([]);
    expect(validateUserForm({ ...user, partnerScope: { ...scope, historyFrom: null } }, 'edit')).toEqual([]);
  });

  test('a partner without a scope, and a scope on any other role, are named under partnerScope', () => {
    expect(validateUserForm({ ...user, partnerScope: undefined }, 'create')).toEqual([
      { field: 'partnerScope', message: 'A partner account needs a scope: its publishers or buyers, history start and fields' },
    ]);
    expect(validateUserForm({ ...user, role: 'reviewer' }, 'create')).toEqual([
      { field: 'partnerScope', message: 'Only a partner account has a scope; remove it or choose the Partner role' },
    ]);
    expect(validateUserForm({ ...user, role: 'user', partnerScope: null }, 'create')).toEqual([]);
  });

  test('each field of the scope is named when wrong', () => {
    expect(
      validatePartnerScope({ kind: 'seller', ids: [1.5], historyFrom: '2026-02-30', callerId: 'partial', recordings: 'yes', transcripts: 1, counterparty: null, extra: 1 }),
    ).toEqual([
      { field: 'partnerScope.extra', message: 'Not a scope field' },
      { field: 'partnerScope.kind', message: 'Partner kind must be publisher or buyer' },
      { field: 'partnerScope.ids', message: 'Publishers or buyers must be a list of ids' },
      { field: 'partnerScope.historyFrom', message: 'History start must be a date (YYYY-MM-DD), or null for all history' },
      { field: 'partnerScope.callerId', message: 'Caller id must be full, masked or hidden' },
      { field: 'partnerScope.recordings', message: 'Must be true or false' },
      { field: 'partnerScope.transcripts', message: 'Must be true or false' },
      { field: 'partnerScope.counterparty', message: 'Must be true or false' },
    ]);
    expect(validatePartnerScope('publisher')).toEqual([{ field: 'partnerScope', message: expect.stringContaining('Scope must be an object') }]);
  });

  test('ids: at least one, at most 100, said in the kind’s words', () => {
    expect(validatePartnerScope({ ...scope, kind: 'buyer', ids: [] })).toEqual([{ field: 'partnerScope.ids', message: 'Choose at least one buyer' }]);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(validatePartnerScope({ ...scope, ids: many })).toEqual([{ field: 'partnerScope.ids', message: 'A partner account covers at most 100 publishers' }]);
    expect(validatePartnerScope({ ...scope, ids: [...many.slice(0, 100), 1] })).toEqual([]);
  });

  test('calendar days and the stored shape', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(['2027-02-29', '2026-13-01', '26-01-01', '2026-1-01', 20260101].map(isCalendarDay)).toEqual([false, false, false, false, false]);
    expect(normalisePartnerScope({ ...scope, ids: [3, 1, 3] } as PartnerScope).ids).toEqual([1, 3]);
  });

  test('the badge counts the sources or buyers', () => {
    expect(partnerScopeBadge({ kind: 'publisher', ids: [1, 2] })).toBe('Publisher partner · 2 sources');
    expect(partnerScopeBadge({ kind: 'buyer', ids: [7] })).toBe('Buyer partner · 1 buyer');
  });
});
