import { presetMapping } from '@callboard/contract/connectors';
import { mapEvent } from './event-mapping';
import { eventValues, keptPayload, KEPT_PAYLOAD_MAX_CHARS } from './event-payload';
import { transformValue } from './field-values';

describe('transformValue', () => {
  test.each([
    ['text', '  Acme Solar ', 'Acme Solar'],
    ['money', '$1,234.50', '1234.50'],
    ['money', '25', '25'],
    ['money', 12.5, '12.5'],
    ['duration', '3:24', 204],
    ['duration', '204', 204],
    ['duration', '95.6', 96],
    ['boolean', 'yes', true],
    ['boolean', 'FALSE', false],
    ['boolean', true, true],
    ['boolean', '1', true],
    ['epoch', '1776092920', '2026-04-13T15:08:40.000Z'],
    ['epoch', '1776092920000', '2026-04-13T15:08:40.000Z'],
    ['date', '2026-04-13T11:08:40Z', '2026-04-13T11:08:40.000Z'],
    ['date', '1776092920', '2026-04-13T15:08:40.000Z'],
  ] as const)('%s reads %j as %j', (transform, raw, expected) => {
    expect(transformValue(raw, transform, 'America/New_York')).toEqual({ value: expected });
  });

  test("a date without an offset is read in the connector's zone; TrackDrive's offset is kept", () => {
    expect(transformValue('04/13/2026 11:08:40 AM', 'date', 'America/New_York').value).toBe('2026-04-13T11:08:40.000-04:00');
    expect(transformValue('2026-04-13 11:08:40', 'date', 'America/Los_Angeles').value).toBe('2026-04-13T11:08:40.000-07:00');
    expect(transformValue('2016-01-01 12:25:15 -0500', 'date', 'America/Los_Angeles').value).toBe('2016-01-01T12:25:15.000-05:00');
    expect(transformValue('2026-03-08 02:30:00', 'date', 'America/Chicago').error).toBe(
      '"2026-03-08 02:30:00" does not exist in America/Chicago (the clocks skip it); give the time with its offset',
    );
  });

  test('empty, or a token the platform left unreplaced, is no value', () => {
    for (const raw of ['', '  ', '[Call:ConversionAmount]', '[call_uuid]', '{{revenue}}', '{revenue}', null, undefined]) {
      expect(transformValue(raw, 'money', 'UTC')).toEqual({});
    }
  });

  test('what a transform cannot read is an error that says what it takes', () => {
    expect(transformValue('maybe', 'boolean', 'UTC').error).toBe('"maybe" is not yes/no, true/false or 1/0');
    expect(transformValue('three minutes', 'duration', 'UTC').error).toMatch(/^"three minutes" is not a duration/);
    expect(transformValue('yesterday', 'date', 'UTC').error).toMatch(/^"yesterday" is not a date-time/);
    expect(transformValue('12-04', 'epoch', 'UTC').error).toMatch(/^"12-04" is not Unix time/);
    expect(transformValue(['1', '2'], 'text', 'UTC').error).toBe('was sent more than once');
    expect(transformValue({ a: 1 }, 'text', 'UTC').error).toBe('must be a single value, not an object');
  });
});

describe('eventValues', () => {
  test('query and body by normalised name, a nested key by its dotted path, the body winning', () => {
    const values = eventValues({ Call_UUID: 'q-1', revenue: '1' }, { revenue: '2', call: { target: { name: 'Acme' } } });
    expect(Object.fromEntries(values)).toEqual({ calluuid: 'q-1', revenue: '2', calltargetname: 'Acme' });
  });
});

describe('keptPayload', () => {
  test("the token is taken out wherever it is, the presented one too", () => {
    const kept = keptPayload({ token: 'secret-1', TOKEN: 'wrong-2', callId: 'c1' }, { link: 'https://x.example/?t=secret-1', nested: { token: 'z' } }, ['secret-1', 'wrong-2']);
    expect(kept).toEqual({ query: { token: '[redacted]', TOKEN: '[redacted]', callId: 'c1' }, body: { link: '[redacted]', nested: { token: '[redacted]' } } });
  });

  test('a large payload is kept cut, and says so', () => {
    const kept = keptPayload({}, { transcript: 'w'.repeat(KEPT_PAYLOAD_MAX_CHARS * 2) }, ['s']);
    expect(kept.truncated).toBe(true);
    expect((kept.body as string).length).toBe(KEPT_PAYLOAD_MAX_CHARS);
  });
});

describe('mapEvent', () => {
  const ringba = presetMapping('ringba');

  test("a Ringba pixel's values become ours; names the mapping does not list are ignored", () => {
    const event = mapEvent(
      eventValues({ inboundCallId: 'RGB1', inboundPhoneNumber: '+15551230001', conversionAmount: '$40.00', hasConnected: 'yes', utm_source: 'x' }, undefined),
      ringba,
      'America/New_York',
    );
    expect(event).toEqual({
      platformCallId: 'RGB1',
      fields: { callerId: '+15551230001', revenue: '40.00', connected: true },
      eventTime: null,
      errors: [],
    });
  });

  test("the first name of a field the event sent wins (a call-log column title as well as a pixel's name)", () => {
    const event = mapEvent(eventValues({ 'Caller ID': '+1555', inboundPhoneNumber: '+1666' }, undefined), ringba, 'UTC');
    expect(event.fields.callerId).toBe('+1666');
  });

  test('eventTime orders the event and is not a field of the call', () => {
    const event = mapEvent(eventValues({ uuid: 'u1', updated_at: '2026-04-13T15:00:00Z' }, undefined), presetMapping('retreaver'), 'UTC');
    expect(event).toMatchObject({ platformCallId: 'u1', fields: {}, eventTime: Date.parse('2026-04-13T15:00:00Z') });
  });

  test("each value a transform cannot read is an error under the platform's name", () => {
    const event = mapEvent(eventValues({ inboundCallId: 'R', callLengthInSeconds: 'long', hasConnected: 'perhaps' }, undefined), ringba, 'UTC');
    expect(event.errors).toEqual([
      { field: 'callLengthInSeconds', message: 'callLengthInSeconds (durationSec): "long" is not a duration: give whole seconds (95) or h:mm:ss (0:01:35)' },
      { field: 'hasConnected', message: 'hasConnected (connected): "perhaps" is not yes/no, true/false or 1/0' },
    ]);
  });
});
