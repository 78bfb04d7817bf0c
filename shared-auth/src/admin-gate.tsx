/**
 * Who counts as an admin, in one place for every screen. The server enforces
 * every admin-only rule on its own; the screens use this only to show up front
 * what a person may not do, instead of letting a click fail with a 403.
 */
import type { PublicUser } from '@callboard/contract';
import { userAtom } from '@callboard/shared-auth/session';
import { useAtomValue, useStore } from 'jotai';
import type { ReactNode } from 'react';

export function isAdmin(user: PublicUser | null | undefined): boolean {
  return user?.role === 'admin';
}

/** Whether the signed-in person is an admin (false while signed out). */
export function useIsAdmin(): boolean {
  const store = useStore();
  return isAdmin(useAtomValue(userAtom, { store }));
}

export interface AdminOnlyProps {
  children: ReactNode;
  /** What everyone else sees instead, usually why they have no such control. */
  fallback?: ReactNode;
}

/** Its children for admins, `fallback` for everyone else. */
export function AdminOnly({ children, fallback = null }: AdminOnlyProps) {
  return <>{useIsAdmin() ? children : fallback}</>;
}
