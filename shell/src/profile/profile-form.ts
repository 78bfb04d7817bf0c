/**
 * The Profile dialog's form as data: its values, its check (validateProfileUpdate, the one the server
 * runs on PUT /api/auth/profile, so both say the same words), the request body, and the server's field
 * errors sorted into what shows under a field and what shows above the form.
 */
import { validateProfileUpdate, type FieldError, type ProfileUpdateBody, type PublicUser } from '@callboard/contract';
import { isApiError } from '@callboard/shared-auth/api-error';

export interface ProfileFormValues {
  name: string;
  /** Blank removes the avatar. */
  avatar: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ProfileFormField = keyof ProfileFormValues;

const FIELDS: readonly ProfileFormField[] = ['name', 'avatar', 'currentPassword', 'newPassword', 'confirmPassword'];

/** The dialog opens with the person's name and avatar, and the password part blank. */
export function profileFormFrom(user: PublicUser | null): ProfileFormValues {
  return {
    name: typeof user?.name === 'string' ? user.name : '',
    avatar: typeof user?.avatar === 'string' ? user.avatar : '',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

/**
 * Name and avatar always go (unchanged ones change nothing); the passwords only when one of them was
 * typed, so a current password alone is caught as "New password is required" rather than dropped.
 */
export function profileUpdateBody(values: ProfileFormValues): ProfileUpdateBody {
  const body: ProfileUpdateBody = { name: values.name.trim(), avatar: values.avatar.trim() || null };
  if (values.newPassword || values.currentPassword) {
    body.currentPassword = values.currentPassword;
    body.newPassword = values.newPassword;
  }
  return body;
}

/** What the server would say of this form, plus the confirmation only the form has. */
export function validateProfileForm(values: ProfileFormValues): FieldError[] {
  return validateProfileUpdate({ ...profileUpdateBody(values), confirmPassword: values.confirmPassword });
}

export function isProfileFormField(field: string): field is ProfileFormField {
  return (FIELDS as readonly string[]).includes(field);
}

export const SAVE_FAILED_MESSAGE = 'Your profile could not be saved';

/** A failed save: the problems that belong under a field, and the message to show above the form when none does. */
export function saveFailure(error: unknown): { fieldErrors: FieldError[]; message: string | null } {
  const fieldErrors = isApiError(error) ? (error.errors ?? []).filter((item) => typeof item?.field === 'string' && isProfileFormField(item.field)) : [];
  if (fieldErrors.length > 0) return { fieldErrors, message: null };
  return { fieldErrors, message: error instanceof Error && error.message ? error.message : SAVE_FAILED_MESSAGE };
}
