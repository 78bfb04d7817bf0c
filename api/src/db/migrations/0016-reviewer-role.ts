import type { Migration } from './index';

/**
 * The reviewer role: between `user` (reads everything, changes nothing) and
 * `admin` (also users, payments, ingest keys), a reviewer also corrects the
 * calls' dispositions. Only the column's check changes; every account keeps
 * its role. What each role may do is contract/src/permissions.ts.
 */
export const reviewerRole: Migration = {
  version: '0016-reviewer-role',
  statements: [
    'ALTER TABLE users DROP CONSTRAINT users_role_check',
    "ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'reviewer', 'admin'))",
  ],
};
