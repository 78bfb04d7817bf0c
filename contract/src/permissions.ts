import type { Role } from './users';

/**
 * What each role may change, decided once for both sides: the server refuses
 * anything else with 403 (api/src/plugins/app/auth/authentication.ts), and the
 * screens offer only what the signed-in role may do. Reading is every role's.
 * - `user` reads everything and changes nothing (but their own profile and views);
 * - `reviewer` also corrects calls: a disposition, a bulk update, restoring the
 *   AI's verdict, undoing a change they made; and keeps the alert rules (creates,
 *   changes, previews and deletes them: anyone subscribes to one);
 * - `admin` also manages users, payments and ingest keys, may undo a change someone
 *   else made (a reviewer's correction must not silently revert an admin's bulk update,
 *   nor another reviewer's work), may delete a view someone else shared (tidying the
 *   team's menu; the owner may always delete theirs), and manages where outbound messages
 *   go (webhook and Slack endpoints, their secrets) and reads and replays their log.
 */
export const PERMISSIONS = {
  redispositionCalls: ['reviewer', 'admin'],
  manageUsers: ['admin'],
  managePayments: ['admin'],
  manageIngestKeys: ['admin'],
  deleteSharedViews: ['admin'],
  undoOthersChanges: ['admin'],
  manageDeliveries: ['admin'],
  manageAlerts: ['reviewer', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role may do something; no role (signed out) may do nothing. */
export function roleMay(role: Role | null | undefined, permission: Permission): boolean {
  return role !== null && role !== undefined && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The 403 message for each permission, as the server words it. */
export const PERMISSION_DENIED: Record<Permission, string> = {
  redispositionCalls: 'Only a reviewer or an admin can change a call’s disposition',
  manageUsers: 'Only an admin can do this',
  managePayments: 'Only an admin can do this',
  manageIngestKeys: 'Only an admin can do this',
  deleteSharedViews: 'Only the owner or an admin can delete this view',
  undoOthersChanges: 'Only an admin can undo a change someone else made',
  manageDeliveries: 'Only an admin can do this',
  manageAlerts: 'Only a reviewer or an admin can create, change or preview an alert rule',
};
