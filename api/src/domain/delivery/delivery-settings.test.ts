import { absoluteLink, addressOf, mailFromProblem, publicUrlProblem } from './delivery-settings';

describe('PUBLIC_URL', () => {
  test.each([
    ['https://callboard.example.com', undefined],
    ['http://localhost:8080', undefined],
    ['https://example.com/callboard', undefined],
    ['callboard.example.com', 'must be an absolute http:// or https:// URL, e.g. https://callboard.example.com'],
    ['ftp://example.com', 'must be an absolute http:// or https:// URL'],
    ['https://example.com/?a=1', 'must not have a query or a fragment'],
    // Every email's links are made with it: a password in it would go to every recipient.
    ['https://admin:hunter2@callboard.example.com', 'must not carry a user name or password'],
    ['https://admin@callboard.example.com', 'must not carry a user name or password'],
  ])('%s', (value, problem) => {
    expect(publicUrlProblem(value)).toBe(problem);
  });
});

describe('MAIL_FROM', () => {
  test.each([
    ['alerts@example.com', undefined],
    ['Callboard <callboard@localhost>', undefined],
    ['"Callboard QC" <qc@example.com>', undefined],
    ['Callboard', 'must be an email address, or a name and an address: Callboard <alerts@example.com>'],
    // One header line: a line break in it would start another header of every email.
    ['Callboard\r\nBcc: all@example.com <alerts@example.com>', 'must be one line'],
  ])('%j', (value, problem) => {
    expect(mailFromProblem(value)).toBe(problem);
  });

  test('its address part', () => {
    expect(addressOf('"Callboard QC" <qc@example.com>')).toBe('qc@example.com');
    expect(addressOf(' alerts@example.com ')).toBe('alerts@example.com');
  });
});

test("a message's link is a path of the app, made absolute", () => {
  expect(absoluteLink('https://example.com/callboard', '/reporting?publisher=3')).toBe('https://example.com/callboard/reporting?publisher=3');
  for (const link of ['https://evil.example.com/', '//evil.example.com/x', 'reporting']) expect(() => absoluteLink('https://example.com', link)).toThrow();
});
