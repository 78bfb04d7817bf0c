/**
 * The validation rules of the sign-in, registration, user and profile forms, shared by the forms and the server so both
 * say exactly the same words. Each validator returns every problem it finds,
 * one per field, in the order the form shows the fields.
 */
import type { FieldError } from './api-envelope';
import { ROLES } from './users';
import { CALLER_ID_VISIBILITY, PARTNER_KINDS, PARTNER_SCOPE_MAX_IDS, type PartnerKind, type PartnerScope } from './partners';
import {
  AVATAR_URL_MAX_LENGTH,
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
  roleInvalid: 'Role must be user, reviewer, admin or partner',
  newPasswordRequired: 'New password is required',
  avatarInvalid: 'Avatar URL must start with http:// or https://',
  avatarTooLong: `Avatar URL must be at most ${AVATAR_URL_MAX_LENGTH} characters`,
  /** `password` is the users API's name for it; the profile takes `newPassword`, beside `currentPassword`. */
  profilePasswordField: 'Send a new password as newPassword, with currentPassword',
  emailNotEditable: 'Email cannot be changed in your profile; an admin can change it',
  roleNotEditable: 'Role cannot be changed in your profile; an admin can change it',
  profileEmpty: 'Nothing to change: give a name, an avatar or a new password',
  partnerScopeRequired: 'A partner account needs a scope: its publishers or buyers, history start and fields',
  partnerScopeOnlyPartners: 'Only a partner account has a scope; remove it or choose the Partner role',
  partnerScopeInvalid: 'Scope must be an object with kind, ids, historyFrom, callerId, recordings, transcripts and counterparty',
  partnerKindInvalid: 'Partner kind must be publisher or buyer',
  partnerIdsInvalid: 'Publishers or buyers must be a list of ids',
  partnerHistoryInvalid: 'History start must be a date (YYYY-MM-DD), or null for all history',
  partnerCallerIdInvalid: 'Caller id must be full, masked or hidden',
  partnerSwitchInvalid: 'Must be true or false',
  partnerFieldUnknown: 'Not a scope field',
  /** PATCH /api/users/{id}/role cannot give a scope: the user dialog does. */
  partnerRoleNeedsScope: 'A partner account needs a scope: edit the user to choose Partner and set its scope',
} as const;

/** Under Publishers/Buyers when none is chosen: "Choose at least one publisher". */
export function partnerIdsRequiredMessage(kind: PartnerKind): string {
  return `Choose at least one ${kind}`;
}

/** Under Publishers/Buyers when too many are chosen. */
export function partnerIdsTooManyMessage(kind: PartnerKind): string {
  return `A partner account covers at most ${PARTNER_SCOPE_MAX_IDS} ${kind}s`;
}

/** The server's answer when a chosen id is no publisher (or buyer) of the network: "No publisher with id 42". */
export function partnerIdsUnknownMessage(kind: PartnerKind, ids: readonly number[]): string {
  return `No ${kind} with id ${ids.join(', ')}`;
}

/**
 * What an avatar URL must start with, as a JSON-schema pattern: the browser loads it as an image, so
 * http(s) only (never `javascript:` or `data:`). The users API's schema holds it too.
 */
export const AVATAR_URL_PATTERN = '^https?://';
const AVATAR_URL = new RegExp(AVATAR_URL_PATTERN);

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
  checkRoleScope(input, errors);
  return errors;
}

const SCOPE_FIELDS = ['kind', 'ids', 'historyFrom', 'callerId', 'recordings', 'transcripts', 'counterparty'] as const;
const SWITCHES = ['recordings', 'transcripts', 'counterparty'] as const;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A partner account's scope as the user form and the users API take it; each problem named by its field
 * (`partnerScope.kind`, `partnerScope.ids`, ...). Whether the ids are the network's publishers or buyers
 * only the server can say (partnerIdsUnknownMessage).
 */
export function validatePartnerScope(scope: unknown): FieldError[] {
  if (typeof scope !== 'object' || scope === null || Array.isArray(scope)) {
    return [{ field: 'partnerScope', message: MESSAGES.partnerScopeInvalid }];
  }
  const input = scope as Input;
  const errors: FieldError[] = [];
  const field = (name: string) => `partnerScope.${name}`;
  for (const key of Object.keys(input)) {
    if (!(SCOPE_FIELDS as readonly string[]).includes(key)) errors.push({ field: field(key), message: MESSAGES.partnerFieldUnknown });
  }
  const kind = (PARTNER_KINDS as readonly unknown[]).includes(input.kind) ? (input.kind as PartnerKind) : undefined;
  if (!kind) errors.push({ field: field('kind'), message: MESSAGES.partnerKindInvalid });
  const ids = input.ids;
  if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
    errors.push({ field: field('ids'), message: MESSAGES.partnerIdsInvalid });
  } else if (ids.length === 0) {
    errors.push({ field: field('ids'), message: partnerIdsRequiredMessage(kind ?? 'publisher') });
  } else if (new Set(ids).size > PARTNER_SCOPE_MAX_IDS) {
    errors.push({ field: field('ids'), message: partnerIdsTooManyMessage(kind ?? 'publisher') });
  }
  if (input.historyFrom !== null && !isCalendarDay(input.historyFrom)) {
    errors.push({ field: field('historyFrom'), message: MESSAGES.partnerHistoryInvalid });
  }
  if (!(CALLER_ID_VISIBILITY as readonly unknown[]).includes(input.callerId)) {
    errors.push({ field: field('callerId'), message: MESSAGES.partnerCallerIdInvalid });
  }
  for (const name of SWITCHES) {
    if (typeof input[name] !== 'boolean') errors.push({ field: field(name), message: MESSAGES.partnerSwitchInvalid });
  }
  return errors;
}

