/**
 * Fair shares of the database (docs/decisions/0036-fair-shares.md), against a server listening on
 * 127.0.0.1: one person's requests at once are bounded (429 TOO_MANY_CONCURRENT past their running
 * and waiting places) while another person is served; the expensive requests (transcript searches,
 * scorecards, deep pages) take turns among a few per instance, 503 past their waiting places, while
 * everyone's ordinary reads go on. Requests are held open by the test (a route that waits for it; the
 * search statements wait for it before reaching the database), so nothing here depends on timing.
 */
import type { AddressInfo } from 'node:net';
import { PARTNER_KEY_PREFIX } from '@callboard/contract/partner-keys';
import type { Database } from '../src/db/database';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

const LIMITS = { personRunning: 2, personWaiting: 2, personExpensiveRunning: 1, expensiveRunning: 2, expensiveWaiting: 1 };
const HELD_ROUTE = '/api/test/held';

/** A promise the test resolves when it lets the held requests go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

let held = gate();
let heldEntered = 0;
let searches = gate();
let searchesWaiting = 0;

/** The database, with every transcript-search statement (a text-search match, `@@`) held until the test opens `searches`. */
function withHeldSearches(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'query') {
        return async (text: string, params?: readonly unknown[]) => {
          if (text.includes('@@')) {
            searchesWaiting += 1;
            await searches.opened;
          }
          return target.query(text, params);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

let t: TestApp;
let url: string;
beforeAll(async () => {
  const database = await createTestDatabase();
  t = await buildTestApp({
    database: { ...database, db: withHeldSearches(database.db) },
    fairShares: LIMITS,
    extraRoutes: (fastify) =>
      fastify.get(HELD_ROUTE, async () => {
        heldEntered += 1;
        await held.opened;
        return { success: true, data: null };
      }),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  held.open();
  searches.open();
  await t.close();
});

function get(person: SignedIn, path: string): Promise<Response> {
  return fetch(`${url}${path}`, { headers: bearer(person.token) });
}

/** Resolves once `condition` holds, checking every few milliseconds (at most 5 s). */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 5000) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test("one person's requests past their running and waiting places get 429 TOO_MANY_CONCURRENT with Retry-After, while another person is served", async () => {
  const ann = await signUp(t.app, 'Ann');
  const bob = await signUp(t.app, 'Bob');
  held = gate();
  heldEntered = 0;
  const answered: Response[] = [];
  const asked = Array.from({ length: LIMITS.personRunning + LIMITS.personWaiting + 2 }, () =>
    get(ann, HELD_ROUTE).then((answer) => {
      answered.push(answer);
      return answer;
    }),
  );
  // The two past the bound are answered at once, before anything is let go.
  await until(() => heldEntered === LIMITS.personRunning && answered.length === 2);
  expect(answered.map((r) => r.status)).toEqual([429, 429]);
  expect(answered[0]?.headers.get('retry-after')).toBe('2');
  expect(await answered[0]?.json()).toEqual({
    success: false,
    code: 'TOO_MANY_CONCURRENT',
    message: 'You already have 4 requests in progress on this server (2 running, 2 waiting), the most one person may; try again in 2 seconds',
  });
  // Ann's next request is refused too; Bob's is served meanwhile.
  expect((await get(ann, '/api/auth/profile')).status).toBe(429);
  expect((await get(bob, '/api/auth/profile')).status).toBe(200);
  expect(answered).toHaveLength(2);

  held.open();
  const answers = await Promise.all(asked);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
  expect(heldEntered).toBe(LIMITS.personRunning + LIMITS.personWaiting);
  // Their places are free again once the requests have ended.
  expect((await get(ann, '/api/auth/profile')).status).toBe(200);
});

test("a partner API key's requests are bounded like a person's: past its places 429 TOO_MANY_CONCURRENT, while a person is served", async () => {
  const eve = await signUp(t.app, 'Eve');
  held = gate();
  heldEntered = 0;
  // The bound is taken before the key is looked up: any key holds only its own places, and an unknown one is then refused 401 by the route.
  const withKey = () => fetch(`${url}${HELD_ROUTE}`, { headers: { 'x-api-key': `${PARTNER_KEY_PREFIX}fair-shares-test-key` } });
  const asked = Array.from({ length: LIMITS.personRunning + LIMITS.personWaiting + 1 }, withKey);
  await until(() => heldEntered === LIMITS.personRunning);
  const refused = await Promise.race(asked);
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { code: string }).code).toBe('TOO_MANY_CONCURRENT');
  expect((await get(eve, '/api/auth/profile')).status).toBe(200);
  held.open();
  expect((await Promise.all(asked)).map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429]);
});

test("expensive requests run one at a time per person and take turns per instance: past the instance's running and waiting places a search, a scorecard or a deep page gets 503 with Retry-After, and ordinary reads go on", async () => {
  const [ann, bob, cat, dan] = [await signUp(t.app, 'Ann'), await signUp(t.app, 'Bob'), await signUp(t.app, 'Cat'), await signUp(t.app, 'Dan')];
  searches = gate();
  searchesWaiting = 0;
  // Different words: identical reads at once would share one database round (read-rounds.ts).
  const annsFirst = get(ann, '/api/calls/records?datePreset=this_year&q=caller');
  await until(() => searchesWaiting === 1);
  // Ann's second search waits for her first, taking none of the instance's turns; Bob's runs beside hers.
  const annsSecond = get(ann, '/api/stats?datePreset=this_year&q=solar');
  const bobs = get(bob, '/api/stats?datePreset=this_year&q=voicemail');
  await until(() => searchesWaiting === 2);
  // Both of the instance's turns are taken: Cat's search waits in its one waiting place.
  const cats = get(cat, '/api/calls/records?datePreset=this_year&q=repair');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(searchesWaiting).toBe(2);

  const refusedSearch = await get(dan, '/api/calls/records?datePreset=this_year&q=licensed');
  expect(refusedSearch.status).toBe(503);
  expect(refusedSearch.headers.get('retry-after')).toBe('5');
  expect(await refusedSearch.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
  expect((await get(dan, '/api/scorecard?datePreset=this_year')).status).toBe(503);
  expect((await get(dan, '/api/calls/records?datePreset=this_year&page=500&limit=25')).status).toBe(503);

  // Everyone's ordinary reads, a cursor-less first page and the stats among them, are served meanwhile.
  expect((await get(dan, '/api/calls/records?datePreset=this_year')).status).toBe(200);
  expect((await get(dan, '/api/stats?datePreset=this_year')).status).toBe(200);
  expect(searchesWaiting).toBe(2);

  searches.open();
  for (const answer of await Promise.all([annsFirst, annsSecond, bobs, cats])) expect(answer.status).toBe(200);
  expect(searchesWaiting).toBe(4);
  // The turns are free again: a scorecard now runs.
  expect((await get(dan, '/api/scorecard?datePreset=this_year')).status).toBe(200);
});
