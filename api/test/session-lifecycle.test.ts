/**
 * What happens to sessions besides signing in and out (docs/decisions/0020-refresh-reuse-and-session-housekeeping.md):
 * a spent refresh token presented again ends its session, a user holds at most
 * MAX_LIVE_SESSIONS, ended sessions are swept away, and the cookie routes refuse
 * requests from other sites.
 */
import type { LightMyRequestResponse } from 'fastify';
import { REFRESH_COOKIE } from '@callboard/contract';
import { hashRefreshToken, MAX_LIVE_SESSIONS, sessionsRepository } from '../src/domain/auth/sessions-repository';
import { bearer, buildTestApp, login, refreshCookieOf, signUp, type SignedIn, type TestApp } from './support/test-app';

const logged: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logStream: { write: (line) => logged.push(JSON.parse(line) as Record<string, unknown>) } });
});
afterAll(() => t.close());

const profile = (token: string) => t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });

function refresh(cookie: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers, cookies: { [REFRESH_COOKIE]: cookie } });
}

/** Refreshes and returns the new cookie and access token; fails the test unless it worked. */
async function refreshed(cookie: string): Promise<{ refresh: string; token: string }> {
  const response = await refresh(cookie);
  expect(response.statusCode).toBe(200);
  return { refresh: refreshCookieOf(response) as string, token: response.json().data.token as string };
}

/** True when the response tells the browser to drop the refresh cookie. */
function clearsCookie(response: LightMyRequestResponse): boolean {
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
  return cookie !== undefined && cookie.value === '' && (cookie.expires?.getTime() ?? Infinity) < Date.now();
}

async function liveSessions(userId: string): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()',
    [userId],
  );
  return row?.n ?? 0;
}

describe('refresh-token reuse', () => {
  test.each([
    ['the token just before the current one', 1],
    ['a token several rotations old', 0],
  ])('%s, presented again, ends the whole session and is logged without the token', async (_what, replayed) => {
    const me = await signUp(t.app);
    const first = await refreshed(me.refresh);
    const second = await refreshed(first.refresh);
    const spent = [me.refresh, first.refresh][replayed] as string;
    logged.length = 0;

    const reuse = await refresh(spent);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Your session has ended; please sign in again' });
    expect(clearsCookie(reuse)).toBe(true);

    // The newest refresh token and every access token of the session are refused from now on.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await profile(second.token)).statusCode).toBe(401);
    expect((await profile(me.token)).statusCode).toBe(401);

    const warnings = logged.filter((line) => line.msg === 'a spent refresh token was presented again: session ended');
    expect(warnings).toHaveLength(1);
    const [sessionRow] = await t.db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [me.user.id]);
    expect(warnings[0]).toMatchObject({ level: 40, sessionId: sessionRow?.id, userId: me.user.id, ip: '127.0.0.1' });
    const line = JSON.stringify(warnings[0]);
    for (const secret of [spent, second.refresh, hashRefreshToken(spent)]) expect(line).not.toContain(secret);
  });

  test("another person's session is not touched", async () => {
    const thief = await signUp(t.app);
    const bystander = await signUp(t.app);
    await refreshed(thief.refresh);
    expect((await refresh(thief.refresh)).statusCode).toBe(401);
    expect((await profile(bystander.token)).statusCode).toBe(200);
    expect((await refresh(bystander.refresh)).statusCode).toBe(200);
  });

  test('a second use the moment after the rotation ends the session too: there is no grace to hide in', async () => {
    const me = await signUp(t.app);
    const winner = await refreshed(me.refresh);

    const replay = await refresh(me.refresh);
    expect(replay.statusCode).toBe(401);
    expect(clearsCookie(replay)).toBe(true);
    expect((await profile(winner.token)).statusCode).toBe(401);
    expect((await refresh(winner.refresh)).statusCode).toBe(401);
  });

  test('the same cookie twice at the same moment: one request gets the new tokens, and the session still ends', async () => {
    const me = await signUp(t.app);
    const answers = await Promise.all([refresh(me.refresh), refresh(me.refresh)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const won = answers.find((a) => a.statusCode === 200) as LightMyRequestResponse;
    expect((await profile(won.json().data.token as string)).statusCode).toBe(401);
  });

  test('a token that was never issued is a plain 401 and ends nothing', async () => {
    const me = await signUp(t.app);
    const response = await refresh('never-issued-token');
    expect(response.statusCode).toBe(401);
    expect(clearsCookie(response)).toBe(true);
    expect((await profile(me.token)).statusCode).toBe(200);
  });
});

describe('at most MAX_LIVE_SESSIONS sessions per user', () => {
  test('signing in once more ends the oldest session only', async () => {
    const me = await signUp(t.app);
    const sessions: SignedIn[] = [me];
    for (let i = 1; i < MAX_LIVE_SESSIONS; i += 1) sessions.push(await login(t.app, me.user.email, me.password));
    expect(await liveSessions(me.user.id)).toBe(MAX_LIVE_SESSIONS);
    expect((await profile(me.token)).statusCode).toBe(200);

    const newest = await login(t.app, me.user.email, me.password);
    expect(await liveSessions(me.user.id)).toBe(MAX_LIVE_SESSIONS);
    expect((await profile(me.token)).statusCode).toBe(401);
    expect((await refresh(me.refresh)).statusCode).toBe(401);
    expect((await profile((sessions[1] as SignedIn).token)).statusCode).toBe(200);
    expect((await profile(newest.token)).statusCode).toBe(200);
  });

  test('sign-ins of one user at the same moment still leave exactly the cap', async () => {
    const me = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: MAX_LIVE_SESSIONS + 10 }, () => login(t.app, me.user.email, me.password)),
    );
    expect(results).toHaveLength(MAX_LIVE_SESSIONS + 10);
    expect(await liveSessions(me.user.id)).toBe(MAX_LIVE_SESSIONS);
  });

  test("one user's sessions do not end another's", async () => {
    const other = await signUp(t.app);
    const me = await signUp(t.app);
    for (let i = 0; i < MAX_LIVE_SESSIONS; i += 1) await login(t.app, me.user.email, me.password);
    expect((await profile(other.token)).statusCode).toBe(200);
  });
});

