/** The signed-in frame for a partner (issue 34 items 4 and 5): its navigation, the pickers it is offered, and the banner naming its scope. */
import { VIEW_AS_END_PATH, type PublicUser } from '@callboard/contract';
import { tokenAtom, userAtom } from '@callboard/shared-auth/session';
import { makePartner, makeToken, makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import type { FakeApi } from '@callboard/shared-auth/testing/render-in-host';
import { filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { screen, waitFor, within } from '@testing-library/react';
import { renderDashboard } from './testing';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const selections = () => screen.getByRole('group', { name: 'Selections' });

/** Answers the banner's question for the scope's names, the admin's own session on Exit, and logout. */
const partnerApi: FakeApi = (request) => {
  if (request.path === '/api/filters/publishers' && request.query.get('ids') === '7,9') {
    return { body: { success: true, data: { publishers: [{ value: '9', label: 'Red Lead Co', count: 3 }, { value: '7', label: 'Blue Lead Co', count: 12 }] } } };
  }
  if (request.path === '/api/filters/buyers') return { body: { success: true, data: { buyers: [{ value: '4', label: 'Acme Insurance', count: 5 }] } } };
  if (request.path === VIEW_AS_END_PATH && request.method === 'DELETE') {
    return { body: { success: true, data: { token: makeToken(900, { sub: 'a1' }), expiresIn: 900, user: makeUser({ id: 'a1', role: 'admin', name: 'Grace Admin' }) } } };
  }
  return { body: { success: true, message: 'Logged out' } };
};

const publisher = makePartner('publisher', { ids: [7, 9], historyFrom: '2026-10-01' });

test('a partner’s frame has no Users link', async () => {
  await renderDashboard({ account: publisher, api: partnerApi });
  const nav = within(mainNav());
  expect(nav.getByRole('link', { name: 'Reporting' })).toBeInTheDocument();
  expect(nav.getByRole('link', { name: 'Call Logs' })).toBeInTheDocument();
  expect(nav.queryByRole('link', { name: 'Users' })).toBeNull();
});

test('a partner sent to /users sees the unauthorized page instead of the area', async () => {
  const { router } = await renderDashboard({ path: '/users', account: publisher, api: partnerApi });
  expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Users area' })).toBeNull();
  expect(router.pathname).toBe('/unauthorized');
});

test('the banner names the partner’s sources, its kind and its history start, under the top bar', async () => {
  await renderDashboard({ account: publisher, api: partnerApi });
  const banner = await screen.findByRole('note', { name: 'Your scope' });
  await waitFor(() => expect(banner).toHaveTextContent('Blue Lead Co, Red Lead Co — publisher partner — calls since 2026-10-01'));
  // Under the top bar, above the page.
  expect(screen.getByRole('group', { name: 'Selections' }).compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Exit' })).toBeNull();
});

test('a buyer partner with all history: its buyer named, “all calls”', async () => {
  await renderDashboard({ account: makePartner('buyer', { ids: [4], historyFrom: null }), api: partnerApi });
  const banner = await screen.findByRole('note', { name: 'Your scope' });
  await waitFor(() => expect(banner).toHaveTextContent('Acme Insurance — buyer partner — all calls'));
});

test('the staff see no banner', async () => {
  await renderDashboard({ account: { role: 'admin' } });
  expect(screen.queryByRole('note', { name: 'Your scope' })).toBeNull();
  expect(screen.queryByRole('note', { name: 'Viewing as a partner' })).toBeNull();
});

test.each([
  ['publisher', makePartner('publisher'), ['Campaigns', 'Publishers']],
  ['buyer', makePartner('buyer'), ['Campaigns', 'Targets', 'Buyers']],
  ['buyer with its counterparty', makePartner('buyer', { counterparty: true }), ['Campaigns', 'Publishers', 'Targets', 'Buyers']],
] as const)('a %s partner is offered only the pickers of what it may see', async (_kind, account, pickers) => {
  await renderDashboard({ account, api: partnerApi });
  expect(within(selections()).getAllByRole('button').map((button) => button.textContent)).toEqual(pickers);
});

test('a counterparty’s selection and a caller-id search a link brought are emptied for a partner (the server would refuse them)', async () => {
  const { store } = await renderDashboard({
    account: makePartner('publisher', { callerId: 'masked' }),
    api: partnerApi,
    filters: { buyers: [{ value: '4', label: 'Acme', count: 1 }], campaigns: [{ value: '2', label: 'Auto', count: 1 }], search: '555' },
  });
  await waitFor(() => expect(store.get(filtersAtom).buyer).toEqual([]));
  expect(store.get(filtersAtom).search).toBe('');
  // What the partner may filter by stays.
  expect(store.get(filtersAtom).campaign).toEqual(['2']);
});

test('an admin viewing as a partner reads a banner saying so, and Exit returns them to User Management as themselves', async () => {
  const viewing: PublicUser = { ...publisher, viewAsBy: { id: 'a1', name: 'Grace Admin' } };
  const { store, user, router, requests } = await renderDashboard({ account: viewing, api: partnerApi });
  const banner = await screen.findByRole('note', { name: 'Viewing as a partner' });
  await waitFor(() =>
    expect(banner).toHaveTextContent('Viewing as Blue Lead Co (read-only) — Blue Lead Co, Red Lead Co — publisher partner — calls since 2026-10-01'),
  );
  expect(within(mainNav()).queryByRole('link', { name: 'Users' })).toBeNull();

  await user.click(within(banner).getByRole('button', { name: 'Exit' }));

  await waitFor(() => expect(store.get(userAtom)?.role).toBe('admin'));
  expect(requests(VIEW_AS_END_PATH).map((request) => request.method)).toEqual(['DELETE']);
  expect(store.get(tokenAtom)).not.toBeNull();
  await waitFor(() => expect(router.pathname).toBe('/users'));
  expect(await screen.findByRole('heading', { name: 'Users area' })).toBeInTheDocument();
  expect(screen.queryByRole('note', { name: 'Viewing as a partner' })).toBeNull();
});
