import { CONNECTOR_NAME_MAX_LENGTH, DEFAULT_CONNECTOR_TIME_ZONE, parseConnectorBody, type ConnectorBody } from '@callboard/contract/connectors';
import { PLATFORM_PRESETS, PLATFORMS, type Platform } from '@callboard/contract/platforms';
import { Alert } from '@callboard/shared-ui/alert';
import { FormDialog } from '@callboard/shared-ui/form-dialog';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useState } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';
import { useFieldForm } from '../../forms/use-field-form';

type Field = 'name' | 'platform' | 'timeZone';
const FIELDS: readonly Field[] = ['name', 'platform', 'timeZone'];

export const TIME_ZONE_HINT = 'Where a date the platform sends without an offset is read (an IANA name). Usually the platform account’s own zone.';

export interface CreateConnectorDialogProps {
  onCreate: (body: ConnectorBody) => Promise<ActionResult<unknown>>;
  onClose: () => void;
}

/**
 * A new connector from a platform's preset: its name, the platform (its names, tokens and fire points) and
 * the time zone its dates are read in. The mapping starts as the preset's; the connector's page shows what to
 * paste and lets the mapping be changed.
 */
export function CreateConnectorDialog({ onCreate, onClose }: CreateConnectorDialogProps) {
  const formId = useId();
  const [values, setValues] = useState<{ name: string; platform: Platform; timeZone: string }>({ name: '', platform: 'ringba', timeZone: DEFAULT_CONNECTOR_TIME_ZONE });
  const { otherError, saving, fieldProps, clearErrors, submit } = useFieldForm(FIELDS);
  const preset = PLATFORM_PRESETS[values.platform];

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  };

  /** The connector's problems, or the body to create it from. */
  const check = () => {
    const checked = parseConnectorBody(values, true);
    return checked.errors.length > 0 ? checked.errors : (checked.value as ConnectorBody);
  };

  return (
    <FormDialog
      formId={formId}
      title="New connector"
      subtitle="A URL your tracking platform sends its pixels, webhooks or postbacks to, in its own names."
      submitLabel="Create connector"
      saving={saving}
      onClose={onClose}
    >
      {/* Once created, the page opens the connector: nothing to do here on success. */}
      <form id={formId} className="connector-form" noValidate onSubmit={(event) => void submit(event, check, onCreate, () => undefined)}>
        {otherError ? <Alert tone="error">{otherError}</Alert> : null}
        <TextField
          {...fieldProps('name')}
          label="Name"
          required
          placeholder="e.g. Ringba – main account"
          maxLength={CONNECTOR_NAME_MAX_LENGTH}
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <SelectField
          {...fieldProps('platform')}
          label="Platform"
          required
          options={PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_PRESETS[platform].label }))}
          value={values.platform}
          hint={`${preset.label} sends ${preset.sends}; its tokens look like ${preset.tokenSyntax}. The mapping starts from its names.`}
          onChange={(event) => change('platform', event.target.value)}
        />
        <TextField
          {...fieldProps('timeZone')}
          label="Time zone"
          required
          value={values.timeZone}
          hint={TIME_ZONE_HINT}
          onChange={(event) => change('timeZone', event.target.value)}
        />
      </form>
    </FormDialog>
  );
}
