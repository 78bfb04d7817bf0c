import { recordingLinkExpiry } from '@callboard/contract';
import { RECORDING_LINK_LIFETIME_S, RECORDING_LINK_STEP_S, RecordingLinks } from './recording-links';

const links = new RecordingLinks('a-jwt-secret-of-this-deployment');
const NOW = Date.parse('2026-03-10T14:31:07Z');

function parts(link: string) {
  const url = new URL(link, 'http://callboard.example');
  return { path: url.pathname, expires: url.searchParams.get('expires') ?? undefined, signature: url.searchParams.get('signature') ?? undefined };
}

describe('RecordingLinks', () => {
  test('a recording on this server gets an expiry and a signature; other links are passed on as they are', () => {
    const link = links.link('/recordings/demo-3.wav', NOW) as string;
    expect(link).toMatch(/^\/recordings\/demo-3\.wav\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
    for (const other of [null, 'https://recordings.example.com/r1.wav', 'http://rec.example.com/recordings/a.wav', '/recordings/a.wav?x=1', '//evil.example/recordings/a.wav']) {
      expect(links.link(other, NOW)).toBe(other);
    }
  });

  test('a link lasts 15 to 20 minutes, and links signed in the same five minutes are the same', () => {
    const expires = recordingLinkExpiry(links.link('/recordings/demo-3.wav', NOW) as string) as number;
    expect(expires * 1000 - NOW).toBeGreaterThanOrEqual(RECORDING_LINK_LIFETIME_S * 1000);
    expect(expires * 1000 - NOW).toBeLessThanOrEqual((RECORDING_LINK_LIFETIME_S + RECORDING_LINK_STEP_S) * 1000);
    expect(expires % RECORDING_LINK_STEP_S).toBe(0);
    const windowStart = (expires - RECORDING_LINK_LIFETIME_S - RECORDING_LINK_STEP_S) * 1000 + 1000;
    expect(links.link('/recordings/demo-3.wav', windowStart)).toBe(links.link('/recordings/demo-3.wav', NOW));
    expect(links.link('/recordings/demo-3.wav', windowStart - 1000)).not.toBe(links.link('/recordings/demo-3.wav', NOW));
  });

  test('checks: signed and in time → ok; unsigned, tampered, for another file, or late → refused', () => {
    const { path, expires, signature } = parts(links.link('/recordings/demo-3.wav', NOW) as string);
    expect(links.check(path, expires, signature, NOW)).toEqual({ ok: true, expires: Number(expires) });
    expect(links.check(path, undefined, undefined, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(links.check(path, expires, undefined, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(links.check('/recordings/demo-4.wav', expires, signature, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.check(path, String(Number(expires) + 3600), signature, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const flipped = `${signature?.slice(0, -1)}${signature?.endsWith('A') ? 'B' : 'A'}`;
    expect(links.check(path, expires, flipped, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.check(path, expires, 'short', NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.check(path, '1e12', signature, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.check(path, expires, signature, Number(expires) * 1000)).toEqual({ ok: false, reason: 'expired' });
    // Another deployment's secret signs other links.
    expect(new RecordingLinks('another-secret').check(path, expires, signature, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
