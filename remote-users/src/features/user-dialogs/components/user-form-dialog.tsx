import { API_PATHS, ROLES, ROLE_LABELS, type CreateUserBody, type PublicUser, type RoleOption, type UpdateUserBody } from '@callboard/contract';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import type { EditAccess } from '../../permissions/hooks/user-permissions';
import type { SaveResult } from '../../user-list/hooks/use-user-actions';
import { ActiveSwitch } from './active-switch';
import {
  createUserBody,
  emptyUserForm,
  FIELD_ORDER,
  hasErrors,
  updateUserBody,
  userFormFrom,
  validateUserFormValues,
  type PartnerScopeValues,
  type ScopeErrorField,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from './user-form';
import './user-form-dialog.css';

// Only a partner's dialog needs the scope editor: its own chunk, loaded when the Partner role is chosen.
const PartnerScopeFields = lazy(() => import('./partner-scope-fields'));

export type UserDialogTarget = { mode: 'create' } | { mode: 'edit'; user: PublicUser };

export interface UserFormDialogProps {
  /** null: closed. */
  target: UserDialogTarget | null;
  /** What the person may change in the user being edited (creating is open only to whoever may create). */
  editAccess: (user: PublicUser) => EditAccess;
  onCreate: (body: CreateUserBody) => Promise<SaveResult>;
  onUpdate: (id: string, body: UpdateUserBody) => Promise<SaveResult>;
  onClose: () => void;
}

const FALLBACK_ROLES: RoleOption[] = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const FULL_ACCESS: EditAccess = { canSave: true, canEditProfile: true, canEditAccount: true, canEditActive: true, lockedReason: null, isSelf: false };

const ACTIVE_HINT = 'An inactive user cannot sign in, and is signed out at once.';
const OWN_PASSWORD_HINT = 'Changing your own password signs you out everywhere else.';
const OWN_ROLE_HINT = 'Changing your own role signs you out.';

/**
 * The Create User / Edit User dialog. Keyed on what it opens for and
 * unmounted when closed, so the form starts over every time it opens.
 */
export function UserFormDialog({ target, ...rest }: UserFormDialogProps) {
  if (!target) return null;
  const key = target.mode === 'edit' ? `edit:${target.user.id ?? target.user._id}` : 'create';
  return <OpenUserFormDialog key={key} target={target} {...rest} />;
}

/** Roles come from the server; the contract's list shows at once and stands in if that call fails. */
function useRoleOptions(): RoleOption[] {
  const { data } = useSWR<{ data?: RoleOption[] }>(API_PATHS.userRoles, { fallbackData: { data: FALLBACK_ROLES }, keepPreviousData: true });
  return data?.data?.length ? data.data : FALLBACK_ROLES;
}

function OpenUserFormDialog({ target, editAccess, onCreate, onUpdate, onClose }: UserFormDialogProps & { target: UserDialogTarget }) {
  const formId = useId();
  const editing = target.mode === 'edit' ? target.user : null;
  const mode = editing ? 'edit' : 'create';
  const access = editing ? editAccess(editing) : FULL_ACCESS;
  const ownAccount = access.isSelf;
  const roles = useRoleOptions();
  const [values, setValues] = useState<UserFormValues>(() => (editing ? userFormFrom(editing) : emptyUserForm()));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [saving, setSaving] = useState(false);
  const fields = useRef<Partial<Record<UserFormField, HTMLElement | null>>>({});

  const change = <F extends Exclude<keyof UserFormValues, 'scope'>>(field: F, value: UserFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error clears as soon as it is edited; choosing another role answers the scope's errors too.
    setErrors((current) => (current[field] || (field === 'role' && current.partnerScope) ? { ...current, [field]: undefined, partnerScope: undefined } : current));
  };

  const changeScope = (scope: PartnerScopeValues, field: ScopeErrorField) => {
    setValues((current) => ({ ...current, scope }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const showErrors = (found: UserFormErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) fields.current[first]?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !access.canSave) return;
    // Nothing is sent until the form is valid.
    const found = validateUserFormValues(values, mode, { ownAccount });
    if (hasErrors(found)) {
      showErrors(found);
      return;
    }
    setSaving(true);
    const result = editing
      ? await onUpdate(editing.id ?? editing._id, updateUserBody(values, { includeActive: access.canEditActive, ownAccount }))
      : await onCreate(createUserBody(values));
    if (result.ok) {
      onClose();
      return;
    }
    setSaving(false);
    showErrors(result.fieldErrors);
  };

  const lockedTitle = access.lockedReason ?? undefined;
  const submitLabel = editing ? 'Update User' : 'Create User';
  // The note says what is locked when more than the Active switch is; the switch explains itself.
  const notice = access.canEditAccount ? null : access.lockedReason;
  // Your own new password needs the current one: asked as soon as a new one is typed.
  const asksCurrentPassword = ownAccount && access.canEditProfile && values.password !== '';

  /** What every text field and the select share: its value, its error, focus on failure, edits clearing the error. */
  const bind = <F extends 'name' | 'email' | 'password' | 'currentPassword' | 'role'>(field: F) => ({
    name: field,
    value: values[field],
    error: errors[field],
    ref: (node: HTMLInputElement | HTMLSelectElement | null) => {
      fields.current[field] = node;
    },
    onChange: (event: { target: { value: string } }) => change(field, event.target.value as UserFormValues[F]),
  });
  /** A control this person may not change: disabled, with the reason as its tooltip. */
  const lockUnless = (editable: boolean) => ({ disabled: !editable, title: editable ? undefined : lockedTitle });

  return (
    <Modal
      open
      title={editing ? 'Edit User' : 'Create User'}
      subtitle={editing ? editing.email : 'Add a team member and choose their role.'}
      // A half-filled form must not vanish on a stray click; Escape and Cancel still close it.
      closeOnBackdrop={false}
      onClose={() => {
        if (!saving) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" disabled={saving} onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            busy={saving}
            disabled={!access.canSave}
            title={access.canSave ? undefined : lockedTitle}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {/* noValidate: the form's own messages (user-form.ts), not the browser's, say what is wrong. */}
      <form id={formId} className="users-form" noValidate onSubmit={(event) => void submit(event)}>
        {notice ? <Alert tone="info">{notice}</Alert> : null}
        <TextField label="Name" placeholder="Enter user name" autoComplete="off" {...bind('name')} {...lockUnless(access.canEditProfile)} />
        <TextField
          label="Email"
          type="email"
          required
          placeholder="name@company.com"
          // Off: the browser would offer the signed-in admin's own address for someone else's account.
          autoComplete="off"
          {...bind('email')}
          {...lockUnless(access.canEditAccount)}
        />
        <TextField
          label={editing ? 'New Password' : 'Password'}
          type="password"
          // Required when creating only: editing with it blank keeps the current password.
          required={!editing}
          placeholder={editing ? 'Leave blank to keep current password' : 'At least 6 characters'}
          autoComplete="new-password"
          hint={access.isSelf && access.canEditProfile ? OWN_PASSWORD_HINT : undefined}
          {...bind('password')}
          {...lockUnless(access.canEditProfile)}
        />
        {asksCurrentPassword ? (
          <TextField
            label="Current Password"
            type="password"
            required
            placeholder="Your password now, to confirm it is you"
            autoComplete="current-password"
            {...bind('currentPassword')}
          />
        ) : null}
        <SelectField
          label="Role"
          required
          options={roles}
          hint={access.isSelf && access.canEditAccount ? OWN_ROLE_HINT : undefined}
          {...bind('role')}
          {...lockUnless(access.canEditAccount)}
        />
        {values.role === 'partner' ? (
          <Suspense fallback={<p className="users-form__loading">Loading the partner scope…</p>}>
            <PartnerScopeFields
              values={values.scope}
              errors={errors}
              onChange={changeScope}
              disabled={!access.canEditAccount}
              fieldRef={(field, node) => {
                fields.current[field] = node;
              }}
            />
          </Suspense>
        ) : null}
        {editing ? (
          <ActiveSwitch
            label="Active"
            checked={values.active}
            disabled={!access.canEditActive}
            hint={access.canEditActive ? ACTIVE_HINT : access.canEditAccount ? access.lockedReason : null}
            onChange={(checked) => change('active', checked)}
          />
        ) : null}
        {errors.active ? (
          <p className="users-form__error" role="alert">
            {errors.active}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
