import { messagesByField, type FieldError } from './api-envelope';

const isNameOrEmail = (field: string): field is 'name' | 'email' => field === 'name' || field === 'email';

test('the first message of each field the form has, and the rest apart', () => {
  const errors: FieldError[] = [
    { field: 'email', message: 'Email is required' },
    { field: 'email', message: 'Email is invalid' },
    { field: 'role', message: 'Role is invalid' },
    { field: 'name', message: 'Name is too long' },
  ];
  expect(messagesByField(errors, isNameOrEmail)).toEqual({
    fields: { email: 'Email is required', name: 'Name is too long' },
    other: ['Role is invalid'],
  });
});

test('an item without a field goes with the rest; one that is not an object is skipped', () => {
  const fromServer = [null, { message: 'Too many payments' }, 'oops'] as unknown as FieldError[];
  expect(messagesByField(fromServer, isNameOrEmail)).toEqual({ fields: {}, other: ['Too many payments'] });
});
