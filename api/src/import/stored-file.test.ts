import { NotCsvError, RowCounter, judgeFileStart } from './stored-file';

const count = (...pieces: string[]) => {
  const counter = new RowCounter();
  for (const piece of pieces) counter.push(piece);
  return counter.end();
};

test('data rows as the importer reads them: quoted line breaks, blank lines, every kind of line end, the header not one', () => {
  expect(count('')).toBe(0);
  expect(count('Call ID,Call Date\n')).toBe(0);
  expect(count('Call ID,Call Date\nA,1\nB,2')).toBe(2);
  expect(count('Call ID,Note\r\nA,"one\r\ntwo"\r\n\r\n , ;"" \r\nB,"x,y"\r\n')).toBe(2);
  expect(count('Call ID,Note\rA,1\rB,2\r')).toBe(2);
  // Cut anywhere, a CRLF or a quote included, the count is the same.
  const text = '\uFEFFCall ID,Note\r\nA,"one\r\ntwo"\r\nB,3\r\n';
  for (let cut = 0; cut <= text.length; cut += 1) expect(count(text.slice(0, cut), text.slice(cut))).toBe(2);
});

test('a workbook or a binary file is told from text by its first bytes', () => {
  expect(() => judgeFileStart(Buffer.from('PK\u0003\u0004rest', 'latin1'))).toThrow(new NotCsvError('workbook'));
  expect(() => judgeFileStart(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toThrow(new NotCsvError('workbook'));
  expect(() => judgeFileStart(Buffer.from('Call ID\u0000', 'latin1'))).toThrow(new NotCsvError('binary'));
  expect(() => judgeFileStart(Buffer.from('Call ID,Café\n', 'utf8'))).not.toThrow();
});
