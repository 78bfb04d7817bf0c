import type { FilterOption } from '@callboard/contract';
import type { ReactNode } from 'react';
import { formatCount } from './format';
import { Spinner } from './spinner';
import './checklist.css';

export interface ChecklistProps {
  options: readonly FilterOption[];
  /** The checked values. Values not among `options` (chosen before a search narrowed the list) are kept. */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** Names the group for screen readers ("Campaigns"). */
  label: string;
  /** The list scrolls past this height in px (pickers: 360). */
  maxHeight?: number;
  /** Show "Select all" and "Select none" above the list; they act on the listed options only. */
  showSelectAll?: boolean;
  /** Show each option's count (default true). */
  showCounts?: boolean;
  loading?: boolean;
  /** Shown when there are no options and nothing is loading. */
  emptyText?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A list of checkboxes with a count beside each label (the picker dialogs, the Dispositions dropdown). */
export function Checklist({
  options,
  selected,
  onChange,
  label,
  maxHeight,
  showSelectAll = false,
  showCounts = true,
  loading = false,
  emptyText = 'No items found.',
  disabled = false,
  className,
}: ChecklistProps) {
  const chosen = new Set(selected);
  const listed = options.map((o) => o.value);
  const allListedChosen = listed.length > 0 && listed.every((v) => chosen.has(v));
  const noneListedChosen = listed.every((v) => !chosen.has(v));

  const toggle = (value: string) => {
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  };
  const selectAll = () => onChange([...new Set([...selected, ...listed])]);
  const selectNone = () => {
    const onList = new Set(listed);
    onChange(selected.filter((v) => !onList.has(v)));
  };

  return (
    <div className={['cb-checklist', className].filter(Boolean).join(' ')} role="group" aria-label={label} aria-busy={loading || undefined}>
      {showSelectAll && options.length > 0 ? (
        <div className="cb-checklist__actions">
          <button type="button" className="cb-link cb-text-sm" onClick={selectAll} disabled={disabled || allListedChosen}>
            Select all
          </button>
          <button type="button" className="cb-link cb-text-sm" onClick={selectNone} disabled={disabled || noneListedChosen}>
            Select none
          </button>
          <span className="cb-checklist__tally">{chosen.size} selected</span>
        </div>
      ) : null}
      {loading && options.length === 0 ? (
        <div className="cb-checklist__message">
          <Spinner size="sm" label="Loading items" />
        </div>
      ) : options.length === 0 ? (
        <div className="cb-checklist__message">{emptyText}</div>
      ) : (
        <ul className="cb-checklist__list" style={maxHeight ? { maxHeight } : undefined}>
          {options.map((option) => (
            <li key={option.value}>
              <label className="cb-checklist__item">
                <input
                  type="checkbox"
                  className="cb-checklist__box"
                  checked={chosen.has(option.value)}
                  disabled={disabled}
                  onChange={() => toggle(option.value)}
                />
                <span className="cb-checklist__label" title={option.label}>
                  {option.label}
                </span>
                {showCounts ? (
                  <span className="cb-checklist__count">
                    {formatCount(option.count)}
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
