import { DISPOSITIONS, type FilterDimension } from '@callboard/contract';
import {
  OUTBOUND_EVENT_LABELS,
  OUTBOUND_EVENT_TYPES,
  SUBSCRIPTION_NAME_MAX_LENGTH,
  parseEventSubscriptionBody,
  type EventSubscription,
  type EventSubscriptionBody,
  type OutboundEventType,
} from '@callboard/contract/event-subscriptions';
import { Alert } from '@callboard/shared-ui/alert';
import { Checklist } from '@callboard/shared-ui/checklist';
import { FormDialog } from '@callboard/shared-ui/form-dialog';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useState } from 'react';
import type { ActionResult } from '../../admin-tools/admin-request';
import { useEndpoints } from '../../deliveries/api/endpoints';
import { useFieldForm } from '../../forms/use-field-form';
import { useSourceNames, useSourceOptions } from '../api/subscriptions';
import './subscriptions.css';

type Field = keyof EventSubscriptionBody;
const FIELDS: readonly Field[] = ['name', 'endpointId', 'eventTypes', 'campaignIds', 'publisherIds', 'buyerIds', 'dispositionBecomes', 'enabled'];

/** The sources a subscription may be narrowed to: the field each fills and the picker list it reads. */
const SOURCES = [
  { field: 'campaignIds', dimension: 'campaigns', label: 'Campaigns' },
  { field: 'publisherIds', dimension: 'publishers', label: 'Publishers' },
  { field: 'buyerIds', dimension: 'buyers', label: 'Buyers' },
] as const satisfies ReadonlyArray<{ field: Field; dimension: FilterDimension; label: string }>;
type SourceField = (typeof SOURCES)[number]['field'];

const EMPTY: EventSubscriptionBody = {
  name: '',
  endpointId: '',
  eventTypes: [],
  campaignIds: [],
  publisherIds: [],
  buyerIds: [],
  dispositionBecomes: null,
  enabled: true,
};

export interface SubscriptionFormDialogProps {
  /** The subscription being edited; none to add one. */
  subscription: EventSubscription | null;
  onSave: (body: EventSubscriptionBody) => Promise<ActionResult<unknown>>;
  onClose: () => void;
}

/**
 * Add or edit an event subscription: its name, webhook endpoint, event types, the campaigns, publishers and
 * buyers it is narrowed to (picked by name), the disposition a change must move a call to, and whether it is on.
 * Checked by the contract's parseEventSubscriptionBody before sending, so the form says what the server would,
 * under the field it concerns.
 */
