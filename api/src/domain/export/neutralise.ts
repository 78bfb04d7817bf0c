/**
 * Spreadsheet formula injection: caller
 * names, transcripts, reasons and summaries come from what callers say, so a
 * text cell that a spreadsheet could read as a formula is prefixed with `'`.
 * Numbers are never touched: they are written as numbers.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠']);

/**
 * Characters XML 1.0 cannot carry: exceljs would write them and Excel would
 * call the file damaged. Every text cell loses them, CSV too, so both formats
 * hold the same cells (sheet_text(), migration 0013, removes the same ones).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job.
const SHEET_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A text cell as a file carries it. The characters are removed before the
 * formula check: removed after it, "\u0001=HYPERLINK(…)" passed the check
 * (it did not start with "=") and then became "=HYPERLINK(…)".
 */
export function neutralise(text: string): string {
  const clean = text.replace(SHEET_INVALID, '');
  return clean.length > 0 && FORMULA_STARTS.has(clean[0] as string) ? `'${clean}` : clean;
}
