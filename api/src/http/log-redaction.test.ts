import { MAY_NAME_A_SECRET, redactSecrets } from './log-redaction';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, ...fields });

describe('redactSecrets', () => {
  test('search and callerId in a logged URL, wherever the URL is', () => {
    const redacted = redactSecrets(
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
      const redacted = redactSecrets(line({ url }));
      expect([url, redacted]).toEqual([url, expect.not.stringMatching(/555|1234/)]);
      expect(JSON.parse(redacted).url).toMatch(/=\[redacted\]/);
    }
  });

  test('search and callerId fields of a logged object, string or number', () => {
    const redacted = redactSecrets(line({ filter: { datePreset: 'today', search: '5551234', callerId: 5551234 }, msg: 'statement cancelled' }));
    expect(JSON.parse(redacted)).toEqual({ level: 30, filter: { datePreset: 'today', search: '[redacted]', callerId: '[redacted]' }, msg: 'statement cancelled' });
  });

  test("a sign-in's email and password and a transcript search's words (q) in a logged URL, in any spelling", () => {
    const urls = [
      '/login.html?email=ada%40example.com&password=hunter2-secret',
      '/login?EMAIL=ada%40example.com&Password=hunter2-secret#top',
      '/x?pass%77ord=hunter2-secret&e%6Dail=ada%40example.com',
      '/api/calls/records?datePreset=today&q=refund%20hunter2&page=2',
      '/api/calls/records/42?Q=hunter2',
      '/api/calls/records?%71=hunter2&x=1',
    ];
    for (const url of urls) {
      const text = line({ req: { url }, msg: `GET ${url} failed` });
      expect(MAY_NAME_A_SECRET.test(text)).toBe(true);
      const redacted = redactSecrets(text);
      expect([url, redacted]).toEqual([url, expect.not.stringMatching(/hunter2|ada/)]);
      expect(JSON.parse(redacted).req.url).toMatch(/=\[redacted\]/);
    }
    expect(JSON.parse(redactSecrets(line({ req: { url: '/api/calls/records?datePreset=today&q=refund&page=2' } }))).req.url).toBe(
      '/api/calls/records?datePreset=today&q=[redacted]&page=2',
    );
  });

  test("a link's token (a report's unsubscribe link, a connector's URL) in a logged URL", () => {
    for (const url of ['/api/report-schedules/unsubscribe?token=Zk9xS3cr3tT0ken_-', '/api/ingest/connectors/c1?source=ringba&TOKEN=Zk9xS3cr3tT0ken_-']) {
      const text = line({ req: { method: 'POST', url }, msg: 'incoming request' });
      expect(MAY_NAME_A_SECRET.test(text)).toBe(true);
      const redacted = redactSecrets(text);
      expect([url, redacted]).toEqual([url, expect.not.stringMatching(/S3cr3t/)]);
      expect(JSON.parse(redacted).req.url).toMatch(/token=\[redacted\]$/i);
    }
  });

  test("a logged object's password and transcript words (q) are redacted; its email is not: the account lines name it on purpose", () => {
    const redacted = redactSecrets(line({ filter: { q: 'refund', datePreset: 'today' }, password: 'hunter2', email: 'ada@example.com', msg: 'sign-in failed' }));
    expect(JSON.parse(redacted)).toEqual({ level: 30, filter: { q: '[redacted]', datePreset: 'today' }, password: '[redacted]', email: 'ada@example.com', msg: 'sign-in failed' });
  });

  test('a line that names none of them (the q of "request" included) is passed on by the pre-check, without running the patterns', () => {
    const requestLines = [
      line({ reqId: 'req-1', req: { method: 'GET', url: '/api/stats?datePreset=today&page=2', host: '127.0.0.1:8080' }, msg: 'incoming request' }),
      line({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 2.5, msg: 'request completed' }),
      line({ req: { url: '/api/calls/records?quick=1&sq=2&qa=3' }, quality: 'q' }),
    ];
    for (const text of requestLines) {
      expect([text, MAY_NAME_A_SECRET.test(text)]).toEqual([text, false]);
      expect(redactSecrets(text)).toBe(text);
    }
  });

  test('a line naming no such field, in any spelling, comes back as it was', () => {
    for (const text of [line({ req: { url: '/api/stats?datePreset=today&page=2' }, msg: 'incoming request' }), line({ res: { statusCode: 200 }, responseTime: 2.5 })]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  test('everything else is left as it was', () => {
    const text = line({ req: { url: '/api/calls/records?datePreset=today&researcher=1&page=2' }, research: 'x', msg: 'search=5 is not a query' });
    expect(redactSecrets(text)).toBe(text);
  });
});
