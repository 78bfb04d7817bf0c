/**
 * What each tracking platform sends and what it calls each field, as data, in one home: the inbound
 * connectors (api/src/domain/connectors/) start a new connector's mapping from these tables and build the
 * templates to paste from them, and the CSV import recognises a platform's column headers by the same
 * names. A field's `name` is what our templates send it as (the platform's own name for it: a Ringba
 * call-log column id, a Retreaver call field, a TrackDrive call field); `aliases` are other spellings the
 * platform uses for it (an export's column title, an older API's id); `token` is what the platform fills
 * in, in its own syntax. Names are compared as normaliseFieldName leaves them, so "inboundCallId",
 * "inbound_call_id" and "Inbound Call ID" are one name.
 *
 * How sure each token is, is said with it (`tokenSource`): the vendors document only some of their
 * tokens; the others were seen in public integrations, or are named after the platform's API field and
 * must be checked in the platform's token picker (docs/integrations.md says so per platform).
 */

export const PLATFORMS = ['ringba', 'retreaver', 'trackdrive', 'generic'] as const;
export type Platform = (typeof PLATFORMS)[number];

export function isPlatform(value: unknown): value is Platform {
  return (PLATFORMS as readonly unknown[]).includes(value);
}

/**
 * The fields a platform's value can fill: the ingest API's names (contract/src/calls.ts IngestCall, `qc.` for
 * the verdict's), and `eventTime`, the time the platform stamps on an event, which orders a call's events.
 */
export const CALLBOARD_FIELDS = [
  'systemCallId',
  'callTimestamp',
  'eventTime',
  'callerId',
  'campaignName',
  'publisherName',
  'targetName',
  'buyerName',
  'systemName',
  'systemPublisherId',
  'systemBuyerId',
  'durationSec',
  'connected',
  'recordingUrl',
  'transcript',
  'revenue',
  'payout',
  'qc.disposition',
  'qc.sub_disposition',
  'qc.reason',
  'qc.summary',
] as const;
export type CallboardField = (typeof CALLBOARD_FIELDS)[number];

export function isCallboardField(value: unknown): value is CallboardField {
  return (CALLBOARD_FIELDS as readonly unknown[]).includes(value);
}

/** What each field is, in the words of the screens and the docs. */
export const CALLBOARD_FIELD_LABELS: Record<CallboardField, string> = {
  systemCallId: 'call id',
  callTimestamp: 'call time',
  eventTime: 'event time (orders a call’s events)',
  callerId: 'caller id',
  campaignName: 'campaign',
  publisherName: 'publisher',
  targetName: 'target',
  buyerName: 'buyer',
  systemName: 'system name',
  systemPublisherId: 'publisher id',
  systemBuyerId: 'buyer id',
  durationSec: 'duration',
  connected: 'connected',
  recordingUrl: 'recording',
  transcript: 'transcript',
  revenue: 'revenue',
  payout: 'payout',
  'qc.disposition': 'QC disposition',
  'qc.sub_disposition': 'QC sub disposition',
  'qc.reason': 'QC reason',
  'qc.summary': 'QC summary',
};

/**
 * How a value the platform sends becomes ours. An empty value, or a token the platform left unreplaced
 * ("[Call:ConversionAmount]", "{{revenue}}"), is no value: the field is not sent by that event.
 */
export const FIELD_TRANSFORMS = ['text', 'date', 'epoch', 'duration', 'money', 'boolean'] as const;
export type FieldTransform = (typeof FIELD_TRANSFORMS)[number];

export const FIELD_TRANSFORM_DESCRIPTIONS: Record<FieldTransform, string> = {
  text: 'the text as sent, trimmed',
  date: 'a date-time: ISO 8601 with an offset, or without one (2026-04-13 11:08:40, 04/13/2026 11:08:40 AM) read in the connector’s time zone, or Unix time',
  epoch: 'Unix time in seconds or milliseconds',
  duration: 'whole seconds (95, 95.4 rounded) or h:mm:ss / m:ss (1:35)',
  money: 'dollars: 1.23, $1,234.50',
  boolean: 'yes/no, true/false, 1/0',
};

/** The transforms each field takes, its usual one first. */
export const TRANSFORMS_OF: Record<CallboardField, readonly FieldTransform[]> = {
  systemCallId: ['text'],
  callTimestamp: ['date', 'epoch'],
  eventTime: ['date', 'epoch'],
  callerId: ['text'],
  campaignName: ['text'],
  publisherName: ['text'],
  targetName: ['text'],
  buyerName: ['text'],
  systemName: ['text'],
  systemPublisherId: ['text'],
  systemBuyerId: ['text'],
  durationSec: ['duration'],
  connected: ['boolean'],
  recordingUrl: ['text'],
  transcript: ['text'],
  revenue: ['money'],
  payout: ['money'],
  'qc.disposition': ['text'],
  'qc.sub_disposition': ['text'],
  'qc.reason': ['text'],
  'qc.summary': ['text'],
};

