import { Checklist } from '@callboard/shared-ui/checklist';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { dispositionFilterAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue, useSetAtom } from 'jotai';
import { useDispositionOptions } from '../api/dispositions';

/** The dropdown is 300 px wide and its list scrolls past 280 px. */
export const DISPOSITIONS_DROPDOWN_WIDTH = 300;
export const DISPOSITIONS_LIST_MAX_HEIGHT = 280;

/**
 * The Dispositions multi-select of the records card, with a count badge of
 * what is chosen. Each tick applies at once (the page goes back to 1); the
 * options carry their counts in the current date range and selections.
 */
export function DispositionFilter() {
  const selected = useAtomValue(dispositionFilterAtom);
  const updateFilters = useSetAtom(updateFiltersAtom);
  const { options, error, isLoading } = useDispositionOptions();
  const count = selected.length;

  return (
    <Dropdown
      size="sm"
      width={DISPOSITIONS_DROPDOWN_WIDTH}
      menuLabel="Dispositions"
      triggerAriaLabel={count > 0 ? `Dispositions, ${count} selected` : 'Dispositions'}
      label={
        <>
          Dispositions
          {count > 0 ? (
            <span className="cb-count" aria-hidden="true">
              {count}
            </span>
          ) : null}
        </>
      }
    >
      <div className="dispositions">
        <div className="dispositions__bar">
          <span className="cb-text-sm cb-muted">{count > 0 ? `${count} selected` : 'All dispositions'}</span>
          <button type="button" className="cb-link cb-text-sm" disabled={count === 0} onClick={() => updateFilters({ disposition: [] })}>
            Clear
          </button>
        </div>
        <Checklist
          label="Dispositions"
          options={options}
          selected={selected}
          onChange={(disposition) => updateFilters({ disposition })}
          maxHeight={DISPOSITIONS_LIST_MAX_HEIGHT}
          loading={isLoading}
          emptyText={error ? 'Failed to load dispositions' : 'No items found.'}
        />
      </div>
    </Dropdown>
  );
}
