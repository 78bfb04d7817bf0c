import type { CallMatches, TextSpan } from '@callboard/contract';
import type { Queryable } from '../../db/database';

/**
 * Transcript search: `q` read as a web search writes it ("a phrase", -excluded,
 * or), by PostgreSQL's websearch_to_tsquery in the english configuration, over
 * the stemmed words of the transcript, summary and reason (call_text_words(),
 * migration 0021). "cancelled" finds "cancel" and "cancellation"; a q of stop
 * words alone ("the", "and") is an empty query, which matches no call.
 */
export const TEXT_SEARCH_CONFIG = 'english';

/**
 * Whether `q` asks for no word at all: every word of it is a stop word ("the
 * and of"), dropped by websearch_to_tsquery, so the search matches no call.
 * Asked only after a read found nothing, so a search that finds calls pays no
 * extra round trip (docs/decisions/0024-transcript-search.md).
 */
export async function isTooCommonSearch(db: Queryable, q: string): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>(`SELECT numnode(websearch_to_tsquery('${TEXT_SEARCH_CONFIG}', $1)) = 0 AS empty`, [q]);
  return row?.empty === true;
}

/** The calls times a search is narrowed to: from `from`, before `to` or up to and including `through`. */
export interface SearchSpan {
  from: unknown;
  to?: unknown;
  through?: unknown;
}

/**
 * The condition over `calls` (aliased `c`) for a q bound by `bind`, exact at
 * every moment though the words are made after the write (migration 0021): a
 * call still in `call_words_queue` (just written, or its texts changed since)
 * matches by its own texts, parsed here; any other call by its made words in
 * `call_words`. `span` narrows the words looked at to the read's times.
 *
 * A CASE, so each call is decided one way only, and only the queued calls of
 * the range are parsed. The queue side asks about `c` itself: written as its
 * own EXISTS joining the queue to `calls` again, the planner could start from
 * the range's calls and parse every one of them before looking at the queue,
 * whose row count swings from a million (after a seed) to none within a
 * minute, so its statistics are always stale; that plan took 7 s for a common
 * word over 30 days and was stopped at the 5 s limit.
 *
 * The words side stays a correlated EXISTS, not IN over a UNION of both
 * tables: PostgreSQL plans it either as one hash of the matching ids built
 * once (a month of a common word) or as a probe of the primary key per call
 * (a page of records, a year), choosing when it runs; an IN of a UNION was
 * estimated at 200 distinct ids whatever it held, so a common word was read
 * call by call through a nested loop (5× slower than 0020's column)
 * (docs/decisions/0025-call-words-off-the-write-path.md).
 */
export function transcriptCondition(q: string, bind: (value: unknown) => string, span: SearchSpan): string {
  const query = `websearch_to_tsquery('${TEXT_SEARCH_CONFIG}', ${bind(q)})`;
  const from = bind(span.from);
  const through = span.through === undefined ? undefined : bind(span.through);
  const to = span.to === undefined ? undefined : bind(span.to);
  const within = [
    `w.call_ts >= ${from}`,
    ...(through !== undefined ? [`w.call_ts <= ${through}::timestamptz`] : to !== undefined ? [`w.call_ts < ${to}`] : []),
  ].join(' AND ');
  return `(CASE WHEN EXISTS (SELECT 1 FROM call_words_queue p WHERE p.call_id = c.id)
      THEN call_text_words(c.transcript, c.summary, c.reason) @@ ${query}
      ELSE EXISTS (SELECT 1 FROM call_words w WHERE w.call_id = c.id AND w.words @@ ${query} AND ${within})
    END)`;
}

/**
 * Markers ts_headline puts around each matched word: private-use characters,
 * which no transcript is expected to hold. A text that does hold one gets no
 * spans rather than wrong ones (spansOf checks the text comes back whole).
 */
const START = '\uE000';
const STOP = '\uE001';
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;

/**
 * Where `marked` (the text with START/STOP around each match) holds its
 * matches, as offsets into the unmarked text, in UTF-16 code units as the
 * browser counts them; [] when the markers do not add up to `text`.
 */
