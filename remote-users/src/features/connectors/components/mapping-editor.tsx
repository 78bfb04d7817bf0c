import { MAPPING_MAX_ENTRIES, MAPPING_NAME_MAX_LENGTH, MAPPING_TOKEN_MAX_LENGTH, parseMapping, presetMapping, type Connector } from '@callboard/contract/connectors';
import {
  CALLBOARD_FIELDS,
  CALLBOARD_FIELD_LABELS,
  FIELD_TRANSFORM_DESCRIPTIONS,
  PLATFORM_PRESETS,
  TRANSFORMS_OF,
  type CallboardField,
  type FieldTransform,
} from '@callboard/contract/platforms';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { PlusIcon, TrashIcon } from '@callboard/shared-ui/icons';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useMemo, useState, type FormEvent } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';
import {
  NO_MAPPING_ERRORS,
  TOKEN_SOURCE_LABELS,
  blankRow,
  hasMappingErrors,
  mappingErrorsOf,
  mappingOf,
  rowsOf,
  sameMapping,
  tokenSourceOf,
  withField,
  type MappingErrors,
  type MappingRow,
} from './mapping-rows';

const FIELD_OPTIONS = CALLBOARD_FIELDS.map((field) => ({ value: field, label: `${CALLBOARD_FIELD_LABELS[field]} (${field})` }));

export interface MappingEditorProps {
  connector: Connector;
  onSave: (mapping: ReturnType<typeof mappingOf>) => Promise<ActionResult<unknown>>;
  busy: boolean;
}

/**
 * The connector's field mapping as an editable table: each row a name the platform sends (a parameter, a
 * JSON key, a column) with the token our templates fill it with, the Callboard field it fills and how its
 * value is read. Checked by the contract's parseMapping before saving (the server checks again), each
 * problem under its cell; "Use the preset" starts again from the platform's own names.
 */
export function MappingEditor({ connector, onSave, busy }: MappingEditorProps) {
  const [rows, setRows] = useState<MappingRow[]>(() => rowsOf(connector.mapping));
  const [errors, setErrors] = useState<MappingErrors>(NO_MAPPING_ERRORS);
  const mapping = useMemo(() => mappingOf(rows), [rows]);
  const changed = !sameMapping(mapping, connector.mapping);
  const preset = PLATFORM_PRESETS[connector.platform];

  const edit = (index: number, next: MappingRow) => {
    setRows((current) => current.map((row, at) => (at === index ? next : row)));
    // A row's errors go once it is edited: the next save checks it again.
    setErrors((current) => ({ whole: current.whole, rows: { ...current.rows, [index]: {} } }));
  };

  const remove = (index: number) => {
    setRows((current) => current.filter((_, at) => at !== index));
    setErrors(NO_MAPPING_ERRORS);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseMapping(mapping);
    if (checked.errors.length > 0) {
      setErrors(mappingErrorsOf(checked.errors));
      return;
    }
    setErrors(NO_MAPPING_ERRORS);
    const result = await onSave(checked.mapping);
    // Saved as checked (names and tokens trimmed): the rows show what is stored.
    if (result.ok) setRows(rowsOf(checked.mapping));
    else {
      const fromServer = mappingErrorsOf(Object.entries(result.fieldErrors).map(([field, message]) => ({ field, message })));
      setErrors(hasMappingErrors(fromServer) ? fromServer : { rows: {}, whole: [result.message] });
    }
  };

  return (
    <form className="connector-mapping" aria-label="Field mapping" noValidate onSubmit={(event) => void save(event)}>
      {errors.whole.map((message) => (
        <Alert key={message} tone="error">
          {message}
        </Alert>
      ))}
      <div className="connector-mapping__scroll">
        <table className="connector-mapping__table" aria-label="Mapping">
          <thead>
            <tr>
              <th scope="col">{preset.label} name</th>
              <th scope="col">Token</th>
              <th scope="col">Callboard field</th>
              <th scope="col">Read as</th>
              <th scope="col">
                <span className="cb-sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const rowErrors = errors.rows[index] ?? {};
              const place = `row ${index + 1}`;
              const source = tokenSourceOf(connector.platform, row);
              return (
                <tr key={row.key}>
                  <td>
                    <TextField
                      label={`${preset.label} name, ${place}`}
                      hideLabel
                      size="sm"
                      maxLength={MAPPING_NAME_MAX_LENGTH}
                      value={row.name}
                      error={rowErrors.name}
                      onChange={(event) => edit(index, { ...row, name: event.target.value })}
                    />
                  </td>
                  <td>
                    <TextField
                      label={`Token, ${place}`}
                      hideLabel
                      size="sm"
                      inputClassName="connector-code"
                      maxLength={MAPPING_TOKEN_MAX_LENGTH}
                      placeholder="none: sent on its own"
                      value={row.token}
                      hint={source ? TOKEN_SOURCE_LABELS[source] : undefined}
                      error={rowErrors.token}
                      onChange={(event) => edit(index, { ...row, token: event.target.value })}
                    />
                  </td>
                  <td>
                    <SelectField
                      label={`Callboard field, ${place}`}
                      hideLabel
                      size="sm"
                      options={FIELD_OPTIONS}
                      value={row.field}
                      error={rowErrors.field}
                      onChange={(event) => edit(index, withField(row, event.target.value as CallboardField))}
                    />
                  </td>
                  <td>
                    <SelectField
                      label={`Read as, ${place}`}
                      hideLabel
                      size="sm"
                      options={TRANSFORMS_OF[row.field].map((transform) => ({ value: transform, label: transform }))}
                      value={row.transform}
                      title={FIELD_TRANSFORM_DESCRIPTIONS[row.transform]}
                      error={rowErrors.transform}
                      onChange={(event) => edit(index, { ...row, transform: event.target.value as FieldTransform })}
                    />
                  </td>
                  <td>
                    <Button size="sm" variant="ghost" iconOnly icon={<TrashIcon size={14} />} aria-label={`Remove ${place}${row.name ? ` (${row.name})` : ''}`} onClick={() => remove(index)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="connector-mapping__actions">
        <Button size="sm" icon={<PlusIcon size={14} />} disabled={rows.length >= MAPPING_MAX_ENTRIES} onClick={() => setRows((current) => [...current, blankRow()])}>
          Add a row
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setRows(rowsOf(presetMapping(connector.platform)));
            setErrors(NO_MAPPING_ERRORS);
          }}
        >
          Use the {preset.label} preset
        </Button>
        <span className="connector-mapping__spacer" />
        <Button
          size="sm"
          variant="ghost"
          disabled={!changed || busy}
          onClick={() => {
            setRows(rowsOf(connector.mapping));
            setErrors(NO_MAPPING_ERRORS);
          }}
        >
          Undo changes
        </Button>
        <Button size="sm" variant="primary" type="submit" busy={busy} disabled={!changed}>
          Save mapping
        </Button>
      </div>
    </form>
  );
}