/** Where a token's name was read: the vendor's own documentation, public integrations, or the platform's API field of that name (check it in the platform's token list). */
export type TokenSource = 'vendor-docs' | 'public-integrations' | 'api-field' | 'placeholder';

export interface PlatformField {
  /** The name our templates send it under, the platform's own for it. */
  name: string;
  /** Other names the platform gives it: an export's column title, an older API's id. */
  aliases?: readonly string[];
  field: CallboardField;
  transform: FieldTransform;
  /** What the platform fills in, in its own syntax; none when it has no token for it. */
  token?: string;
  tokenSource?: TokenSource;
}

/** One moment the platform sends at (a Ringba fire point, a Retreaver trigger), and what our template for it carries. */
export interface FirePoint {
  /** The platform's name for the moment. */
  on: string;
  /** Fields sent beside the preset's `identity`; `all`: every field the mapping has a token for. */
  fields: readonly CallboardField[] | 'all';
  /** Parameters written into the template as they are, name → value (a fire point that only fires once the call connected says so). */
  literals?: Readonly<Record<string, string>>;
  /** Why it is there, or what it settles. */
  note: string;
}

export interface PlatformPreset {
  platform: Platform;
  label: string;
  /** What the platform calls what it sends. */
  sends: string;
  /** How its tokens look. */
  tokenSyntax: string;
  /** Fields every template carries, so that whichever event comes first can make the call. */
  identity: readonly CallboardField[];
  fields: readonly PlatformField[];
  firePoints: readonly FirePoint[];
  /** Where the templates go, step by step, in the platform's words. */
  steps: readonly string[];
}

const RINGBA: PlatformPreset = {
  platform: 'ringba',
  label: 'Ringba',
  sends: 'tracking pixels',
  tokenSyntax: '[Call:InboundCallId], [tag:Publisher:Name]',
  identity: ['systemCallId', 'callerId', 'campaignName', 'publisherName', 'systemPublisherId'],
  fields: [
    { name: 'inboundCallId', aliases: ['Call ID'], field: 'systemCallId', transform: 'text', token: '[Call:InboundCallId]', tokenSource: 'vendor-docs' },
    // The call log's start time, formatted in the account's zone ("04/13/2026 11:08:40 AM"); pixels carry no documented time token.
    { name: 'callDt', aliases: ['Call Date', 'Call Date Time'], field: 'callTimestamp', transform: 'date' },
    { name: 'dtStamp', field: 'callTimestamp', transform: 'epoch' },
    { name: 'inboundPhoneNumber', aliases: ['Caller ID'], field: 'callerId', transform: 'text', token: '[tag:InboundNumber:Number]', tokenSource: 'vendor-docs' },
    { name: 'campaignName', aliases: ['Campaign'], field: 'campaignName', transform: 'text', token: '[tag:Campaign:Name]', tokenSource: 'public-integrations' },
    { name: 'publisherName', aliases: ['Publisher'], field: 'publisherName', transform: 'text', token: '[tag:Publisher:Name]', tokenSource: 'vendor-docs' },
    { name: 'publisherId', field: 'systemPublisherId', transform: 'text', token: '[tag:Publisher:Id]', tokenSource: 'vendor-docs' },
    { name: 'targetName', aliases: ['Target'], field: 'targetName', transform: 'text', token: '[tag:Target:Name]', tokenSource: 'vendor-docs' },
    { name: 'buyer', aliases: ['Buyer Name'], field: 'buyerName', transform: 'text', token: '[tag:Buyer:Name]', tokenSource: 'public-integrations' },
    { name: 'callLengthInSeconds', aliases: ['Duration'], field: 'durationSec', transform: 'duration', token: '[tag:CallLength:Total]', tokenSource: 'public-integrations' },
    { name: 'hasConnected', aliases: ['Connected'], field: 'connected', transform: 'boolean' },
    { name: 'conversionAmount', aliases: ['Revenue'], field: 'revenue', transform: 'money', token: '[Call:ConversionAmount]', tokenSource: 'vendor-docs' },
    { name: 'payoutAmount', aliases: ['Payout'], field: 'payout', transform: 'money', token: '[Call:ConversionPayout]', tokenSource: 'vendor-docs' },
    { name: 'recordingUrl', aliases: ['Recording'], field: 'recordingUrl', transform: 'text', token: '[Call:RecordingUrl]', tokenSource: 'public-integrations' },
  ],
  firePoints: [
    { on: 'Incoming', fields: [], note: 'the call appears as it starts; its time is when this pixel arrives (Ringba’s pixels carry no call-time token)' },
    { on: 'Connected', fields: ['targetName', 'buyerName'], literals: { hasConnected: 'yes' }, note: 'answered by a target: who took it' },
    { on: 'Completed', fields: ['targetName', 'buyerName', 'durationSec'], literals: { hasConnected: 'yes' }, note: 'ended after connecting: its length' },
    { on: 'Finalized', fields: ['targetName', 'buyerName', 'durationSec'], note: 'ended, however it ended (a call that never connected too)' },
    { on: 'Converted', fields: ['revenue'], note: 'the revenue (Ringba may settle the payout later: the Payout pixel)' },
    { on: 'Payout', fields: ['payout'], note: 'the publisher’s payout' },
    { on: 'Recording', fields: ['recordingUrl'], note: 'the recording, once Ringba has it' },
  ],
  steps: [
    'In Ringba, open Integrations → Pixels and click Create Pixel, once for each fire point below.',
    'Name it (e.g. "Callboard – Completed"), choose the fire point in Fire Pixel On, and paste that fire point’s URL into URL (method GET).',
    'Add each pixel to your campaigns: Campaigns → the campaign → Tracking Pixels → Add Pixel.',
    'Check the tokens marked "seen in integrations" with the Token button: pick the tag there if your account names it otherwise.',
  ],
};

