import { DATE_PRESETS, DATE_PRESET_LABELS, DISPLAY_TIME_ZONE, type DatePreset } from '@callboard/contract';
import { DISPUTE_STATES, DISPUTE_STATE_LABELS } from '@callboard/contract/disputes';
import { takesCustomDates } from '@callboard/contract/date-range';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { filtersAtom, resetFiltersAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { useFocusTrap } from '@callboard/shared-ui/focus-trap';
import { CalendarIcon, CloseIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal, flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { openPanelAtom, type PickerKind } from '../app/open-panel-atom';
import { ActiveFilterChips } from './active-filter-chips';
import { draftError, draftFromFilters, draftToUpdate, withoutValue, type DraftList, type FiltersDraft } from './filters-draft';
import { PickerButtons } from './picker-buttons';
import './filters.css';

// The calendar is its own chunk, fetched when a person opens it (range-calendar.tsx says why).
const RangeCalendar = lazy(() => import('./range-calendar'));

const PRESET_OPTIONS = DATE_PRESETS.map((preset) => ({ value: preset, label: DATE_PRESET_LABELS[preset] }));

/** Which calls by whether their caller called the same campaign within the repeat window before (the API's `repeat`). */
const REPEAT_OPTIONS: Array<{ value: FiltersDraft['repeat']; label: string }> = [
  { value: '', label: 'All calls' },
  { value: 'true', label: 'Repeats only' },
  { value: 'false', label: 'First calls only' },
];

/** Which calls by where their disputes stand (the API's `dispute`; contract/src/disputes.ts). */
const DISPUTE_OPTIONS: Array<{ value: FiltersDraft['dispute']; label: string }> = [
  { value: '', label: 'All calls' },
  ...DISPUTE_STATES.map((state) => ({ value: state, label: DISPUTE_STATE_LABELS[state] })),
];

export interface FiltersPanelProps {
  onClose: () => void;
}

/**
 * The filters panel: fixed at the right, 420 px wide. It edits a draft taken
 * when it opens, so nothing refetches while a person is still choosing; Apply
 * writes the draft (the page goes back to 1) and Reset clears everything.
 * Closing any other way, by Escape, the × or a click beside it, discards the draft.
 *
 * On a narrow screen, where the top bar folds into its Filters button, the
 * panel also holds what the top bar hides there (the pickers), in a section
 * layout.css shows only there.
 */
export function FiltersPanel({ onClose }: FiltersPanelProps) {
  const filters = useAtomValue(filtersAtom);
  const updateFilters = useSetAtom(updateFiltersAtom);
  const resetFilters = useSetAtom(resetFiltersAtom);
  const [draft, setDraft] = useState<FiltersDraft>(() => draftFromFilters(filters));
  const [error, setError] = useState<string | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);

  const panelRef = useRef<HTMLElement>(null);
  const presetRef = useRef<HTMLSelectElement>(null);
  const onKeyDown = useFocusTrap(panelRef, { onEscape: onClose, initialFocusRef: presetRef });
  const formId = useId();

  // Any edit may fix what the message complained about: it goes until the next Apply.
  const edit = (change: (previous: FiltersDraft) => FiltersDraft) => {
    setDraft(change);
    setError(null);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = draftError(draft);
    if (problem !== null) {
      setError(problem);
      return;
    }
    updateFilters(draftToUpdate(draft));
    toast.success('Filters applied');
    onClose();
  };

  const reset = () => {
    resetFilters();
    toast.success('Filters reset');
    onClose();
  };

  const custom = takesCustomDates(draft.datePreset);

  // A picker replaces the panel. The panel closes first, in its own render, so focus is back on the
  // top bar's Filters button when the picker opens, and the picker gives it back there when it closes.
  const setOpenPanel = useSetAtom(openPanelAtom);
  const openPicker = (kind: PickerKind) => {
    flushSync(() => onClose());
    setOpenPanel(kind);
  };

  return createPortal(
    <>
      <div className="cb-filters-backdrop" data-testid="filters-backdrop" aria-hidden="true" onClick={onClose} />
      <aside
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Filters"
        tabIndex={-1}
        className="cb-side-panel cb-filters-panel"
        onKeyDown={onKeyDown}
      >
        <header className="cb-side-panel__header">
          <h2 className="cb-filters-panel__title">
            Filters
          </h2>
          <Button variant="ghost" size="sm" iconOnly aria-label="Close filters" onClick={onClose}>
            <CloseIcon size={16} />
          </Button>
        </header>

        <form id={formId} className="cb-side-panel__body" onSubmit={apply} noValidate>
          <section className="cb-section" aria-label="Date range">
            <h3 className="cb-section__title">Date range</h3>
            <SelectField
              ref={presetRef}
              label="Date Preset"
              options={PRESET_OPTIONS}
              value={draft.datePreset}
              onChange={(event) => {
                const datePreset = event.target.value as DatePreset;
                edit((d) => ({ ...d, datePreset }));
              }}
            />
            <Button
              size="sm"
              variant="ghost"
              icon={<CalendarIcon size={14} />}
              aria-expanded={calendarOpen}
              onClick={() => {
                setCalendarOpen(!calendarOpen);
                // Days picked on the calendar are a custom range.
                if (!calendarOpen) edit((d) => ({ ...d, datePreset: 'custom' }));
              }}
            >
              {calendarOpen ? 'Hide calendar' : 'Pick dates on a calendar'}
            </Button>
            {custom && calendarOpen ? (
              <Suspense fallback={<Spinner size="sm" label="Loading calendar" />}>
                <RangeCalendar
                  startDate={draft.startDate}
                  endDate={draft.endDate}
                  onChange={(range) => edit((d) => ({ ...d, ...range, datePreset: 'custom' }))}
                />
              </Suspense>
            ) : null}
            {custom ? (
              <div className="cb-filters-panel__range">
                <TextField
                  type="datetime-local"
                  label="Start Date"
                  value={draft.startDate}
                  max={draft.endDate || undefined}
                  onChange={(event) => {
                    const startDate = event.target.value;
                    // Choosing a range means the custom preset.
                    edit((d) => ({ ...d, startDate, datePreset: 'custom' }));
                  }}
                />
                <TextField
                  type="datetime-local"
                  label="End Date"
                  value={draft.endDate}
                  min={draft.startDate || undefined}
                  onChange={(event) => {
                    const endDate = event.target.value;
                    edit((d) => ({ ...d, endDate, datePreset: 'custom' }));
                  }}
                />
                <p className="cb-filters-panel__hint">Times are New York time ({DISPLAY_TIME_ZONE}).</p>
              </div>
            ) : null}
            {error !== null ? <Alert tone="error">{error}</Alert> : null}
          </section>

          <section className="cb-section" aria-label="Repeat callers">
            <h3 className="cb-section__title">Repeat callers</h3>
            <SelectField
              label="Calls"
              options={REPEAT_OPTIONS}
              value={draft.repeat}
              onChange={(event) => {
                const repeat = event.target.value as FiltersDraft['repeat'];
                edit((d) => ({ ...d, repeat }));
              }}
            />
          </section>

          <section className="cb-section" aria-label="Disputes">
            <h3 className="cb-section__title">Disputes</h3>
            <SelectField
              label="Dispute"
              options={DISPUTE_OPTIONS}
              value={draft.dispute}
              onChange={(event) => {
                const dispute = event.target.value as FiltersDraft['dispute'];
                edit((d) => ({ ...d, dispute }));
              }}
            />
          </section>

          <section className="cb-section cb-filters-panel__folded" aria-label="Selections">
            <h3 className="cb-section__title">Selections</h3>
            <div className="cb-filters-panel__pickers">
              <PickerButtons buttonClassName="cb-filters-panel__picker" onOpen={openPicker} />
            </div>
          </section>

          <section className="cb-section" aria-label="Active filters">
            <h3 className="cb-section__title">Active filters</h3>
            <ActiveFilterChips
              draft={draft}
              onRemove={(list: DraftList, value: string) => edit((d) => withoutValue(d, list, value))}
              onClearSearch={(field) => edit((d) => ({ ...d, [field]: '' }))}
            />
          </section>
        </form>

        <footer className="cb-side-panel__footer">
          <Button variant="ghost" onClick={reset}>
            Reset
          </Button>
          <Button variant="primary" type="submit" form={formId}>
            Apply
          </Button>
        </footer>
      </aside>
    </>,
    document.body,
  );
}
