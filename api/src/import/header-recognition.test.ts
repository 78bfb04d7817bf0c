import { PLATFORMS, platformNames } from '@callboard/contract/platforms';
import { CALLBOARD_VARIANTS, describeColumns, recogniseHeaders } from './header-recognition';

/** The proposed mapping as field → header (with its transform when it is not text). */
function proposed(headers: string[]) {
  const { platform, recognisedColumns, mapping } = recogniseHeaders(headers);
  const fields = Object.fromEntries(mapping.map((e) => [e.field, e.transform === 'text' ? headers[e.column] : `${headers[e.column]} (${e.transform})`]));
  return { platform, recognisedColumns, fields };
}

test("the variants npm run import has always read are no platform's names: platforms.ts is not restated here", () => {
  const platformKeys = new Set(PLATFORMS.flatMap((platform) => platformNames(platform).map((n) => n.name)));
  expect(CALLBOARD_VARIANTS.filter((variant) => platformKeys.has(variant.key))).toEqual([]);
});

test("a Ringba export's column titles", () => {
  const headers = [
    'Call Date', 'Campaign', 'Publisher', 'Target', 'Buyer', 'Caller ID', 'Dialed #', 'Number Pool Name', 'Inbound Call ID', 'Duration',
    'Connected Call Length In Seconds', 'Time To Call', 'Revenue', 'Payout', 'Has Converted', 'Is Duplicate', 'Recording',
  ];
  expect(proposed(headers)).toEqual({
    platform: 'ringba',
    recognisedColumns: 11,
    fields: {
      callTimestamp: 'Call Date (date)', campaignName: 'Campaign', publisherName: 'Publisher', targetName: 'Target', buyerName: 'Buyer',
      callerId: 'Caller ID', systemCallId: 'Inbound Call ID', durationSec: 'Duration (duration)', connectedDurationSec: 'Connected Call Length In Seconds (duration)',
      revenue: 'Revenue (money)', payout: 'Payout (money)', recordingUrl: 'Recording',
    },
  });
  // What no name fills stays unmapped.
  const { mapping } = recogniseHeaders(headers);
  expect(describeColumns(headers, mapping, 'ringba').ignored).toEqual(['Dialed #', 'Number Pool Name', 'Time To Call', 'Has Converted', 'Is Duplicate']);
});

test("Ringba's API column ids, an epoch stamp among them", () => {
  const headers = ['inboundCallId', 'dtStamp', 'inboundPhoneNumber', 'campaignName', 'publisherName', 'publisherId', 'targetName', 'buyer', 'callLengthInSeconds', 'hasConnected', 'conversionAmount', 'payoutAmount', 'recordingUrl'];
  expect(proposed(headers)).toEqual({
    platform: 'ringba',
    recognisedColumns: 13,
    fields: {
      systemCallId: 'inboundCallId', callTimestamp: 'dtStamp (epoch)', callerId: 'inboundPhoneNumber', campaignName: 'campaignName', publisherName: 'publisherName',
      systemPublisherId: 'publisherId', targetName: 'targetName', buyerName: 'buyer', durationSec: 'callLengthInSeconds (duration)', connected: 'hasConnected (boolean)',
      revenue: 'conversionAmount (money)', payout: 'payoutAmount (money)', recordingUrl: 'recordingUrl',
    },
  });
});

test("Retreaver's call fields: its target is the buyer too, and its update time is not a call's field", () => {
  const headers = ['uuid', 'start_time', 'updated_at', 'caller', 'campaign_name', 'affiliate_name', 'afid', 'target_name', 'tid', 'total_duration', 'connected', 'revenue', 'payout', 'recording_url'];
  expect(proposed(headers)).toEqual({
    platform: 'retreaver',
    recognisedColumns: 14,
    fields: {
      systemCallId: 'uuid', callTimestamp: 'start_time (date)', callerId: 'caller', campaignName: 'campaign_name', publisherName: 'affiliate_name',
      systemPublisherId: 'afid', targetName: 'target_name', buyerName: 'target_name', systemBuyerId: 'tid', durationSec: 'total_duration (duration)',
      connected: 'connected (boolean)', revenue: 'revenue (money)', payout: 'payout (money)', recordingUrl: 'recording_url',
    },
  });
});

test("TrackDrive's call fields", () => {
  const headers = ['trackdrive_call_uuid', 'created_at', 'caller_id', 'offer', 'traffic_source', 'trackdrive_traffic_source_id', 'buyer', 'trackdrive_buyer_id', 'duration', 'revenue', 'payout', 'recording_url', 'status'];
  expect(proposed(headers)).toEqual({
    platform: 'trackdrive',
    recognisedColumns: 12,
    fields: {
      systemCallId: 'trackdrive_call_uuid', callTimestamp: 'created_at (date)', callerId: 'caller_id', campaignName: 'offer', publisherName: 'traffic_source',
      systemPublisherId: 'trackdrive_traffic_source_id', buyerName: 'buyer', systemBuyerId: 'trackdrive_buyer_id', durationSec: 'duration (duration)',
      revenue: 'revenue (money)', payout: 'payout (money)', recordingUrl: 'recording_url',
    },
  });
});

test("Callboard's own names (the ingest API's), and its QC columns", () => {
  const headers = ['systemCallId', 'callTimestamp', 'callerId', 'campaignName', 'publisherName', 'targetName', 'buyerName', 'systemName', 'durationSec', 'connected', 'revenue', 'payout', 'qc.disposition', 'QC Reason', 'Summary'];
  const { platform, fields } = proposed(headers);
  expect(platform).toBe('generic');
  expect(fields).toMatchObject({ systemCallId: 'systemCallId', callTimestamp: 'callTimestamp (date)', systemName: 'systemName', 'qc.disposition': 'qc.disposition', 'qc.reason': 'QC Reason', 'qc.summary': 'Summary' });
});

test('headers no platform uses: nothing recognised, nothing mapped', () => {
  expect(proposed(['id', 'when', 'who'])).toEqual({ platform: null, recognisedColumns: 0, fields: {} });
});
