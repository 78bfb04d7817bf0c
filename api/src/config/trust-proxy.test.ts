import { fastifyTrustProxy } from './trust-proxy';

describe('fastifyTrustProxy', () => {
  test('a hop count trusts the nearest that many addresses, and no more', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    const trusts = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trusts('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });

  test('true, false and address lists go to Fastify as they are', () => {
    expect(fastifyTrustProxy(true)).toBe(true);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
