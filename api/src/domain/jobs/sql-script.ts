/**
 * A script of several statements without parameters, one statement at a time. pg-boss sends such scripts
 * (its schema, its maintenance: `BEGIN; …; COMMIT;` in one text) and expects PostgreSQL's simple protocol to
 * run them; PGlite's `query` takes one statement, so the job runner runs them statement by statement inside
 * one of our transactions instead (pg-boss-database.ts), and migration 0032 lists pg-boss's schema this way.
 *
 * The splitter knows what pg-boss's texts hold: `'…'` strings (a quote doubled inside), `"…"` names,
 * `$$ … $$` / `$tag$ … $tag$` bodies, `--` and `/* … *\/` comments. It refuses what it cannot read
 * (an unterminated quote or body) rather than cutting a statement in two.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let at = 0;
  while (at < script.length) {
    const char = script[at];
    const next = script[at + 1];
    if (char === "'" || char === '"') at = endOfQuoted(script, at, char);
    else if (char === '-' && next === '-') at = endOf(script, '\n', at + 2, { unterminatedIsEnd: true });
    else if (char === '/' && next === '*') at = endOf(script, '*/', at + 2);
    else if (char === '$' && dollarTagAt(script, at)) {
      const tag = dollarTagAt(script, at) as string;
      at = endOf(script, tag, at + tag.length);
    } else {
      if (char === ';') {
        statements.push(script.slice(start, at));
        start = at + 1;
      }
      at += 1;
    }
  }
  statements.push(script.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0);
}

/** The statements of a script that is one transaction (`BEGIN; …; COMMIT;`), without those two; undefined when it is not one. */
export function transactionBody(statements: readonly string[]): string[] | undefined {
  const first = statements[0]?.toUpperCase();
  const last = statements[statements.length - 1]?.toUpperCase();
  if (statements.length < 2 || first !== 'BEGIN' || last !== 'COMMIT') return undefined;
  return statements.slice(1, -1);
}

/** `$$` or `$name$` at `at` (a parameter such as `$1` is not a tag: a tag's name starts with a letter or `_`). */
function dollarTagAt(script: string, at: number): string | undefined {
  return /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(at, at + 64))?.[0];
}

function endOfQuoted(script: string, at: number, quote: "'" | '"'): number {
  let cursor = at + 1;
  for (;;) {
    const close = script.indexOf(quote, cursor);
    if (close < 0) throw new Error(`SQL script: a ${quote} opened at offset ${at} is never closed`);
    // A doubled quote is a quote inside the string or name.
    if (script[close + 1] !== quote) return close + 1;
    cursor = close + 2;
  }
}

function endOf(script: string, closing: string, from: number, { unterminatedIsEnd = false } = {}): number {
  const close = script.indexOf(closing, from);
  if (close >= 0) return close + closing.length;
  if (unterminatedIsEnd) return script.length;
  throw new Error(`SQL script: ${closing} expected after offset ${from}, never found`);
}
