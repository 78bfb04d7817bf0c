import { DELIVERY_MESSAGES, endpointScreenLink, endpointUrlProblem, parseEndpointBody } from './delivery';
import { isNotificationLink } from './notifications';

describe('endpointUrlProblem', () => {
  test.each([
    ['webhook', 'https://hooks.example.com/callboard', undefined],
    ['webhook', 'http://10.0.0.5:8080/in?source=callboard', undefined],
    ['slack', 'https://hooks.slack.com/services/T000/B000/XXXX', undefined],
    ['slack', 'http://127.0.0.1:4000/slack', undefined],
    ['slack', 'http://localhost/slack', undefined],
    ['slack', 'http://[::1]:9000/', undefined],
    ['slack', 'http://chat.example.com/hooks/1', DELIVERY_MESSAGES.slackUrlInsecure],
    ['webhook', 'ftp://example.com/in', DELIVERY_MESSAGES.urlInvalid],
    ['webhook', 'example.com/in', DELIVERY_MESSAGES.urlInvalid],
    ['webhook', 'https://', DELIVERY_MESSAGES.urlInvalid],
    ['webhook', 'https://exa mple.com/', DELIVERY_MESSAGES.urlInvalid],
    ['webhook', 'https://user:pw@example.com/in', DELIVERY_MESSAGES.urlCredentials],
    ['webhook', `https://example.com/${'a'.repeat(2000)}`, DELIVERY_MESSAGES.urlTooLong],
  ] as const)('%s %s', (kind, url, problem) => {
    expect(endpointUrlProblem(kind, url)).toBe(problem);
  });
});

describe('parseEndpointBody', () => {
  test('trims and accepts a valid body', () => {
    expect(parseEndpointBody({ name: '  QC channel ', kind: 'slack', url: ' https://hooks.slack.com/services/x ' })).toEqual({
      name: 'QC channel',
      kind: 'slack',
      url: 'https://hooks.slack.com/services/x',
    });
  });

  test('names every problem under its field', () => {
    expect(parseEndpointBody({ name: ' ', kind: 'pager', url: '' })).toEqual([
      { field: 'name', message: DELIVERY_MESSAGES.nameRequired },
      { field: 'kind', message: DELIVERY_MESSAGES.kindInvalid },
      { field: 'url', message: DELIVERY_MESSAGES.urlRequired },
    ]);
    expect(parseEndpointBody({ name: 'x'.repeat(101), kind: 'slack', url: 'http://chat.example.com/' })).toEqual([
      { field: 'name', message: DELIVERY_MESSAGES.nameTooLong },
      { field: 'url', message: DELIVERY_MESSAGES.slackUrlInsecure },
    ]);
  });
});

describe('endpointScreenLink', () => {
  test("is the Users area's Delivery endpoints tab marking the endpoint, a link a notification may carry", () => {
    const id = '3f2b8c1e-0d4a-4c6b-9e7f-1a2b3c4d5e6f';
    expect(endpointScreenLink(id)).toBe(`/users/endpoints?endpoint=${id}`);
    // A pause's notification is written with it: notify() refuses a link that is not the app's own.
    expect(isNotificationLink(endpointScreenLink(id))).toBe(true);
    expect(endpointScreenLink('a&b')).toBe('/users/endpoints?endpoint=a%26b');
  });
});
