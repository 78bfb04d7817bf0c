/**
 * The Create/Edit User form as data: its values, its checks (the same
 * validateUserForm the server runs, so both say the same words), the request
 * bodies, and the server's field errors mapped back onto the fields.
 */
import {
  DEFAULT_PARTNER_FIELDS,
  messagesByField,
  validateUserForm,
  type CallerIdVisibility,
  type CreateUserBody,
  type PartnerKind,
  type PartnerScope,
  type PublicUser,
  type Role,
  type UpdateUserBody,
} from '@callboard/contract';
import { isApiError } from '@callboard/shared-auth/api-error';

/**
 * Where a partner's history starts, as the dialog asks it: from the invite (today, New York), from a
 * day chosen, or all of it. Stored as `historyFrom` (a day, or null for all history).
 */
export type HistoryChoice = 'invite' | 'date' | 'all';

/** A partner's scope as the dialog holds it: ids as the pickers' values, the history start as the choice made. */
export interface PartnerScopeValues {
  kind: PartnerKind;
  ids: string[];
  history: HistoryChoice;
  /** The day chosen, when `history` is `date` (YYYY-MM-DD, as a date input gives it). */
  historyDate: string;
  callerId: CallerIdVisibility;
  recordings: boolean;
  transcripts: boolean;
  counterparty: boolean;
}

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  name: string;
  email: string;
  /** Blank when editing keeps the current password. */
  password: string;
  /** Asked only when you give your own account a new password. */
  currentPassword: string;
  role: Role | '';
  active: boolean;
  /** Used when `role` is partner; kept while another role is chosen, so switching back loses nothing. */
  scope: PartnerScopeValues;
}

/** The scope's fields whose errors show under their own control (contract/src/validation.ts names them `partnerScope.*`). */
export const SCOPE_ERROR_FIELDS = ['partnerScope', 'partnerScope.kind', 'partnerScope.ids', 'partnerScope.historyFrom', 'partnerScope.callerId'] as const;
export type ScopeErrorField = (typeof SCOPE_ERROR_FIELDS)[number];

export type UserFormField = Exclude<keyof UserFormValues, 'scope'> | ScopeErrorField;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

/** The order the form shows its fields: the first invalid one gets focus. */
export const FIELD_ORDER: readonly UserFormField[] = ['name', 'email', 'password', 'currentPassword', 'role', ...SCOPE_ERROR_FIELDS, 'active'];

/** Today in New York (YYYY-MM-DD): the day a partner invited now starts seeing calls from. */
export function todayInNewYork(now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A new partner's scope before anything is chosen: publisher, none picked, history from the invite, the default fields. */
export function emptyScopeValues(): PartnerScopeValues {
  return { kind: 'publisher', ids: [], history: 'invite', historyDate: '', ...DEFAULT_PARTNER_FIELDS };
}

/** An existing scope in the dialog: a stored day shows as the day chosen, null as all history. */
export function scopeValuesFrom(scope: PartnerScope | undefined): PartnerScopeValues {
  if (!scope) return emptyScopeValues();
  const { kind, ids, historyFrom, callerId, recordings, transcripts, counterparty } = scope;
  return { kind, ids: ids.map(String), history: historyFrom ? 'date' : 'all', historyDate: historyFrom ?? '', callerId, recordings, transcripts, counterparty };
}

/** The scope the server stores; `today` is the invite day (New York). */
export function partnerScopeOf(values: PartnerScopeValues, today = todayInNewYork()): PartnerScope {
  const historyFrom = values.history === 'all' ? null : values.history === 'invite' ? today : values.historyDate;
  const { kind, callerId, recordings, transcripts, counterparty } = values;
  return { kind, ids: values.ids.map(Number), historyFrom, callerId, recordings, transcripts, counterparty };
}

/** Add opens empty, with role user. */
export function emptyUserForm(): UserFormValues {
  return { name: '', email: '', password: '', currentPassword: '', role: 'user', active: true, scope: emptyScopeValues() };
}

/** Edit opens filled; the password starts blank (keep the current one). */
export function userFormFrom(user: PublicUser): UserFormValues {
  return {
    name: user.name ?? '',
    email: user.email,
    password: '',
    currentPassword: '',
    role: user.role,
    active: user.active,
    scope: scopeValuesFrom(user.partnerScope),
  };
}

function isFormField(field: string): field is UserFormField {
  return (FIELD_ORDER as readonly string[]).includes(field);
}

/** A scope field's error shows under that field; a field the form has no control for (a switch) under the scope as a whole. */
function scopeErrorField(field: string): string {
  return field.startsWith('partnerScope.') && !isFormField(field) ? 'partnerScope' : field;
}

/** `ownAccount`: the person edits themselves, so a new password needs the current one. */
export function validateUserFormValues(values: UserFormValues, mode: UserFormMode, { ownAccount = false } = {}): UserFormErrors {
  const { scope, ...rest } = values;
  const input = values.role === 'partner' ? { ...rest, partnerScope: partnerScopeOf(scope) } : rest;
  const errors = validateUserForm(input, mode, { ownAccount }).map((error) => ({ ...error, field: scopeErrorField(error.field) }));
  // One message a field, the first found.
  return messagesByField(errors, isFormField).fields;
}

export function hasErrors(errors: UserFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function createUserBody(values: UserFormValues): CreateUserBody {
  const body: CreateUserBody = { name: values.name.trim(), email: values.email.trim(), password: values.password, role: values.role as Role };
  if (values.role === 'partner') body.partnerScope = partnerScopeOf(values.scope);
  return body;
}

/**
 * The body: name, email, password (may be empty), role. `active` goes only
 * when the editor may change it, so a user saving their own name never
 * touches a field the server reserves for admins; `currentPassword` only with
 * a new password for your own account, the one change that needs it.
 */
export function updateUserBody(
  values: UserFormValues,
  { includeActive, ownAccount = false }: { includeActive: boolean; ownAccount?: boolean },
): UpdateUserBody {
  const body: UpdateUserBody = {
    name: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
    role: values.role as Role,
  };
  if (ownAccount && values.password) body.currentPassword = values.currentPassword;
  if (includeActive) body.active = values.active;
  // Only with the partner role: any other role sent without one removes a former partner's scope.
  if (values.role === 'partner') body.partnerScope = partnerScopeOf(values.scope);
  return body;
}

/**
 * What a failed save says about single fields: the `errors` list of a 400 (or
 * of the 403 for a wrong current password), or a 409 about the email (already
 * registered), which belongs under Email.
 */
export function fieldErrorsFrom(error: unknown): UserFormErrors {
  if (!isApiError(error)) return {};
  const errors: UserFormErrors = messagesByField((error.errors ?? []).map((item) => ({ ...item, field: scopeErrorField(item.field) })), isFormField).fields;
  if (error.status === 409 && /email/i.test(error.message) && !errors.email) errors.email = error.message;
  return errors;
}