describe('sweeping ended sessions', () => {
  async function sessionIdsOf(userId: string): Promise<string[]> {
    const rows = await t.db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at', [userId]);
    return rows.map((row) => row.id);
  }

  test('expired and long-revoked sessions are deleted with their spent tokens; live and lately ended ones stay', async () => {
    const me = await signUp(t.app);
    await refreshed(me.refresh);
    const [expired] = await sessionIdsOf(me.user.id);
    const longRevoked = (await login(t.app, me.user.email, me.password)).refresh;
    const lateRevoked = (await login(t.app, me.user.email, me.password)).refresh;
    const live = await login(t.app, me.user.email, me.password);
    const [, longRevokedId, lateRevokedId, liveId] = await sessionIdsOf(me.user.id);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [expired]);
    await t.db.query("UPDATE sessions SET revoked_at = now() - interval '25 hours' WHERE id = $1", [longRevokedId]);
    await t.db.query("UPDATE sessions SET revoked_at = now() - interval '1 hour' WHERE id = $1", [lateRevokedId]);
    expect(longRevoked).not.toBe(lateRevoked);

    expect(await sessionsRepository.deleteEnded(t.db)).toBeGreaterThanOrEqual(2);
    expect(await sessionIdsOf(me.user.id)).toEqual([lateRevokedId, liveId]);
    const spent = await t.db.query('SELECT 1 FROM spent_refresh_tokens WHERE session_id = $1', [expired]);
    expect(spent).toEqual([]);
    expect((await profile(live.token)).statusCode).toBe(200);
  });

  test('sweeps running at once (several instances) delete each row once, without error', async () => {
    const me = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) await login(t.app, me.user.email, me.password);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [me.user.id]);
    const counts = await Promise.all([sessionsRepository.deleteEnded(t.db), sessionsRepository.deleteEnded(t.db)]);
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(6);
    expect(await sessionIdsOf(me.user.id)).toEqual([]);
  });

  test('the server sweeps on a schedule of its job runner', async () => {
    // An ended session on a database of its own, then a server on it whose sweep is due every minute and
    // checked every second: due at once, so its first tick finds the session.
    const first = await buildTestApp();
    const me = await signUp(first.app);
    await first.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [me.user.id]);
    await first.app.close();
    const scheduled = await buildTestApp({
      database: first.database,
      sessionSweepCron: '* * * * *',
      jobs: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 },
    });
    try {
      const deadline = Date.now() + 10_000;
      let left = 1;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        [{ n: left }] = (await scheduled.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')) as [{ n: number }];
      }
      expect(left).toBe(0);
    } finally {
      await scheduled.close();
    }
  });
});

describe('the cookie routes refuse other sites', () => {
  const refused = { success: false, code: 'FORBIDDEN', message: 'Cross-site request refused' };

  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
  ])('%s: refresh and logout are 403 and the session is untouched', async (_what, headers) => {
    const me = await signUp(t.app);
    const refreshAttempt = await refresh(me.refresh, headers);
    expect(refreshAttempt.statusCode).toBe(403);
    expect(refreshAttempt.json()).toEqual(refused);
    expect(refreshAttempt.cookies).toEqual([]);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, ...bearer(me.token) },
      cookies: { [REFRESH_COOKIE]: me.refresh },
    });
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toEqual(refused);
    expect((await profile(me.token)).statusCode).toBe(200);
    // The cookie was neither spent nor revoked.
    expect((await refresh(me.refresh)).statusCode).toBe(200);
  });

  test.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
    ['an Origin equal to the server', { origin: 'http://localhost' }],
    ['neither header', {}],
  ])('%s: refresh and logout work', async (_what, headers) => {
    const me = await signUp(t.app);
    const renewed = await refresh(me.refresh, headers);
    expect(renewed.statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, ...bearer(me.token) },
      cookies: { [REFRESH_COOKIE]: refreshCookieOf(renewed) as string },
    });
    expect(logout.statusCode).toBe(200);
    expect((await profile(me.token)).statusCode).toBe(401);
  });
});
