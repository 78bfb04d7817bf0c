import { DEVICE_COOKIE_LIFETIME_S, DeviceCookies } from './device-cookie';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';

describe('DeviceCookies', () => {
  const cookies = new DeviceCookies('the-jwt-secret');

  test('a cookie it issued reads back as that account, with a device id of its own each time', () => {
    const first = cookies.read(cookies.issue(USER));
    const second = cookies.read(cookies.issue(USER));
    expect(first).toEqual({ userId: USER, deviceId: expect.any(String) });
    expect(second?.deviceId).not.toBe(first?.deviceId);
  });

  test('anything else reads as no device: another secret, a changed part, garbage, nothing', () => {
    const value = cookies.issue(USER);
    const [, deviceId, issued, signature] = value.split('.');
    expect(new DeviceCookies('another-secret').read(value)).toBeUndefined();
    expect(cookies.read(`6f1c2d3e-0000-4000-8000-000000000002.${deviceId}.${issued}.${signature}`)).toBeUndefined();
    expect(cookies.read(`${value.slice(0, -2)}xx`)).toBeUndefined();
    expect(cookies.read(`${value}.more`)).toBeUndefined();
    for (const junk of ['', 'garbage', 'a.b.c.d', undefined]) expect(cookies.read(junk)).toBeUndefined();
  });

  test('it lasts its lifetime, then reads as no device', () => {
    const issuedAt = Date.UTC(2026, 0, 1);
    const value = cookies.issue(USER, issuedAt);
    expect(cookies.read(value, issuedAt + (DEVICE_COOKIE_LIFETIME_S - 1) * 1000)).toBeDefined();
    expect(cookies.read(value, issuedAt + DEVICE_COOKIE_LIFETIME_S * 1000)).toBeUndefined();
  });
});
