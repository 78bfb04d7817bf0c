import type { Migration } from './index';

/**
 * sheet_text(): a text cell as exports write it, in SQL, so PostgreSQL can
 * produce the CSV itself (COPY) with the same rule as neutralise.ts: NULL
 * becomes empty, and text a spreadsheet could read as a formula gets a
 * leading '. (PostgreSQL text cannot hold \0, the one character of the JS
 * rule that is missing here.)
 */
export const sheetText: Migration = {
  version: '0003-sheet-text',
  statements: [
    `CREATE FUNCTION sheet_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT CASE
        WHEN value IS NULL THEN ''
        WHEN left(value, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r', E'\\n', '＝', '＋', '－', '＠') THEN '''' || value
        ELSE value
      END
    $fn$`,
  ],
};
