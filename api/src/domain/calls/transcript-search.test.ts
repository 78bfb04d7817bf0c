import { spansOf, wantedLexemes } from './transcript-search';

describe('wantedLexemes', () => {
  test('every lexeme of words, phrases and or, once', () => {
    expect(wantedLexemes("'cancel' <-> 'order' | 'bill' & 'cancel'")).toEqual(['cancel', 'order', 'bill']);
    expect(wantedLexemes("'cancel' <2> 'order'")).toEqual(['cancel', 'order']);
  });

  test('not the excluded ones, alone or in a negated group', () => {
    expect(wantedLexemes("'refund' & !'polici'")).toEqual(['refund']);
    expect(wantedLexemes("'today' & !( 'cancel' <-> 'order' ) & 'bill'")).toEqual(['today', 'bill']);
    expect(wantedLexemes("!( 'a' & ( 'b' | 'c' ) ) & 'd'")).toEqual(['d']);
  });

  test('quotes and backslashes as PostgreSQL escapes them; an empty query wants nothing', () => {
    expect(wantedLexemes("'o''brien' & 'a\\\\b'")).toEqual(["o'brien", 'a\\b']);
    expect(wantedLexemes('')).toEqual([]);
  });
});

describe('spansOf', () => {
  test('offsets into the unmarked text, in UTF-16 units', () => {
    expect(spansOf('I cancelled — “cancel”', 'I \uE000cancelled\uE001 — “\uE000cancel\uE001”')).toEqual([
      { start: 2, end: 11 },
      { start: 15, end: 21 },
    ]);
    expect(spansOf('😀 cancel', '😀 \uE000cancel\uE001')).toEqual([{ start: 3, end: 9 }]);
  });

  test('no spans when the markers do not add up to the text', () => {
    expect(spansOf('a \uE000 b', 'a \uE000 b')).toEqual([]);
    expect(spansOf('abc', '\uE000abd\uE001')).toEqual([]);
  });
});
