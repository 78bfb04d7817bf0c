import { DATE_PRESET_LABELS, DIMENSION_PARAM, DIMENSIONS, FILTER_DIMENSIONS } from '@callboard/contract';
import { activeFilterCountAtom, datePresetAtom, filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { CalendarIcon, FilterIcon } from '@callboard/shared-ui/icons';
import { useLocation } from '@callboard/shared-router';
import { useAtom, useAtomValue } from 'jotai';
import { openPanelAtom, type PickerKind } from '../app/open-panel-atom';
import { viewAreaOf } from '../views/view-query';
import { ViewsMenu } from '../views/views-menu';
import { AutoRefreshControl } from './auto-refresh-control';
import { CopyLinkButton } from './copy-link-button';

/** The picker buttons, one a dimension, in the dimensions' order. */
export const PICKERS: readonly { kind: PickerKind; label: string }[] = FILTER_DIMENSIONS.map((kind) => ({ kind, label: DIMENSIONS[kind].label }));

function CountBadge({ count }: { count: number }) {
  return count > 0 ? (
    <span className="cb-count" aria-hidden="true">
      {count}
    </span>
  ) : null;
}

/**
 * The row above the main area: the four pickers, the Views menu (in
 * Reporting and Call Logs), the date preset in force, Filters with its active
 * count, Copy link, and Auto Refresh. Each button only
 * says which overlay is open (openPanelAtom); GlobalPanels draws it. Counts
 * are spoken through aria-label and drawn as badges hidden from screen
 * readers, so a button is never announced as "Campaigns 2".
 */
export function TopBar() {
  const [openPanel, setOpenPanel] = useAtom(openPanelAtom);
  const filters = useAtomValue(filtersAtom);
  const datePreset = useAtomValue(datePresetAtom);
  const activeFilters = useAtomValue(activeFilterCountAtom);
  const dateLabel = DATE_PRESET_LABELS[datePreset];
  const viewArea = viewAreaOf(useLocation().pathname);

  return (
    <div className="top-bar">
      <div className="top-bar__group" role="group" aria-label="Selections">
        {PICKERS.map(({ kind, label }) => {
          const selected = filters[DIMENSION_PARAM[kind]].length;
          return (
            <button
              key={kind}
              type="button"
              className="top-bar__button"
              aria-label={selected > 0 ? `${label}, ${selected} selected` : undefined}
              aria-haspopup="dialog"
              aria-expanded={openPanel === kind}
              onClick={() => setOpenPanel(kind)}
            >
              {label}
              <CountBadge count={selected} />
            </button>
          );
        })}
      </div>

      <div className="top-bar__group top-bar__group--end">
        {viewArea ? <ViewsMenu area={viewArea} /> : null}
        <button
          type="button"
          className="top-bar__date"
          aria-label={`Date range: ${dateLabel}`}
          title="Change the date range in Filters"
          aria-haspopup="dialog"
          onClick={() => setOpenPanel('filters')}
        >
          <CalendarIcon size={14} />
          {dateLabel}
        </button>
        <button
          type="button"
          className="top-bar__button"
          aria-label={`Filters, ${activeFilters} active`}
          aria-haspopup="dialog"
          aria-expanded={openPanel === 'filters'}
          onClick={() => setOpenPanel('filters')}
        >
          <FilterIcon size={14} />
          Filters
          <CountBadge count={activeFilters} />
        </button>
        <CopyLinkButton />
        <span className="top-bar__divider" aria-hidden="true" />
        <AutoRefreshControl />
      </div>
    </div>
  );
}
