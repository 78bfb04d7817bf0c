import { DATE_PRESET_LABELS } from '@callboard/contract';
import { activeFilterCountAtom, datePresetAtom } from '@callboard/shared-ui/filter-atoms';
import { CalendarIcon, FilterIcon } from '@callboard/shared-ui/icons';
import { useLocation } from '@callboard/shared-router';
import { useAtom, useAtomValue } from 'jotai';
import { openPanelAtom } from '../app/open-panel-atom';
import { CountBadge, PickerButtons } from '../filters/picker-buttons';
import { viewAreaOf } from '../views/view-query';
import { ViewsMenu } from '../views/views-menu';
import { AutoRefreshControl } from './auto-refresh-control';
import { CopyLinkButton } from './copy-link-button';

/**
 * The row above the main area: the four pickers, the Views menu (in
 * Reporting and Call Logs), the date preset in force, Filters with its active
 * count, Copy link, and Auto Refresh. Each button only
 * says which overlay is open (openPanelAtom); GlobalPanels draws it. Counts
 * are spoken through aria-label and drawn as badges hidden from screen
 * readers, so a button is never announced as "Campaigns 2".
 *
 * On a narrow screen the top bar folds: whatever is marked
 * `top-bar__wide-only` is hidden by layout.css, and Filters is the way to it
 * (the filters panel holds the date and, on a narrow screen, the pickers).
 * A new control joins the fold by taking that class and getting a place in
 * the filters panel's `cb-filters-panel__folded` section; nothing measures.
 */
export function TopBar() {
  const [openPanel, setOpenPanel] = useAtom(openPanelAtom);
  const datePreset = useAtomValue(datePresetAtom);
  const activeFilters = useAtomValue(activeFilterCountAtom);
  const dateLabel = DATE_PRESET_LABELS[datePreset];
  const openKind = openPanel === 'filters' ? null : openPanel;
  const viewArea = viewAreaOf(useLocation().pathname);

  return (
    <div className="top-bar">
      <div className="top-bar__group top-bar__wide-only" role="group" aria-label="Selections">
        <PickerButtons buttonClassName="top-bar__button" openKind={openKind} onOpen={setOpenPanel} />
      </div>

      <div className="top-bar__group top-bar__group--end">
        {viewArea ? <ViewsMenu area={viewArea} /> : null}
        <button
          type="button"
          className="top-bar__date top-bar__wide-only"
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
          className="top-bar__button top-bar__filters"
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