/** A scope validatePartnerScope accepted, in its stored shape: the ids once each, ascending. */
export function normalisePartnerScope(scope: PartnerScope): PartnerScope {
  return {
    kind: scope.kind,
    ids: [...new Set(scope.ids)].sort((a, b) => a - b),
    historyFrom: scope.historyFrom,
    callerId: scope.callerId,
    recordings: scope.recordings,
    transcripts: scope.transcripts,
    counterparty: scope.counterparty,
  };
}

/** The role/scope pairing: a partner needs a scope, anyone else may not have one. */
function checkRoleScope(input: Input, errors: FieldError[]): void {
  const scope = input.partnerScope;
  const given = scope !== undefined && scope !== null;
  if (input.role === 'partner') {
    if (!given) errors.push({ field: 'partnerScope', message: MESSAGES.partnerScopeRequired });
    else errors.push(...validatePartnerScope(scope));
  } else if (given && (ROLES as readonly unknown[]).includes(input.role)) {
    errors.push({ field: 'partnerScope', message: MESSAGES.partnerScopeOnlyPartners });
  }
}

/**
 * A change to your own profile (PUT /api/auth/profile, and the Profile dialog with `confirmPassword`).
 * A field left out (undefined) is kept; `avatar: null` removes the avatar; a new password needs the
 * current one. Email and role are refused by name: a client sending them expects them applied, and
 * only an admin changes them (PUT /api/users/{id}); so is `password`, the users API's name for a new
 * one, which would otherwise change nothing. A body changing nothing is an error under `body`.
 */
export function validateProfileUpdate(input: Input): FieldError[] {
  const errors: FieldError[] = [];
  if (input.email !== undefined) errors.push({ field: 'email', message: MESSAGES.emailNotEditable });
  if (input.role !== undefined) errors.push({ field: 'role', message: MESSAGES.roleNotEditable });
  if (input.password !== undefined) errors.push({ field: 'password', message: MESSAGES.profilePasswordField });
  if (input.name !== undefined) {
    if (!text(input, 'name').trim()) errors.push({ field: 'name', message: MESSAGES.nameRequired });
    else checkOptionalName(input, errors);
  }
  if (input.avatar !== undefined && input.avatar !== null) {
    const avatar = text(input, 'avatar');
    if (!AVATAR_URL.test(avatar)) errors.push({ field: 'avatar', message: MESSAGES.avatarInvalid });
    else if (avatar.length > AVATAR_URL_MAX_LENGTH) errors.push({ field: 'avatar', message: MESSAGES.avatarTooLong });
  }
  const newPassword = text(input, 'newPassword');
  const currentPassword = text(input, 'currentPassword');
  if (newPassword && !currentPassword) errors.push({ field: 'currentPassword', message: MESSAGES.currentPasswordRequired });
  if (!newPassword) {
    // A current password alone changes nothing: most likely the new one was forgotten.
    if (currentPassword) errors.push({ field: 'newPassword', message: MESSAGES.newPasswordRequired });
  } else if (newPassword.length < PASSWORD_MIN_LENGTH) {
    errors.push({ field: 'newPassword', message: MESSAGES.passwordTooShort });
  } else if (newPassword.length > PASSWORD_MAX_LENGTH) {
    errors.push({ field: 'newPassword', message: MESSAGES.passwordTooLong });
  }
  if ('confirmPassword' in input) {
    const confirm = text(input, 'confirmPassword');
    if (newPassword && !confirm) errors.push({ field: 'confirmPassword', message: MESSAGES.confirmRequired });
    else if (confirm !== newPassword) errors.push({ field: 'confirmPassword', message: MESSAGES.passwordsDiffer });
  }
  const changesSomething = input.name !== undefined || input.avatar !== undefined || newPassword !== '';
  if (errors.length === 0 && !changesSomething) errors.push({ field: 'body', message: MESSAGES.profileEmpty });
  return errors;
}

/** Lower-cased, trimmed: emails are unique regardless of case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
