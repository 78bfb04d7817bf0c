import { ApiError } from '@callboard/shared-auth/api-error';
import { makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import {
  createUserBody,
  emptyScopeValues,
  emptyUserForm,
  fieldErrorsFrom,
  partnerScopeOf,
  scopeValuesFrom,
  todayInNewYork,
  updateUserBody,
  userFormFrom,
  validateUserFormValues,
} from './user-form';

describe('the user form', () => {
  it('starts empty with role user, or filled from the user with a blank password', () => {
    expect(emptyUserForm()).toEqual({ name: '', email: '', password: '', currentPassword: '', role: 'user', active: true, scope: emptyScopeValues() });
    const user = makeUser({ name: 'Ada', email: 'ada@example.com', role: 'admin', active: false });
    expect(userFormFrom(user)).toEqual({ name: 'Ada', email: 'ada@example.com', password: '', currentPassword: '', role: 'admin', active: false, scope: emptyScopeValues() });
  });

  it('checks the shared validation rules with their words', () => {
    expect(validateUserFormValues({ ...emptyUserForm(), role: '' }, 'create')).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      role: 'Role is required',
    });
    expect(validateUserFormValues({ ...emptyUserForm(), email: 'a@b', password: '12345' }, 'create')).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 6 characters',
    });
    // Editing: blank keeps the password, a short one is still refused; the name is optional either way.
    expect(validateUserFormValues({ ...emptyUserForm(), email: 'a@b.co' }, 'edit')).toEqual({});
    expect(validateUserFormValues({ ...emptyUserForm(), email: 'a@b.co', password: 'abc' }, 'edit')).toEqual({
      password: 'Password must be at least 6 characters',
    });
    // Your own account: a new password needs the current one; a blank one (kept) does not.
    const own = { ...emptyUserForm(), email: 'a@b.co', password: 'new-secret' };
    expect(validateUserFormValues(own, 'edit', { ownAccount: true })).toEqual({ currentPassword: 'Current password is required' });
    expect(validateUserFormValues({ ...own, currentPassword: 'old-secret' }, 'edit', { ownAccount: true })).toEqual({});
    expect(validateUserFormValues({ ...own, password: '' }, 'edit', { ownAccount: true })).toEqual({});
    expect(validateUserFormValues(own, 'edit')).toEqual({});
  });

  it('builds the users API request bodies, trimmed', () => {
    const values = { ...emptyUserForm(), name: ' Ada ', email: ' ada@example.com ', password: ' secret ', currentPassword: 'old-secret', role: 'admin' as const, active: false };
    expect(createUserBody(values)).toEqual({ name: 'Ada', email: 'ada@example.com', password: ' secret ', role: 'admin' });
    expect(updateUserBody(values, { includeActive: true })).toEqual({ name: 'Ada', email: 'ada@example.com', password: ' secret ', role: 'admin', active: false });
    expect(updateUserBody(values, { includeActive: false })).not.toHaveProperty('active');
    // The current password goes only with a new password for your own account.
    expect(updateUserBody(values, { includeActive: false })).not.toHaveProperty('currentPassword');
    expect(updateUserBody(values, { includeActive: false, ownAccount: true })).toMatchObject({ password: ' secret ', currentPassword: 'old-secret' });
    expect(updateUserBody({ ...values, password: '' }, { includeActive: false, ownAccount: true })).not.toHaveProperty('currentPassword');
  });

  it("maps the server's field errors onto the fields", () => {
    const invalid = new ApiError({
      kind: 'HTTP_ERROR',
      status: 400,
      body: { message: 'Invalid', code: 'VALIDATION_ERROR', errors: [{ field: 'email', message: 'Email is invalid' }, { field: 'avatar', message: 'Bad URL' }] },
    });
    expect(fieldErrorsFrom(invalid)).toEqual({ email: 'Email is invalid' });
    const taken = new ApiError({ kind: 'HTTP_ERROR', status: 409, body: { message: 'Email is already registered', code: 'CONFLICT' } });
    expect(fieldErrorsFrom(taken)).toEqual({ email: 'Email is already registered' });
    const lastAdmin = new ApiError({ kind: 'HTTP_ERROR', status: 409, body: { message: 'The last active admin cannot be deleted', code: 'CONFLICT' } });
    expect(fieldErrorsFrom(lastAdmin)).toEqual({});
    const wrongCurrent = new ApiError({
      kind: 'HTTP_ERROR',
      status: 403,
      body: { message: 'Current password is incorrect', code: 'FORBIDDEN', errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }] },
    });
    expect(fieldErrorsFrom(wrongCurrent)).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(fieldErrorsFrom(new Error('boom'))).toEqual({});
  });
});

