import {
  ENDPOINT_KINDS,
  ENDPOINT_NAME_MAX_LENGTH,
  ENDPOINT_URL_MAX_LENGTH,
  parseEndpointBody,
  type DeliveryEndpoint,
  type EndpointBody,
  type EndpointKind,
} from '@callboard/contract/delivery';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';
import { KIND_LABELS } from './endpoint-labels';

type Field = keyof EndpointBody;
const FIELDS: readonly Field[] = ['name', 'kind', 'url'];
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);

const URL_HINTS: Record<EndpointKind, string> = {
  webhook: 'Each message is a signed JSON POST (Standard Webhooks): your receiver checks it with the secret shown after saving.',
  slack: 'A Slack incoming-webhook URL (https://hooks.slack.com/services/…), or any service that takes its payload.',
};

export interface EndpointFormDialogProps {
  /** The endpoint being edited; none to add one. */
  endpoint: DeliveryEndpoint | null;
  onSave: (body: EndpointBody) => Promise<ActionResult<unknown>>;
  onClose: () => void;
}

/**
 * Add or edit a delivery endpoint: its name, kind (fixed once made) and URL, checked by the contract's
 * parseEndpointBody before sending, so the form says what the server would, under the field it concerns.
 */
export function EndpointFormDialog({ endpoint, onSave, onClose }: EndpointFormDialogProps) {
  const formId = useId();
  const [values, setValues] = useState<EndpointBody>({ name: endpoint?.name ?? '', kind: endpoint?.kind ?? 'webhook', url: endpoint?.url ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === 'kind' ? { url: undefined } : {}) }));
  };

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOtherError(null);
    const parsed = parseEndpointBody(values);
    if (Array.isArray(parsed)) {
      showErrors(Object.fromEntries(parsed.filter((error) => isField(error.field)).map((error) => [error.field, error.message])));
      return;
    }
    setSaving(true);
    const result = await onSave(parsed);
    setSaving(false);
    if (result.ok) return onClose();
    const fieldErrors = Object.fromEntries(Object.entries(result.fieldErrors).filter(([field]) => isField(field)));
    if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
    else setOtherError(result.message);
  };

  return (
    <Modal
      open
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      subtitle={endpoint ? undefined : 'Where alerts, reports and events can be sent: a webhook of your own or a Slack channel.'}
      closeOnBackdrop={false}
      onClose={() => !saving && onClose()}
      footer={
        <>
          <Button variant="secondary" disabled={saving} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={saving}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </>
      }
    >
      <form id={formId} className="deliveries-form" noValidate onSubmit={(event) => void submit(event)}>
        {otherError ? <Alert tone="error">{otherError}</Alert> : null}
        <TextField
          ref={(element) => {
            inputs.current.name = element;
          }}
          label="Name"
          required
          placeholder="e.g. QC channel"
          maxLength={ENDPOINT_NAME_MAX_LENGTH}
          value={values.name}
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <SelectField
          ref={(element) => {
            inputs.current.kind = element;
          }}
          label="Kind"
          required
          options={ENDPOINT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          value={values.kind}
          disabled={endpoint !== null}
          hint={endpoint ? 'An endpoint’s kind is fixed: add a new endpoint for another kind.' : undefined}
          error={errors.kind}
          onChange={(event) => change('kind', event.target.value)}
        />
        <TextField
          ref={(element) => {
            inputs.current.url = element;
          }}
          label="URL"
          required
          type="url"
          inputMode="url"
          placeholder={values.kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/callboard-webhook'}
          maxLength={ENDPOINT_URL_MAX_LENGTH}
          value={values.url}
          hint={URL_HINTS[values.kind]}
          error={errors.url}
          onChange={(event) => change('url', event.target.value)}
        />
      </form>
    </Modal>
  );
}
