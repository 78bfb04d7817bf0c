import { ALERT_DEFAULT_COOLDOWN_MINUTES, isChangeCondition, isShareMetric } from '@callboard/contract/alerts';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId } from 'react';
import { WEEKDAYS } from '../alert-text';
import type { RuleFormValues } from '../rule-form';

const HOURS = Array.from({ length: 25 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));

interface GuardRailFieldsProps {
  values: RuleFormValues;
  onChange: (change: Partial<RuleFormValues>) => void;
  errors: Record<string, string>;
  /** The id of each field's control, by the contract's field name, for focusing the first problem. */
  fieldId: (field: string) => string;
}

/** Where a firing rule resolves, in the condition's own direction. */
function resetHint(values: RuleFormValues): string {
  if (isChangeCondition(values.condition)) return 'Blank: the threshold. A firing rule resolves once the change is back below this.';
  return values.condition === 'above'
    ? 'Blank: the threshold. A firing rule resolves once the figure is back at or below this.'
    : 'Blank: the threshold. A firing rule resolves once the figure is back at or above this.';
}

/**
 * What keeps a rule from crying wolf: the calls a window must hold for its figure to count, how long a breach
 * must last, where a firing resolves (hysteresis), the quiet time after one ends, and the business hours it is
 * judged in (outside them it has no data).
 */
export function GuardRailFields({ values, onChange, errors, fieldId }: GuardRailFieldsProps) {
  const daysId = useId();
  const unit = isChangeCondition(values.condition) || isShareMetric(values.metric) ? '%' : 'calls';
  const toggleDay = (day: number) => onChange({ days: values.days.includes(day) ? values.days.filter((d) => d !== day) : [...values.days, day] });
  return (
    <fieldset className="alert-form__group">
      <legend className="alert-form__legend">Guard rails</legend>
      <div className="alert-form__grid">
        <TextField
          id={fieldId('minCalls')}
          label="Minimum calls"
          inputMode="numeric"
          value={values.minCalls}
          onChange={(event) => onChange({ minCalls: event.target.value })}
          error={errors['minCalls']}
          hint={values.metric === 'volume' && !isChangeCondition(values.condition) ? 'A call volume counts its calls itself: 0.' : 'A window with fewer calls has no data.'}
        />
        <TextField
          id={fieldId('pendingMinutes')}
          label="Pending for (minutes)"
          inputMode="numeric"
          value={values.pendingMinutes}
          onChange={(event) => onChange({ pendingMinutes: event.target.value })}
          error={errors['pendingMinutes']}
          hint="How long the breach must hold before it fires; 0 fires at once."
        />
        <TextField
          id={fieldId('resetLevel')}
          label="Reset level"
          inputMode="decimal"
          value={values.resetLevel}
          onChange={(event) => onChange({ resetLevel: event.target.value })}
          error={errors['resetLevel']}
          hint={resetHint(values)}
          trailing={<span className="alert-form__unit">{unit}</span>}
        />
        <TextField
          id={fieldId('cooldownMinutes')}
          label="Cooldown (minutes)"
          inputMode="numeric"
          placeholder={String(ALERT_DEFAULT_COOLDOWN_MINUTES)}
          value={values.cooldownMinutes}
          onChange={(event) => onChange({ cooldownMinutes: event.target.value })}
          error={errors['cooldownMinutes']}
          hint="After a firing ends, it does not fire again for this long."
        />
      </div>
      <label className="alert-form__choice">
        <input type="checkbox" checked={values.businessHoursOn} onChange={(event) => onChange({ businessHoursOn: event.target.checked })} />
        Judge only in business hours (New York time); outside them the rule has no data
      </label>
      {values.businessHoursOn ? (
        <div className="alert-form__hours">
          <fieldset className="alert-form__days" aria-describedby={errors['businessHours.days'] ? `${daysId}-error` : undefined}>
            <legend className="cb-field__label" id={fieldId('businessHours.days')} tabIndex={-1}>
              Days
            </legend>
            {WEEKDAYS.map(({ day, short, name }) => (
              <label key={day} className="alert-form__day">
                <input type="checkbox" checked={values.days.includes(day)} onChange={() => toggleDay(day)} aria-label={name} />
                <span aria-hidden="true">{short}</span>
              </label>
            ))}
            {errors['businessHours.days'] ? (
              <p id={`${daysId}-error`} className="cb-field__error" role="alert">
                {errors['businessHours.days']}
              </p>
            ) : null}
          </fieldset>
          <div className="alert-form__row">
            <SelectField id={fieldId('businessHours')} label="From" size="sm" options={HOURS.slice(0, 24)} value={values.startHour} onChange={(event) => onChange({ startHour: event.target.value })} />
            <SelectField label="To" size="sm" options={HOURS.slice(1)} value={values.endHour} onChange={(event) => onChange({ endHour: event.target.value })} error={errors['businessHours']} />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
