import { SHEET_INVALID_SQL } from './0013-kept-audit-authors';
import type { Migration } from './index';

/**
 * sheet_text() (migration 0013) ran translate() twice over every text cell of
 * an export, and translate() compares each character with each of the 31
 * characters it removes: on a 60 KB transcript that is ~10 ms of PostgreSQL's
 * time a row, and ~40 ms on PGlite, where it holds the server's only thread.
 * A regular expression finds whether any of them is there in one pass (about
 * 30 times faster over long text); the cell is rewritten only when one is, as
 * is rare in practice. Same cells as before; still one SQL expression, so the
 * planner inlines it into the export's query.
 */
// The same characters as 0013's E'…' literal, as one bracket expression: E'[…]'.
const SHEET_INVALID_PATTERN = `E'[${SHEET_INVALID_SQL.slice("E'".length, -1)}]'`;
const FORMULA_STARTS = `('=', '+', '-', '@', E'\\t', E'\\r', E'\\n', '＝', '＋', '－', '＠')`;

export const sheetTextScansOnce: Migration = {
  version: '0023-sheet-text-scans-once',
  statements: [
    `CREATE OR REPLACE FUNCTION sheet_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT CASE
        WHEN value IS NULL THEN ''
        WHEN value !~ ${SHEET_INVALID_PATTERN} THEN CASE WHEN left(value, 1) IN ${FORMULA_STARTS} THEN '''' || value ELSE value END
        WHEN left(translate(value, ${SHEET_INVALID_SQL}, ''), 1) IN ${FORMULA_STARTS} THEN '''' || translate(value, ${SHEET_INVALID_SQL}, '')
        ELSE translate(value, ${SHEET_INVALID_SQL}, '')
      END
    $fn$`,
  ],
};
