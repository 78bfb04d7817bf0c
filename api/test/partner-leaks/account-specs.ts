/**
 * The account routes' spec (/api/auth/profile): a partner reads its own profile and changes its own name,
 * and the answer names its own account only (no other source's name, no money).
 */
import { bearer } from '../support/test-app';
import { expectNoForeignKeysOrNames, partnerOk, type EndpointSpec } from './matrix';

const profile: EndpointSpec = {
  name: 'own profile',
  routes: [
    { method: 'GET', url: '/api/auth/profile' },
    { method: 'PUT', url: '/api/auth/profile' },
  ],
  async check(world, partner) {
    const read = await partnerOk(world, partner, '/api/auth/profile');
    expectNoForeignKeysOrNames(world, partner, read);
    expect(read.data).toMatchObject({ id: partner.userId, role: 'partner' });
    const renamed = await world.t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(partner.token), payload: { name: `${read.data.name} (checked)` } });
    expect(renamed.statusCode).toBe(200);
    expectNoForeignKeysOrNames(world, partner, renamed.json());
    expect(renamed.json().data).toMatchObject({ id: partner.userId, role: 'partner', name: `${read.data.name} (checked)` });
  },
};

export const accountSpecs: EndpointSpec[] = [profile];
