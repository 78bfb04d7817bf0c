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
