/**
 * Partner API keys' spec (routes/api/partner-keys, domain/partners/partner-keys.ts): every generated partner
 * makes a key, finds only its own keys listed, reads with the key exactly what its session reads (records and
 * stats, under every field-visibility combination), and revokes it, after which the key reads nothing.
 */
import type { CreatedPartnerKey, PartnerKey } from '@callboard/contract/partner-keys';
import { bearer } from '../support/test-app';
import { unsignedLink } from '../support/partner-fixtures';
import { expectNoForeignKeysOrNames, inRange, partnerGet, partnerOk, type EndpointSpec } from './matrix';

/** An answer with its recording links unsigned (a signature may differ between two reads a moment apart). */
function comparable(body: string): unknown {
  const parsed = JSON.parse(body) as { data?: unknown };
  if (!Array.isArray(parsed.data)) return parsed;
  return { ...parsed, data: parsed.data.map((row: Record<string, unknown>) => ('recordingUrl' in row ? { ...row, recordingUrl: unsignedLink(row.recordingUrl) } : row)) };
}

const partnerKeys: EndpointSpec = {
  name: 'partner API keys',
  routes: [
    { method: 'GET', url: '/api/partner-keys' },
    { method: 'POST', url: '/api/partner-keys' },
    { method: 'DELETE', url: '/api/partner-keys/:id' },
  ],
  async check(world, partner) {
    const made = await world.t.app.inject({ method: 'POST', url: '/api/partner-keys', headers: bearer(partner.token), payload: { name: 'Leak matrix' } });
    expect(made.statusCode).toBe(201);
    const created = made.json().data as CreatedPartnerKey;

    const listed = await partnerOk<{ data: PartnerKey[] }>(world, partner, '/api/partner-keys');
    expectNoForeignKeysOrNames(world, partner, listed);
    const own = await world.t.db.query<{ id: string }>('SELECT id::text AS id FROM partner_api_keys WHERE user_id = $1 AND revoked_at IS NULL', [partner.userId]);
    expect(listed.data.map((key) => key.id).sort()).toEqual(own.map((row) => row.id).sort());
    expect(JSON.stringify(listed)).not.toContain(created.key);

    for (const url of [`/api/calls/records${inRange({ limit: 200 })}`, `/api/stats${inRange()}`]) {
      const session = await partnerGet(world, partner, url);
      const keyed = await world.t.app.inject({ method: 'GET', url, headers: { 'x-api-key': created.key } });
      expect({ url, status: keyed.statusCode }).toEqual({ url, status: session.statusCode });
      expect(comparable(keyed.body)).toEqual(comparable(session.body));
    }

    const revoked = await world.t.app.inject({ method: 'DELETE', url: `/api/partner-keys/${created.id}`, headers: bearer(partner.token) });
    expect(revoked.statusCode).toBe(200);
    const after = await world.t.app.inject({ method: 'GET', url: `/api/stats${inRange()}`, headers: { 'x-api-key': created.key } });
    expect(after.statusCode).toBe(401);
  },
};

export const partnerKeysSpecs: EndpointSpec[] = [partnerKeys];
