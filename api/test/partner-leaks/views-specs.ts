/**
 * The saved views' spec (/api/views): a partner keeps views of its own, private; sharing is refused; the
 * team's shared view is not listed to it, not found by id (404) and cannot be its default; and no one
 * else (the network's admin included) sees the partner's view.
 */
import { VIEW_MESSAGES, type SavedView } from '@callboard/contract';
import { bearer } from '../support/test-app';
import type { PartnerAccount, PartnerWorld } from '../support/partner-fixtures';
import { expectNoForeignKeysOrNames, type EndpointSpec } from './matrix';

/** The team's shared view, saved once by the matrix's admin. */
let teamView: Promise<SavedView> | undefined;

function send(world: PartnerWorld, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return world.t.app.inject({ method, url, payload, headers: bearer(token) });
}

async function saveTeamView(world: PartnerWorld): Promise<SavedView> {
  const response = await send(world, world.admin.token, 'POST', '/api/views', { name: 'Team: buyers this month', area: 'reporting', query: 'datePreset=this_month', shared: true });
  if (response.statusCode !== 201) throw new Error(`the team view: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

const listedIds = async (world: PartnerWorld, token: string) => {
  const response = await send(world, token, 'GET', '/api/views');
  expect(response.statusCode).toBe(200);
  return (response.json().data as SavedView[]).map((v) => v.id);
};

const views: EndpointSpec = {
  name: 'saved views',
  routes: [
    { method: 'GET', url: '/api/views' },
    { method: 'POST', url: '/api/views' },
    { method: 'PUT', url: '/api/views/:id' },
    { method: 'DELETE', url: '/api/views/:id' },
    { method: 'GET', url: '/api/views/defaults' },
    { method: 'PUT', url: '/api/views/defaults/:area' },
  ],
  async check(world, partner: PartnerAccount) {
    teamView ??= saveTeamView(world);
    const team = await teamView;
    const shared = await send(world, partner.token, 'POST', '/api/views', { name: 'Shared try', area: 'reporting', query: '', shared: true });
    expect({ status: shared.statusCode, errors: shared.json().errors }).toEqual({ status: 400, errors: [{ field: 'shared', message: VIEW_MESSAGES.partnerCannotShare }] });

    const created = await send(world, partner.token, 'POST', '/api/views', { name: `Mine ${partner.userId}`, area: 'callLogs', query: 'datePreset=last_7_days' });
    expect(created.statusCode).toBe(201);
    const mine = created.json().data as SavedView;
    expect(mine).toMatchObject({ shared: false, ownerId: partner.userId });

    const listed = await send(world, partner.token, 'GET', '/api/views');
    expectNoForeignKeysOrNames(world, partner, listed.json());
    expect((listed.json().data as SavedView[]).map((v) => v.ownerId)).toEqual([partner.userId]);
    expect(await listedIds(world, world.admin.token)).not.toContain(mine.id);

    expect((await send(world, partner.token, 'PUT', `/api/views/${team.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await send(world, partner.token, 'DELETE', `/api/views/${team.id}`)).statusCode).toBe(404);
    expect((await send(world, partner.token, 'PUT', '/api/views/defaults/reporting', { viewId: team.id })).statusCode).toBe(404);
    expect((await send(world, partner.token, 'PUT', `/api/views/${mine.id}`, { shared: true })).statusCode).toBe(400);
    expect((await send(world, world.admin.token, 'PUT', '/api/views/defaults/callLogs', { viewId: mine.id })).statusCode).toBe(404);

    const defaults = await send(world, partner.token, 'PUT', '/api/views/defaults/callLogs', { viewId: mine.id });
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json().data).toMatchObject({ reporting: null, callLogs: { id: mine.id } });
    expect((await send(world, partner.token, 'GET', '/api/views/defaults')).json().data.callLogs.id).toBe(mine.id);
    expect((await send(world, partner.token, 'DELETE', `/api/views/${mine.id}`)).statusCode).toBe(200);
  },
};

export const viewsSpecs: EndpointSpec[] = [views];