export function SubscriptionFormDialog({ subscription, onSave, onClose }: SubscriptionFormDialogProps) {
  const formId = useId();
  const [values, setValues] = useState<EventSubscriptionBody>(
    subscription
      ? {
          name: subscription.name,
          endpointId: subscription.endpoint.id,
          eventTypes: subscription.eventTypes,
          campaignIds: subscription.campaignIds,
          publisherIds: subscription.publisherIds,
          buyerIds: subscription.buyerIds,
          dispositionBecomes: subscription.dispositionBecomes,
          enabled: subscription.enabled,
        }
      : EMPTY,
  );
  const [source, setSource] = useState<SourceField>('buyerIds');
  const [search, setSearch] = useState('');
  // A source's problem opens its list, so that the field focused is the one shown.
  const { errors, otherError, saving, inputRef, fieldProps, clearErrors, submit } = useFieldForm(FIELDS, (first) => {
    const sourceField = SOURCES.find((s) => s.field === first);
    if (sourceField) setSource(sourceField.field);
  });
  const webhooks = (useEndpoints().data?.data ?? []).filter((endpoint) => endpoint.kind === 'webhook');
  const picked = SOURCES.find((s) => s.field === source)!;
  const sourceOptions = useSourceOptions(picked.dimension, search, true);
  const chosenNames = useSourceNames(picked.dimension, values[source]);

  const change = <F extends Field>(field: F, value: EventSubscriptionBody[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A type's or a source's change can settle the condition's and the types' complaints too.
    clearErrors(field, 'eventTypes', 'dispositionBecomes');
  };

  const toggleType = (type: OutboundEventType, on: boolean) =>
    change('eventTypes', on ? OUTBOUND_EVENT_TYPES.filter((t) => t === type || values.eventTypes.includes(t)) : values.eventTypes.filter((t) => t !== type));

  const typesErrorId = `${formId}-types-error`;
  const sourceError = SOURCES.map((s) => errors[s.field]).find(Boolean);

  return (
    <FormDialog
      formId={formId}
      title={subscription ? 'Edit subscription' : 'Add subscription'}
      subtitle={subscription ? undefined : 'A webhook endpoint told of every change to the calls you choose, and of alerts, as they happen.'}
      submitLabel={subscription ? 'Save' : 'Add subscription'}
      saving={saving}
      onClose={onClose}
    >
      <form id={formId} className="deliveries-form" noValidate onSubmit={(event) => void submit(event, () => parseEventSubscriptionBody({ ...values }), onSave, onClose)}>
        {otherError ? <Alert tone="error">{otherError}</Alert> : null}
        <TextField
          {...fieldProps('name')}
          label="Name"
          required
          placeholder="e.g. Acme postback: Sales"
          maxLength={SUBSCRIPTION_NAME_MAX_LENGTH}
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <SelectField
          {...fieldProps('endpointId')}
          label="Webhook endpoint"
          required
          options={[{ value: '', label: 'Choose an endpoint' }, ...webhooks.map((endpoint) => ({ value: endpoint.id, label: endpoint.name }))]}
          value={values.endpointId}
          hint="Add one under Delivery endpoints; its signing secret verifies every event."
          onChange={(event) => change('endpointId', event.target.value)}
        />
        <fieldset className="subscriptions-form__types" aria-describedby={errors.eventTypes ? typesErrorId : undefined} aria-invalid={errors.eventTypes ? true : undefined}>
          <legend className="cb-field__label">Events</legend>
          {OUTBOUND_EVENT_TYPES.map((type, index) => (
            <label key={type} className="subscriptions-form__type">
              <input
                ref={index === 0 ? inputRef('eventTypes') : undefined}
                type="checkbox"
                checked={values.eventTypes.includes(type)}
                onChange={(event) => toggleType(type, event.target.checked)}
              />{' '}
              <code>{type}</code> <span className="cb-muted">{OUTBOUND_EVENT_LABELS[type]}</span>
            </label>
          ))}
          {errors.eventTypes ? (
            <p id={typesErrorId} className="cb-field__error" role="alert">
              {errors.eventTypes}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="subscriptions-form__sources">
          <legend className="cb-field__label">Only calls of (none chosen: every call)</legend>
          <SelectField
            ref={inputRef(source)}
            label="Narrow by"
            options={SOURCES.map((s) => ({ value: s.field, label: `${s.label}${values[s.field].length > 0 ? ` (${values[s.field].length})` : ''}` }))}
            value={source}
            error={sourceError}
            onChange={(event) => {
              setSource(event.target.value as SourceField);
              setSearch('');
            }}
          />
          <TextField label={`Search ${picked.label.toLowerCase()}`} hideLabel placeholder={`Search ${picked.label.toLowerCase()}`} value={search} onChange={(event) => setSearch(event.target.value)} />
          <Checklist
            label={picked.label}
            options={sourceOptions.options}
            loading={sourceOptions.isLoading}
            maxHeight={180}
            selected={values[source].map(String)}
            onChange={(selected) => change(source, selected.map(Number))}
          />
          {values[source].length > 0 ? (
            <p className="cb-muted cb-text-sm">
              Chosen: {values[source].map((id) => chosenNames.get(String(id)) ?? `#${id}`).join(', ')}
            </p>
          ) : null}
        </fieldset>
        <SelectField
          {...fieldProps('dispositionBecomes')}
          label="When the disposition becomes"
          options={[{ value: '', label: 'Any change' }, ...DISPOSITIONS.map((d) => ({ value: d, label: d }))]}
          value={values.dispositionBecomes ?? ''}
          hint="A buyer's postback: only changes that make a call this disposition (call events only)."
          onChange={(event) => change('dispositionBecomes', event.target.value === '' ? null : event.target.value)}
        />
        <label className="subscriptions-form__type">
          <input type="checkbox" checked={values.enabled} onChange={(event) => change('enabled', event.target.checked)} /> On: send events now (off: nothing is sent while it is off)
        </label>
      </form>
    </FormDialog>
  );
}
