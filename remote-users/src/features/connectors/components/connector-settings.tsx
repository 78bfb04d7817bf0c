import { CONNECTOR_NAME_MAX_LENGTH, parseConnectorBody, type Connector, type ConnectorBody } from '@callboard/contract/connectors';
import { Button } from '@callboard/shared-ui/button';
import { TextField } from '@callboard/shared-ui/text-field';
import { useState, type FormEvent } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';
import { TIME_ZONE_HINT } from './create-connector-dialog';

type Field = 'name' | 'timeZone';

export interface ConnectorSettingsProps {
  connector: Connector;
  onSave: (body: Partial<Pick<ConnectorBody, 'name' | 'timeZone'>>) => Promise<ActionResult<unknown>>;
  busy: boolean;
}

/** A connector's name and the time zone its dates are read in, checked by the contract before saving. */
export function ConnectorSettings({ connector, onSave, busy }: ConnectorSettingsProps) {
  const [values, setValues] = useState({ name: connector.name, timeZone: connector.timeZone });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const changed = values.name !== connector.name || values.timeZone !== connector.timeZone;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseConnectorBody(values, false);
    const byField = (list: ReadonlyArray<{ field: string; message: string }>) =>
      Object.fromEntries(list.filter((error) => error.field === 'name' || error.field === 'timeZone').map((error) => [error.field, error.message]));
    if (checked.errors.length > 0) return setErrors(byField(checked.errors));
    const result = await onSave({ name: checked.value.name, timeZone: checked.value.timeZone });
    if (!result.ok) setErrors(byField(Object.entries(result.fieldErrors).map(([field, message]) => ({ field, message }))));
  };

  return (
    <form className="connector-settings" aria-label="Name and time zone" noValidate onSubmit={(event) => void save(event)}>
      <TextField
        label="Name"
        required
        maxLength={CONNECTOR_NAME_MAX_LENGTH}
        value={values.name}
        error={errors.name}
        onChange={(event) => {
          setValues((current) => ({ ...current, name: event.target.value }));
          setErrors((current) => ({ ...current, name: undefined }));
        }}
      />
      <TextField
        label="Time zone"
        required
        value={values.timeZone}
        hint={TIME_ZONE_HINT}
        error={errors.timeZone}
        onChange={(event) => {
          setValues((current) => ({ ...current, timeZone: event.target.value }));
          setErrors((current) => ({ ...current, timeZone: undefined }));
        }}
      />
      <div className="connector-settings__actions">
        <Button size="sm" variant="primary" type="submit" busy={busy} disabled={!changed}>
          Save
        </Button>
      </div>
    </form>
  );
}