const RETREAVER: PlatformPreset = {
  platform: 'retreaver',
  label: 'Retreaver',
  sends: 'campaign webhooks',
  tokenSyntax: '[call_uuid]',
  identity: ['systemCallId', 'callerId', 'campaignName', 'publisherName', 'systemPublisherId', 'eventTime'],
  fields: [
    { name: 'uuid', aliases: ['call_uuid'], field: 'systemCallId', transform: 'text', token: '[call_uuid]', tokenSource: 'vendor-docs' },
    { name: 'start_time', aliases: ['created_at'], field: 'callTimestamp', transform: 'date', token: '[start_time]', tokenSource: 'api-field' },
    // The call's last change: Retreaver updates a call as it goes, so this orders its webhooks.
    { name: 'updated_at', field: 'eventTime', transform: 'date', token: '[updated_at]', tokenSource: 'api-field' },
    { name: 'caller', aliases: ['caller_number'], field: 'callerId', transform: 'text', token: '[caller]', tokenSource: 'api-field' },
    { name: 'campaign_name', field: 'campaignName', transform: 'text', token: '[campaign_name]', tokenSource: 'api-field' },
    { name: 'affiliate_name', aliases: ['publisher_name'], field: 'publisherName', transform: 'text', token: '[affiliate_name]', tokenSource: 'api-field' },
    { name: 'afid', field: 'systemPublisherId', transform: 'text', token: '[afid]', tokenSource: 'api-field' },
    // Retreaver's target is the buyer (its old nomenclature): one name fills both.
    { name: 'target_name', field: 'targetName', transform: 'text', token: '[target_name]', tokenSource: 'api-field' },
    { name: 'target_name', aliases: ['buyer_name'], field: 'buyerName', transform: 'text' },
    { name: 'tid', field: 'systemBuyerId', transform: 'text', token: '[tid]', tokenSource: 'api-field' },
    { name: 'total_duration', field: 'durationSec', transform: 'duration', token: '[total_duration]', tokenSource: 'api-field' },
    { name: 'connected', field: 'connected', transform: 'boolean', token: '[connected]', tokenSource: 'api-field' },
    { name: 'revenue', field: 'revenue', transform: 'money', token: '[revenue]', tokenSource: 'api-field' },
    { name: 'payout', field: 'payout', transform: 'money', token: '[payout]', tokenSource: 'api-field' },
    { name: 'recording_url', field: 'recordingUrl', transform: 'text', token: '[recording_url]', tokenSource: 'api-field' },
  ],
  firePoints: [
    { on: 'start', fields: ['callTimestamp'], note: 'the call appears as it starts' },
    { on: 'end of call', fields: 'all', note: 'after all pixels have fired: everything Retreaver knows of the call (Retreaver’s own advice for syncing)' },
  ],
  steps: [
    'In Retreaver, open the campaign and scroll to Webhooks; click the green plus to add a webhook group.',
    'Set the trigger to each moment below and paste that moment’s URL (method GET).',
    'Only [call_uuid] is in Retreaver’s documentation: check every other token in the webhook’s token list and correct its name there or in the connector’s mapping.',
  ],
};

