import type { Migration } from './index';

/**
 * Two mends to what a record keeps and what an export writes.
 *
 * A call's audit trail keeps who made each change. Each row holds a copy of
 * the person's name and email as they were at the change (rows already
 * written take them from users now), and user_id is no longer a foreign key:
 * with ON DELETE SET NULL, deleting an account blanked it from every change
 * that person had made, and the history could only say "a deleted user".
 *
 * sheet_text() removes the characters XML 1.0 cannot carry before its formula
 * check, as export/neutralise.ts does: a control character in front of "="
 * no longer hides the formula from the check, and a CSV holds the same cells
 * as an XLSX. translate() with an empty replacement deletes the characters;
 * it costs a COPY far less than a regular expression would.
 */
export const SHEET_INVALID_CODES = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => code !== 0x00 && code !== 0x09 && code !== 0x0a && code !== 0x0d),
  0xfffe,
  0xffff,
];
export const SHEET_INVALID_SQL = `E'${SHEET_INVALID_CODES.map((code) => `\\u${code.toString(16).padStart(4, '0')}`).join('')}'`;

export const keptAuditAuthors: Migration = {
  version: '0013-kept-audit-authors',
  statements: [
    'ALTER TABLE call_audit ADD COLUMN user_name text, ADD COLUMN user_email text',
    'UPDATE call_audit a SET user_name = u.name, user_email = u.email FROM users u WHERE u.id = a.user_id',
    'ALTER TABLE call_audit DROP CONSTRAINT call_audit_user_id_fkey',

    `CREATE OR REPLACE FUNCTION sheet_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT CASE
        WHEN value IS NULL THEN ''
        WHEN left(translate(value, ${SHEET_INVALID_SQL}, ''), 1) IN ('=', '+', '-', '@', E'\\t', E'\\r', E'\\n', '＝', '＋', '－', '＠')
          THEN '''' || translate(value, ${SHEET_INVALID_SQL}, '')
        ELSE translate(value, ${SHEET_INVALID_SQL}, '')
      END
    $fn$`,
  ],
};
