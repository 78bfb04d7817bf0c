import type { CallChange } from './changes';
import {
  EVENT_SUBSCRIPTION_MESSAGES,
  dispositionBecame,
  eventTypesOfChange,
  parseEventSubscriptionBody,
  type EventSubscriptionBody,
} from './event-subscriptions';

const ENDPOINT = '7b6f1f9e-3c2a-4c1e-9d55-0c8a3e2f1a10';

describe('parseEventSubscriptionBody', () => {
  test('a full body, trimmed, its types in the contract order and its ids rising; enabled by default', () => {
    expect(
      parseEventSubscriptionBody({
        name: '  Acme postback  ',
        endpointId: ENDPOINT,
        eventTypes: ['call.disposition_changed', 'call.created'],
        buyerIds: [12, 3],
        dispositionBecomes: 'sales',
      }),
    ).toEqual<EventSubscriptionBody>({
      name: 'Acme postback',
      endpointId: ENDPOINT,
      eventTypes: ['call.created', 'call.disposition_changed'],
      campaignIds: [],
      publisherIds: [],
      buyerIds: [3, 12],
      dispositionBecomes: 'Sales',
      enabled: true,
    });
  });

  test('every problem at once, each under its field', () => {
    expect(parseEventSubscriptionBody({ name: ' ', eventTypes: [], campaignIds: [1, 1], publisherIds: 'x', buyerIds: [0], enabled: 'yes' })).toEqual([
      { field: 'name', message: EVENT_SUBSCRIPTION_MESSAGES.nameRequired },
      { field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointRequired },
      { field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.typesRequired },
      { field: 'campaignIds', message: EVENT_SUBSCRIPTION_MESSAGES.ids('campaignIds') },
      { field: 'publisherIds', message: EVENT_SUBSCRIPTION_MESSAGES.ids('publisherIds') },
      { field: 'buyerIds', message: EVENT_SUBSCRIPTION_MESSAGES.ids('buyerIds') },
      { field: 'enabled', message: EVENT_SUBSCRIPTION_MESSAGES.enabled },
    ]);
    expect(parseEventSubscriptionBody({ name: 'x'.repeat(101), endpointId: ENDPOINT, eventTypes: ['call.deleted'] })).toEqual([
      { field: 'name', message: EVENT_SUBSCRIPTION_MESSAGES.nameTooLong },
      { field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.typeUnknown('call.deleted') },
    ]);
  });

  test('alert events cannot be narrowed to sources; a disposition condition takes the call types it can apply to only', () => {
    const base = { name: 'n', endpointId: ENDPOINT };
    expect(parseEventSubscriptionBody({ ...base, eventTypes: ['call.created', 'alert.fired'], publisherIds: [4] })).toEqual([
      { field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.narrowedAlerts },
    ]);
    expect(parseEventSubscriptionBody({ ...base, eventTypes: ['alert.fired', 'alert.resolved'] })).not.toBeInstanceOf(Array);
    expect(parseEventSubscriptionBody({ ...base, eventTypes: ['call.updated', 'dispute.decided'], dispositionBecomes: 'Sales' })).toEqual([
      { field: 'dispositionBecomes', message: EVENT_SUBSCRIPTION_MESSAGES.dispositionTypes },
    ]);
    expect(parseEventSubscriptionBody({ ...base, eventTypes: ['call.updated'], dispositionBecomes: 'Sold' })).toEqual([
      { field: 'dispositionBecomes', message: EVENT_SUBSCRIPTION_MESSAGES.dispositionUnknown },
    ]);
    expect(parseEventSubscriptionBody({ ...base, eventTypes: ['call.updated'], dispositionBecomes: null })).toMatchObject({ dispositionBecomes: null });
  });
});

const change = (kind: CallChange['kind'], changed: CallChange['changed']) => ({ kind, changed });

describe('eventTypesOfChange', () => {
  test('each kind of change as its event types, most specific first', () => {
    expect(eventTypesOfChange(change('created', { status: [null, 'Sales'] }))).toEqual(['call.created']);
    expect(eventTypesOfChange(change('updated', {}))).toEqual([]);
    expect(eventTypesOfChange(change('updated', { durationSec: [30, 95] }))).toEqual(['call.updated']);
    expect(eventTypesOfChange(change('qc_verdict', { status: ['', 'Voicemail'], qcDisposition: [null, 'Voicemail'] }))).toEqual(['call.disposition_changed', 'call.updated']);
    expect(eventTypesOfChange(change('dispute_opened', { disputeState: ['none', 'open'] }))).toEqual(['dispute.opened', 'call.updated']);
    expect(eventTypesOfChange(change('dispute_decided', { disputeState: ['open', 'accepted'], revenue: [30, 0] }))).toEqual(['dispute.decided', 'call.updated']);
    expect(eventTypesOfChange(change('dispute_withdrawn', { disputeState: ['open', 'none'] }))).toEqual(['call.updated']);
    expect(eventTypesOfChange(change('repeat_redecided', { repeatOf: [null, '41'] }))).toEqual(['call.updated']);
  });

  test('a disposition becomes one value only when it moves to it from another', () => {
    expect(dispositionBecame({ changed: { status: ['Voicemail', 'Sales'] } }, 'Sales')).toBe(true);
    expect(dispositionBecame({ changed: { status: [null, 'Sales'] } }, 'Sales')).toBe(true);
    expect(dispositionBecame({ changed: { status: ['Sales', 'Voicemail'] } }, 'Sales')).toBe(false);
    expect(dispositionBecame({ changed: { revenue: [0, 45] } }, 'Sales')).toBe(false);
  });
});
