/**
 * Report schedules, the routes (issue 36 item 4): who schedules which view, what a schedule answers (the screen's
 * needs: recipients with names, next run, last send), the body's checks, changes that move the next run, the
 * view's deletion taking its schedules along, and the unsubscribe route's own rate limit.
 */
import { API_PATHS, type SavedView } from '@callboard/contract';
import {
  REPORT_SCHEDULE_MESSAGES,
  REPORT_SCHEDULES_PATH,
  REPORT_UNSUBSCRIBE_PATH,
  reportDeliveriesPath,
  reportSchedulePath,
  reportSendNowPath,
  type ReportSchedule,
} from '@callboard/contract/report-schedules';
import { nextRunAfter } from '../src/domain/reports/report-timing';
import { UNSUBSCRIBES_PER_MINUTE } from '../src/routes/api/report-schedules/unsubscribe';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let ownView: SavedView;
let sharedOfOther: SavedView;
let privateOfOther: SavedView;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: who ? bearer(who.token) : {} });

async function view(who: SignedIn, name: string, shared = false): Promise<SavedView> {
  const response = await call(who, 'POST', API_PATHS.views, { name, area: 'reporting', query: 'datePreset=today&status=Sales', shared });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'Ada Admin');
  owner = await signUp(t.app, 'Olive Owner');
  other = await signUp(t.app, 'Otto Other');
  ownView = await view(owner, 'My sales');
  sharedOfOther = await view(other, 'Team sales', true);
  privateOfOther = await view(other, 'Otto private');
}, 60_000);
afterAll(() => t.close());

const body = (fields: Record<string, unknown> = {}) => ({ viewId: ownView.id, frequency: 'weekly', dayOfWeek: 1, timeOfDay: '07:30', recipientIds: [owner.user.id, other.user.id], ...fields });

async function create(who: SignedIn, fields: Record<string, unknown> = {}): Promise<ReportSchedule> {
  const response = await call(who, 'POST', REPORT_SCHEDULES_PATH, body(fields));
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

const fieldsOf = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode).toBe(400);
  return response.json().errors as Array<{ field: string; message: string }>;
};

describe('a schedule as the screen reads it', () => {
  test('created: the view named, recipients by name, when it goes in words, the next run on the New York clock, nothing sent yet', async () => {
    const before = new Date();
    const schedule = await create(owner, { attachment: 'xlsx', skipIfEmpty: false });
    expect(schedule).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      viewId: ownView.id,
      viewName: 'My sales',
      viewArea: 'reporting',
      ownerId: owner.user.id,
      ownerName: 'Olive Owner',
      frequency: 'weekly',
      dayOfWeek: 1,
      dayOfMonth: null,
      timeOfDay: '07:30',
      recipients: [
        { id: owner.user.id, name: 'Olive Owner', email: owner.user.email, role: 'user', active: true },
        { id: other.user.id, name: 'Otto Other', email: other.user.email, role: 'user', active: true },
      ],
      attachment: 'xlsx',
      skipIfEmpty: false,
      enabled: true,
      nextRunAt: expect.any(String),
      lastSentAt: null,
      lastPeriod: null,
      description: 'Weekly on Monday at 07:30 (New York time)',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const next = new Date(schedule.nextRunAt!);
    expect([nextRunAfter({ frequency: 'weekly', dayOfWeek: 1, dayOfMonth: null, timeOfDay: '07:30' }, before).getTime(), nextRunAfter({ frequency: 'weekly', dayOfWeek: 1, dayOfMonth: null, timeOfDay: '07:30' }, new Date()).getTime()]).toContain(next.getTime());
    expect(next.toLocaleString('en-US', { timeZone: 'America/New_York', weekday: 'long', hour: '2-digit', minute: '2-digit', hour12: false })).toBe('Monday 07:30');
  });

  test('the defaults: no attachment, skip empty periods, enabled', async () => {
    const schedule = await create(owner, { frequency: 'daily', dayOfWeek: undefined });
    expect(schedule).toMatchObject({ attachment: 'none', skipIfEmpty: true, enabled: true, description: 'Daily at 07:30 (New York time)' });
  });

  test('each person lists their own schedules; an admin lists everyone’s', async () => {
    const mine = (await call(owner, 'GET', REPORT_SCHEDULES_PATH)).json().data as ReportSchedule[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.ownerId === owner.user.id)).toBe(true);
    expect((await call(other, 'GET', REPORT_SCHEDULES_PATH)).json().data).toEqual([]);
    const all = (await call(admin, 'GET', REPORT_SCHEDULES_PATH)).json().data as ReportSchedule[];
    expect(all.map((s) => s.id).sort()).toEqual(mine.map((s) => s.id).sort());
  });
});

