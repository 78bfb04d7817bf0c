/**
 * Spreadsheet formula injection: caller
 * names, transcripts, reasons and summaries come from what callers say, so a
 * text cell that a spreadsheet could read as a formula is prefixed with `'`.
 * Numbers are never touched: they are written as numbers.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '\0', '＝', '＋', '－', '＠']);

export function neutralise(text: string): string {
  return text.length > 0 && FORMULA_STARTS.has(text[0] as string) ? `'${text}` : text;
}
