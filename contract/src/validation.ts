/**
 * The validation rules of the sign-in, registration and user forms, shared by the forms and the server so both
 * say exactly the same words. Each validator returns every problem it finds,
 * one per field, in the order the form shows the fields.
 */
import type { FieldError } from './api-envelope';
import { ROLES } from './users';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';

export const MESSAGES = {
  nameRequired: 'Full name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  /** The server's 403 when it is wrong; the form shows it under the field. */
  currentPasswordWrong: 'Current password is incorrect',
  roleRequired: 'Role is required',
  roleInvalid: 'Role must be user or admin',
} as const;

// Address-like: something@something.tld, no spaces. Deliberately not RFC 5322.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

type Input = Record<string, unknown>;

function text(input: Input, key: string): string {
  const value = input[key];
  return typeof value === 'string' ? value : '';
}

function checkEmail(input: Input, errors: FieldError[]): void {
  const email = text(input, 'email').trim();
  if (!email) errors.push({ field: 'email', message: MESSAGES.emailRequired });
  else if (!isEmail(email)) errors.push({ field: 'email', message: MESSAGES.emailInvalid });
}

/** `required`: whether an empty password is an error (creation) or means "keep" (editing). */
function checkPassword(input: Input, errors: FieldError[], required: boolean): void {
  const password = text(input, 'password');
  if (!password) {
    if (required) errors.push({ field: 'password', message: MESSAGES.passwordRequired });
  } else if (password.length < PASSWORD_MIN_LENGTH) {
    errors.push({ field: 'password', message: MESSAGES.passwordTooShort });
  } else if (password.length > PASSWORD_MAX_LENGTH) {
    errors.push({ field: 'password', message: MESSAGES.passwordTooLong });
  }
}

function checkOptionalName(input: Input, errors: FieldError[]): void {
  if (text(input, 'name').trim().length > NAME_MAX_LENGTH) {
    errors.push({ field: 'name', message: MESSAGES.nameTooLong });
  }
}

export function validateLogin(input: Input): FieldError[] {
  const errors: FieldError[] = [];
  checkEmail(input, errors);
  checkPassword(input, errors, true);
  return errors;
}

/** `confirmPassword` is checked only when the input carries it (the form does, the API does not). */
export function validateRegistration(input: Input): FieldError[] {
  const errors: FieldError[] = [];
  if (!text(input, 'name').trim()) errors.push({ field: 'name', message: MESSAGES.nameRequired });
  else checkOptionalName(input, errors);
  checkEmail(input, errors);
  checkPassword(input, errors, true);
  if ('confirmPassword' in input) {
    const confirm = text(input, 'confirmPassword');
    if (!confirm) errors.push({ field: 'confirmPassword', message: MESSAGES.confirmRequired });
    else if (confirm !== text(input, 'password')) {
      errors.push({ field: 'confirmPassword', message: MESSAGES.passwordsDiffer });
    }
  }
  return errors;
}

export interface UserFormContext {
  /**
   * The person is editing their own account: a new password then needs the current one
   * (`currentPassword`), so a signed-in screen left open cannot be used to take the account over.
   */
  ownAccount?: boolean;
}

/** The Create/Edit User form; `mode: 'edit'` allows a blank password (keep the current one). */
export function validateUserForm(input: Input, mode: 'create' | 'edit', { ownAccount = false }: UserFormContext = {}): FieldError[] {
  const errors: FieldError[] = [];
  checkOptionalName(input, errors);
  checkEmail(input, errors);
  checkPassword(input, errors, mode === 'create');
  if (mode === 'edit' && ownAccount && text(input, 'password') && !text(input, 'currentPassword')) {
    errors.push({ field: 'currentPassword', message: MESSAGES.currentPasswordRequired });
  }
  const role = input.role;
  if (role === undefined || role === null || role === '') {
    errors.push({ field: 'role', message: MESSAGES.roleRequired });
  } else if (!(ROLES as readonly unknown[]).includes(role)) {
    errors.push({ field: 'role', message: MESSAGES.roleInvalid });
  }
  return errors;
}

/** Lower-cased, trimmed: emails are unique regardless of case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
