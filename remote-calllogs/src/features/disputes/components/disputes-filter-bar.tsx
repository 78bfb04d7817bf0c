import { DATE_PRESET_LABELS, type DatePreset } from '@callboard/contract';
import { DISPUTE_REASONS, DISPUTE_REASON_LABELS, DISPUTE_STATUS_LABELS, type DisputeReason } from '@callboard/contract/disputes';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { useDisputePickerOptions } from '@callboard/shared-ui/disputes';
import { SelectField } from '@callboard/shared-ui/select-field';
import { QUEUE_PRESETS, STATUS_CHOICES, type DisputeFilters, type StatusChoice } from '../hooks/dispute-filters';

const STATUS_LABELS: Record<StatusChoice, string> = { ...DISPUTE_STATUS_LABELS, all: 'Every status', decided: 'Decided (any outcome)' };

export interface DisputesFilterBarProps {
  filters: DisputeFilters;
  /** A filter changed: the list starts again at page 1, with no dispute open. */
  onChange: (next: Partial<DisputeFilters>) => void;
}

/**
 * The queue's filters: status, reason, buyer, publisher (each only where the person may see that side:
 * screen-access.ts) and a date preset over the disputed call's time ("Any time" by default: a queue has no
 * "today").
 */
export function DisputesFilterBar({ filters, onChange }: DisputesFilterBarProps) {
  const { seesDimension } = useScreenAccess();
  const seesBuyers = seesDimension('buyer');
  const seesPublishers = seesDimension('publisher');
  const buyers = useDisputePickerOptions('buyers', seesBuyers);
  const publishers = useDisputePickerOptions('publishers', seesPublishers);
  const change = (next: Partial<DisputeFilters>) => onChange({ ...next, page: 1, open: null });
  return (
    <div className="disputes__filters" role="group" aria-label="Dispute filters">
      <SelectField
        label="Status"
        size="sm"
        value={filters.status}
        options={STATUS_CHOICES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        onChange={(event) => change({ status: event.target.value as StatusChoice })}
      />
      <SelectField
        label="Reason"
        size="sm"
        value={filters.reason}
        options={[{ value: '', label: 'Any reason' }, ...DISPUTE_REASONS.map((reason) => ({ value: reason, label: DISPUTE_REASON_LABELS[reason] }))]}
        onChange={(event) => change({ reason: event.target.value as DisputeReason | '' })}
      />
      {seesBuyers ? (
        <SelectField
          label="Buyer"
          size="sm"
          value={filters.buyer}
          options={[{ value: '', label: 'Every buyer' }, ...withChosen(buyers, filters.buyer)]}
          onChange={(event) => change({ buyer: event.target.value })}
        />
      ) : null}
      {seesPublishers ? (
        <SelectField
          label="Publisher"
          size="sm"
          value={filters.publisher}
          options={[{ value: '', label: 'Every publisher' }, ...withChosen(publishers, filters.publisher)]}
          onChange={(event) => change({ publisher: event.target.value })}
        />
      ) : null}
      <SelectField
        label="Calls of"
        size="sm"
        value={filters.datePreset}
        options={[{ value: '', label: 'Any time' }, ...QUEUE_PRESETS.map((preset) => ({ value: preset, label: DATE_PRESET_LABELS[preset] }))]}
        onChange={(event) => change({ datePreset: event.target.value as DatePreset | '' })}
      />
    </div>
  );
}

/** The picker's options, with the chosen id kept (as its number) while the names load or when it has no recent calls. */
function withChosen(options: Array<{ value: string; label: string }>, chosen: string) {
  const list = options.map(({ value, label }) => ({ value, label }));
  if (chosen !== '' && !list.some((option) => option.value === chosen)) list.push({ value: chosen, label: `#${chosen}` });
  return list;
}
