import {
  CONNECTOR_MESSAGES,
  connectorTemplates,
  connectorUrl,
  parseConnectorBody,
  parseMapping,
  presetMapping,
} from './connectors';
import { CALLBOARD_FIELDS, PLATFORM_PRESETS, PLATFORMS, TRANSFORMS_OF, normaliseFieldName, platformNames } from './platforms';

describe('the platform presets', () => {
  test.each(PLATFORMS)('%s: its preset is a valid mapping that names the call, and every field takes its transform', (platform) => {
    const { mapping, errors } = parseMapping(presetMapping(platform));
    expect(errors).toEqual([]);
    expect(mapping.some((entry) => entry.field === 'systemCallId' && entry.token)).toBe(true);
    for (const field of PLATFORM_PRESETS[platform].fields) expect(TRANSFORMS_OF[field.field]).toContain(field.transform);
  });

  test('every platform field fills a Callboard field, and the names a platform gives are told apart by what they fill', () => {
    for (const platform of PLATFORMS) {
      const seen = new Map<string, Set<string>>();
      for (const { name, field } of platformNames(platform)) {
        expect(CALLBOARD_FIELDS).toContain(field.field);
        const fields = seen.get(name) ?? new Set();
        expect(fields.has(field.field)).toBe(false);
        seen.set(name, fields.add(field.field));
      }
    }
  });

  test('a name is one name whatever its case, spacing or punctuation', () => {
    expect(normaliseFieldName('Inbound Call ID')).toBe(normaliseFieldName('inboundCallId'));
    expect(normaliseFieldName('inbound_call_id')).toBe('inboundcallid');
    expect(normaliseFieldName('qc.disposition')).toBe(normaliseFieldName('QC Disposition'));
  });
});

describe('parseMapping', () => {
  const entry = { name: 'callId', field: 'systemCallId', transform: 'text' };

  test('names each problem under its entry and key', () => {
    const { errors } = parseMapping([
      entry,
      { name: 'x', field: 'callerPhone', transform: 'text' },
      { name: 'amount', field: 'revenue', transform: 'date' },
      { name: 'when', field: 'callTimestamp', transform: 'sometimes' },
      { name: '  ', field: 'callerId' },
      'not an entry',
      { name: 'TOKEN', field: 'callerId' },
      { name: 'dur', field: 'durationSec', token: 42 },
    ]);
    expect(errors).toEqual([
      { field: 'mapping[1].field', message: CONNECTOR_MESSAGES.fieldUnknown('callerPhone') },
      { field: 'mapping[2].transform', message: 'revenue cannot take the date transform: use money' },
      { field: 'mapping[3].transform', message: CONNECTOR_MESSAGES.transformUnknown('sometimes') },
      { field: 'mapping[4].name', message: CONNECTOR_MESSAGES.nameMissing },
      { field: 'mapping[5]', message: CONNECTOR_MESSAGES.entryNotObject },
      { field: 'mapping[6].name', message: CONNECTOR_MESSAGES.nameReserved },
      { field: 'mapping[7].token', message: CONNECTOR_MESSAGES.tokenNotText },
    ]);
  });

  test("a field's usual transform when none is given; one name may fill two fields, but not one field twice", () => {
    expect(parseMapping([{ name: 'callId', field: 'systemCallId' }, { name: 'target', field: 'targetName' }, { name: 'target', field: 'buyerName' }])).toEqual({
      mapping: [
        { name: 'callId', field: 'systemCallId', transform: 'text' },
        { name: 'target', field: 'targetName', transform: 'text' },
        { name: 'target', field: 'buyerName', transform: 'text' },
      ],
      errors: [],
    });
    expect(parseMapping([entry, { name: 'call_id', field: 'systemCallId' }]).errors).toEqual([
      { field: 'mapping[1].name', message: CONNECTOR_MESSAGES.entryRepeated('call_id', 'systemCallId') },
    ]);
  });

  test('a mapping must name the call, be a list, and stay under its size', () => {
    expect(parseMapping([{ name: 'caller', field: 'callerId' }]).errors).toEqual([{ field: 'mapping', message: CONNECTOR_MESSAGES.noCallId }]);
    expect(parseMapping({}).errors).toEqual([{ field: 'mapping', message: CONNECTOR_MESSAGES.mappingNotList }]);
    expect(parseMapping(Array.from({ length: 101 }, () => entry)).errors).toEqual([{ field: 'mapping', message: CONNECTOR_MESSAGES.mappingTooLong }]);
  });
});