describe('the partner scope in the user form', () => {
  const partner = { ...emptyUserForm(), email: 'blue@example.com', password: 'secret-1', role: 'partner' as const };

  it('says under each scope field what is missing, in the server’s words', () => {
    expect(validateUserFormValues(partner, 'create')).toEqual({ 'partnerScope.ids': 'Choose at least one publisher' });
    const chosenDay = { ...partner, scope: { ...partner.scope, kind: 'buyer' as const, ids: ['4'], history: 'date' as const, historyDate: '' } };
    expect(validateUserFormValues(chosenDay, 'create')).toEqual({ 'partnerScope.historyFrom': 'History start must be a date (YYYY-MM-DD), or null for all history' });
    expect(validateUserFormValues({ ...chosenDay, scope: { ...chosenDay.scope, historyDate: '2026-10-01' } }, 'create')).toEqual({});
    // Another role ignores the scope held in the form.
    expect(validateUserFormValues({ ...partner, role: 'user' }, 'create')).toEqual({});
  });

  it('sends the scope only with the partner role, the history start as a day or null', () => {
    const scope = { ...partner.scope, ids: ['2', '7'], history: 'all' as const, callerId: 'hidden' as const, counterparty: true };
    expect(createUserBody({ ...partner, scope }).partnerScope).toEqual({
      kind: 'publisher', ids: [2, 7], historyFrom: null, callerId: 'hidden', recordings: true, transcripts: true, counterparty: true,
    });
    expect(createUserBody({ ...partner, role: 'user', scope })).not.toHaveProperty('partnerScope');
    expect(updateUserBody({ ...partner, role: 'reviewer', scope }, { includeActive: true })).not.toHaveProperty('partnerScope');
    expect(partnerScopeOf({ ...scope, history: 'invite' }, '2026-11-28').historyFrom).toBe('2026-11-28');
    expect(partnerScopeOf({ ...scope, history: 'date', historyDate: '2026-10-01' }).historyFrom).toBe('2026-10-01');
  });

  it('opens a partner’s scope as stored: a day as the day chosen, null as all history', () => {
    const stored = { kind: 'buyer' as const, ids: [3], historyFrom: '2026-09-01', callerId: 'full' as const, recordings: false, transcripts: true, counterparty: false };
    expect(scopeValuesFrom(stored)).toEqual({ kind: 'buyer', ids: ['3'], history: 'date', historyDate: '2026-09-01', callerId: 'full', recordings: false, transcripts: true, counterparty: false });
    expect(scopeValuesFrom({ ...stored, historyFrom: null }).history).toBe('all');
    expect(todayInNewYork(new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-28');
  });

  it('puts the server’s scope errors under their fields, and a switch’s under the scope', () => {
    const error = new ApiError({
      kind: 'HTTP_ERROR',
      status: 400,
      body: {
        message: 'No publisher with id 9',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'partnerScope.ids', message: 'No publisher with id 9' }, { field: 'partnerScope.recordings', message: 'Must be true or false' }],
      },
    });
    expect(fieldErrorsFrom(error)).toEqual({ 'partnerScope.ids': 'No publisher with id 9', partnerScope: 'Must be true or false' });
  });
});
