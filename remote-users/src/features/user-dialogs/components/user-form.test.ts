import { ApiError } from '@callboard/shared-auth/api-error';
import { makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import { createUserBody, emptyUserForm, fieldErrorsFrom, updateUserBody, userFormFrom, validateUserFormValues } from './user-form';

describe('the user form', () => {
  it('starts empty with role user, or filled from the user with a blank password', () => {
    expect(emptyUserForm()).toEqual({ name: '', email: '', password: '', currentPassword: '', role: 'user', active: true });
    const user = makeUser({ name: 'Ada', email: 'ada@example.com', role: 'admin', active: false });
    expect(userFormFrom(user)).toEqual({ name: 'Ada', email: 'ada@example.com', password: '', currentPassword: '', role: 'admin', active: false });
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
    const values = { name: ' Ada ', email: ' ada@example.com ', password: ' secret ', currentPassword: 'old-secret', role: 'admin' as const, active: false };
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
