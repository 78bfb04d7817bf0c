import { fingerprintOf, readIdempotencyKey } from './idempotency-key';

test('fingerprints ignore key order and undefined members, not values', () => {
  expect(fingerprintOf({ a: 1, b: [1, { c: 'x', d: null }] })).toBe(fingerprintOf({ b: [1, { d: null, c: 'x' }], a: 1, e: undefined }));
  expect(fingerprintOf({ amount: '1.00' })).not.toBe(fingerprintOf({ amount: 1 }));
  expect(fingerprintOf([1, 2])).not.toBe(fingerprintOf([2, 1]));
});

test('readIdempotencyKey: absent, valid, or a 400', () => {
  expect(readIdempotencyKey(undefined)).toBeUndefined();
  expect(readIdempotencyKey('6f1c2b1e-0d7a-4c55-9d1e-0e5b7a3c2d10')).toBe('6f1c2b1e-0d7a-4c55-9d1e-0e5b7a3c2d10');
  expect(readIdempotencyKey(['first', 'second'])).toBe('first');
  for (const bad of ['', 'with space', 'x'.repeat(256), 'tab\there', 'é']) {
    expect(() => readIdempotencyKey(bad)).toThrow('Idempotency-Key must be 1 to 255 visible characters');
  }
});
