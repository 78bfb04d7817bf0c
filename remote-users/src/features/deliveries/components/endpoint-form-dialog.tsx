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
import { FormDialog } from '@callboard/shared-ui/form-dialog';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useState } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';
import { useFieldForm } from '../../forms/use-field-form';
import { KIND_LABELS } from './endpoint-labels';

type Field = keyof EndpointBody;
const FIELDS: readonly Field[] = ['name', 'kind', 'url'];

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
  const { otherError, saving, fieldProps, clearErrors, submit } = useFieldForm(FIELDS);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Another kind asks for another URL: its complaint no longer stands.
    if (field === 'kind') clearErrors('kind', 'url');
    else clearErrors(field);
  };

  return (
    <FormDialog
      formId={formId}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      subtitle={endpoint ? undefined : 'Where alerts, reports and events can be sent: a webhook of your own or a Slack channel.'}
      submitLabel={endpoint ? 'Save' : 'Add endpoint'}
      saving={saving}
      onClose={onClose}
    >
      <form id={formId} className="deliveries-form" noValidate onSubmit={(event) => void submit(event, () => parseEndpointBody(values), onSave, onClose)}>
        {otherError ? <Alert tone="error">{otherError}</Alert> : null}
        <TextField
          {...fieldProps('name')}
          label="Name"
          required
          placeholder="e.g. QC channel"
          maxLength={ENDPOINT_NAME_MAX_LENGTH}
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <SelectField
          {...fieldProps('kind')}
          label="Kind"
          required
          options={ENDPOINT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          value={values.kind}
          disabled={endpoint !== null}
          hint={endpoint ? 'An endpoint’s kind is fixed: add a new endpoint for another kind.' : undefined}
          onChange={(event) => change('kind', event.target.value)}
        />
        <TextField
          {...fieldProps('url')}
          label="URL"
          required
          type="url"
          inputMode="url"
          placeholder={values.kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/callboard-webhook'}
          maxLength={ENDPOINT_URL_MAX_LENGTH}
          value={values.url}
          hint={URL_HINTS[values.kind]}
          onChange={(event) => change('url', event.target.value)}
        />
      </form>
    </FormDialog>
  );
}
