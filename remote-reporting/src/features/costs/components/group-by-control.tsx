import { BREAKDOWN_GROUPS, GROUP_LABELS, type BreakdownGroup } from '@callboard/contract';
import { useId } from 'react';
import './group-by-control.css';

/**
 * A segmented control built on native radio buttons, so arrow keys, focus and
 * the screen-reader role come from the browser rather than from our code.
 */
export function GroupByControl({ value, onChange }: { value: BreakdownGroup; onChange: (group: BreakdownGroup) => void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Group by" className="costs-segmented">
      {BREAKDOWN_GROUPS.map((group) => (
        <label key={group} className={['costs-segmented__option', value === group && 'costs-segmented__option--active'].filter(Boolean).join(' ')}>
          <input
            type="radio"
            name={name}
            value={group}
            className="costs-segmented__input"
            checked={value === group}
            onChange={() => onChange(group)}
          />
          <span>{GROUP_LABELS[group]}</span>
        </label>
      ))}
    </div>
  );
}
