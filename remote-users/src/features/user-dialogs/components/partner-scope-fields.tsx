import {
  CALLER_ID_VISIBILITY,
  filterOptionsPath,
  maskCallerId,
  PICKER_LIST_LIMIT,
  type ApiSuccess,
  type CallerIdVisibility,
  type FilterOption,
  type PartnerKind,
} from '@callboard/contract';
import { Checklist } from '@callboard/shared-ui/checklist';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId } from 'react';
import useSWR from 'swr';
import { ActiveSwitch } from './active-switch';
import { todayInNewYork, type HistoryChoice, type PartnerScopeValues, type ScopeErrorField, type UserFormErrors } from './user-form';
import './partner-scope-fields.css';

export interface PartnerScopeFieldsProps {
  values: PartnerScopeValues;
  errors: UserFormErrors;
  /** `field`: the scope error the change answers (it clears). */
  onChange: (next: PartnerScopeValues, field: ScopeErrorField) => void;
  disabled: boolean;
  /** Where the form focuses a scope field's error. */
  fieldRef: (field: ScopeErrorField, node: HTMLElement | null) => void;
}

const KIND_OPTIONS: { value: PartnerKind; label: string }[] = [
  { value: 'publisher', label: 'Publisher (the source of the calls)' },
  { value: 'buyer', label: 'Buyer (who pays for the calls)' },
];

const EXAMPLE_NUMBER = '+12125550123';
const CALLER_ID_LABELS: Record<CallerIdVisibility, string> = {
  full: `Full (${EXAMPLE_NUMBER})`,
  masked: `Masked (${maskCallerId(EXAMPLE_NUMBER)})`,
  hidden: 'Hidden',
};
const CALLER_ID_OPTIONS = CALLER_ID_VISIBILITY.map((value) => ({ value, label: CALLER_ID_LABELS[value] }));

const COUNTERPARTY_LABELS: Record<PartnerKind, string> = {
  publisher: 'Show the other side (buyers and targets)',
  buyer: 'Show the other side (publishers)',
};

/** What the partner will see, said in words: the history start is never silent. */
export function historySentence(values: Pick<PartnerScopeValues, 'history' | 'historyDate'>, today = todayInNewYork()): string {
  if (values.history === 'all') return 'This partner sees every call of its sources, however old.';
  const day = values.history === 'invite' ? today : values.historyDate;
  return day ? `This partner sees calls from ${day} on; earlier calls stay hidden.` : 'Choose the first day this partner sees calls of.';
}

/** The publishers (or buyers) an admin picks from: the filters' picker list, which a staff account gets whole. */
function useKindOptions(kind: PartnerKind) {
  const key = [filterOptionsPath(kind === 'publisher' ? 'publishers' : 'buyers'), { limit: PICKER_LIST_LIMIT }];
  return useSWR<ApiSuccess<FilterOption[]>>(key, { keepPreviousData: false });
}

/**
 * A partner account's scope in the user dialog: whose calls (publisher or buyer, and which), from when, and
 * which fields. Loaded only when the Partner role is chosen (user-form-dialog.tsx), so the rest of User
 * Management does not carry it.
 */
