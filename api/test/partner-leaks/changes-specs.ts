/**
 * The changes feed's spec (GET /api/changes, domain/changes/): every partner reads the change log's rows of its
 * own calls from its history day on and no other, each with only the fields its scope gives, worked out here
 * from the log as the network reads it and the dataset (brute force, not the API's visibility code); its
 * partner API key reads the same page as its session.
 */
import { maskCallerId } from '@callboard/contract';
import type { CallChange, ChangedField, FieldChange } from '@callboard/contract/changes';
import type { CreatedPartnerKey } from '@callboard/contract/partner-keys';
import { bearer } from '../support/test-app';
import { forbiddenMoneyKeys, partnerSeesCall, type PartnerAccount, type PartnerWorld } from '../support/partner-fixtures';
import { expectNoForeignKeysOrNames, partnerOk, type EndpointSpec } from './matrix';

interface LogRow {
  seq: string;
  at: Date;
  call_id: string;
  system_call_id: string;
  kind: CallChange['kind'];
  change_set: string | null;
  changed: CallChange['changed'];
}

/** The fields of each side: the other side's only with the counterparty, the own side's `before` never (it may name another). */
const SIDES = {
  publisher: ['publisherName', 'systemName', 'systemPublisherId'],
  buyer: ['buyerName', 'targetName', 'systemBuyerId'],
} as const satisfies Record<string, readonly ChangedField[]>;

/** The page a partner must read: its calls' changes, each with the fields its scope gives. */
function expectedFor(world: PartnerWorld, partner: PartnerAccount, log: LogRow[]): CallChange[] {
  const { scope } = partner;
  const calls = new Map(world.calls.map((call) => [call.id, call]));
  const seen = (id: string) => {
    const call = calls.get(id);
    return call !== undefined && partnerSeesCall(scope, call);
  };
  const otherSide: readonly ChangedField[] = scope.kind === 'publisher' ? SIDES.buyer : SIDES.publisher;
  const ownSide: readonly ChangedField[] = SIDES[scope.kind];
  const hidden = new Set<string>([
    ...forbiddenMoneyKeys(scope.kind),
    ...(scope.transcripts ? [] : ['transcript']),
    ...(scope.recordings ? [] : ['recordingUrl']),
    ...(scope.callerId === 'hidden' ? ['callerId'] : []),
    ...(scope.counterparty ? [] : otherSide),
  ]);
  const expected: CallChange[] = [];
  for (const row of log) {
    if (!seen(row.call_id)) continue;
    const changed: CallChange['changed'] = {};
    for (const [field, logged] of Object.entries(row.changed) as Array<[ChangedField, FieldChange]>) {
      if (hidden.has(field)) continue;
      let pair = logged;
      if (field === 'callerId' && scope.callerId === 'masked') pair = pair.map((v) => (typeof v === 'string' ? maskCallerId(v) : v)) as FieldChange;
      if (ownSide.includes(field)) pair = [null, pair[1]];
      if (field === 'repeatOf') pair = pair.map((id) => (typeof id === 'string' && !seen(id) ? null : id)) as FieldChange;
      changed[field] = pair;
    }
    if (Object.keys(row.changed).length > 0 && Object.keys(changed).length === 0) continue;
    expected.push({
      seq: Number(row.seq),
      at: new Date(row.at).toISOString(),
      callId: row.call_id,
      systemCallId: row.system_call_id,
      kind: row.kind,
      actor: null,
      changeSet: row.change_set,
      changed,
    });
  }
  return expected;
}

const changes: EndpointSpec = {
  name: 'changes feed',
  routes: [{ method: 'GET', url: '/api/changes' }],
  async check(world, partner) {
    const log = await world.t.db.query<LogRow>(
      'SELECT seq::text AS seq, at, call_id::text AS call_id, system_call_id, kind, change_set::text AS change_set, changed FROM call_changes c ORDER BY c.seq',
    );
    expect(log.length).toBeGreaterThan(world.calls.length);
    const url = '/api/changes?after=0&limit=10000';
    const body = await partnerOk<{ data: CallChange[]; meta: { nextAfter: number } }>(world, partner, url);
    expectNoForeignKeysOrNames(world, partner, body);
    expect(body.data).toEqual(expectedFor(world, partner, log));

    // The partner's own API key reads the same page.
    const made = await world.t.app.inject({ method: 'POST', url: '/api/partner-keys', headers: bearer(partner.token), payload: { name: 'Changes feed' } });
    expect(made.statusCode).toBe(201);
    const key = made.json().data as CreatedPartnerKey;
    const keyed = await world.t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key.key } });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json()).toEqual(body);
    expect((await world.t.app.inject({ method: 'DELETE', url: `/api/partner-keys/${key.id}`, headers: bearer(partner.token) })).statusCode).toBe(200);
  },
};

export const changesSpecs: EndpointSpec[] = [changes];
