/**
 * Importing a tracking platform's CSV export from the app (issue 37 item 4): the routes, the limits, the shapes
 * they answer and the mapping's rules, once for the server and the Users area's Import tab. A column's header is
 * recognised by the names contract/src/platforms.ts gives each platform's fields (the same tables the
 * connectors read); the server proposes the mapping and the admin may change it before the import runs.
 */
import type { FieldError } from './api-envelope';
import { CALLBOARD_FIELDS, CALLBOARD_FIELD_LABELS, FIELD_TRANSFORMS, TRANSFORMS_OF, type CallboardField, type FieldTransform, type Platform } from './platforms';

/** POST uploads a file (the body is the CSV itself; `?name=` its file name), GET lists the latest imports. */
export const IMPORTS_PATH = '/api/imports';
export const importPath = (id: string): string => `${IMPORTS_PATH}/${encodeURIComponent(id)}`;
/** PUT: the mapping changed; answers the preview again. */
export const importMappingPath = (id: string): string => `${importPath(id)}/mapping`;
/** POST: the import runs on the server. */
export const importRunPath = (id: string): string => `${importPath(id)}/run`;
/** GET: the rejected rows as CSV, each with its line and the reason. */
export const importRejectsPath = (id: string): string => `${importPath(id)}/rejects.csv`;
/** The query parameter naming the uploaded file. */
export const IMPORT_NAME_PARAM = 'name';

/**
 * The largest file the app takes: 50 MB, about 100,000 rows of a Ringba export (its rows run 300 to 600 bytes
 * with the usual columns), a month of a busy account. The file is kept in the database until it has run, so a
 * second instance can run it; a larger file goes in pieces, or through `npm run import`, which streams any size.
 */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows shown before importing, as they will be stored. */
export const IMPORT_PREVIEW_ROWS = 20;
/** The latest imports GET IMPORTS_PATH lists. */
export const IMPORTS_LISTED = 20;
export const IMPORT_FILE_NAME_MAX_LENGTH = 200;
/**
 * The body's content types: a CSV's own (`text/csv`, `application/csv`), what browsers and systems call a CSV
 * when they do not know it (`text/plain`, `application/octet-stream`), and `application/vnd.ms-excel`, the type
 * Windows gives a .csv file. What the file holds is judged by the server whatever the type says.
 */
export const IMPORT_CONTENT_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel'] as const;

/**
 * The fields a column can fill: Callboard's (platforms.ts) but the event time, which orders a connector's
 * events and means nothing in a file of whole calls; and the connected call length, which decides whether a
 * call connected (above 0) when the file has no column saying so.
 */
export type ImportField = Exclude<CallboardField, 'eventTime'> | 'connectedDurationSec';
export const IMPORT_FIELDS: readonly ImportField[] = [
  ...CALLBOARD_FIELDS.filter((field): field is Exclude<CallboardField, 'eventTime'> => field !== 'eventTime'),
  'connectedDurationSec',
];

export function isImportField(value: unknown): value is ImportField {
  return (IMPORT_FIELDS as readonly unknown[]).includes(value);
}

const { eventTime: _eventTime, ...CALL_FIELD_LABELS } = CALLBOARD_FIELD_LABELS;
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  ...CALL_FIELD_LABELS,
  connectedDurationSec: 'connected call length (connected when above 0)',
};

/** A call cannot be stored without these (the ingest API's required fields). */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['systemCallId', 'callTimestamp', 'campaignName', 'publisherName'];

/** The transforms each field takes, its usual one first. */
export function importTransformsOf(field: ImportField): readonly FieldTransform[] {
  return field === 'connectedDurationSec' ? ['duration'] : TRANSFORMS_OF[field];
}

/** One field's column: the column's position in the header row (from 0) and how its text is read. */
export interface ImportMappingEntry {
  field: ImportField;
  column: number;
  transform: FieldTransform;
}

/** The body of PUT importMappingPath. */
export interface ImportMappingBody {
  mapping: ImportMappingEntry[];
}

export const IMPORT_MESSAGES = {
  notFound: 'Import not found',
  mappingNotArray: 'mapping must be a list of { field, column, transform }',
  mappingLocked: 'This import has already run: its mapping can no longer change',
  alreadyRun: 'This import has already been started: it runs once',
  notRunYet: 'This import has not run yet',
  empty: 'The file is empty: upload a CSV export with a header row',
  tooLarge: `A file may be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it, or import it with npm run import, which takes any size`,
  notCsv: 'This is not a CSV file: export the calls as CSV (comma, semicolon, tab or | separated, with a header row)',
  workbook: 'This is a spreadsheet workbook, not a CSV file: save it as CSV (File → Save As → CSV) and upload that',
  oneColumn: 'The first line has one column: a CSV export starts with a header row of column titles separated by commas',
  needsColumns: (labels: readonly string[]) => `Choose the column that holds the ${labels.join(', the ')} before importing`,
} as const;

