/**
 * Which platform a CSV file comes from, and which column fills which field, from its header row alone. The
 * names are the platforms' own, from contract/src/platforms.ts (the tables the connectors read: Ringba's export
 * titles and call-log column ids, Retreaver's and TrackDrive's call fields, Callboard's own names), so a name
 * is written down once for both ways in. Only the few names `npm run import` has always taken that no platform
 * uses are listed here (CALLBOARD_VARIANTS). Names are compared as normaliseFieldName leaves them: "Inbound
 * Call ID", "inbound_call_id" and "inboundCallId" are one name.
 */
import { IMPORT_FIELD_LABELS, isImportField, type ImportColumn, type ImportField, type ImportMappingEntry } from '@callboard/contract/imports';
import { PLATFORM_PRESETS, PLATFORMS, normaliseFieldName, type FieldTransform, type Platform } from '@callboard/contract/platforms';

/** A name a column may have, the field it fills and how its text is read. */
interface KnownName {
  /** As the platform writes it, for messages. */
  name: string;
  key: string;
  field: ImportField;
  transform: FieldTransform;
}

/**
 * Headers `npm run import` has read since it was written that are no platform's name (a test holds them
 * apart from platforms.ts): they count as Callboard's own. The connected call length is the duration too,
 * when a file has no other length: it comes last among the duration's names.
 */
export const CALLBOARD_VARIANTS: readonly KnownName[] = (
  [
    ['Call Start', 'callTimestamp', 'date'],
    ['Call Start Time', 'callTimestamp', 'date'],
    ['Timestamp', 'callTimestamp', 'date'],
    ['Buyer ID', 'systemBuyerId', 'text'],
    ['Connected Call Length In Seconds', 'durationSec', 'duration'],
    ['Connected Call Length In Seconds', 'connectedDurationSec', 'duration'],
    ['Disposition', 'qc.disposition', 'text'],
    ['Sub Disposition', 'qc.sub_disposition', 'text'],
    ['Reason', 'qc.reason', 'text'],
    ['Summary', 'qc.summary', 'text'],
  ] as const
).map(([name, field, transform]) => ({ name, key: normaliseFieldName(name), field, transform }));

/** A platform's names for the fields a file can fill, in its preset's order (each field's own name, then its aliases). */
function namesOf(platform: Platform): KnownName[] {
  const preset = PLATFORM_PRESETS[platform].fields.flatMap(({ name, aliases, field, transform }) =>
    isImportField(field) ? [name, ...(aliases ?? [])].map((written) => ({ name: written, key: normaliseFieldName(written), field, transform })) : [],
  );
  return platform === 'generic' ? [...preset, ...CALLBOARD_VARIANTS] : preset;
}

const NAMES: Record<Platform, KnownName[]> = Object.fromEntries(PLATFORMS.map((platform) => [platform, namesOf(platform)])) as Record<Platform, KnownName[]>;

/** Every name of each platform, those of fields a file does not fill included (they still say whose file it is). */
const RECOGNISED: Record<Platform, Set<string>> = Object.fromEntries(
  PLATFORMS.map((platform) => [
    platform,
    new Set([
      ...PLATFORM_PRESETS[platform].fields.flatMap(({ name, aliases }) => [name, ...(aliases ?? [])].map(normaliseFieldName)),
      ...(platform === 'generic' ? CALLBOARD_VARIANTS.map((v) => v.key) : []),
    ]),
  ]),
) as Record<Platform, Set<string>>;

/** The names tried for each field, `first`'s before Callboard's own and those before the other platforms'. */
function namesInOrder(first: Platform | null): KnownName[] {
  const order = [...(first ? [first] : []), 'generic' as const, ...PLATFORMS.filter((p) => p !== first && p !== 'generic')];
  return [...new Set(order)].flatMap((platform) => NAMES[platform]);
}

export interface HeaderRecognition {
  /** The platform the most headers are the own names of (not Callboard's too); else `generic` when some are ours; null when no header is known. */
  platform: Platform | null;
  /** How many headers are its names (Callboard's included). */
  recognisedColumns: number;
  /** The proposed mapping: each field from the first column with one of its names, the platform's names first. */
  mapping: readonly ImportMappingEntry[];
}