export default function PartnerScopeFields({ values, errors, onChange, disabled, fieldRef }: PartnerScopeFieldsProps) {
  const ids = useId();
  const options = useKindOptions(values.kind);
  const set = (patch: Partial<PartnerScopeValues>, field: ScopeErrorField) => onChange({ ...values, ...patch }, field);
  const noun = values.kind === 'publisher' ? 'Publishers' : 'Buyers';
  const historyChoices: { value: HistoryChoice; label: string }[] = [
    { value: 'invite', label: `From today, the invite date (${todayInNewYork()})` },
    { value: 'date', label: 'From a date I choose' },
    { value: 'all', label: 'All history' },
  ];

  return (
    <fieldset className="users-scope" disabled={disabled} aria-describedby={errors.partnerScope ? `${ids}-scope-error` : undefined}>
      <legend className="users-scope__legend">Partner scope</legend>
      {errors.partnerScope ? (
        <p id={`${ids}-scope-error`} className="users-form__error" role="alert">
          {errors.partnerScope}
        </p>
      ) : null}
      <SelectField
        label="Partner kind"
        options={KIND_OPTIONS}
        value={values.kind}
        error={errors['partnerScope.kind']}
        ref={(node) => fieldRef('partnerScope.kind', node)}
        // Another kind's ids mean nothing here: the choice starts over.
        onChange={(event) => set({ kind: event.target.value as PartnerKind, ids: [], counterparty: false }, 'partnerScope.kind')}
      />
      <div className="users-scope__group">
        <span className="users-scope__label" id={`${ids}-ids`}>
          {noun} ({values.ids.length} chosen)
        </span>
        <div ref={(node) => fieldRef('partnerScope.ids', node)} tabIndex={-1}>
          <Checklist
            label={noun}
            options={options.data?.data ?? []}
            selected={values.ids}
            onChange={(chosen) => set({ ids: chosen }, 'partnerScope.ids')}
            loading={options.isLoading}
            showCounts={false}
            showSelectAll
            maxHeight={180}
            emptyText={options.error ? `Could not load the ${noun.toLowerCase()}` : `No ${noun.toLowerCase()} yet`}
          />
        </div>
        {errors['partnerScope.ids'] ? (
          <p className="users-form__error" role="alert">
            {errors['partnerScope.ids']}
          </p>
        ) : null}
      </div>
      <div className="users-scope__group" role="radiogroup" aria-labelledby={`${ids}-history`}>
        <span className="users-scope__label" id={`${ids}-history`}>
          History start
        </span>
        {historyChoices.map((choice) => (
          <label key={choice.value} className="users-scope__radio">
            <input
              type="radio"
              name={`${ids}-history`}
              value={choice.value}
              checked={values.history === choice.value}
              onChange={() => set({ history: choice.value }, 'partnerScope.historyFrom')}
            />
            {choice.label}
          </label>
        ))}
        {values.history === 'date' ? (
          <TextField
            label="First day the partner sees"
            type="date"
            value={values.historyDate}
            error={errors['partnerScope.historyFrom']}
            ref={(node) => fieldRef('partnerScope.historyFrom', node)}
            onChange={(event) => set({ historyDate: event.target.value }, 'partnerScope.historyFrom')}
          />
        ) : errors['partnerScope.historyFrom'] ? (
          <p className="users-form__error" role="alert">
            {errors['partnerScope.historyFrom']}
          </p>
        ) : null}
        <p className="users-scope__sentence">{historySentence(values)}</p>
      </div>
      <SelectField
        label="Caller id"
        options={CALLER_ID_OPTIONS}
        value={values.callerId}
        error={errors['partnerScope.callerId']}
        ref={(node) => fieldRef('partnerScope.callerId', node)}
        onChange={(event) => set({ callerId: event.target.value as CallerIdVisibility }, 'partnerScope.callerId')}
      />
      <ActiveSwitch label="Recordings" checked={values.recordings} disabled={disabled} onChange={(on) => set({ recordings: on }, 'partnerScope')} />
      <ActiveSwitch
        label="Transcripts"
        hint="Also transcript search."
        checked={values.transcripts}
        disabled={disabled}
        onChange={(on) => set({ transcripts: on }, 'partnerScope')}
      />
      <ActiveSwitch
        label={COUNTERPARTY_LABELS[values.kind]}
        checked={values.counterparty}
        disabled={disabled}
        onChange={(on) => set({ counterparty: on }, 'partnerScope')}
      />
      <p className="users-scope__sentence">
        {values.kind === 'publisher' ? 'Money: payout only (never revenue or profit).' : 'Money: revenue only (never payout or profit).'}
      </p>
    </fieldset>
  );
}
