import {
  API_PATHS,
  VIEW_MESSAGES,
  VIEW_NAME_MAX_LENGTH,
  VIEWS_PER_OWNER_MAX,
  SHARED_VIEWS_LISTED_MAX,
  viewDefaultPath,
  viewPath,
  type SavedView,
  type ViewDefaults,
} from '@callboard/contract';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'Alice Admin'); // first account: admin
  member = await signUp(t.app, 'Mo Member');
  other = await signUp(t.app, 'Olga Other');
}, 60_000); // PGlite boots slowly on a busy machine
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? bearer(who.token) : {} });

let named = 0;
/** A unique name, so the tests' views never collide with each other's. */
const uniqueName = (base = 'View') => `${base} ${(named += 1)}`;

async function save(who: SignedIn, fields: Record<string, unknown> = {}): Promise<SavedView> {
  const response = await call(who, 'POST', API_PATHS.views, { name: uniqueName(), area: 'reporting', query: 'datePreset=last_7_days', ...fields });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

async function visibleTo(who: SignedIn): Promise<SavedView[]> {
  const response = await call(who, 'GET', API_PATHS.views);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** The 400's field names. */
async function fieldsOf(response: Awaited<ReturnType<typeof call>>): Promise<string[]> {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  return response.json().errors.map((e: { field: string }) => e.field);
}

describe('saving and reading', () => {
  test('a saved view comes back whole: trimmed name, query without "?", owner named, timestamps', async () => {
    const response = await call(member, 'POST', API_PATHS.views, {
      name: '  Sales this week  ',
      area: 'reporting',
      query: '?datePreset=this_week&status=Sales&sortBy=durationSec&sortDir=asc',
      columns: ['callTimestamp', 'status', 'durationSec'],
      shared: true,
    });
    expect(response.statusCode).toBe(201);
    const view = response.json().data as SavedView;
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Sales this week',
      area: 'reporting',
      query: 'datePreset=this_week&status=Sales&sortBy=durationSec&sortDir=asc',
      columns: ['callTimestamp', 'status', 'durationSec'],
      shared: true,
      ownerId: member.user.id,
      ownerName: 'Mo Member',
      createdAt: expect.any(String),
      updatedAt: view.createdAt,
    });
    expect((await visibleTo(member)).find((v) => v.id === view.id)).toEqual(view);
  });

  test('columns and shared are optional: a private view that keeps the opener on their own columns', async () => {
    const view = await save(member, { area: 'callLogs', query: '' });
    expect(view).toMatchObject({ area: 'callLogs', query: '', columns: null, shared: false });
  });

  test('every role keeps views: a user and an admin alike', async () => {
    expect((await save(other)).ownerId).toBe(other.user.id);
    expect((await save(admin)).ownerId).toBe(admin.user.id);
  });

  test('the list holds your views and the team\'s shared ones, yours first, each part by name whatever its case', async () => {
    const t1 = await signUp(t.app, 'Tess');
    const t2 = await signUp(t.app, 'Uma');
    await call(t1, 'POST', API_PATHS.views, { name: 'beta', area: 'reporting', query: '' });
    await call(t1, 'POST', API_PATHS.views, { name: 'Alpha', area: 'callLogs', query: '' });
    await call(t2, 'POST', API_PATHS.views, { name: 'aardvark shared', area: 'reporting', query: '', shared: true });
    await call(t2, 'POST', API_PATHS.views, { name: 'Private of Uma', area: 'reporting', query: '' });

    const names = (await visibleTo(t1)).map((v) => `${v.ownerName}: ${v.name}`);
    expect(names.slice(0, 2)).toEqual(['Tess: Alpha', 'Tess: beta']);
    expect(names).toContain('Uma: aardvark shared');
    expect(names).not.toContain('Uma: Private of Uma');
    const shared = (await visibleTo(t1)).slice(2);
    expect(shared.every((v) => v.shared && v.ownerId !== t1.user.id)).toBe(true);
    expect(shared.map((v) => v.name.toLowerCase())).toEqual(shared.map((v) => v.name.toLowerCase()).sort());
  });

  test('a private view is seen by its owner only; shared, by everybody', async () => {
    const secret = await save(member);
    const open = await save(member, { shared: true });
    for (const who of [admin, other]) {
      const ids = (await visibleTo(who)).map((v) => v.id);
      expect(ids).toContain(open.id);
      expect(ids).not.toContain(secret.id);
    }
  });

  test('an owner without a name is named by their email', async () => {
    const nameless = await signUp(t.app, 'Someone');
    await t.db.query("UPDATE users SET name = '' WHERE id = $1", [nameless.user.id]);
    const view = await save(nameless, { shared: true });
    expect((await visibleTo(other)).find((v) => v.id === view.id)?.ownerName).toBe(nameless.user.email);
  });

  test('signing in is required', async () => {
    expect((await call(null, 'GET', API_PATHS.views)).statusCode).toBe(401);
    expect((await call(null, 'POST', API_PATHS.views, { name: 'x', area: 'reporting', query: '' })).statusCode).toBe(401);
  });
});

