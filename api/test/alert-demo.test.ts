/**
 * The demo's alert rule (issue 36: "the demo shows a rule firing"): on demo calls that end now, as the first
 * start seeds them, the rule fires at the first minute judged, and the demo admin finds it under the bell and
 * as an email in the delivery log (the outbox, without SMTP_URL). It is added once, and not beside a team's
 * own rules.
 */
import type { NotificationList } from '@callboard/contract/notifications';
import { DEMO_ALERT_NAME, seedDemoAlert } from '../src/demo/demo-alerts';
import { seedDemoCalls } from '../src/demo/seed-demo-calls';
import { evaluateAlerts } from '../src/domain/alerts/alert-evaluation';
import { usersRepository } from '../src/domain/users/users-repository';
import { DEMO_ADMIN_EMAIL } from '../src/startup/demo-users';
import { getOk } from './support/calls-fixtures';
import { buildTestApp, login, signUp, TEST_PASSWORD_COST, type TestApp } from './support/test-app';
import { PasswordHasher } from '../src/domain/auth/password-hasher';

let t: TestApp;
const now = new Date();

beforeAll(async () => {
  t = await buildTestApp();
  await signUp(t.app, 'First Admin');
  // The demo's own rate: 5,000 calls over ten days is about the 50,000 over ninety of the first start.
  await seedDemoCalls(t.db, { calls: 5000, days: 10, seed: 1, end: now });
  const passwordHash = await new PasswordHasher(TEST_PASSWORD_COST).hash('demo-password-1');
  await usersRepository.insert(t.db, { name: 'Demo Admin', email: DEMO_ADMIN_EMAIL, passwordHash, role: 'admin' });
}, 120_000);
afterAll(() => t.close());

test('the demo rule fires on the demo calls at the first minute judged, told in the app and by email', async () => {
  expect(await seedDemoAlert(t.db, now)).toBe(true);
  expect(await seedDemoAlert(t.db, now)).toBe(false);
  const outcome = await evaluateAlerts(t.db, new Date(now.getTime() + 60_000), t.app.delivery);
  expect(outcome).toMatchObject({ judged: 1, transitions: 1, failed: [] });

  const demoAdmin = await login(t.app, DEMO_ADMIN_EMAIL, 'demo-password-1');
  const { notifications } = (await getOk<{ data: NotificationList }>(t.app, demoAdmin.token, '/api/notifications')).data;
  expect(notifications.map((n) => [n.kind, n.title])).toEqual([['alert.fired', `Alert firing: ${DEMO_ALERT_NAME}`]]);
  expect(notifications[0]!.link).toMatch(/^\/reporting\?datePreset=custom&startDate=/);
  const emails = await t.db.query<{ address: string; subject: string }>("SELECT address, subject FROM deliveries WHERE source_kind = 'alert' AND channel = 'email'");
  expect(emails).toEqual([{ address: DEMO_ADMIN_EMAIL, subject: `Alert firing: ${DEMO_ALERT_NAME}` }]);
});
