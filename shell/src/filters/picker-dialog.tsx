import { DIMENSIONS, PICKER_LIST_LIMIT, type FilterDimension, type FilterOption } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { Checklist } from '@callboard/shared-ui/checklist';
import { filtersAtom, setSelectionAtom } from '@callboard/shared-ui/filter-atoms';
import { RefreshIcon, SearchIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Modal } from '@callboard/shared-ui/modal';
import { TextField } from '@callboard/shared-ui/text-field';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { pickerQuery } from './picker-options';
import { useDebouncedValue } from '@callboard/shared-ui/use-debounced-value';
import { usePickerOptions } from './use-picker-options';
import './filters.css';

/** How long the search waits after the last keystroke, and how tall the list grows before it scrolls. */
export const PICKER_SEARCH_DEBOUNCE_MS = 300;
export const PICKER_LIST_MAX_HEIGHT = 360;

export interface PickerDialogProps {
  kind: FilterDimension;
  onClose: () => void;
}

/**
 * The picker of one dimension: search, a checklist with counts, and
 * "Apply (n)". It is mounted only while open, so the list loads on opening and
 * the checks start from the applied selection each time; closing without
 * Apply leaves the filters as they were.
 */
export function PickerDialog({ kind, onClose }: PickerDialogProps) {
  const title = DIMENSIONS[kind].label;
  const filters = useAtomValue(filtersAtom);
  const setSelection = useSetAtom(setSelectionAtom);

  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  // Filters cannot change under an open dialog, so the query changes only with the search.
  const query = useMemo(() => pickerQuery(kind, filters, debouncedSearch), [kind, filters, debouncedSearch]);
  const { options, loading, error, reload } = usePickerOptions(kind, query);

  // Checked options by value, with their labels, so a check survives a search that hides it.
  const [checked, setChecked] = useState<ReadonlyMap<string, FilterOption>>(
    () => new Map(filters[kind].map((option) => [option.value, option])),
  );

  const onChecklistChange = (values: string[]) => {
    const listed = new Map(options.map((option) => [option.value, option]));
    setChecked(new Map(values.flatMap((value) => {
      const option = listed.get(value) ?? checked.get(value);
      return option ? [[value, option] as const] : [];
    })));
  };

  const clear = () => {
    setSearch('');
    setChecked(new Map());
  };

  const apply = () => {
    setSelection({ kind, options: [...checked.values()] });
    onClose();
  };

  const lowerTitle = title.toLowerCase();
  const footer = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Close
      </Button>
      <Button variant="primary" onClick={apply}>
        Apply ({checked.size})
      </Button>
    </>
  );

  return (
    <Modal open onClose={onClose} title={title} footer={footer} size="md" className="cb-picker">
      <div className="cb-picker__toolbar">
        <TextField
          type="search"
          label={`Search ${lowerTitle}`}
          hideLabel
          placeholder={`Search ${lowerTitle}...`}
          leadingIcon={<SearchIcon size={14} />}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
          className="cb-grow"
        />
        <Button onClick={clear} disabled={search === '' && checked.size === 0}>
          Clear
        </Button>
        <Button onClick={reload} busy={loading && options.length > 0} icon={<RefreshIcon size={14} />}>
          Refresh
        </Button>
      </div>

      {error !== null ? (
        <LoadError error={error} onRetry={reload} />
      ) : (
        <Checklist
          label={title}
          options={options}
          selected={[...checked.keys()]}
          onChange={onChecklistChange}
          maxHeight={PICKER_LIST_MAX_HEIGHT}
          loading={loading}
          emptyText="No items found."
        />
      )}

      <p className="cb-picker__status" aria-live="polite">
        {checked.size > 0 ? `${checked.size} selected` : `No ${lowerTitle} selected: all are included.`}
        {options.length >= PICKER_LIST_LIMIT ? ` Showing the first ${PICKER_LIST_LIMIT}; search to narrow the list.` : ''}
      </p>
    </Modal>
  );
}
