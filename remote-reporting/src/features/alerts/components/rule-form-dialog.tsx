import {
  ALERT_CONDITION_LABELS,
  ALERT_CONDITIONS,
  ALERT_METRICS,
  ALERT_NAME_MAX_LENGTH,
  ALERT_WINDOW_LABELS,
  ALERT_WINDOWS,
  isChangeCondition,
  isShareMetric,
  type AlertCondition,
  type AlertMetric,
  type AlertRule,
  type AlertWindow,
} from '@callboard/contract/alerts';
import { Button } from '@callboard/shared-ui/button';
import { Checklist } from '@callboard/shared-ui/checklist';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useDebouncedValue } from '@callboard/shared-ui/use-debounced-value';
import { useId, useMemo, useState } from 'react';
import { FormDialog } from '@callboard/shared-ui/form-dialog';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { metricText } from '../alert-text';
import type { AlertActions } from '../api/alerts-api';
import { useEndpointChoices } from '../api/rule-choices';
import {
  emptyRuleForm,
  noCallsRule,
  previewBodyFrom,
  previewErrors,
  RULE_FIELD_ORDER,
  ruleBodyFrom,
  ruleFormErrors,
  ruleFormFrom,
  scopeError,
  shownField,
  withMetricAndCondition,
  type RuleFormValues,
} from '../rule-form';
import { GuardRailFields } from './guard-rail-fields';
import { RulePreview } from './rule-preview';
import { ScopeFields } from './scope-fields';

/** The preview is asked once the form has been still this long: replaying 30 days is not free. */
export const PREVIEW_DEBOUNCE_MS = 700;

const METRIC_OPTIONS = ALERT_METRICS.map((metric) => ({ value: metric, label: metricText(metric) }));
const WINDOW_OPTIONS = ALERT_WINDOWS.map((window) => ({ value: window, label: ALERT_WINDOW_LABELS[window] }));
const CONDITION_OPTIONS = ALERT_CONDITIONS.map((condition) => ({ value: condition, label: ALERT_CONDITION_LABELS[condition] }));

interface RuleFormDialogProps {
  /** The rule to change; null makes a new one. */
  rule: AlertRule | null;
  actions: Pick<AlertActions, 'create' | 'update' | 'subscribe'>;
  onClose: () => void;
}

/**
 * Create or change an alert rule, with its preview beside the form: how often it would have fired over the last
 * 30 days, asked again as the form settles after each change. The form's problems are the contract's checks,
 * shown under their fields from the first Save on and after every change; the server's (a view or source that
 * is gone) land under the same fields. A new rule's author is subscribed to it unless they say otherwise.
 */
