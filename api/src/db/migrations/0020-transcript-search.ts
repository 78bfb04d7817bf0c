import type { Migration } from './index';

/**
 * Transcript search (call-where.ts, transcript-search.ts): the words of each
 * call's transcript, summary and reason, as PostgreSQL's english text-search
 * configuration reads them (stemmed, stop words left out), and a GIN index
 * over them. The configuration ships with PostgreSQL and with PGlite alike,
 * so both engines stem and match the same.
 *
 * A stored generated column, not an expression index: a phrase ("cancel my
 * order") is confirmed on each call the index offers, and a word most calls
 * hold is read by time and checked call by call; either way the check reads
 * the stored words instead of parsing the texts again, which measured many
 * times faster (docs/decisions/0024-transcript-search.md). The words are made
 * once per written call either way, so ingest pays about the same; the column
 * costs disk, and adding it rewrites the table once. Written by PostgreSQL
 * itself, it can never disagree with the texts, whoever changes them.
 *
 * The index keeps its pending list (fastupdate, the default): a delivery's
 * new words are appended to it and merged into the index in bulk, by
 * autovacuum or once the list reaches gin_pending_list_limit (4 MB), instead
 * of each call touching one index page per distinct word.
 */
export const transcriptSearch: Migration = {
  version: '0020-transcript-search',
  statements: [
    `ALTER TABLE calls ADD COLUMN words tsvector GENERATED ALWAYS AS (
       to_tsvector('english'::regconfig, coalesce(transcript, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(reason, ''))
     ) STORED`,
    'CREATE INDEX calls_words_idx ON calls USING gin (words)',
  ],
};
