import { demoExposure } from './start-banner';
import type { DemoTeam } from './demo-team';

const team = (admin: DemoTeam['admin']): DemoTeam => ({ admin, accounts: 29, change: undefined });
const ADMIN_SENTENCE = 'Among them is an admin: whoever signs in as it can read and change everything here.';

describe('demoExposure', () => {
  test('names the admin among the exposed accounts only while the demo admin exists', () => {
    expect(demoExposure('0.0.0.0', team({ email: 'admin@callboard.demo', password: undefined }))).toContain(ADMIN_SENTENCE);
    const withoutAdmin = demoExposure('0.0.0.0', team(undefined));
    expect(withoutAdmin?.[0]).toBe('WARNING: the demo accounts are reachable from the network.');
    expect(withoutAdmin).not.toContain(ADMIN_SENTENCE);
  });

  test('nothing to say on a loopback HOST, or without demo accounts', () => {
    expect(demoExposure('127.0.0.1', team(undefined))).toBeUndefined();
    expect(demoExposure('0.0.0.0', undefined)).toBeUndefined();
  });
});
