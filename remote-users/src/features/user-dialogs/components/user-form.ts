/**
 * The Create/Edit User form as data: its values, its checks (the same
 * validateUserForm the server runs, so both say the same words), the request
 * bodies, and the server's field errors mapped back onto the fields.
 */
import { messagesByField, validateUserForm, type CreateUserBody, type PublicUser, type Role, type UpdateUserBody } from '@callboard/contract';
import { isApiError } from '@callboard/shared-auth/api-error';

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
}

export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

/** The order the form shows its fields: the first invalid one gets focus. */
export const FIELD_ORDER: readonly UserFormField[] = ['name', 'email', 'password', 'currentPassword', 'role', 'active'];

/** Add opens empty, with role user. */
export function emptyUserForm(): UserFormValues {
  return { name: '', email: '', password: '', currentPassword: '', role: 'user', active: true };
}

/** Edit opens filled; the password starts blank (keep the current one). */
export function userFormFrom(user: PublicUser): UserFormValues {
  return { name: user.name ?? '', email: user.email, password: '', currentPassword: '', role: user.role, active: user.active };
}

function isFormField(field: string): field is UserFormField {
  return (FIELD_ORDER as readonly string[]).includes(field);
}

/** `ownAccount`: the person edits themselves, so a new password needs the current one. */
export function validateUserFormValues(values: UserFormValues, mode: UserFormMode, { ownAccount = false } = {}): UserFormErrors {
  // One message a field, the first found (validateUserForm gives at most one anyway).
  return messagesByField(validateUserForm({ ...values }, mode, { ownAccount }), isFormField).fields;
}

export function hasErrors(errors: UserFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function createUserBody(values: UserFormValues): CreateUserBody {
  return { name: values.name.trim(), email: values.email.trim(), password: values.password, role: values.role as Role };
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
  return body;
}

/**
 * What a failed save says about single fields: the `errors` list of a 400 (or
 * of the 403 for a wrong current password), or a 409 about the email (already
 * registered), which belongs under Email.
 */
export function fieldErrorsFrom(error: unknown): UserFormErrors {
  if (!isApiError(error)) return {};
  const errors: UserFormErrors = messagesByField(error.errors ?? [], isFormField).fields;
  if (error.status === 409 && /email/i.test(error.message) && !errors.email) errors.email = error.message;
  return errors;
}
