import { ApiError } from '@callboard/shared-auth/api-error';
import { makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import { createUserBody, emptyUserForm, fieldErrorsFrom, updateUserBody, userFormFrom, validateUserFormValues } from './user-form';

describe('the user form', () => {
  it('starts empty with role user, or filled from the user with a blank password', () => {
    expect(emptyUserForm()).toEqual({ name: '', email: '', password: '', role: 'user', active: true });
    const user = makeUser({ name: 'Ada', email: 'ada@example.com', role: 'admin', active: false });
    expect(userFormFrom(user)).toEqual({ name: 'Ada', email: 'ada@example.com', password: '', role: 'admin', active: false });
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
  });

  it('builds the users API request bodies, trimmed', () => {
    const values = { name: ' Ada ', email: ' ada@example.com ', password: ' secret ', role: 'admin' as const, active: false };
    expect(createUserBody(values)).toEqual({ name: 'Ada', email: 'ada@example.com', password: ' secret ', role: 'admin' });
    expect(updateUserBody(values, { includeActive: true })).toEqual({ name: 'Ada', email: 'ada@example.com', password: ' secret ', role: 'admin', active: false });
    expect(updateUserBody(values, { includeActive: false })).not.toHaveProperty('active');
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
    expect(fieldErrorsFrom(new Error('boom'))).toEqual({});
  });
});