describe('who schedules which view', () => {
  test('not someone else’s view: a shared one is refused, a private one does not exist', async () => {
    const shared = await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ viewId: sharedOfOther.id }));
    expect({ status: shared.statusCode, message: shared.json().message }).toEqual({ status: 403, message: REPORT_SCHEDULE_MESSAGES.ownViewsOnly });
    const hidden = await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ viewId: privateOfOther.id }));
    expect({ status: hidden.statusCode, message: hidden.json().message }).toEqual({ status: 404, message: REPORT_SCHEDULE_MESSAGES.viewNotFound });
  });

  test('an admin schedules any view, and owns that schedule', async () => {
    const schedule = await create(admin, { viewId: privateOfOther.id });
    expect(schedule).toMatchObject({ viewName: 'Otto private', ownerId: admin.user.id });
    // The view's owner does not see the admin's schedule; the admin changes it.
    expect((await call(other, 'PUT', reportSchedulePath(schedule.id), { enabled: false })).statusCode).toBe(404);
    expect((await call(admin, 'PUT', reportSchedulePath(schedule.id), { enabled: false })).statusCode).toBe(200);
  });

  test('another person’s schedule does not exist for anyone but an admin, whatever they ask of it', async () => {
    const schedule = await create(owner);
    for (const [method, url] of [
      ['PUT', reportSchedulePath(schedule.id)],
      ['DELETE', reportSchedulePath(schedule.id)],
      ['POST', reportSendNowPath(schedule.id)],
      ['GET', reportDeliveriesPath(schedule.id)],
    ] as const) {
      const response = await call(other, method, url, method === 'PUT' ? { enabled: false } : undefined);
      expect({ method, status: response.statusCode, message: response.json().message }).toEqual({ method, status: 404, message: REPORT_SCHEDULE_MESSAGES.notFound });
    }
    expect((await call(admin, 'GET', reportDeliveriesPath(schedule.id))).json()).toEqual({ success: true, data: [] });
  });

  test('a partner may be a recipient (its email will hold its scope), not a scheduler', async () => {
    const partner = await signUp(t.app, 'Pia Partner');
    await t.db.query(`UPDATE users SET role = 'partner' WHERE id = $1`, [partner.user.id]);
    await t.db.query(
      `INSERT INTO partner_scopes (user_id, kind, ids, history_from, caller_id, recordings, transcripts, counterparty) VALUES ($1, 'publisher', '{1}', NULL, 'masked', false, false, false)`,
      [partner.user.id],
    );
    const schedule = await create(owner, { recipientIds: [partner.user.id] });
    expect(schedule.recipients).toEqual([{ id: partner.user.id, name: 'Pia Partner', email: partner.user.email, role: 'partner', active: true }]);
    expect((await call(partner, 'GET', REPORT_SCHEDULES_PATH)).statusCode).toBe(403);
  });
});

describe('the body’s checks, in the form’s words', () => {
  test('each problem named by its field', async () => {
    const response = await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ frequency: 'hourly', timeOfDay: '7:30', recipientIds: [], attachment: 'pdf' }));
    expect(fieldsOf(response)).toEqual([
      { field: 'frequency', message: REPORT_SCHEDULE_MESSAGES.frequency },
      { field: 'timeOfDay', message: REPORT_SCHEDULE_MESSAGES.timeOfDay },
      { field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsRequired },
      { field: 'attachment', message: REPORT_SCHEDULE_MESSAGES.attachment },
    ]);
  });

  test('the day fits the frequency', async () => {
    expect(fieldsOf(await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ dayOfWeek: 8 })))).toEqual([{ field: 'dayOfWeek', message: REPORT_SCHEDULE_MESSAGES.dayOfWeekRequired }]);
    expect(fieldsOf(await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ frequency: 'monthly', dayOfWeek: null, dayOfMonth: 29 })))).toEqual([
      { field: 'dayOfMonth', message: REPORT_SCHEDULE_MESSAGES.dayOfMonthRequired },
    ]);
    expect(fieldsOf(await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ frequency: 'daily', dayOfMonth: 3 })))).toEqual([
      { field: 'dayOfWeek', message: REPORT_SCHEDULE_MESSAGES.dayOfWeekOnlyWeekly },
      { field: 'dayOfMonth', message: REPORT_SCHEDULE_MESSAGES.dayOfMonthOnlyMonthly },
    ]);
  });

  test('recipients are people of the app, active, each once', async () => {
    expect(fieldsOf(await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ recipientIds: [owner.user.id, owner.user.id] })))).toEqual([
      { field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsRepeated },
    ]);
    expect(fieldsOf(await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ recipientIds: ['00000000-0000-4000-8000-000000000000'] })))).toEqual([
      { field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsUnknown },
    ]);
    const leaver = await signUp(t.app, 'Lee Leaver');
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [leaver.user.id]);
    expect(fieldsOf(await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ recipientIds: [leaver.user.id] })))).toEqual([
      { field: 'recipientIds', message: REPORT_SCHEDULE_MESSAGES.recipientsInactive },
    ]);
  });

  test('shapes are refused before anything is read: an id that is no uuid, a change of nothing', async () => {
    expect((await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ viewId: 'v1' }))).statusCode).toBe(400);
    expect((await call(owner, 'POST', REPORT_SCHEDULES_PATH, body({ recipientIds: ['someone'] }))).statusCode).toBe(400);
    expect((await call(owner, 'PUT', reportSchedulePath('00000000-0000-4000-8000-000000000000'), {})).statusCode).toBe(400);
  });
});