export function RuleFormDialog({ rule, actions, onClose }: RuleFormDialogProps) {
  const formId = useId();
  const fieldId = (field: string) => `${formId}-${field.replace(/\./g, '-')}`;
  const [values, setValues] = useState<RuleFormValues>(() => (rule ? ruleFormFrom(rule) : emptyRuleForm()));
  const [subscribeMe, setSubscribeMe] = useState(true);
  const endpoints = useEndpointChoices(true);
  const { shown, saving, submit, edited } = useCheckedForm({
    values,
    problemsOf: ruleFormErrors,
    order: RULE_FIELD_ORDER,
    fieldId,
    shownUnder: shownField,
    send: async (current) => {
      const body = ruleBodyFrom(current);
      const result = rule ? await actions.update(rule.id, body) : await actions.create(body);
      if (result.ok && !rule && subscribeMe) await actions.subscribe(result.answer.data.id, ['in_app', 'email'], false);
      return result;
    },
    onSent: onClose,
  });

  const settled = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);
  const settledProblems = useMemo(() => previewErrors(settled), [settled]);
  const previewBody = useMemo(() => (Object.keys(settledProblems).length === 0 ? previewBodyFrom(settled) : null), [settled, settledProblems]);
  const firstProblem = Object.values(settledProblems)[0];

  const edit = (next: (current: RuleFormValues) => RuleFormValues) => {
    setValues(next);
    edited();
  };
  const change = (next: Partial<RuleFormValues>) => edit((current) => ({ ...current, ...next }));

  const unit = isChangeCondition(values.condition) || isShareMetric(values.metric) ? '%' : 'calls';
  const endpointError = shown['endpointIds'];

  return (
    <FormDialog
      formId={formId}
      size="xl"
      title={rule ? 'Edit alert rule' : 'New alert rule'}
      subtitle="Judged every minute over a rolling window of the calls it watches."
      submitLabel={rule ? 'Save changes' : 'Save rule'}
      saving={saving}
      onClose={onClose}
    >
      <div className="alert-form">
        {/* noValidate: the browser's own bubbles would pre-empt the messages under the fields. */}
        <form id={formId} className="alert-form__fields" noValidate onSubmit={(event) => void submit(event)}>
          <div className="alert-form__row alert-form__row--end">
            <TextField
              id={fieldId('name')}
              label="Name"
              required
              maxLength={ALERT_NAME_MAX_LENGTH}
              placeholder="Voicemail spike, Publisher A"
              value={values.name}
              onChange={(event) => change({ name: event.target.value })}
              error={shown['name']}
              className="cb-grow"
            />
            <Button size="sm" variant="ghost" onClick={() => edit(noCallsRule)}>
              Use: no calls in business hours
            </Button>
          </div>
          <fieldset className="alert-form__group">
            <legend className="alert-form__legend">What it watches</legend>
            <div className="alert-form__grid">
              <SelectField
                id={fieldId('metric')}
                label="Metric"
                options={METRIC_OPTIONS}
                value={values.metric}
                onChange={(event) => edit((current) => withMetricAndCondition(current, event.target.value as AlertMetric, current.condition))}
                error={shown['metric']}
                hint="A share is a percent of the window’s calls; the volume is the calls themselves."
              />
              <SelectField
                id={fieldId('window')}
                label="Window"
                options={WINDOW_OPTIONS}
                value={values.window}
                onChange={(event) => change({ window: event.target.value as AlertWindow })}
                error={shown['window']}
              />
            </div>
            <ScopeFields
              values={values}
              onChange={change}
              scopeError={scopeError(shown)}
              viewError={shown['scope.viewId']}
              scopeId={fieldId('scope')}
              viewId={fieldId('scope.viewId')}
            />
          </fieldset>
          <fieldset className="alert-form__group">
            <legend className="alert-form__legend">When it fires</legend>
            <div className="alert-form__grid">
              <SelectField
                id={fieldId('condition')}
                label="Condition"
                options={CONDITION_OPTIONS}
                value={values.condition}
                onChange={(event) => edit((current) => withMetricAndCondition(current, current.metric, event.target.value as AlertCondition))}
                error={shown['condition']}
              />
              <TextField
                id={fieldId('threshold')}
                label="Threshold"
                required
                inputMode="decimal"
                value={values.threshold}
                onChange={(event) => change({ threshold: event.target.value })}
                error={shown['threshold']}
                hint={values.metric === 'volume' && values.condition === 'below' ? 'Below 1 is “no calls”.' : undefined}
                trailing={<span className="alert-form__unit">{unit}</span>}
              />
            </div>
          </fieldset>
          <GuardRailFields values={values} onChange={change} errors={shown} fieldId={fieldId} />
          <fieldset className="alert-form__group">
            <legend className="alert-form__legend" id={fieldId('endpointIds')} tabIndex={-1}>
              Who is told
            </legend>
            <p className="cb-field__hint">Everyone subscribed is told when it fires and when it resolves, in the app or by email as each chooses.</p>
            {rule ? null : (
              <label className="alert-form__choice">
                <input type="checkbox" checked={subscribeMe} onChange={(event) => setSubscribeMe(event.target.checked)} />
                Subscribe me, in the app and by email
              </label>
            )}
            <Checklist
              label="Webhook and Slack endpoints"
              options={endpoints.choices.map((endpoint) => ({
                value: endpoint.id,
                label: `${endpoint.name} (${endpoint.kind === 'slack' ? 'Slack' : 'Webhook'}${endpoint.paused ? ', paused' : ''})`,
                count: 0,
              }))}
              selected={values.endpointIds}
              onChange={(ids) => change({ endpointIds: ids })}
              showCounts={false}
              loading={endpoints.isLoading}
              maxHeight={140}
              emptyText={endpoints.error ? 'Failed to load the endpoints' : 'No webhook or Slack endpoints yet (an admin adds them under Users)'}
            />
            {endpointError ? (
              <p className="cb-field__error" role="alert">
                {endpointError}
              </p>
            ) : null}
          </fieldset>
        </form>
        <RulePreview body={previewBody} problem={firstProblem ? `Complete the rule to see its preview: ${firstProblem}` : null} />
      </div>
    </FormDialog>
  );
}
