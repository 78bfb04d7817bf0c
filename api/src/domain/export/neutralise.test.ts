import { neutralise } from './neutralise';

describe('neutralise', () => {
  test('a text a spreadsheet would read as a formula gets a leading quote; other text is left alone', () => {
    expect(neutralise('=SUM(1)')).toBe("'=SUM(1)");
    expect(neutralise('+cmd')).toBe("'+cmd");
    expect(neutralise('＝1')).toBe("'＝1");
    expect(neutralise('\t=1')).toBe("'\t=1");
    expect(neutralise('Pub A')).toBe('Pub A');
    expect(neutralise('a=1')).toBe('a=1');
    expect(neutralise('')).toBe('');
  });

  test('control characters are removed before the formula check, so one in front does not hide a formula', () => {
    expect(neutralise('\u0001=HYPERLINK("http://x/","y")')).toBe('\'=HYPERLINK("http://x/","y")');
    expect(neutralise('\u0000\u0008\u001F+cmd')).toBe("'+cmd");
    expect(neutralise('\uFFFE@SUM(1)')).toBe("'@SUM(1)");
    expect(neutralise('a\u0001b\u000Bc')).toBe('abc');
    // Tab, line feed and carriage return are text a cell may hold: kept.
    expect(neutralise('a\tb\nc\rd')).toBe('a\tb\nc\rd');
  });
});
