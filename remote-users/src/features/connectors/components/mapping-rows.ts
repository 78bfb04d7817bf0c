/**
 * The mapping editor's rows as data: a connector's mapping as editable text, back to the body the server
 * takes, and the contract's errors (`mapping[2].transform`, `mapping`) sorted onto the rows and cells they
 * concern. The checks themselves are the contract's parseMapping, run before sending and again by the server.
 */
import { type FieldError } from '@callboard/contract';
import { type MappingEntry } from '@callboard/contract/connectors';
import {
  PLATFORM_PRESETS,
  TRANSFORMS_OF,
  normaliseFieldName,
  type CallboardField,
  type FieldTransform,
  type Platform,
  type TokenSource,
} from '@callboard/contract/platforms';

export interface MappingRow {
  /** Stable across edits, for React's keys and focus. */
  key: number;
  name: string;
  field: CallboardField;
  transform: FieldTransform;
  token: string;
}

export type RowCell = 'name' | 'field' | 'transform' | 'token';

export interface MappingErrors {
  /** Per row (by its place in the list), per cell. */
  rows: Record<number, Partial<Record<RowCell, string>>>;
  /** About the mapping as a whole (no call id, too many rows). */
  whole: string[];
}

export const NO_MAPPING_ERRORS: MappingErrors = { rows: {}, whole: [] };

let nextKey = 1;

export function rowsOf(mapping: readonly MappingEntry[]): MappingRow[] {
  return mapping.map((entry) => ({ key: nextKey++, name: entry.name, field: entry.field, transform: entry.transform, token: entry.token ?? '' }));
}

/** A new, empty row: a text field until chosen otherwise. */
export function blankRow(): MappingRow {
  return { key: nextKey++, name: '', field: 'callerId', transform: 'text', token: '' };
}

/** Another field keeps the transform while it may take it, else takes its usual one. */
export function withField(row: MappingRow, field: CallboardField): MappingRow {
  const transforms = TRANSFORMS_OF[field];
  return { ...row, field, transform: transforms.includes(row.transform) ? row.transform : (transforms[0] as FieldTransform) };
}

/** The body's mapping: a blank token left out, as the server stores it. */
export function mappingOf(rows: readonly MappingRow[]): MappingEntry[] {
  return rows.map(({ name, field, transform, token }) => ({ name, field, transform, ...(token.trim() ? { token: token.trim() } : {}) }));
}

const CELL_OF = /^mapping\[(\d+)\](?:\.(name|field|transform|token))?$/;

/** The contract's (or the server's) errors, each on its row and cell; any other said about the whole mapping. */
export function mappingErrorsOf(errors: readonly FieldError[]): MappingErrors {
  const sorted: MappingErrors = { rows: {}, whole: [] };
  for (const error of errors) {
    const match = CELL_OF.exec(error.field);
    if (!match) {
      sorted.whole.push(error.message);
      continue;
    }
    const row = Number(match[1]);
    const cell = (match[2] ?? 'name') as RowCell;
    (sorted.rows[row] ??= {})[cell] ??= error.message;
  }
  return sorted;
}

export function hasMappingErrors(errors: MappingErrors): boolean {
  return errors.whole.length > 0 || Object.keys(errors.rows).length > 0;
}

export const TOKEN_SOURCE_LABELS: Record<TokenSource, string> = {
  'vendor-docs': 'documented',
  'public-integrations': 'seen in integrations: check it',
  'api-field': 'named after the API field: check it',
  placeholder: 'replace with the value',
};

/** How sure the platform's preset is of a row's token, when the row is the preset's. */
export function tokenSourceOf(platform: Platform, row: Pick<MappingRow, 'name' | 'token'>): TokenSource | undefined {
  const name = normaliseFieldName(row.name);
  return PLATFORM_PRESETS[platform].fields.find((field) => normaliseFieldName(field.name) === name && field.token === row.token.trim())?.tokenSource;
}

/** Whether two mappings say the same (the Save button waits for a change). */
export function sameMapping(a: readonly MappingEntry[], b: readonly MappingEntry[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
