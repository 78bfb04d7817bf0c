import {
  isEmail,
  normaliseEmail,
  validateLogin,
  validateRegistration,
  validateProfileUpdate,
  validateUserForm,
} from './validation';

const SIX = 'abc123';
const FIVE = 'abc12';
const MAX_PASSWORD = 'p'.repeat(256);
const TOO_LONG_PASSWORD = 'p'.repeat(257);

describe('isEmail', () => {
  test.each(['a@b.co', 'first.last+tag@example.org', 'x@sub.domain.io'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  test.each(['', 'plain', 'no-at.example.com', 'a@b', 'a@@b.co', 'a b@c.de', 'a@b c.de', '@b.co', 'a@.co'])(
    'rejects %j',
    (value) => {
      expect(isEmail(value)).toBe(false);
    },
  );

  test('accepts 254 characters and rejects 255', () => {
    const domain = '@example.com';
    expect(isEmail('a'.repeat(254 - domain.length) + domain)).toBe(true);
    expect(isEmail('a'.repeat(255 - domain.length) + domain)).toBe(false);
  });
});

describe('normaliseEmail', () => {
  test('trims and lower-cases', () => {
    expect(normaliseEmail('  Alice.Smith@Example.COM \n')).toBe('alice.smith@example.com');
  });

  test('leaves an already normal address unchanged', () => {
    expect(normaliseEmail('bob@example.com')).toBe('bob@example.com');
  });
});

describe('validateLogin', () => {
  test('accepts a valid email and password', () => {
    expect(validateLogin({ email: 'a@b.co', password: SIX })).toEqual([]);
  });

  test('reports both fields missing, email first', () => {
    expect(validateLogin({})).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  test('treats a whitespace-only email and non-string values as missing', () => {
    expect(validateLogin({ email: '   ', password: 123456 })).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  test('reports an invalid email', () => {
    expect(validateLogin({ email: 'not-an-email', password: SIX })).toEqual([
      { field: 'email', message: 'Email is invalid' },
    ]);
  });

  test('trims the email before checking it', () => {
    expect(validateLogin({ email: '  a@b.co  ', password: SIX })).toEqual([]);
  });

  test('reports a password shorter than 6 characters', () => {
    expect(validateLogin({ email: 'a@b.co', password: FIVE })).toEqual([
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  test('accepts 256 characters and reports 257', () => {
    expect(validateLogin({ email: 'a@b.co', password: MAX_PASSWORD })).toEqual([]);
    expect(validateLogin({ email: 'a@b.co', password: TOO_LONG_PASSWORD })).toEqual([
      { field: 'password', message: 'Password must be at most 256 characters' },
    ]);
  });
});

describe('validateRegistration', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: SIX };

  test('accepts valid input without confirmPassword (the API shape)', () => {
    expect(validateRegistration(valid)).toEqual([]);
  });

  test('accepts a matching confirmPassword (the form shape)', () => {
    expect(validateRegistration({ ...valid, confirmPassword: SIX })).toEqual([]);
  });

  test('reports every missing field in form order', () => {
    expect(validateRegistration({})).toEqual([
      { field: 'name', message: 'Full name is required' },
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  test('treats a whitespace-only name as missing', () => {
    expect(validateRegistration({ ...valid, name: '   \t' })).toEqual([
      { field: 'name', message: 'Full name is required' },
    ]);
  });

  test('accepts a 100-character name and reports 101', () => {
    expect(validateRegistration({ ...valid, name: 'n'.repeat(100) })).toEqual([]);
    expect(validateRegistration({ ...valid, name: 'n'.repeat(101) })).toEqual([
      { field: 'name', message: 'Name must be at most 100 characters' },
    ]);
  });

  test('reports an invalid email and a short password', () => {
    expect(validateRegistration({ ...valid, email: 'ada@', password: FIVE })).toEqual([
      { field: 'email', message: 'Email is invalid' },
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  test('reports a password longer than 256 characters', () => {
    expect(validateRegistration({ ...valid, password: TOO_LONG_PASSWORD })).toEqual([
      { field: 'password', message: 'Password must be at most 256 characters' },
    ]);
  });

  test('asks to confirm the password when confirmPassword is present but empty', () => {
    expect(validateRegistration({ ...valid, confirmPassword: '' })).toEqual([
      { field: 'confirmPassword', message: 'Please confirm your password' },
    ]);
  });

  test('reports passwords that do not match', () => {
    expect(validateRegistration({ ...valid, confirmPassword: 'abc124' })).toEqual([
      { field: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  test('reports every problem of an empty form, confirmPassword last', () => {
    expect(validateRegistration({ name: '', email: '', password: '', confirmPassword: '' })).toEqual([
      { field: 'name', message: 'Full name is required' },
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
      { field: 'confirmPassword', message: 'Please confirm your password' },
    ]);
  });
});

describe('validateUserForm', () => {
  const valid = { name: 'Grace Hopper', email: 'grace@example.com', password: SIX, role: 'user' };

  test('accepts valid input in both modes, for every role', () => {
    expect(validateUserForm(valid, 'create')).toEqual([]);
    expect(validateUserForm({ ...valid, role: 'reviewer' }, 'create')).toEqual([]);
    expect(validateUserForm({ ...valid, role: 'admin' }, 'edit')).toEqual([]);
  });

  test('the name is optional but limited to 100 characters', () => {
    expect(validateUserForm({ ...valid, name: '' }, 'create')).toEqual([]);
    expect(validateUserForm({ ...valid, name: 'n'.repeat(101) }, 'create')).toEqual([
      { field: 'name', message: 'Name must be at most 100 characters' },
    ]);
  });

  test('create mode requires a password', () => {
    expect(validateUserForm({ ...valid, password: '' }, 'create')).toEqual([
      { field: 'password', message: 'Password is required' },
    ]);
  });

  test('edit mode allows a blank password (keep the current one)', () => {
    expect(validateUserForm({ ...valid, password: '' }, 'edit')).toEqual([]);
    const { password: _omitted, ...withoutPassword } = valid;
    expect(validateUserForm(withoutPassword, 'edit')).toEqual([]);
  });

  test('your own new password needs the current one; a blank one (kept) or someone else\'s does not', () => {
    expect(validateUserForm(valid, 'edit', { ownAccount: true })).toEqual([
      { field: 'currentPassword', message: 'Current password is required' },
    ]);
    expect(validateUserForm({ ...valid, currentPassword: '' }, 'edit', { ownAccount: true })).toEqual([
      { field: 'currentPassword', message: 'Current password is required' },
    ]);
    expect(validateUserForm({ ...valid, currentPassword: 'the-old-one' }, 'edit', { ownAccount: true })).toEqual([]);
    expect(validateUserForm({ ...valid, password: '' }, 'edit', { ownAccount: true })).toEqual([]);
    expect(validateUserForm(valid, 'edit', { ownAccount: false })).toEqual([]);
    expect(validateUserForm(valid, 'edit')).toEqual([]);
  });

  test.each(['create', 'edit'] as const)('%s mode still checks a given password length', (mode) => {
    expect(validateUserForm({ ...valid, password: FIVE }, mode)).toEqual([
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);
    expect(validateUserForm({ ...valid, password: TOO_LONG_PASSWORD }, mode)).toEqual([
      { field: 'password', message: 'Password must be at most 256 characters' },
    ]);
  });

  test.each([undefined, null, ''])('reports "Role is required" for role %j', (role) => {
    expect(validateUserForm({ ...valid, role }, 'create')).toEqual([
      { field: 'role', message: 'Role is required' },
    ]);
  });

  test.each(['superuser', 'Admin', 1, true])('reports "Role must be user, reviewer, admin or partner" for role %j', (role) => {
    expect(validateUserForm({ ...valid, role }, 'edit')).toEqual([
      { field: 'role', message: 'Role must be user, reviewer, admin or partner' },
    ]);
  });

  test('reports every problem in form order', () => {
    expect(validateUserForm({ name: 'n'.repeat(101), email: 'bad', password: '', role: 'root' }, 'create')).toEqual([
      { field: 'name', message: 'Name must be at most 100 characters' },
      { field: 'email', message: 'Email is invalid' },
      { field: 'password', message: 'Password is required' },
      { field: 'role', message: 'Role must be user, reviewer, admin or partner' },
    ]);
  });
});

describe('validateProfileUpdate', () => {
  test('accepts each change alone, and all of them together', () => {
    expect(validateProfileUpdate({ name: 'Grace Hopper' })).toEqual([]);
    expect(validateProfileUpdate({ avatar: 'https://cdn.example.com/grace.png' })).toEqual([]);
    expect(validateProfileUpdate({ avatar: 'http://example.com/a.png' })).toEqual([]);
    expect(validateProfileUpdate({ avatar: null })).toEqual([]);
    expect(validateProfileUpdate({ currentPassword: 'old-one', newPassword: SIX })).toEqual([]);
    expect(
      validateProfileUpdate({ name: 'Grace', avatar: null, currentPassword: 'old-one', newPassword: MAX_PASSWORD, confirmPassword: MAX_PASSWORD }),
    ).toEqual([]);
  });

  test('a body that changes nothing is refused under "body"', () => {
    const nothing = [{ field: 'body', message: 'Nothing to change: give a name, an avatar or a new password' }];
    expect(validateProfileUpdate({})).toEqual(nothing);
    expect(validateProfileUpdate({ newPassword: '' })).toEqual(nothing);
  });

  test('a given name is trimmed, required and at most 100 characters', () => {
    expect(validateProfileUpdate({ name: '   ' })).toEqual([{ field: 'name', message: 'Full name is required' }]);
    expect(validateProfileUpdate({ name: ` ${'n'.repeat(100)} ` })).toEqual([]);
    expect(validateProfileUpdate({ name: 'n'.repeat(101) })).toEqual([{ field: 'name', message: 'Name must be at most 100 characters' }]);
  });

  test.each(['', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png', 'example.com/a.png'])(
    'refuses the avatar %j: http(s) only',
    (avatar) => {
      expect(validateProfileUpdate({ avatar })).toEqual([{ field: 'avatar', message: 'Avatar URL must start with http:// or https://' }]);
    },
  );

  test('an avatar URL is at most 2000 characters', () => {
    const base = 'https://example.com/';
    expect(validateProfileUpdate({ avatar: base + 'a'.repeat(2000 - base.length) })).toEqual([]);
    expect(validateProfileUpdate({ avatar: base + 'a'.repeat(2001 - base.length) })).toEqual([
      { field: 'avatar', message: 'Avatar URL must be at most 2000 characters' },
    ]);
  });

  test('a new password needs the current one and the usual length', () => {
    expect(validateProfileUpdate({ newPassword: SIX })).toEqual([{ field: 'currentPassword', message: 'Current password is required' }]);
    expect(validateProfileUpdate({ newPassword: FIVE, currentPassword: 'old' })).toEqual([
      { field: 'newPassword', message: 'Password must be at least 6 characters' },
    ]);
    expect(validateProfileUpdate({ newPassword: TOO_LONG_PASSWORD, currentPassword: 'old' })).toEqual([
      { field: 'newPassword', message: 'Password must be at most 256 characters' },
    ]);
  });

  test('a current password without a new one asks for the new one', () => {
    expect(validateProfileUpdate({ name: 'Grace', currentPassword: 'old' })).toEqual([{ field: 'newPassword', message: 'New password is required' }]);
  });

  test('the form\'s confirmation must be given with a new password and match it', () => {
    expect(validateProfileUpdate({ currentPassword: 'old', newPassword: SIX, confirmPassword: '' })).toEqual([
      { field: 'confirmPassword', message: 'Please confirm your password' },
    ]);
    expect(validateProfileUpdate({ currentPassword: 'old', newPassword: SIX, confirmPassword: 'abc124' })).toEqual([
      { field: 'confirmPassword', message: 'Passwords do not match' },
    ]);
    expect(validateProfileUpdate({ name: 'Grace', newPassword: '', confirmPassword: 'typed' })).toEqual([
      { field: 'confirmPassword', message: 'Passwords do not match' },
    ]);
    expect(validateProfileUpdate({ name: 'Grace', newPassword: '', confirmPassword: '' })).toEqual([]);
  });

  test('email and role are refused by name, whatever their value', () => {
    expect(validateProfileUpdate({ name: 'Grace', email: 'grace@example.com', role: 'admin' })).toEqual([
      { field: 'email', message: 'Email cannot be changed in your profile; an admin can change it' },
      { field: 'role', message: 'Role cannot be changed in your profile; an admin can change it' },
    ]);
    expect(validateProfileUpdate({ role: null })).toEqual([{ field: 'role', message: 'Role cannot be changed in your profile; an admin can change it' }]);
  });

  test('`password`, the users API\'s name for a new one, is refused rather than ignored', () => {
    expect(validateProfileUpdate({ name: 'Grace', password: SIX })).toEqual([
      { field: 'password', message: 'Send a new password as newPassword, with currentPassword' },
    ]);
  });

  test('reports every problem in form order', () => {
    expect(validateProfileUpdate({ name: '', avatar: 'nope', newPassword: FIVE, confirmPassword: 'x' })).toEqual([
      { field: 'name', message: 'Full name is required' },
      { field: 'avatar', message: 'Avatar URL must start with http:// or https://' },
      { field: 'currentPassword', message: 'Current password is required' },
      { field: 'newPassword', message: 'Password must be at least 6 characters' },
      { field: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });
});