/** Each field's checks on the mapping, in the words the Import tab shows under the field. */
export function importMappingErrors(mapping: unknown, columnCount: number): { mapping?: ImportMappingEntry[]; errors: FieldError[] } {
  if (!Array.isArray(mapping)) return { errors: [{ field: 'mapping', message: IMPORT_MESSAGES.mappingNotArray }] };
  const errors: FieldError[] = [];
  const seen = new Set<ImportField>();
  const entries: ImportMappingEntry[] = [];
  mapping.forEach((raw: unknown, index) => {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const { field, column, transform } = entry;
    if (!isImportField(field)) {
      errors.push({ field: `mapping.${index}`, message: `mapping ${index + 1}: field must be one of ${IMPORT_FIELDS.join(', ')}` });
      return;
    }
    const label = IMPORT_FIELD_LABELS[field];
    if (seen.has(field)) {
      errors.push({ field, message: `The ${label} is read from one column only` });
      return;
    }
    seen.add(field);
    if (typeof column !== 'number' || !Number.isInteger(column) || column < 0 || column >= columnCount) {
      errors.push({ field, message: `The ${label}'s column must be one of the file's ${columnCount} columns (0 to ${columnCount - 1})` });
      return;
    }
    const transforms = importTransformsOf(field);
    const chosen = transform === undefined ? transforms[0] : transform;
    if (!(FIELD_TRANSFORMS as readonly unknown[]).includes(chosen) || !transforms.includes(chosen as FieldTransform)) {
      errors.push({ field, message: `The ${label} is read as ${transforms.join(' or ')}` });
      return;
    }
    entries.push({ field, column, transform: chosen as FieldTransform });
  });
  return errors.length > 0 ? { errors } : { mapping: entries, errors };
}

/** The required fields a mapping leaves without a column: the import cannot run until each has one. */
export function missingImportFields(mapping: readonly ImportMappingEntry[]): ImportField[] {
  return REQUIRED_IMPORT_FIELDS.filter((field) => !mapping.some((entry) => entry.field === field));
}

/**
 * - `uploaded`: the file is kept and its mapping may change;
 * - `queued`: started, waiting for the job runner; `running`: being imported;
 * - `done`: every row read, the file deleted; `failed`: stopped on an error after its retries (the rows
 *   stored before stay stored).
 */
export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One column of the file and the fields it fills (none: not imported). */
export interface ImportColumn {
  index: number;
  header: string;
  fields: ImportField[];
}

/** Something wrong with a row: the field, the column its value came from (null: the row itself) and why. */
export interface ImportRowProblem {
  field: string;
  column: string | null;
  message: string;
}

export type ImportValue = string | number | boolean | null;

/** A data row as it will be stored: each mapped field's value (a rejected row: what its values became) and its problems. */
export interface ImportPreviewRow {
  /** The line of the file it starts on (the header is line 1). */
  line: number;
  values: Partial<Record<ImportField, ImportValue>>;
  /** Empty: the row will be stored. */
  problems: ImportRowProblem[];
}

export interface ImportProgress {
  /** Data rows read and decided (stored or rejected). */
  rowsRead: number;
  /** New calls. */
  inserted: number;
  /** Calls that were already stored, updated. */
  updated: number;
  rejected: number;
}

/** One import, as GET importPath answers it. */
export interface ImportDetail {
  id: string;
  fileName: string;
  byteSize: number;
  /** The data rows the file holds (blank lines left out), counted when it was uploaded. */
  totalRows: number;
  createdAt: string;
  /** The platform whose names the headers are; null when no header is one we know. */
  platform: Platform | null;
  /** How many headers are the recognised platform's names. */
  recognisedColumns: number;
  columns: ImportColumn[];
  mapping: ImportMappingEntry[];
  /** The required fields without a column (IMPORT_MESSAGES.needsColumns): the import cannot start until there are none. */
  missingFields: ImportField[];
  status: ImportStatus;
  progress: ImportProgress;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why it failed. */
  error: string | null;
  /** The first IMPORT_PREVIEW_ROWS data rows under the mapping: while the import is `uploaded` only. */
  preview: ImportPreviewRow[] | null;
}

/** One line of GET IMPORTS_PATH: the latest imports, newest first. */
export type ImportSummary = Omit<ImportDetail, 'columns' | 'mapping' | 'preview' | 'missingFields'>;

/** Where an import's screen is, for the notification that it finished. */
export const importScreenLink = (id: string): string => `/users/import/${encodeURIComponent(id)}`;

/** The rejects file's own columns, before the file's: the line the row was on and why it was refused. */
export const IMPORT_REJECT_COLUMNS = ['Line', 'Rejection reason'] as const;
