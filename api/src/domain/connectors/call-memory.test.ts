import { callFrom, mergeEvent, missingForCall, type CallMemory } from './call-memory';

const arrived = new Date('2026-04-13T15:00:00Z');

describe('mergeEvent', () => {
  test("a call's first event: its fields, and the call's time from its arrival until an event sends one", () => {
    const { memory, changed, stale } = mergeEvent({}, { callerId: '+1555', campaignName: 'Solar' }, 1000, arrived);
    expect(memory).toEqual({ callerId: ['+1555', 1000], campaignName: ['Solar', 1000], callTimestamp: ['2026-04-13T15:00:00.000Z', 0] });
    expect(changed).toEqual(['callerId', 'campaignName', 'callTimestamp']);
    expect(stale).toEqual([]);
    // The time an event sends replaces the stand-in, whatever the event's order.
    expect(mergeEvent(memory, { callTimestamp: '2026-04-13T14:58:00.000Z' }, 1, arrived).memory.callTimestamp).toEqual(['2026-04-13T14:58:00.000Z', 1]);
  });

  test('a newer event overwrites; a late one leaves what a newer one set, and says which', () => {
    const completed = mergeEvent({}, { durationSec: 204, connected: true, callerId: '+1555' }, 2000, arrived).memory;
    const late = mergeEvent(completed, { durationSec: 0, connected: false, callerId: '+1555', campaignName: 'Solar' }, 1000, arrived);
    expect(late.memory).toMatchObject({ durationSec: [204, 2000], connected: [true, 2000], campaignName: ['Solar', 1000] });
    expect(late.changed).toEqual(['campaignName']);
    expect(late.stale).toEqual(['durationSec', 'connected']);
  });

  test('a duplicate changes nothing; at an equal key the later to arrive wins', () => {
    const once = mergeEvent({}, { revenue: '40.00' }, 5, arrived).memory;
    expect(mergeEvent(once, { revenue: '40.00' }, 5, arrived)).toEqual({ memory: once, changed: [], stale: [] });
    expect(mergeEvent(once, { revenue: '45.00' }, 5, arrived).memory.revenue).toEqual(['45.00', 5]);
  });
});

describe('callFrom', () => {
  const memory: CallMemory = {
    callTimestamp: ['2026-04-13T15:00:00.000Z', 0],
    campaignName: ['Solar', 1],
    publisherName: ['Pub', 1],
    'qc.disposition': ['Sales', 2],
    'qc.reason': ['Booked', 2],
  };

  test('the whole call in the ingest shape, the verdict only when the event changed it', () => {
    expect(callFrom('C1', memory, true)).toEqual({
      systemCallId: 'C1',
      callTimestamp: '2026-04-13T15:00:00.000Z',
      campaignName: 'Solar',
      publisherName: 'Pub',
      qc: { disposition: 'Sales', reason: 'Booked' },
    });
    expect(callFrom('C1', memory, false)).not.toHaveProperty('qc');
  });

  test('a call needs its campaign and publisher', () => {
    expect(missingForCall(memory)).toEqual([]);
    expect(missingForCall({ campaignName: ['Solar', 1] })).toEqual(['publisherName']);
  });
});