/**
 * The platform a header row is from and the mapping it suggests. Where several columns have names of one field,
 * the platform's own first name wins; a column may fill several fields when a platform says so (Retreaver's
 * target is its buyer), but the connected call length is not read twice when it is already the duration.
 */
export function recogniseHeaders(headers: readonly string[]): HeaderRecognition {
  const keys = new Set(headers.map(normaliseFieldName).filter((key) => key !== ''));
  const ours = RECOGNISED.generic;
  // A platform is named by the headers that are its own and not Callboard's too (Ringba's API shares several of
  // our names); the most of those wins, then the most names of its in all. A file without any is Callboard's own
  // when it has our names at all.
  let best: { platform: Platform; own: number; all: number } | null = null;
  for (const candidate of PLATFORMS.filter((p) => p !== 'generic')) {
    const all = [...keys].filter((key) => RECOGNISED[candidate].has(key));
    const own = all.filter((key) => !ours.has(key)).length;
    if (own > 0 && (!best || own > best.own || (own === best.own && all.length > best.all))) best = { platform: candidate, own, all: all.length };
  }
  const generic = [...keys].filter((key) => ours.has(key)).length;
  const platform: Platform | null = best ? best.platform : generic > 0 ? 'generic' : null;
  const recognisedColumns = best ? best.all : generic;

  const columnAt = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = normaliseFieldName(header);
    if (key !== '' && !columnAt.has(key)) columnAt.set(key, index);
  });
  const mapping: ImportMappingEntry[] = [];
  const taken = new Set<ImportField>();
  for (const known of namesInOrder(platform)) {
    if (taken.has(known.field)) continue;
    const column = columnAt.get(known.key);
    if (column === undefined) continue;
    if (known.field === 'connectedDurationSec' && mapping.some((entry) => entry.field === 'durationSec' && entry.column === column)) continue;
    mapping.push({ field: known.field, column, transform: known.transform });
    taken.add(known.field);
  }
  mapping.sort((a, b) => a.column - b.column);
  return { platform, recognisedColumns, mapping };
}

/** The names that would give `field` a column, the platform's first, for a message about a missing one. */
export function namesForField(field: ImportField, platform: Platform | null): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const known of namesInOrder(platform)) {
    if (known.field !== field || seen.has(known.key)) continue;
    seen.add(known.key);
    names.push(known.name);
  }
  return names;
}

export interface ColumnUse {
  columns: ImportColumn[];
  /** Headers that fill no field and are no field's name (blank ones left out). */
  ignored: string[];
  /** Headers named for a field that another column already fills. */
  unused: Array<{ header: string; field: ImportField; usedHeader: string }>;
}

/** What each column of the file does under `mapping`. */
export function describeColumns(headers: readonly string[], mapping: readonly ImportMappingEntry[], platform: Platform | null): ColumnUse {
  const columns = headers.map((header, index) => ({ index, header, fields: mapping.filter((entry) => entry.column === index).map((entry) => entry.field) }));
  const ignored: string[] = [];
  const unused: ColumnUse['unused'] = [];
  const names = namesInOrder(platform);
  for (const column of columns) {
    if (column.fields.length > 0 || column.header.trim() === '') continue;
    const key = normaliseFieldName(column.header);
    const owner = names.find((known) => known.key === key && known.field !== 'connectedDurationSec');
    const used = owner && mapping.find((entry) => entry.field === owner.field);
    if (owner && used) unused.push({ header: column.header, field: owner.field, usedHeader: headers[used.column] as string });
    else ignored.push(column.header);
  }
  return { columns, ignored, unused };
}

/** "call time (one of "callDt", "Call Date", …)": a required field without a column, for messages. */
export function describeMissing(field: ImportField, platform: Platform | null): string {
  return `${IMPORT_FIELD_LABELS[field]} (one of ${namesForField(field, platform)
    .map((name) => `"${name}"`)
    .join(', ')})`;
}