export function spansOf(text: string, marked: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let plain = '';
  let start: number | undefined;
  for (const char of marked) {
    if (char === START && start === undefined) start = plain.length;
    else if (char === STOP && start !== undefined) {
      if (plain.length > start) spans.push({ start, end: plain.length });
      start = undefined;
    } else plain += char;
  }
  return plain === text && start === undefined ? spans : [];
}

/**
 * The words a query, as PostgreSQL writes a tsquery ('cancel' <-> 'order' &
 * !( 'refund' | 'bill' )), looks for: each lexeme not under a negation, once.
 * Highlights mark these wherever they stand, the same on both engines:
 * ts_headline's handling of phrases differs between PostgreSQL versions
 * (15 marks every word of a phrase, 17 only where the phrase stands whole).
 */
export function wantedLexemes(tsquery: string): string[] {
  const wanted = new Set<string>();
  // Whether each open parenthesis was negated, innermost last.
  const groups: boolean[] = [];
  let negateNext = false;
  const token = /'((?:[^'\\]|''|\\.)*)'(?::[*A-D]+)?|!|\(|\)/g;
  for (const match of tsquery.matchAll(token)) {
    const [text, lexeme] = match;
    const negated = groups.includes(true);
    if (text === '!') negateNext = true;
    else if (text === '(') {
      groups.push(negateNext);
      negateNext = false;
    } else if (text === ')') groups.pop();
    else {
      if (!negateNext && !negated && lexeme !== undefined) wanted.add(lexeme.replace(/''|\\(.)/g, (escape, char: string | undefined) => char ?? "'"));
      negateNext = false;
    }
  }
  return [...wanted];
}

/** A tsquery that finds any of `lexemes`, already normalised (the cast does not stem again). */
function anyOf(lexemes: string[]): string {
  return lexemes.map((l) => `'${l.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' | ');
}

interface QueryRow {
  matched: boolean;
  query: string;
}

interface HeadlineRow {
  transcript: string | null;
  summary: string | null;
  reason: string | null;
  transcript_marked: string | null;
  summary_marked: string | null;
  reason_marked: string | null;
}

/**
 * The words of one call that a q matches, as the server matches them
 * (stemmed: "cancellation" marks "cancelled"), in each of the three texts;
 * undefined when there is no such call. A call the search does not find (it
 * holds an excluded word, or only part of a phrase) has no matches.
 */
export async function findCallMatches(db: Queryable, id: string, q: string): Promise<CallMatches | undefined> {
  const [found] = await db.query<QueryRow>(
    `SELECT call_text_words(c.transcript, c.summary, c.reason) @@ t.query AS matched, t.query::text AS query
     FROM calls c CROSS JOIN (SELECT websearch_to_tsquery('${TEXT_SEARCH_CONFIG}', $2) AS query) t
     WHERE c.id = $1`,
    [id, q],
  );
  if (!found) return undefined;
  const none: CallMatches = { transcript: [], summary: [], reason: [] };
  const lexemes = wantedLexemes(found.query);
  if (!found.matched || lexemes.length === 0) return none;
  const headline = (column: string) =>
    `CASE WHEN c.${column} IS NULL THEN NULL ELSE ts_headline('${TEXT_SEARCH_CONFIG}', c.${column}, $2::tsquery, $3) END AS ${column}_marked`;
  const [row] = await db.query<HeadlineRow>(
    `SELECT c.transcript, c.summary, c.reason, ${headline('transcript')}, ${headline('summary')}, ${headline('reason')} FROM calls c WHERE c.id = $1`,
    [id, anyOf(lexemes), HEADLINE_OPTIONS],
  );
  if (!row) return none;
  const spans = (text: string | null, marked: string | null) => (text === null || marked === null ? [] : spansOf(text, marked));
  return {
    transcript: spans(row.transcript, row.transcript_marked),
    summary: spans(row.summary, row.summary_marked),
    reason: spans(row.reason, row.reason_marked),
  };
}