const TRACKDRIVE: PlatformPreset = {
  platform: 'trackdrive',
  label: 'TrackDrive',
  sends: 'webhooks',
  tokenSyntax: '[trackdrive_call_uuid]',
  identity: ['systemCallId', 'callerId', 'campaignName', 'publisherName', 'systemPublisherId', 'eventTime'],
  fields: [
    { name: 'trackdrive_call_uuid', aliases: ['uuid', 'call_uuid'], field: 'systemCallId', transform: 'text', token: '[trackdrive_call_uuid]', tokenSource: 'vendor-docs' },
    // TrackDrive writes times with their offset ("2016-01-01 12:25:15 -0500").
    { name: 'created_at', field: 'callTimestamp', transform: 'date', token: '[created_at]', tokenSource: 'api-field' },
    { name: 'updated_at', field: 'eventTime', transform: 'date', token: '[updated_at]', tokenSource: 'api-field' },
    { name: 'caller_id', aliases: ['caller_number'], field: 'callerId', transform: 'text', token: '[caller_id]', tokenSource: 'api-field' },
    { name: 'offer', aliases: ['offer_name'], field: 'campaignName', transform: 'text', token: '[offer]', tokenSource: 'api-field' },
    { name: 'traffic_source', aliases: ['traffic_source_name'], field: 'publisherName', transform: 'text', token: '[traffic_source]', tokenSource: 'api-field' },
    { name: 'trackdrive_traffic_source_id', field: 'systemPublisherId', transform: 'text', token: '[trackdrive_traffic_source_id]', tokenSource: 'vendor-docs' },
    { name: 'buyer', aliases: ['buyer_name'], field: 'buyerName', transform: 'text', token: '[buyer]', tokenSource: 'api-field' },
    { name: 'trackdrive_buyer_id', field: 'systemBuyerId', transform: 'text', token: '[trackdrive_buyer_id]', tokenSource: 'vendor-docs' },
    { name: 'duration', aliases: ['total_duration', 'call_duration'], field: 'durationSec', transform: 'duration', token: '[duration]', tokenSource: 'api-field' },
    { name: 'revenue', field: 'revenue', transform: 'money', token: '[revenue]', tokenSource: 'vendor-docs' },
    { name: 'payout', field: 'payout', transform: 'money', token: '[payout]', tokenSource: 'vendor-docs' },
    { name: 'recording_url', field: 'recordingUrl', transform: 'text', token: '[recording_url]', tokenSource: 'api-field' },
  ],
  firePoints: [{ on: 'call ended', fields: 'all', note: 'everything TrackDrive knows of the call as it ends; send it again when the call changes' }],
  steps: [
    'In TrackDrive, add a webhook (a post to a URL) on the offer, fired when the call ends.',
    'Paste the URL below (method GET, or POST with the same names as form fields or JSON).',
    'Only [trackdrive_call_uuid], revenue, payout and the buyer and traffic source ids are in TrackDrive’s documentation: check the other tokens in its token list.',
  ],
};

const GENERIC: PlatformPreset = {
  platform: 'generic',
  label: 'Other (Callboard’s names)',
  sends: 'requests',
  tokenSyntax: '{callerId}',
  identity: ['systemCallId', 'callerId', 'campaignName', 'publisherName', 'eventTime'],
  fields: CALLBOARD_FIELDS.map((field) => ({
    name: field,
    field,
    transform: TRANSFORMS_OF[field][0] as FieldTransform,
    token: `{${field}}`,
    tokenSource: 'placeholder' as const,
  })),
  firePoints: [{ on: 'each change of a call', fields: 'all', note: 'send what you know each time; Callboard keeps the newest of each field' }],
  steps: ['Have your system send each change of a call to the URL below, by GET with these names in the query, or by POST as a form or JSON; replace each {name} with its value.'],
};

export const PLATFORM_PRESETS: Record<Platform, PlatformPreset> = {
  ringba: RINGBA,
  retreaver: RETREAVER,
  trackdrive: TRACKDRIVE,
  generic: GENERIC,
};

/** The form names are compared in: lower case, letters and digits only ("Inbound Call ID", "inbound_call_id" and "inboundCallId" are one name). */
export function normaliseFieldName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Every name a platform gives each of its fields (its own, then its aliases), normalised, with what it fills. */
export function platformNames(platform: Platform): ReadonlyArray<{ name: string; field: PlatformField }> {
  return PLATFORM_PRESETS[platform].fields.flatMap((field) => [field.name, ...(field.aliases ?? [])].map((name) => ({ name: normaliseFieldName(name), field })));
}
