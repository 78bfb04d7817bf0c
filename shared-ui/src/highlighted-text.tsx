import type { TextSpan } from '@callboard/contract';
import { Fragment } from 'react';
import './highlighted-text.css';

export interface HighlightedTextProps {
  text: string;
  /** Where the matched words stand in `text` (the server's, from GET /api/calls/records/{id}?q=…); none: the text as it is. */
  spans?: readonly TextSpan[];
}

/**
 * A text with the words a transcript search matched in `<mark>`. The text is
 * cut at the spans' offsets and every piece rendered as text, never as HTML;
 * a span out of the text's bounds or overlapping the one before is left out,
 * so a text that changed since its spans were made shows at worst unmarked.
 */
export function HighlightedText({ text, spans = [] }: HighlightedTextProps) {
  const pieces: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const { start, end } of [...spans].sort((a, b) => a.start - b.start)) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < at || end <= start || end > text.length) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return (
    <>
      {pieces.map((piece, index) =>
        piece.marked ? (
          <mark key={index} className="cb-mark">
            {piece.text}
          </mark>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}

export interface MarkedTextProps {
  /** The text shown: the call's own, or the bot's verdict's. */
  text: string | null | undefined;
  /** The call's own text the spans were made for: marks are shown only where `text` is that text. */
  source: string | null | undefined;
  spans?: readonly TextSpan[];
  /** What an absent or blank text shows. */
  empty: string;
}

/**
 * A text of a call's detail with the search's marks. The server marks the
 * call's own (effective) reason and summary; the bot's verdict shows its own
 * texts, which carry the marks only where they are the same words.
 */
export function MarkedText({ text, source, spans, empty }: MarkedTextProps) {
  if (typeof text !== 'string' || text.trim() === '') return <>{empty}</>;
  return <HighlightedText text={text} spans={text === source ? spans : undefined} />;
}