describe('changes', () => {
  test('a new time moves the next run; turning it off clears it and turning it on works it out again', async () => {
    const schedule = await create(owner);
    const changed = (await call(owner, 'PUT', reportSchedulePath(schedule.id), { frequency: 'monthly', dayOfMonth: 15, timeOfDay: '18:00' })).json().data as ReportSchedule;
    // The weekday of the weekly schedule goes with its frequency.
    expect(changed).toMatchObject({ frequency: 'monthly', dayOfWeek: null, dayOfMonth: 15, timeOfDay: '18:00', description: 'Monthly on day 15 at 18:00 (New York time)' });
    expect(new Date(changed.nextRunAt!).toLocaleString('en-US', { timeZone: 'America/New_York', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })).toMatch(/^15, 18:00$/);
    const off = (await call(owner, 'PUT', reportSchedulePath(schedule.id), { enabled: false })).json().data as ReportSchedule;
    expect(off).toMatchObject({ enabled: false, nextRunAt: null });
    const on = (await call(owner, 'PUT', reportSchedulePath(schedule.id), { enabled: true })).json().data as ReportSchedule;
    expect(on.nextRunAt).toBe(changed.nextRunAt);
  });

  test('other changes keep the next run; the recipients are replaced, those kept keep their unsubscribe link', async () => {
    const schedule = await create(owner);
    const [kept] = await t.db.query<{ unsubscribe_token: string }>('SELECT unsubscribe_token FROM report_recipients WHERE schedule_id = $1 AND user_id = $2', [schedule.id, owner.user.id]);
    await t.db.query(`UPDATE report_schedules SET next_run_at = next_run_at + interval '1 minute' WHERE id = $1`, [schedule.id]);
    const moved = new Date(new Date(schedule.nextRunAt!).getTime() + 60_000).toISOString();
    const changed = (await call(owner, 'PUT', reportSchedulePath(schedule.id), { recipientIds: [owner.user.id, admin.user.id], attachment: 'csv' })).json().data as ReportSchedule;
    expect(changed.nextRunAt).toBe(moved);
    expect(changed.recipients.map((r) => r.name)).toEqual(['Ada Admin', 'Olive Owner']);
    const [still] = await t.db.query<{ unsubscribe_token: string }>('SELECT unsubscribe_token FROM report_recipients WHERE schedule_id = $1 AND user_id = $2', [schedule.id, owner.user.id]);
    expect(still!.unsubscribe_token).toBe(kept!.unsubscribe_token);
  });

  test('deleting the view deletes its schedules', async () => {
    const doomed = await view(owner, 'Doomed view');
    const schedule = await create(owner, { viewId: doomed.id });
    expect((await call(owner, 'DELETE', `${API_PATHS.views}/${doomed.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', REPORT_SCHEDULES_PATH)).json().data.map((s: ReportSchedule) => s.id)).not.toContain(schedule.id);
  });

  test('a deleted schedule is gone', async () => {
    const schedule = await create(owner);
    expect((await call(owner, 'DELETE', reportSchedulePath(schedule.id))).json()).toEqual({ success: true, message: 'Schedule deleted' });
    expect((await call(owner, 'DELETE', reportSchedulePath(schedule.id))).statusCode).toBe(404);
  });
});

test(`the unsubscribe link answers ${UNSUBSCRIBES_PER_MINUTE} a minute per address, apart from everything else`, async () => {
  const url = `${REPORT_UNSUBSCRIBE_PATH}?token=${'B'.repeat(43)}`;
  for (let i = 0; i < UNSUBSCRIBES_PER_MINUTE; i += 1) expect((await t.app.inject({ method: 'POST', url, remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
  const refused = await t.app.inject({ method: 'POST', url, remoteAddress: '10.1.2.3' });
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect((await t.app.inject({ method: 'POST', url, remoteAddress: '10.9.9.9' })).statusCode).toBe(404);
  // Signed-in requests from that address are not held back by it.
  expect((await t.app.inject({ method: 'GET', url: REPORT_SCHEDULES_PATH, headers: bearer(owner.token), remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
});

test("the partner role reads and writes none of the report tables (a recipient's unsubscribe token is a credential)", async () => {
  for (const table of ['report_schedules', 'report_recipients', 'report_runs', 'report_run_recipients']) {
    const asPartner = t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE callboard_partner');
      return tx.query(`SELECT * FROM ${table}`);
    });
    await expect(asPartner).rejects.toThrow(`permission denied for table ${table}`);
  }
});
