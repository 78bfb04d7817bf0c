import { isCrossSite, type OriginFacts } from './same-origin';

const request = (headers: Record<string, string | string[]>, protocol: 'http' | 'https' = 'https', host = 'callboard.example.com') =>
  ({ headers, protocol, host }) as OriginFacts;

describe('Sec-Fetch-Site decides when a browser sends it', () => {
  test.each(['same-origin', 'none', 'Same-Origin'])('%s is let through', (site) => {
    expect(isCrossSite(request({ 'sec-fetch-site': site }))).toBe(false);
  });

  test.each(['cross-site', 'same-site', 'something-new', ''])('%j is refused', (site) => {
    expect(isCrossSite(request({ 'sec-fetch-site': site }))).toBe(true);
  });

  test('it wins over Origin, either way', () => {
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site', origin: 'https://callboard.example.com' }))).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-origin', origin: 'https://elsewhere.example' }))).toBe(false);
  });
});

describe('without Sec-Fetch-Site, Origin must be this server', () => {
  test('the same scheme, host and port is let through, whatever the case and with the default port spelt out', () => {
    expect(isCrossSite(request({ origin: 'https://callboard.example.com' }))).toBe(false);
    expect(isCrossSite(request({ origin: 'HTTPS://Callboard.Example.com' }))).toBe(false);
    expect(isCrossSite(request({ origin: 'https://callboard.example.com' }, 'https', 'callboard.example.com:443'))).toBe(false);
    expect(isCrossSite(request({ origin: 'http://127.0.0.1:3000' }, 'http', '127.0.0.1:3000'))).toBe(false);
  });

  test.each([
    ['another site', 'https://evil.example'],
    ['a sibling subdomain', 'https://reports.example.com'],
    ['plain HTTP to an HTTPS server', 'http://callboard.example.com'],
    ['another port', 'https://callboard.example.com:8443'],
    ['an opaque origin', 'null'],
    ['no origin at all', 'not a url'],
    ['a non-web scheme', 'file://callboard.example.com'],
  ])('%s is refused', (_what, origin) => {
    expect(isCrossSite(request({ origin }))).toBe(true);
  });

  test('a request whose Host is missing cannot match any origin', () => {
    expect(isCrossSite(request({ origin: 'https://callboard.example.com' }, 'https', ''))).toBe(true);
  });
});

test('a request with neither header (a script, curl) is let through', () => {
  expect(isCrossSite(request({}))).toBe(false);
});
