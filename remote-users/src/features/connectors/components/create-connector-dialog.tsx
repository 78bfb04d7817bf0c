import { CONNECTOR_NAME_MAX_LENGTH, DEFAULT_CONNECTOR_TIME_ZONE, parseConnectorBody, type ConnectorBody } from '@callboard/contract/connectors';
import { PLATFORM_PRESETS, PLATFORMS, type Platform } from '@callboard/contract/platforms';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';

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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preset = PLATFORM_PRESETS[values.platform];
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const keep = (found: Record<string, string>) => Object.fromEntries(Object.entries(found).filter(([field]) => (FIELDS as readonly string[]).includes(field)));

  /** The errors under their fields, and focus on the first of them. */
  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOtherError(null);
    const checked = parseConnectorBody(values, true);
    if (checked.errors.length > 0) {
      showErrors(keep(Object.fromEntries(checked.errors.map((error) => [error.field, error.message]))));
      return;
    }
    setSaving(true);
    const result = await onCreate(checked.value as ConnectorBody);
    setSaving(false);
    if (result.ok) return;
    const fieldErrors = keep(result.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
    else setOtherError(result.message);
  };

  return (
    <Modal
      open
      title="New connector"
      subtitle="A URL your tracking platform sends its pixels, webhooks or postbacks to, in its own names."
      closeOnBackdrop={false}
      onClose={() => !saving && onClose()}
      footer={
        <>
          <Button variant="secondary" disabled={saving} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={saving}>
            Create connector
          </Button>
        </>
      }
    >
      <form id={formId} className="connector-form" noValidate onSubmit={(event) => void submit(event)}>
        {otherError ? <Alert tone="error">{otherError}</Alert> : null}
        <TextField
          ref={(element) => {
            inputs.current.name = element;
          }}
          label="Name"
          required
          placeholder="e.g. Ringba – main account"
          maxLength={CONNECTOR_NAME_MAX_LENGTH}
          value={values.name}
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <SelectField
          ref={(element) => {
            inputs.current.platform = element;
          }}
          label="Platform"
          required
          options={PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_PRESETS[platform].label }))}
          value={values.platform}
          hint={`${preset.label} sends ${preset.sends}; its tokens look like ${preset.tokenSyntax}. The mapping starts from its names.`}
          error={errors.platform}
          onChange={(event) => change('platform', event.target.value)}
        />
        <TextField
          ref={(element) => {
            inputs.current.timeZone = element;
          }}
          label="Time zone"
          required
          value={values.timeZone}
          hint={TIME_ZONE_HINT}
          error={errors.timeZone}
          onChange={(event) => change('timeZone', event.target.value)}
        />
      </form>
    </Modal>
  );
}
