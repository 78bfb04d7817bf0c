import { DIMENSIONS, FILTER_DIMENSIONS, type FilterDimension } from '@callboard/contract';
import { CloseIcon } from '@callboard/shared-ui/icons';
import type { ReactNode } from 'react';
import type { DraftList, FiltersDraft } from './filters-draft';

interface ChipGroup {
  list: DraftList;
  title: string;
  items: { value: string; label: string }[];
}

/** The lists of the draft that narrow the data, in the order the top bar shows their pickers. */
function chipGroups(draft: FiltersDraft): ChipGroup[] {
  const options = (list: FilterDimension): ChipGroup => ({
    list,
    title: DIMENSIONS[list].label,
    items: draft[list].map((o) => ({ value: o.value, label: o.label })),
  });
  const values = (list: 'callerId' | 'status' | 'disposition', title: string): ChipGroup => ({
    list,
    title,
    items: draft[list].map((v) => ({ value: v, label: v })),
  });
  return [
    ...FILTER_DIMENSIONS.map(options),
    values('disposition', 'Dispositions'),
    values('status', 'Status'),
    values('callerId', 'Caller IDs'),
  ].filter((group) => group.items.length > 0);
}

export interface ActiveFilterChipsProps {
  draft: FiltersDraft;
  onRemove: (list: DraftList, value: string) => void;
  /** A search chip's ×: the caller-id search (`search`) or the transcript search (`q`). */
  onClearSearch: (field: 'search' | 'q') => void;
}

/**
 * What else narrows the data besides the dates, so the panel summarises every
 * filter in one place (and the Filters button's count has an explanation).
 * Each × edits the draft only; Apply makes it stick.
 */
export function ActiveFilterChips({ draft, onRemove, onClearSearch }: ActiveFilterChipsProps) {
  const groups = chipGroups(draft);
  const search = draft.search.trim();
  const q = draft.q.trim();
  if (groups.length === 0 && search === '' && q === '') {
    return <p className="cb-filters-panel__none">No campaign, publisher, target, buyer or search filters.</p>;
  }
  return (
    <div className="cb-filters-panel__groups">
      {search !== '' ? (
        <ChipRow title="Caller ID search">
          <Chip label={search} removeLabel={`Remove search ${search}`} onRemove={() => onClearSearch('search')} />
        </ChipRow>
      ) : null}
      {q !== '' ? (
        <ChipRow title="Transcript search">
          <Chip label={q} removeLabel={`Remove transcript search ${q}`} onRemove={() => onClearSearch('q')} />
        </ChipRow>
      ) : null}
      {groups.map((group) => (
        <ChipRow key={group.list} title={group.title}>
          {group.items.map((item) => (
            <Chip
              key={item.value}
              label={item.label}
              removeLabel={`Remove ${item.label} from ${group.title}`}
              onRemove={() => onRemove(group.list, item.value)}
            />
          ))}
        </ChipRow>
      ))}
    </div>
  );
}

function ChipRow({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="cb-filters-panel__group" role="group" aria-label={title}>
      <span className="cb-filters-panel__group-title">{title}</span>
      <div className="cb-filters-panel__chips">{children}</div>
    </div>
  );
}

function Chip({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
  return (
    <span className="cb-chip">
      <span className="cb-chip__label" title={label}>
        {label}
      </span>
      <button type="button" className="cb-chip__remove" aria-label={removeLabel} onClick={onRemove}>
        <CloseIcon size={12} />
      </button>
    </span>
  );
}
