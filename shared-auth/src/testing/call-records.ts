/**
 * Call records as the API returns them (GET /api/calls/records and a call's
 * detail), for the tests of every area that shows calls. Each call gets the
 * next id (from 1001) unless one is given.
 */
import type { Dispute } from '@callboard/contract/disputes';
import type { CallDetail, CallRecord } from '@callboard/contract';

let sequence = 0;

/** A call record; every field can be overridden. */
export function makeCallRecord(overrides: Partial<CallRecord> = {}): CallRecord {
  sequence += 1;
  const id = overrides.id ?? String(1000 + sequence);
  return {
    id,
    callTimestamp: '2026-01-15T19:30:05.000Z',
    callerId: `+1555000${String(sequence).padStart(4, '0')}`,
    campaignName: 'Solar Leads',
    publisherName: 'Acme Media',
    systemName: 'Acme Media (system)',
    target_name: 'Target One',
    buyerName: 'Buyer One',
    durationSec: 125,
    connected: true,
    status: 'Sales',
    sub_disposition: 'Closed',
    reason: 'Customer agreed to the offer on the first call',
    summary: 'Short summary',
    transcript: 'Agent: Hello.\nCaller: Hi, I am calling about solar panels.',
    recordingUrl: 'https://recordings.example.com/r1.wav',
    systemCallId: `SC-${id}`,
    systemPublisherId: 'PUB-1',
    systemBuyerId: 'BUY-1',
    revenue: 40,
    payout: 20,
    statusOverridden: false,
    qc: { disposition: 'Sales', sub_disposition: 'Closed', reason: 'Bot reason', summary: 'Bot summary' },
    repeat: false,
    repeatOf: null,
    disputeState: 'none',
    ...overrides,
  };
}

/** A call with its audit history and its caller's other calls, as GET /api/calls/records/:id returns it. */
export function makeCallDetail(overrides: Partial<CallDetail> = {}): CallDetail {
  return { ...makeCallRecord(overrides), audit: [], callerCalls: [], ...overrides };
}

/**
 * An open dispute of call `callId` as GET /api/disputes answers the network's people (contract/src/disputes.ts):
 * a buyer partner's claim that the caller hung up, with the evidence frozen at opening (the AI's Sales verdict,
 * no person's, three transcript lines of which two were selected).
 */
export function makeDispute(id: string, callId = '7', overrides: Partial<Dispute> = {}): Dispute {
  return {
    id,
    callId,
    systemCallId: `SC-${callId}`,
    callTimestamp: '2026-03-10T14:00:00.000Z',
    campaignName: 'Solar',
    publisherId: 7,
    publisherName: 'Blue Lead Co',
    buyerId: 3,
    buyerName: 'Acme Insurance',
    status: 'open',
    reason: 'hung_up_immediately',
    note: 'The caller hung up after five seconds',
    openedBy: { id: 'p1', name: 'Acme Insurance' },
    openedByPartner: true,
    openedAt: '2026-03-11T09:00:00.000Z',
    revenue: 40,
    payout: 20,
    evidence: {
      ai: { disposition: 'Sales', subDisposition: 'Closed', reason: 'Customer agreed', summary: 'Bot summary' },
      person: null,
      status: 'Sales',
      durationSec: 95,
      connected: true,
      callerId: '+15550100',
      callerCalls: [],
      repeatWindowDays: 30,
      transcript: { whole: false, lines: [{ index: 0, text: 'Agent: Hello.' }, { index: 2, text: 'Caller: Bye.' }] },
    },
    decision: null,
    withdrawnAt: null,
    ...overrides,
  };
}
