import {
  PAYMENT_MESSAGES as M,
  isPaymentDate,
  paymentAmountCents,
  paymentPublisherId,
  validatePayment,
} from './payment-validation';

const VALID = { publisherId: '12', amount: '150.25', paidAt: '2026-01-31', method: 'wire' };

function messages(input: Record<string, unknown>) {
  return validatePayment(input).map((e) => `${e.field}: ${e.message}`);
}

describe('validatePayment', () => {
  test('a complete payment passes, with or without the optional fields', () => {
    expect(validatePayment(VALID)).toEqual([]);
    expect(validatePayment({ ...VALID, publisherId: 12, amount: 150.25, currency: 'EUR', reference: 'INV-1', note: 'March' })).toEqual([]);
    expect(validatePayment({ ...VALID, currency: '', reference: null, note: null })).toEqual([]);
    expect(validatePayment({ ...VALID, currency: undefined, reference: '', note: '   ' })).toEqual([]);
  });

  test('an empty form lists every required field, in form order', () => {
    expect(messages({})).toEqual([
      `publisherId: ${M.publisherRequired}`,
      `amount: ${M.amountRequired}`,
      `paidAt: ${M.paidAtRequired}`,
      `method: ${M.methodRequired}`,
    ]);
    expect(messages({ publisherId: ' ', amount: '', paidAt: '  ', method: null })).toHaveLength(4);
  });

  test.each([
    ['abc', M.publisherNotFound],
    ['0', M.publisherNotFound],
    ['-3', M.publisherNotFound],
    ['1.5', M.publisherNotFound],
    ['1234567890', M.publisherNotFound],
    [true, M.publisherNotFound],
  ])('publisherId %j → %s', (publisherId, message) => {
    expect(validatePayment({ ...VALID, publisherId })).toEqual([{ field: 'publisherId', message }]);
  });

  test.each([
    [0, M.amountNotPositive],
    ['0', M.amountNotPositive],
    ['0.00', M.amountNotPositive],
    [-5, M.amountNotPositive],
    ['-0.01', M.amountNotPositive],
    ['12.345', M.amountDecimals],
    [12.345, M.amountDecimals],
    [0.1 + 0.2, M.amountDecimals],
    [0.0000001, M.amountDecimals],
    ['10000000.01', M.amountTooLarge],
    [10_000_001, M.amountTooLarge],
    [1e21, M.amountTooLarge],
    ['abc', M.amountInvalid],
    ['1e3', M.amountInvalid],
    ['12,50', M.amountInvalid],
    ['.', M.amountInvalid],
    ['-', M.amountInvalid],
    [Number.NaN, M.amountInvalid],
    [Number.POSITIVE_INFINITY, M.amountInvalid],
    [true, M.amountInvalid],
    [{}, M.amountInvalid],
  ])('amount %j → %s', (amount, message) => {
    expect(validatePayment({ ...VALID, amount })).toEqual([{ field: 'amount', message }]);
  });

  test.each([
    ['2026-02-30', M.paidAtInvalid],
    ['2025-02-29', M.paidAtInvalid],
    ['2026-13-01', M.paidAtInvalid],
    ['1999-12-31', M.paidAtInvalid],
    ['2026-01-31T24:00', M.paidAtInvalid],
    ['2026-01-31 10:00', M.paidAtInvalid],
    ['31/01/2026', M.paidAtInvalid],
    ['yesterday', M.paidAtInvalid],
    [20260131, M.paidAtInvalid],
  ])('paidAt %j → %s', (paidAt, message) => {
    expect(validatePayment({ ...VALID, paidAt })).toEqual([{ field: 'paidAt', message }]);
  });

  test.each([
    ['cash', M.methodInvalid],
    ['WIRE', M.methodInvalid],
    [3, M.methodInvalid],
  ])('method %j → %s', (method, message) => {
    expect(validatePayment({ ...VALID, method })).toEqual([{ field: 'method', message }]);
  });

  test('every method is accepted', () => {
    for (const method of ['wire', 'ach', 'paypal', 'check', 'other']) expect(validatePayment({ ...VALID, method })).toEqual([]);
    expect(M.methodInvalid).toBe('Method must be one of wire, ach, paypal, check, other');
  });

  test.each(['usd', 'US', 'USDT', 'U5D', 7])('currency %j is refused', (currency) => {
    expect(validatePayment({ ...VALID, currency })).toEqual([{ field: 'currency', message: M.currencyInvalid }]);
  });

  test('reference and note: text of at most 100 and 1000 characters (after trimming)', () => {
    expect(validatePayment({ ...VALID, reference: 'r'.repeat(100), note: 'n'.repeat(1000) })).toEqual([]);
    expect(validatePayment({ ...VALID, reference: ` ${'r'.repeat(100)} `, note: ` ${'n'.repeat(1000)} ` })).toEqual([]);
    expect(messages({ ...VALID, reference: 'r'.repeat(101), note: 'n'.repeat(1001) })).toEqual([
      `reference: ${M.referenceTooLong}`,
      `note: ${M.noteTooLong}`,
    ]);
    expect(messages({ ...VALID, reference: 5, note: ['x'] })).toEqual([`reference: ${M.referenceInvalid}`, `note: ${M.noteInvalid}`]);
  });

  test('the messages read as the product words them', () => {
    expect(M.amountNotPositive).toBe('Amount must be greater than 0');
    expect(M.amountDecimals).toBe('Amount can have at most 2 decimals');
    expect(M.publisherNotFound).toBe('Publisher not found');
  });
});

describe('paymentAmountCents', () => {
  test.each([
    ['150.25', 15025],
    [150.25, 15025],
    ['0.01', 1],
    [0.01, 1],
    ['.5', 50],
    ['5.', 500],
    ['+7', 700],
    [' 12.50 ', 1250],
    ['12.500', 1250],
    [19.99, 1999],
    ['1.10', 110],
    [1.1, 110],
    ['10000000', 1_000_000_000],
    [10_000_000, 1_000_000_000],
    ['10000000.00', 1_000_000_000],
    ['0004.20', 420],
  ])('%j → %i cents, from the digits', (amount, cents) => {
    expect(paymentAmountCents(amount)).toEqual({ cents });
  });

  test('amounts whose float product is off by a hair still give exact cents', () => {
    // 1.15 * 100 = 114.99999999999999, 4.35 * 100 = 434.99999999999994 in binary floating point.
    expect(paymentAmountCents(1.15)).toEqual({ cents: 115 });
    expect(paymentAmountCents('4.35')).toEqual({ cents: 435 });
  });
});

describe('helpers', () => {
  test('paymentPublisherId reads numbers and digit strings', () => {
    expect(paymentPublisherId(7)).toBe(7);
    expect(paymentPublisherId(' 42 ')).toBe(42);
    expect(paymentPublisherId('4x')).toBeUndefined();
    expect(paymentPublisherId(null)).toBeUndefined();
  });

  test.each(['2026-01-31', '2024-02-29', '2026-01-31T14:30', '2026-01-31T14:30:59', '2026-01-31T14:30:59.123Z', '2026-01-31T14:30:00-05:00', '2026-01-31T14:30:00+0530'])(
    'isPaymentDate accepts %s',
    (value) => expect(isPaymentDate(value)).toBe(true),
  );
});