describe('validation', () => {
  test.each([
    [{ name: undefined }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(VIEW_NAME_MAX_LENGTH + 1) }, 'name'],
    [{ area: undefined }, 'area'],
    [{ area: 'users' }, 'area'],
    [{ query: undefined }, 'query'],
    [{ query: { datePreset: 'today' } }, 'query'],
    [{ query: `search=${'x'.repeat(8000)}` }, 'query'],
    [{ query: 'datePreset=forever' }, 'query.datePreset'],
    [{ query: 'datePreset=custom' }, 'query.startDate'],
    [{ query: 'datePreset=today&startDate=2026-11-01T00:00:00Z' }, 'query.startDate'],
    [{ query: 'datePreset=custom&startDate=2026-11-02T00:00:00Z&endDate=2026-11-01T00:00:00Z' }, 'query.endDate'],
    [{ query: 'campaign=1,x' }, 'query.campaign'],
    [{ query: 'connected=maybe' }, 'query.connected'],
    [{ query: `search=${'x'.repeat(101)}` }, 'query.search'],
    [{ query: 'sortBy=transcript' }, 'query.sortBy'],
    [{ query: 'sortDir=sideways' }, 'query.sortDir'],
    [{ query: 'page=0' }, 'query.page'],
    [{ query: 'limit=50' }, 'query.limit'],
    [{ query: 'callerId=%2B15551234567' }, 'query.callerId'],
    [{ query: 'status=Sales&status=DNC' }, 'query.status'],
    [{ area: 'callLogs', query: 'sortBy=status' }, 'query.sortBy'],
    [{ area: 'callLogs', query: 'page=2' }, 'query.page'],
    [{ columns: [] }, 'columns'],
    [{ columns: 'status' }, 'columns'],
    [{ columns: ['status', 'notAColumn'] }, 'columns.1'],
    [{ columns: ['status', 'status'] }, 'columns'],
    [{ shared: 'perhaps' }, 'shared'],
  ])('%j is refused under %s', async (fields, field) => {
    const payload = { name: uniqueName(), area: 'reporting', query: '', ...fields };
    expect(await fieldsOf(await call(member, 'POST', API_PATHS.views, payload))).toContain(field);
  });

  test('the messages say what is wrong', async () => {
    const blank = await call(member, 'POST', API_PATHS.views, { name: ' ', area: 'reporting', query: '' });
    expect(blank.json().message).toBe(VIEW_MESSAGES.nameRequired);
    const unknown = await call(member, 'POST', API_PATHS.views, { name: uniqueName(), area: 'callLogs', query: 'page=2' });
    expect(unknown.json().errors).toEqual([{ field: 'query.page', message: 'page is not a parameter of a callLogs view' }]);
    const preset = await call(member, 'POST', API_PATHS.views, { name: uniqueName(), area: 'reporting', query: 'datePreset=forever' });
    expect(preset.json().errors[0]).toEqual({ field: 'query.datePreset', message: expect.stringMatching(/^datePreset must be one of today, /) });
  });

  test('a custom range, every list, connected and the records order are a valid reporting view', async () => {
    const query =
      'datePreset=custom&startDate=2026-11-01T00%3A00%3A00-04%3A00&endDate=2026-11-08T00%3A00%3A00-05%3A00' +
      '&campaign=1%2C2&publisher=3&target=4&buyer=5&status=Sales&disposition=DNC&connected=true&search=555' +
      '&sortBy=status&sortDir=asc&page=2';
    expect((await save(member, { query })).query).toBe(query);
  });

  test('a malformed id is 400, an unknown one 404', async () => {
    expect(await fieldsOf(await call(member, 'PUT', viewPath('not-a-uuid'), { name: 'x' }))).toEqual(['id']);
    expect(await fieldsOf(await call(member, 'DELETE', viewPath('not-a-uuid')))).toEqual(['id']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const put = await call(member, 'PUT', viewPath(unknown), { name: 'x' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'NOT_FOUND', message: VIEW_MESSAGES.notFound });
    expect((await call(member, 'DELETE', viewPath(unknown))).statusCode).toBe(404);
  });

  test('an edit names at least one field, and is judged whole: a new area must take the query it keeps', async () => {
    const view = await save(member, { query: 'sortBy=status' });
    expect(await fieldsOf(await call(member, 'PUT', viewPath(view.id), {}))).toEqual(['body']);
    expect(await fieldsOf(await call(member, 'PUT', viewPath(view.id), { area: 'callLogs' }))).toEqual(['query.sortBy']);
    expect(await fieldsOf(await call(member, 'PUT', viewPath(view.id), { name: '' }))).toEqual(['name']);
  });
});

