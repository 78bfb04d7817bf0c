import { neutralise } from '../src/domain/export/neutralise';
import { SHEET_INVALID_CODES } from '../src/db/migrations/0013-kept-audit-authors';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * sheet_text(), the database's half of what export/neutralise.ts does: the
 * same cell for every value, whether the value holds a character a sheet
 * cannot carry (rewritten) or not (left as it is, after a one-pass check).
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const invalid = SHEET_INVALID_CODES.map((code) => String.fromCharCode(code));
const starts = ['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠', "'", 'a', ' ', '"', '', '中'];
const values: string[] = [
  ...starts.flatMap((start) => [`${start}SUM(1)`, start]),
  ...invalid.flatMap((c) => [c, `${c}=1`, `a${c}b`, `${c}${c}+x`, `x${c}`]),
  `${invalid.join('')}@cmd`,
  'plain text, with "quotes", commas and a\ttab',
  `The caller asked about coverage. `.repeat(2000),
  `\u0001${'=HYPERLINK("http://x/","y") '.repeat(500)}`,
  'ends with a control\u001F',
];

async function sheetText(list: string[]): Promise<string[]> {
  const rows = await t.db.query<{ cell: string }>('SELECT sheet_text(v) AS cell FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n', [list]);
  return rows.map((row) => row.cell);
}

test('every value gives the cell neutralise() gives, with and without characters a sheet cannot carry', async () => {
  expect(await sheetText(values)).toEqual(values.map(neutralise));
  expect((await t.db.query<{ cell: string }>('SELECT sheet_text(NULL) AS cell'))[0]?.cell).toBe('');
});

test('it stays one expression the planner inlines into the query (a function call per cell would cost the export)', async () => {
  const plan = await t.db.query<{ 'QUERY PLAN': string }>("EXPLAIN (VERBOSE) SELECT sheet_text(v) FROM (VALUES ('a'), ('=b')) AS t(v)");
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toMatch(/CASE/);
  expect(text).not.toMatch(/sheet_text/);
});
