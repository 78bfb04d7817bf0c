import { makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import { ADMIN_ONLY_REASON, OWN_ACCOUNT_REASON, SELF_DEACTIVATE_REASON, userPermissions } from './user-permissions';

const admin = makeUser({ _id: 'a', id: 'a', role: 'admin' });
const member = makeUser({ _id: 'm', id: 'm', role: 'user' });
const reviewer = makeUser({ _id: 'r', id: 'r', role: 'reviewer' });
const other = makeUser({ _id: 'o', id: 'o', role: 'user' });
const otherAdmin = makeUser({ _id: 'x', id: 'x', role: 'admin' });

describe('userPermissions', () => {
  it('lets an admin do everything to others', () => {
    const can = userPermissions(admin);
    expect(can.mayManageUsers).toBe(true);
    expect(can.canCreate).toBe(true);
    expect(can.canDelete(other)).toBe(true);
    expect(can.edit(other)).toMatchObject({ canSave: true, canEditProfile: true, canEditAccount: true, canEditActive: true, lockedReason: null });
    expect(can.edit(otherAdmin).canEditActive).toBe(true);
  });

  it('keeps an admin from deactivating or deleting themselves', () => {
    const can = userPermissions(admin);
    expect(can.canDelete(admin)).toBe(false);
    expect(can.edit(admin)).toMatchObject({ canSave: true, canEditAccount: true, canEditActive: false, lockedReason: SELF_DEACTIVATE_REASON, isSelf: true });
  });

  it('never offers Delete on admin rows', () => {
    expect(userPermissions(admin).showsDelete(otherAdmin)).toBe(false);
    expect(userPermissions(member).showsDelete(otherAdmin)).toBe(false);
    expect(userPermissions(admin).showsDelete(other)).toBe(true);
  });

  it.each([
    ['user', member],
    ['reviewer', reviewer],
  ])('lets a %s change only their own name and password', (_role, me) => {
    const can = userPermissions(me);
    expect(can.mayManageUsers).toBe(false);
    expect(can.canCreate).toBe(false);
    expect(can.canDelete(other)).toBe(false);
    expect(can.canDelete(me)).toBe(false);
    expect(can.edit(me)).toMatchObject({ canSave: true, canEditProfile: true, canEditAccount: false, canEditActive: false, lockedReason: OWN_ACCOUNT_REASON });
    expect(can.edit(other)).toMatchObject({ canSave: false, canEditProfile: false, canEditAccount: false, lockedReason: ADMIN_ONLY_REASON });
  });

  it('treats a missing session as no rights', () => {
    const can = userPermissions(null);
    expect(can.canCreate).toBe(false);
    expect(can.edit(other).canSave).toBe(false);
  });
});
