import { SCORECARD_COLUMN_SET_LABELS, SCORECARD_COLUMN_SETS, type ScorecardColumnSet } from '@callboard/contract/scorecard';
import { useId } from 'react';
// The group-by control's segmented look (radio buttons: the browser gives the keys, the focus and the role).
import '../../costs/components/group-by-control.css';

/** Which columns the scorecard shows beside the name and the calls: quality and money, or disputes. */
export function ColumnSetControl({ value, onChange }: { value: ScorecardColumnSet; onChange: (set: ScorecardColumnSet) => void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Columns" className="costs-segmented">
      {SCORECARD_COLUMN_SETS.map((set) => (
        <label key={set} className={['costs-segmented__option', value === set && 'costs-segmented__option--active'].filter(Boolean).join(' ')}>
          <input type="radio" name={name} value={set} className="costs-segmented__input" checked={value === set} onChange={() => onChange(set)} />
          <span>{SCORECARD_COLUMN_SET_LABELS[set]}</span>
        </label>
      ))}
    </div>
  );
}
