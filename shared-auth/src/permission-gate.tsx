/**
 * What the signed-in person may do, for every screen, from the rules the server
 * enforces (contract/src/permissions.ts, `roleMay`). The server refuses anything
 * else on its own; the screens use this to offer only the controls a role can
 * use, instead of letting a click fail with a 403.
 */
import { roleMay, type Permission } from '@callboard/contract';
import { userAtom } from '@callboard/shared-auth/session';
import { useAtomValue, useStore } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { screenAccessOf, type ScreenAccess } from './screen-access';

export type { CostsAccess, ScreenAccess } from './screen-access';

/** Whether the signed-in person's role has `permission` (false while signed out). */
export function usePermission(permission: Permission): boolean {
  const store = useStore();
  return roleMay(useAtomValue(userAtom, { store })?.role, permission);
}

/**
 * What the signed-in person may see and do on the screens (screen-access.ts): a partner's fields, dimensions
 * and areas, and the role's corrections. Here, in a module every area already shares, rather than in a
 * module of its own, which would add an entry to every remote's remoteEntry.js (docs/front-end.md "Budgets").
 */
export function useScreenAccess(): ScreenAccess {
  const store = useStore();
  const user = useAtomValue(userAtom, { store });
  return useMemo(() => screenAccessOf(user), [user]);
}

export interface PermittedProps {
  permission: Permission;
  children: ReactNode;
  /** What everyone else sees instead, usually why they have no such control. */
  fallback?: ReactNode;
}

/** Its children for the roles that have `permission`, `fallback` for everyone else. */
export function Permitted({ permission, children, fallback = null }: PermittedProps) {
  return <>{usePermission(permission) ? children : fallback}</>;
}