describe('names', () => {
  test('one name per owner whatever its case: 409 on create and on rename', async () => {
    await save(member, { name: 'Weekly Review' });
    const again = await call(member, 'POST', API_PATHS.views, { name: ' weekly review ', area: 'callLogs', query: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: VIEW_MESSAGES.duplicateName });

    const second = await save(member, { name: 'Monthly Review' });
    const rename = await call(member, 'PUT', viewPath(second.id), { name: 'WEEKLY REVIEW' });
    expect(rename.statusCode).toBe(409);
  });

  test('another owner may use the same name', async () => {
    await save(member, { name: 'Shared Name' });
    expect((await save(other, { name: 'Shared Name' })).name).toBe('Shared Name');
  });

  test('renaming a view to its own name in another case is allowed', async () => {
    const view = await save(member, { name: 'case change' });
    const response = await call(member, 'PUT', viewPath(view.id), { name: 'Case Change' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Case Change');
  });
});

describe('editing', () => {
  test('the owner changes any field; the rest is kept and updatedAt moves', async () => {
    const view = await save(member, { columns: ['status'] });
    const response = await call(member, 'PUT', viewPath(view.id), { query: 'datePreset=yesterday', shared: true });
    expect(response.statusCode).toBe(200);
    const changed = response.json().data as SavedView;
    expect(changed).toMatchObject({ id: view.id, name: view.name, area: 'reporting', query: 'datePreset=yesterday', columns: ['status'], shared: true });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(view.updatedAt));
    const cleared = await call(member, 'PUT', viewPath(view.id), { columns: null, area: 'callLogs' });
    expect(cleared.json().data).toMatchObject({ columns: null, area: 'callLogs', query: 'datePreset=yesterday' });
  });
});

describe('permissions', () => {
  test('another person gets 403 on editing or deleting a shared view, 404 on a private one', async () => {
    const shared = await save(member, { shared: true });
    const secret = await save(member);

    const edit = await call(other, 'PUT', viewPath(shared.id), { name: 'taken over' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 'FORBIDDEN', message: VIEW_MESSAGES.ownerOnly });
    const remove = await call(other, 'DELETE', viewPath(shared.id));
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(VIEW_MESSAGES.deleteForbidden);

    expect((await call(other, 'PUT', viewPath(secret.id), { name: 'x' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', viewPath(secret.id))).statusCode).toBe(404);
    // Nothing changed.
    const mine = await visibleTo(member);
    expect(mine.find((v) => v.id === shared.id)?.name).toBe(shared.name);
    expect(mine.map((v) => v.id)).toContain(secret.id);
  });

  test('an admin deletes a shared view but cannot edit it, and cannot see a private one', async () => {
    const shared = await save(member, { shared: true });
    const secret = await save(member);

    expect((await call(admin, 'PUT', viewPath(shared.id), { name: 'admin rename' })).statusCode).toBe(403);
    expect((await call(admin, 'PUT', viewPath(secret.id), { name: 'admin rename' })).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', viewPath(secret.id))).statusCode).toBe(404);
    expect((await visibleTo(admin)).map((v) => v.id)).not.toContain(secret.id);

    const removed = await call(admin, 'DELETE', viewPath(shared.id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'View deleted' });
    expect((await visibleTo(member)).map((v) => v.id)).not.toContain(shared.id);
  });

  test('the owner deletes their own view, shared or not; it is gone for everybody', async () => {
    const shared = await save(other, { shared: true });
    const secret = await save(other);
    for (const view of [shared, secret]) expect((await call(other, 'DELETE', viewPath(view.id))).statusCode).toBe(200);
    for (const who of [other, member]) {
      const ids = (await visibleTo(who)).map((v) => v.id);
      expect(ids).not.toContain(shared.id);
      expect(ids).not.toContain(secret.id);
    }
    expect((await call(other, 'DELETE', viewPath(shared.id))).statusCode).toBe(404);
  });

  test('a deleted account takes its views with it, shared ones too', async () => {
    const leaving = await signUp(t.app, 'Leaving Soon');
    const shared = await save(leaving, { shared: true });
    expect((await call(admin, 'DELETE', `/api/users/${leaving.user.id}`)).statusCode).toBe(200);
    expect((await visibleTo(member)).map((v) => v.id)).not.toContain(shared.id);
  });
});

describe('the bound per owner', () => {
  test(`past ${VIEWS_PER_OWNER_MAX} views a save is refused with 409 until one is deleted`, async () => {
    const busy = await signUp(t.app, 'Busy Saver');
    // All but the last slot written directly: the bound is what is under test, not 199 saves.
    await t.db.query(
      `INSERT INTO saved_views (owner_id, name, area, query)
       SELECT $1, 'Bulk ' || n, 'reporting', '' FROM generate_series(1, $2::int) AS n`,
      [busy.user.id, VIEWS_PER_OWNER_MAX - 1],
    );
    const last = await save(busy, { name: 'The last one' });
    const refused = await call(busy, 'POST', API_PATHS.views, { name: 'One too many', area: 'reporting', query: '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: VIEW_MESSAGES.tooMany });
    // Editing is not saving another: still allowed at the bound.
    expect((await call(busy, 'PUT', viewPath(last.id), { shared: true })).statusCode).toBe(200);

    expect((await call(busy, 'DELETE', viewPath(last.id))).statusCode).toBe(200);
    expect((await call(busy, 'POST', API_PATHS.views, { name: 'One too many', area: 'reporting', query: '' })).statusCode).toBe(201);
    // Another person's count is their own.
    expect((await save(member)).ownerId).toBe(member.user.id);
  });
});

describe('the bound on the list', () => {
  test(`GET /api/views lists all of your own views but only the ${SHARED_VIEWS_LISTED_MAX} the others saved last among those they share`, async () => {
    const reader = await signUp(t.app, 'Rae Reader');
    const sharers = [await signUp(t.app, 'Sam Sharer'), await signUp(t.app, 'Sia Sharer')];
    // Written directly (what is under test is the list), a minute apart and dated ahead, so they are newer than
    // the other tests' views; the second sharer's newest of all.
    for (const [i, sharer] of sharers.entries()) {
      await t.db.query(
        `INSERT INTO saved_views (owner_id, name, area, query, shared, created_at, updated_at)
         SELECT $1, 'Team ' || n, 'reporting', '', true, at, at
           FROM generate_series(1, $2::int) AS n, LATERAL (SELECT now() + make_interval(mins => $3::int + n) AS at) AS t`,
        [sharer.user.id, SHARED_VIEWS_LISTED_MAX / 2 + 10, i * 1_000],
      );
    }
    await t.db.query(
      `INSERT INTO saved_views (owner_id, name, area, query) SELECT $1, 'Mine ' || n, 'reporting', '' FROM generate_series(1, $2::int) AS n`,
      [reader.user.id, VIEWS_PER_OWNER_MAX],
    );

    const listed = await visibleTo(reader);
    const own = listed.filter((v) => v.ownerId === reader.user.id);
    const team = listed.filter((v) => v.ownerId !== reader.user.id);
    expect(own).toHaveLength(VIEWS_PER_OWNER_MAX);
    expect(team).toHaveLength(SHARED_VIEWS_LISTED_MAX);
    // The newest: every one of the second sharer's, and the first sharer's latest.
    const firstSharers = team.filter((v) => v.ownerId === sharers[0]!.user.id).map((v) => v.name);
    expect(team.filter((v) => v.ownerId === sharers[1]!.user.id)).toHaveLength(SHARED_VIEWS_LISTED_MAX / 2 + 10);
    expect(firstSharers).toContain(`Team ${SHARED_VIEWS_LISTED_MAX / 2 + 10}`);
    expect(firstSharers).not.toContain('Team 20');
    // Still your own first, then the team's, each by name.
    expect(listed.slice(0, own.length).every((v) => v.ownerId === reader.user.id)).toBe(true);
    await t.db.query('DELETE FROM saved_views WHERE owner_id = ANY($1::uuid[])', [[reader.user.id, ...sharers.map((s) => s.user.id)]]);
  });
});

describe('default views', () => {
  async function defaultsOf(who: SignedIn): Promise<ViewDefaults> {
    const response = await call(who, 'GET', API_PATHS.viewDefaults);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }
  const makeDefault = (who: SignedIn, area: string, viewId: unknown) =>
    call(who, 'PUT', `${API_PATHS.viewDefaults}/${area}`, { viewId });

  test('none at first; one per area, kept per person, replaced by the next choice and unset with null', async () => {
    const person = await signUp(t.app, 'Dee Default');
    expect(await defaultsOf(person)).toEqual({ reporting: null, callLogs: null });
    const first = await save(person);
    const second = await save(person);
    const log = await save(person, { area: 'callLogs', query: 'status=Sales' });

    const set = await makeDefault(person, 'reporting', first.id);
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ reporting: first, callLogs: null });
    expect((await makeDefault(person, 'callLogs', log.id)).statusCode).toBe(200);
    expect((await makeDefault(person, 'reporting', second.id)).statusCode).toBe(200);
    expect(await defaultsOf(person)).toEqual({ reporting: second, callLogs: log });
    // Somebody else's defaults are their own.
    expect(await defaultsOf(member)).not.toMatchObject({ reporting: second });

    const unset = await call(person, 'PUT', viewDefaultPath('reporting'), { viewId: null });
    expect(unset.json().data).toEqual({ reporting: null, callLogs: log });
  });

  test("a team member's shared view may be your default; their private one is a 404, like an unknown id", async () => {
    const shared = await save(other, { shared: true });
    const secret = await save(other);
    expect((await makeDefault(member, 'reporting', shared.id)).statusCode).toBe(200);
    expect((await defaultsOf(member)).reporting).toEqual(shared);
    for (const id of [secret.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await makeDefault(member, 'reporting', id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: VIEW_MESSAGES.notFound });
    }
    expect((await defaultsOf(member)).reporting).toEqual(shared);
  });

  test.each([
    ['users', { viewId: null }, 'area'],
    ['reporting', {}, 'viewId'],
    ['reporting', { viewId: 'not-a-uuid' }, 'viewId'],
    ['reporting', { viewId: 42 }, 'viewId'],
  ])('PUT %s %j is refused under %s', async (area, body, field) => {
    expect(await fieldsOf(await call(member, 'PUT', `${API_PATHS.viewDefaults}/${area}`, body))).toContain(field);
  });

  test("a view of another area is refused under viewId, in the menu's words", async () => {
    const log = await save(member, { area: 'callLogs', query: '' });
    const refused = await makeDefault(member, 'reporting', log.id);
    expect(await fieldsOf(refused)).toEqual(['viewId']);
    expect(refused.json().message).toBe(VIEW_MESSAGES.defaultOtherArea);
  });

  test('deleting the view clears it, for its owner and for the team', async () => {
    const shared = await save(other, { shared: true });
    expect((await makeDefault(other, 'reporting', shared.id)).statusCode).toBe(200);
    expect((await makeDefault(member, 'reporting', shared.id)).statusCode).toBe(200);
    expect((await call(other, 'DELETE', viewPath(shared.id))).statusCode).toBe(200);
    expect((await defaultsOf(other)).reporting).toBeNull();
    expect((await defaultsOf(member)).reporting).toBeNull();
  });

  test('unsharing clears it for the team, not for the owner, and sharing again does not bring it back', async () => {
    const shared = await save(other, { shared: true });
    expect((await makeDefault(other, 'reporting', shared.id)).statusCode).toBe(200);
    expect((await makeDefault(member, 'reporting', shared.id)).statusCode).toBe(200);
    expect((await call(other, 'PUT', viewPath(shared.id), { shared: false })).statusCode).toBe(200);
    expect((await defaultsOf(member)).reporting).toBeNull();
    expect((await defaultsOf(other)).reporting).toMatchObject({ id: shared.id, shared: false });
    expect((await call(other, 'PUT', viewPath(shared.id), { shared: true })).statusCode).toBe(200);
    expect((await defaultsOf(member)).reporting).toBeNull();
  });

  test('moving the view to another area clears it where it was', async () => {
    const view = await save(member, { query: '' });
    expect((await makeDefault(member, 'reporting', view.id)).statusCode).toBe(200);
    expect((await call(member, 'PUT', viewPath(view.id), { area: 'callLogs' })).statusCode).toBe(200);
    expect(await defaultsOf(member)).toMatchObject({ reporting: null, callLogs: null });
  });

  test('signing in is required', async () => {
    expect((await call(null, 'GET', API_PATHS.viewDefaults)).statusCode).toBe(401);
    expect((await call(null, 'PUT', viewDefaultPath('reporting'), { viewId: null })).statusCode).toBe(401);
  });
});
