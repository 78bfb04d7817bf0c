import { redactCallerIds } from './log-redaction';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, ...fields });

describe('redactCallerIds', () => {
  test('search and callerId in a logged URL, wherever the URL is', () => {
    const redacted = redactCallerIds(
      line({ req: { url: '/api/calls/records?datePreset=today&search=5551234&page=2' }, msg: 'GET /api/stats?callerId=%2B15551234567 failed' }),
    );
    expect(redacted).not.toMatch(/5551234/);
    expect(JSON.parse(redacted)).toEqual({
      level: 30,
      req: { url: '/api/calls/records?datePreset=today&search=[redacted]&page=2' },
      msg: 'GET /api/stats?callerId=[redacted] failed',
    });
  });

  test('names as a query-string parser reads them: percent-encoded, any case; values with escapes', () => {
    for (const url of ['/x?sea%72ch=5551234', '/x?SEARCH=5551234', '/x?a=1&callerid=5551234#top', '/x?search=555\\"1234', '/x?search=555"1234&b=2']) {
      const redacted = redactCallerIds(line({ url }));
      expect([url, redacted]).toEqual([url, expect.not.stringMatching(/555|1234/)]);
      expect(JSON.parse(redacted).url).toMatch(/=\[redacted\]/);
    }
  });

  test('search and callerId fields of a logged object, string or number', () => {
    const redacted = redactCallerIds(line({ filter: { datePreset: 'today', search: '5551234', callerId: 5551234 }, msg: 'statement cancelled' }));
    expect(JSON.parse(redacted)).toEqual({ level: 30, filter: { datePreset: 'today', search: '[redacted]', callerId: '[redacted]' }, msg: 'statement cancelled' });
  });

  test('a line naming no such field, in any spelling, comes back as it was', () => {
    for (const text of [line({ req: { url: '/api/stats?datePreset=today&page=2' }, msg: 'incoming request' }), line({ res: { statusCode: 200 }, responseTime: 2.5 })]) {
      expect(redactCallerIds(text)).toBe(text);
    }
  });

  test('everything else is left as it was', () => {
    const text = line({ req: { url: '/api/calls/records?datePreset=today&researcher=1&page=2' }, research: 'x', msg: 'search=5 is not a query' });
    expect(redactCallerIds(text)).toBe(text);
  });
});
