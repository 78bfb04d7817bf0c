import { PERMISSIONS, roleMay, type Permission } from './permissions';
import { ROLES } from './users';

describe('roleMay', () => {
  test.each([
    ['user', []],
    ['reviewer', ['redispositionCalls', 'manageAlerts']],
    ['admin', ['redispositionCalls', 'manageUsers', 'managePayments', 'manageIngestKeys', 'deleteSharedViews', 'undoOthersChanges', 'manageDeliveries', 'manageAlerts']],
  ] as const)('%s may exactly %j', (role, allowed) => {
    const may = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => roleMay(role, p));
    expect(may).toEqual(allowed);
  });

  test('signed out, or an unknown role, may nothing', () => {
    expect(roleMay(undefined, 'redispositionCalls')).toBe(false);
    expect(roleMay(null, 'manageUsers')).toBe(false);
    expect(roleMay('root' as never, 'manageUsers')).toBe(false);
  });

  test('every permission names only known roles', () => {
    for (const roles of Object.values(PERMISSIONS)) for (const role of roles) expect(ROLES).toContain(role);
  });
});
