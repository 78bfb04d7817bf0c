/**
 * What the signed-in person may do on this screen, mirroring the server's
 * rules (contract/src/permissions.ts and the API's user service): the roles
 * with `manageUsers` (admins) manage everyone; anyone else, a reviewer too,
 * may change only their own name and password. The screen shows what is not
 * allowed as disabled with the reason, instead of letting the server refuse.
 */
import { roleMay, type PublicUser } from '@callboard/contract';

export const ADMIN_ONLY_REASON = 'Only admins can manage users';
export const OWN_ACCOUNT_REASON = 'Only an admin can change your email, role or status';
export const SELF_DEACTIVATE_REASON = 'You cannot deactivate your own account';

export interface EditAccess {
  /** Whether Update User can be pressed at all. */
  canSave: boolean;
  /** Name and password. */
  canEditProfile: boolean;
  /** Email and role. */
  canEditAccount: boolean;
  canEditActive: boolean;
  /** Why something in the dialog is locked (shown to the person, and as the locked controls' tooltip); null when nothing is. */
  lockedReason: string | null;
  /** The person is editing their own account (a password or role change ends their sessions). */
  isSelf: boolean;
}

export interface UserPermissions {
  /** The signed-in role may manage users (contract/src/permissions.ts). */
  mayManageUsers: boolean;
  canCreate: boolean;
  /** Delete is not offered on admin rows at all, whoever looks: an admin account is not removed from this screen. */
  showsDelete: (row: PublicUser) => boolean;
  canDelete: (row: PublicUser) => boolean;
  /** "View as…" (read-only, audited): an admin, on an active partner's row. */
  showsViewAs: (row: PublicUser) => boolean;
  edit: (row: PublicUser) => EditAccess;
}

export function userPermissions(me: PublicUser | null): UserPermissions {
  const mayManage = roleMay(me?.role, 'manageUsers');
  const isSelf = (row: PublicUser) => me !== null && (row.id ?? row._id) === (me.id ?? me._id);
  return {
    mayManageUsers: mayManage,
    canCreate: mayManage,
    showsDelete: (row) => row.role !== 'admin',
    // The server refuses deleting yourself; an admin's own row is an admin row, so it never offers it.
    canDelete: (row) => mayManage && !isSelf(row),
    showsViewAs: (row) => mayManage && row.role === 'partner' && row.active && row.partnerScope !== undefined,
    edit(row) {
      const self = isSelf(row);
      if (mayManage) {
        // Deactivating yourself would end your own session mid-save: the one lock-out the screen prevents.
        return {
          canSave: true,
          canEditProfile: true,
          canEditAccount: true,
          canEditActive: !self,
          lockedReason: self ? SELF_DEACTIVATE_REASON : null,
          isSelf: self,
        };
      }
      if (self) {
        return { canSave: true, canEditProfile: true, canEditAccount: false, canEditActive: false, lockedReason: OWN_ACCOUNT_REASON, isSelf: true };
      }
      return { canSave: false, canEditProfile: false, canEditAccount: false, canEditActive: false, lockedReason: ADMIN_ONLY_REASON, isSelf: false };
    },
  };
}
