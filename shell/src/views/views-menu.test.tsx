import { VIEW_MESSAGES, type PublicUser, type SavedView, type SavedViewBody } from '@callboard/contract';
import { makePartner } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeRequest } from '@callboard/shared-auth/testing/render-in-host';
import { filtersAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { columnSettingsAtom, visibleColumnKeys } from '@callboard/shared-ui/record-columns-atom';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ViewsMenu } from './views-menu';

const ME = 'u1';

function makeView(fields: Partial<SavedView>): SavedView {
  return {
    id: `v-${Math.random().toString(36).slice(2, 8)}`,
    name: 'A view',
    area: 'reporting',
    query: '',
    columns: null,
    shared: false,
    ownerId: ME,
    ownerName: 'Ada Lovelace',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

const MINE = makeView({ id: 'mine', name: 'Sales last week', query: 'datePreset=last_7_days&status=Sales&campaign=4&sortBy=status&sortDir=asc', columns: ['callTimestamp', 'status'] });
const MINE_SHARED = makeView({ id: 'mine-shared', name: 'Team board', shared: true });
const THEIRS = makeView({ id: 'theirs', name: 'No connects', query: 'connected=false', shared: true, ownerId: 'u2', ownerName: 'Grace Hopper' });
const CALL_LOGS = makeView({ id: 'logs', name: 'Logs only', area: 'callLogs' });

interface Options {
  area?: 'reporting' | 'callLogs';
  account?: Partial<PublicUser>;
  views?: SavedView[];
  /** Answers a write instead of the in-memory server (a refusal). */
  refuse?: (request: FakeRequest) => { status: number; body: unknown } | undefined;
  failList?: boolean;
  /** The id of the person's default view of each area, as the server holds it. */
  defaults?: Partial<Record<'reporting' | 'callLogs', string>>;
}

/** The menu over a small in-memory server of views (GET lists, POST adds, PUT renames, DELETE removes) and of default views. */
function renderMenu({ area = 'reporting', account = {}, views = [MINE, MINE_SHARED, THEIRS, CALL_LOGS], refuse, failList = false, defaults = {} }: Options = {}) {
  let stored = [...views];
  const chosen = { ...defaults };
  const defaultViews = () => ({
    reporting: stored.find((v) => v.id === chosen.reporting) ?? null,
    callLogs: stored.find((v) => v.id === chosen.callLogs) ?? null,
  });
  const rendered = renderInHost(<ViewsMenu area={area} />, {
    path: area === 'reporting' ? '/reporting' : '/callLogs',
    session: account,
    api: (request) => {
      if (request.method !== 'GET') {
        const refusal = refuse?.(request);
        if (refusal) return refusal;
      }
      if (request.path === '/api/views/defaults' && request.method === 'GET') return { body: { success: true, data: defaultViews() } };
      if (request.path.startsWith('/api/views/defaults/') && request.method === 'PUT') {
        const which = request.path.replace('/api/views/defaults/', '') as 'reporting' | 'callLogs';
        const { viewId } = request.body as { viewId: string | null };
        if (viewId === null) delete chosen[which];
        else chosen[which] = viewId;
        return { body: { success: true, data: defaultViews() } };
      }
      if (request.path === '/api/views' && request.method === 'GET') {
        return failList ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The database is unavailable' } } : { body: { success: true, data: stored } };
      }
      if (request.path === '/api/views' && request.method === 'POST') {
        const body = request.body as SavedViewBody;
        const view = makeView({ ...body, id: 'new', columns: body.columns ?? null, shared: body.shared ?? false });
        stored = [view, ...stored];
        return { status: 201, body: { success: true, message: 'View saved', data: view } };
      }
      const id = request.path.replace('/api/views/', '');
      if (request.method === 'PUT') {
        stored = stored.map((v) => (v.id === id ? { ...v, ...(request.body as Partial<SavedView>) } : v));
        return { body: { success: true, message: 'View updated', data: stored.find((v) => v.id === id) } };
      }
      if (request.method === 'DELETE') {
        stored = stored.filter((v) => v.id !== id);
        return { body: { success: true, message: 'View deleted' } };
      }
      return undefined;
    },
  });
  return rendered;
}

async function openMenu(user: ReturnType<typeof renderMenu>['user']) {
  await user.click(screen.getByRole('button', { name: 'Views' }));
  const menu = await screen.findByRole('dialog', { name: 'Views' });
  await within(menu).findByRole('heading', { name: 'My views' });
  expect(within(menu).queryByText('Loading views…')).not.toBeInTheDocument();
  return menu;
}

const section = (menu: HTMLElement, title: string) => within(menu).getByRole('region', { name: title });
const names = (region: HTMLElement) => Array.from(region.querySelectorAll('.views-menu__name')).map((name) => name.textContent);
/** A view's open button: its name, then its note (Shared, by …). */
const viewButton = (menu: HTMLElement, name: string) => within(menu).getByRole('button', { name: new RegExp(`^${name}`) });

test('lists my views and the team\'s shared ones for the area on screen, with their owners', async () => {
  const { user, requests } = renderMenu();
  // Nothing is read until the menu opens.
  expect(requests('/api/views')).toHaveLength(0);
  const menu = await openMenu(user);
  expect(names(section(menu, 'My views'))).toEqual(['Sales last week', 'Team board']);
  expect(within(section(menu, 'My views')).getByText('Shared')).toBeInTheDocument();
  expect(names(section(menu, 'Shared views'))).toEqual(['No connects']);
  expect(within(section(menu, 'Shared views')).getByText('by Grace Hopper')).toBeInTheDocument();
  expect(within(menu).queryByText('Logs only')).not.toBeInTheDocument();
});

test('in Call Logs it lists the Call Logs views', async () => {
  const { user } = renderMenu({ area: 'callLogs' });
  const menu = await openMenu(user);
  expect(names(section(menu, 'My views'))).toEqual(['Logs only']);
  expect(within(section(menu, 'Shared views')).getByText('No views shared by the team.')).toBeInTheDocument();
});

test('opening a view goes to its area with its query, and puts its filters and columns in force', async () => {
  const { user, store, location } = renderMenu();
  act(() => store.set(updateFiltersAtom, { search: 'left over', datePreset: 'yesterday' }));
  const menu = await openMenu(user);
  await user.click(viewButton(menu, 'Sales last week'));

  expect(location.pathname).toBe('/reporting');
  expect(location.search).toBe(`?${MINE.query}`);
  expect(screen.queryByRole('dialog', { name: 'Views' })).not.toBeInTheDocument();
  const filters = store.get(filtersAtom);
  expect(filters).toMatchObject({ datePreset: 'last_7_days', status: ['Sales'], campaign: ['4'], sortBy: 'status', sortDir: 'asc', search: '' });
  expect(filters.campaigns).toEqual([{ value: '4', label: '4', count: 0 }]);
  expect(visibleColumnKeys(store.get(columnSettingsAtom))).toEqual(['callTimestamp', 'status']);
});

test('a view without columns leaves the columns as they were', async () => {
  const { user, store } = renderMenu();
  act(() => store.set(columnSettingsAtom, { hidden: ['transcript'] }));
  await user.click(viewButton(await openMenu(user), 'No connects'));
  expect(store.get(filtersAtom).connected).toBe('false');
  expect(store.get(columnSettingsAtom)).toEqual({ hidden: ['transcript'] });
});

test('saving the current view sends its name, the filters in force, the visible columns and the sharing choice', async () => {
  const { user, store, requests } = renderMenu();
  act(() => store.set(updateFiltersAtom, { datePreset: 'this_month', disposition: ['Voicemail'] }));
  act(() => store.set(columnSettingsAtom, { hidden: ['transcript', 'summary'] }));
  await user.click(within(await openMenu(user)).getByRole('button', { name: 'Save current view' }));

  const dialog = await screen.findByRole('dialog', { name: 'Save view' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Voicemails this month ');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Share with the team' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('View saved')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument();
  const [post] = requests('/api/views').filter((r) => r.method === 'POST');
  expect(post?.body).toEqual({
    name: 'Voicemails this month',
    area: 'reporting',
    query: 'datePreset=this_month&disposition=Voicemail',
    columns: visibleColumnKeys({ hidden: ['transcript', 'summary'] }),
    shared: true,
  });
  // The list is read again, and the new view is in it.
  const menu = await openMenu(user);
  await waitFor(() => expect(names(section(menu, 'My views'))).toContain('Voicemails this month'));
});

test('a Call Logs view keeps no columns and is private unless ticked', async () => {
  const { user, requests } = renderMenu({ area: 'callLogs' });
  await user.click(within(await openMenu(user)).getByRole('button', { name: 'Save current view' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save view' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mine');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await screen.findByText('View saved');
  expect(requests('/api/views').find((r) => r.method === 'POST')?.body).toMatchObject({ area: 'callLogs', columns: null, shared: false });
});

test('a blank name is refused before anything is sent', async () => {
  const { user, requests } = renderMenu();
  await user.click(within(await openMenu(user)).getByRole('button', { name: 'Save current view' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save view' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText(VIEW_MESSAGES.nameRequired)).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  expect(requests('/api/views').filter((r) => r.method === 'POST')).toHaveLength(0);
});

test("the server's refusal is toasted and shown under the name; the dialog stays open", async () => {
  const { user } = renderMenu({
    refuse: () => ({ status: 409, body: { success: false, code: 'CONFLICT', message: VIEW_MESSAGES.duplicateName, errors: [{ field: 'name', message: VIEW_MESSAGES.duplicateName }] } }),
  });
  await user.click(within(await openMenu(user)).getByRole('button', { name: 'Save current view' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save view' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Sales last week');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText(VIEW_MESSAGES.duplicateName)).toBeInTheDocument();
  expect(screen.getAllByText(VIEW_MESSAGES.duplicateName)).toHaveLength(2);
  expect(screen.getByRole('dialog', { name: 'Save view' })).toBeInTheDocument();
});

test('renaming one of my views', async () => {
  const { user, requests } = renderMenu();
  await user.click(within(await openMenu(user)).getByRole('button', { name: 'Rename Sales last week' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rename view' });
  const field = within(dialog).getByRole('textbox', { name: 'Name' });
  expect(field).toHaveValue('Sales last week');
  await user.clear(field);
  await user.type(field, 'Sales, week before');
  await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
  expect(await screen.findByText('View renamed')).toBeInTheDocument();
  const put = requests('/api/views/mine').find((r) => r.method === 'PUT');
  expect(put?.body).toEqual({ name: 'Sales, week before' });
});

test('deleting asks first; Cancel sends nothing, Delete removes it', async () => {
  const { user, requests } = renderMenu();
  await user.click(within(await openMenu(user)).getByRole('button', { name: 'Delete Team board' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete view' });
  expect(dialog).toHaveTextContent('Delete the view Team board? It is shared: it goes for the whole team.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(requests('/api/views/mine-shared')).toHaveLength(0);

  await user.click(within(await openMenu(user)).getByRole('button', { name: 'Delete Team board' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete view' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('View deleted')).toBeInTheDocument();
  expect(requests('/api/views/mine-shared').map((r) => r.method)).toEqual(['DELETE']);
  const menu = await openMenu(user);
  await waitFor(() => expect(names(section(menu, 'My views'))).toEqual(['Sales last week']));
});

test("nobody renames another person's view; only an admin is offered to delete a shared one", async () => {
  const first = renderMenu();
  let shared = section(await openMenu(first.user), 'Shared views');
  expect(within(shared).queryByRole('button', { name: /^Rename / })).not.toBeInTheDocument();
  expect(within(shared).queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  first.unmount();

  // A reviewer corrects calls, not the team's menu.
  const reviewer = renderMenu({ account: { role: 'reviewer' } });
  shared = section(await openMenu(reviewer.user), 'Shared views');
  expect(within(shared).queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  reviewer.unmount();

  const admin = renderMenu({ account: { role: 'admin' } });
  shared = section(await openMenu(admin.user), 'Shared views');
  expect(within(shared).queryByRole('button', { name: /^Rename / })).not.toBeInTheDocument();
  expect(within(shared).getByRole('button', { name: 'Delete No connects' })).toBeInTheDocument();
});

test('any view listed can be made my default: it is marked Default, and unset the same way', async () => {
  const { user, requests } = renderMenu({ defaults: { reporting: 'mine' } });
  const menu = await openMenu(user);
  const mine = section(menu, 'My views');
  await waitFor(() => expect(within(mine).getByRole('button', { name: 'Unset Sales last week as my default view' })).toBeInTheDocument());
  expect(within(viewButton(menu, 'Sales last week')).getByText('Default')).toBeInTheDocument();
  expect(within(viewButton(menu, 'Team board')).queryByText('Default')).not.toBeInTheDocument();

  // A team member's shared view takes its place.
  await user.click(within(section(menu, 'Shared views')).getByRole('button', { name: 'Make No connects my default view' }));
  expect(await screen.findByText('Default view set')).toBeInTheDocument();
  expect(requests('/api/views/defaults/reporting').map((r) => [r.method, r.body])).toEqual([['PUT', { viewId: 'theirs' }]]);
  // The menu stays open, so the mark is seen moving.
  await waitFor(() => expect(within(viewButton(menu, 'No connects')).getByText('Default')).toBeInTheDocument());
  expect(within(viewButton(menu, 'Sales last week')).queryByText('Default')).not.toBeInTheDocument();

  await user.click(within(menu).getByRole('button', { name: 'Unset No connects as my default view' }));
  expect(await screen.findByText('Default view unset')).toBeInTheDocument();
  expect(requests('/api/views/defaults/reporting').at(-1)?.body).toEqual({ viewId: null });
  await waitFor(() => expect(within(menu).queryByText('Default')).not.toBeInTheDocument());
  expect(within(menu).getByRole('button', { name: 'Make No connects my default view' })).toBeInTheDocument();
});

test('Schedule… on one of my views opens Reporting’s Reports tab with the schedule form on that view', async () => {
  const { user, location } = renderMenu({ area: 'callLogs' });
  const menu = await openMenu(user);
  await user.click(within(section(menu, 'My views')).getByRole('button', { name: 'Schedule Logs only…' }));
  expect(location.pathname).toBe('/reporting/reports');
  expect(Object.fromEntries(new URLSearchParams(location.search))).toEqual({ view: 'logs', new: '1' });
  expect(screen.queryByRole('dialog', { name: 'Views' })).not.toBeInTheDocument();
});

test('someone else’s shared view is offered Schedule… to an admin only', async () => {
  const reviewer = renderMenu({ account: { role: 'reviewer' } });
  let menu = await openMenu(reviewer.user);
  expect(within(section(menu, 'My views')).getByRole('button', { name: 'Schedule Sales last week…' })).toBeInTheDocument();
  expect(within(section(menu, 'Shared views')).queryByRole('button', { name: /^Schedule / })).not.toBeInTheDocument();
  reviewer.unmount();

  const admin = renderMenu({ account: { role: 'admin' } });
  menu = await openMenu(admin.user);
  await admin.user.click(within(section(menu, 'Shared views')).getByRole('button', { name: 'Schedule No connects…' }));
  expect(admin.location.pathname).toBe('/reporting/reports');
  expect(new URLSearchParams(admin.location.search).get('view')).toBe('theirs');
});

test('a list that fails to load says so and offers Retry', async () => {
  const { user } = renderMenu({ failList: true });
  await user.click(screen.getByRole('button', { name: 'Views' }));
  const menu = await screen.findByRole('dialog', { name: 'Views' });
  expect(await within(menu).findByText('Failed to load views.')).toBeInTheDocument();
  expect(within(menu).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  // Saving stays possible.
  expect(within(menu).getByRole('button', { name: 'Save current view' })).toBeInTheDocument();
});

describe('for a partner', () => {
  const partner = makePartner('publisher', {}, { id: ME, _id: ME });

  test('lists only its own views, and saves a new one without the team’s sharing', async () => {
    // Should a server list a team's view, the partner's menu still leaves it out.
    const { user, requests } = renderMenu({ account: partner });
    const menu = await openMenu(user);
    expect(names(section(menu, 'My views'))).toEqual(['Sales last week', 'Team board']);
    expect(within(menu).queryByRole('region', { name: 'Shared views' })).not.toBeInTheDocument();
    // A partner receives reports; it schedules none.
    expect(within(menu).queryByRole('button', { name: /^Schedule / })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Save current view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Share with the team' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'My calls');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests('/api/views').filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests('/api/views').find((request) => request.method === 'POST')?.body).toMatchObject({ name: 'My calls', shared: false });
  });

  test('an admin viewing as a partner opens its views and changes nothing: no save, default, rename or delete', async () => {
    const { user, location } = renderMenu({ account: { ...partner, viewAsBy: { id: 'a1', name: 'Grace Admin' } } });
    const menu = await openMenu(user);
    expect(within(menu).queryByRole('button', { name: 'Save current view' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: /my default view/ })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: /^Rename / })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    await user.click(viewButton(menu, 'Sales last week'));
    expect(location.search).toBe(`?${MINE.query}`);
  });
});
