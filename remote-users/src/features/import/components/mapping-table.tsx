import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  REQUIRED_IMPORT_FIELDS,
  importMappingErrors,
  importTransformsOf,
  type ImportDetail,
  type ImportField,
  type ImportMappingEntry,
} from '@callboard/contract/imports';
import type { FieldTransform } from '@callboard/contract/platforms';
import { Alert } from '@callboard/shared-ui/alert';
import { SelectField } from '@callboard/shared-ui/select-field';
import { useState } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';
import { previewText } from './preview-values';

const NOT_IMPORTED = '';

/** How a value is read, in a few words (FIELD_TRANSFORM_DESCRIPTIONS says it at length). */
const TRANSFORM_LABELS: Record<FieldTransform, string> = {
  text: 'Text',
  date: 'Date and time',
  epoch: 'Unix time',
  duration: 'Seconds or h:mm:ss',
  money: 'Dollars',
  boolean: 'Yes / no',
};

export interface MappingTableProps {
  detail: ImportDetail;
  busy: boolean;
  /** Saves the whole mapping; the answer holds the new preview. */
  onChange: (mapping: ImportMappingEntry[]) => Promise<ActionResult<unknown>>;
}

/**
 * Each Callboard field with the file's column it is read from (or none) and, for a field read more than one way
 * (the call time: a date or Unix time), how. A change is saved at once and the preview below follows it; the
 * required fields are marked, and a problem shows under its field.
 */
export function MappingTable({ detail, busy, onChange }: MappingTableProps) {
  const [mapping, setMapping] = useState<ImportMappingEntry[]>(detail.mapping);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [whole, setWhole] = useState<string | null>(null);
  const entryOf = (field: ImportField) => mapping.find((e) => e.field === field);
  const firstRow = detail.preview?.[0]?.values;
  const columnOptions = detail.columns.map((c) => ({ value: String(c.index), label: `${c.header.trim() || '(no title)'} (column ${c.index + 1})` }));

  const change = async (field: ImportField, next: ImportMappingEntry | null) => {
    const rest = mapping.filter((e) => e.field !== field);
    const wanted = next ? [...rest, next] : rest;
    const ordered = IMPORT_FIELDS.flatMap((f) => wanted.filter((e) => e.field === f));
    const checked = importMappingErrors(ordered, detail.columns.length);
    setMapping(ordered);
    if (!checked.mapping) {
      setErrors(Object.fromEntries(checked.errors.map((e) => [e.field, e.message])));
      return;
    }
    setErrors({});
    setWhole(null);
    const result = await onChange(checked.mapping);
    if (!result.ok) {
      setErrors(result.fieldErrors);
      if (Object.keys(result.fieldErrors).length === 0) setWhole(result.message);
    }
  };

  return (
    <div className="import-mapping">
      {whole ? <Alert tone="error">{whole}</Alert> : null}
      <div className="import-scroll">
        <table className="import-table" aria-label="Mapping">
          <thead>
            <tr>
              <th scope="col">Callboard field</th>
              <th scope="col">Column in the file</th>
              <th scope="col">Read as</th>
              <th scope="col">First row</th>
            </tr>
          </thead>
          <tbody>
            {IMPORT_FIELDS.map((field) => {
              const entry = entryOf(field);
              const transforms = importTransformsOf(field);
              const required = REQUIRED_IMPORT_FIELDS.includes(field);
              const label = IMPORT_FIELD_LABELS[field];
              return (
                <tr key={field} className={entry ? undefined : 'import-table__row--unmapped'}>
                  <th scope="row" className="import-table__field">
                    {label}
                    {required ? <span className="import-required"> (required)</span> : null}
                  </th>
                  <td>
                    <SelectField
                      label={`Column for ${label}`}
                      hideLabel
                      size="sm"
                      value={entry ? String(entry.column) : NOT_IMPORTED}
                      placeholder="— not imported —"
                      options={columnOptions}
                      error={errors[field]}
                      disabled={busy}
                      onChange={(event) => {
                        const column = event.target.value;
                        void change(field, column === NOT_IMPORTED ? null : { field, column: Number(column), transform: entry?.transform ?? (transforms[0] as FieldTransform) });
                      }}
                    />
                  </td>
                  <td>
                    {transforms.length > 1 && entry ? (
                      <SelectField
                        label={`How ${label} is read`}
                        hideLabel
                        size="sm"
                        value={entry.transform}
                        options={transforms.map((t) => ({ value: t, label: TRANSFORM_LABELS[t] }))}
                        disabled={busy}
                        onChange={(event) => void change(field, { ...entry, transform: event.target.value as FieldTransform })}
                      />
                    ) : (
                      <span className="cb-muted">{TRANSFORM_LABELS[transforms[0] as FieldTransform]}</span>
                    )}
                  </td>
                  <td className="import-table__sample">{entry && firstRow ? previewText(field, firstRow[field]) : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