describe('parseConnectorBody', () => {
  test('creating needs a name and a platform; every problem is listed', () => {
    expect(parseConnectorBody({ timeZone: 'Mars/Olympus', enabled: 'yes' }, true).errors).toEqual([
      { field: 'name', message: CONNECTOR_MESSAGES.nameRequired },
      { field: 'platform', message: CONNECTOR_MESSAGES.platformUnknown },
      { field: 'timeZone', message: CONNECTOR_MESSAGES.timeZoneUnknown('Mars/Olympus') },
      { field: 'enabled', message: CONNECTOR_MESSAGES.enabledNotBoolean },
    ]);
  });

  test('a change names only what changes', () => {
    expect(parseConnectorBody({ timeZone: 'America/Chicago' }, false)).toEqual({ value: { timeZone: 'America/Chicago' }, errors: [] });
    expect(parseConnectorBody({ name: ' Ringba main ', platform: 'ringba' }, true)).toEqual({ value: { name: 'Ringba main', platform: 'ringba' }, errors: [] });
  });
});

describe('the templates to paste', () => {
  const url = connectorUrl('https://calls.example.com/', 'cn_0123456789abcdefghij', 'se+cret');

  test("the URL carries the connector's token, encoded", () => {
    expect(url).toBe('https://calls.example.com/api/ingest/connectors/cn_0123456789abcdefghij?token=se%2Bcret');
  });

  test("Ringba: one pixel per fire point, each with the call's identity and what that fire point settles, in Ringba's tokens", () => {
    const templates = connectorTemplates('ringba', presetMapping('ringba'), url);
    expect(templates.map((t) => t.on)).toEqual(['Incoming', 'Connected', 'Completed', 'Finalized', 'Converted', 'Payout', 'Recording']);
    const identity = 'inboundCallId=[Call:InboundCallId]&inboundPhoneNumber=[tag:InboundNumber:Number]&campaignName=[tag:Campaign:Name]&publisherName=[tag:Publisher:Name]&publisherId=[tag:Publisher:Id]';
    const byPoint = Object.fromEntries(templates.map((t) => [t.on, t.url]));
    expect(byPoint.Incoming).toBe(`${url}&${identity}`);
    expect(byPoint.Completed).toBe(`${url}&${identity}&targetName=[tag:Target:Name]&buyer=[tag:Buyer:Name]&callLengthInSeconds=[tag:CallLength:Total]&hasConnected=yes`);
    expect(byPoint.Converted).toBe(`${url}&${identity}&conversionAmount=[Call:ConversionAmount]`);
    expect(JSON.parse(templates[0]!.body)).toEqual({
      inboundCallId: '[Call:InboundCallId]',
      inboundPhoneNumber: '[tag:InboundNumber:Number]',
      campaignName: '[tag:Campaign:Name]',
      publisherName: '[tag:Publisher:Name]',
      publisherId: '[tag:Publisher:Id]',
    });
  });

  test("a field the mapping gives no token is left out, and a mapping's own token is used", () => {
    const mapping = [
      { name: 'id', field: 'systemCallId' as const, transform: 'text' as const, token: '{{call.id}}' },
      { name: 'rev', field: 'revenue' as const, transform: 'money' as const },
    ];
    expect(connectorTemplates('generic', mapping, url).map((t) => t.url)).toEqual([`${url}&id={{call.id}}`]);
  });
});
