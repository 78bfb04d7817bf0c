import { DIMENSION_PARAM, DIMENSIONS, FILTER_DIMENSIONS } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue } from 'jotai';
import type { PickerKind } from '../app/open-panel-atom';

/** The picker buttons, one a dimension, in the dimensions' order. */
export const PICKERS: readonly { kind: PickerKind; label: string }[] = FILTER_DIMENSIONS.map((kind) => ({ kind, label: DIMENSIONS[kind].label }));

/** A count drawn as a badge and hidden from screen readers: the button's aria-label says it. */
export function CountBadge({ count }: { count: number }) {
  return count > 0 ? (
    <span className="cb-count" aria-hidden="true">
      {count}
    </span>
  ) : null;
}

export interface PickerButtonsProps {
  /** The buttons' class: each place draws them in its own style. */
  buttonClassName: string;
  /** Which picker is open, for aria-expanded. */
  openKind?: PickerKind | null;
  onOpen: (kind: PickerKind) => void;
}

/** The pickers the signed-in person is offered: a partner not its counterparty's (screen-access.ts). */
export function useOfferedPickers(): typeof PICKERS {
  const { seesDimension } = useScreenAccess();
  return PICKERS.filter(({ kind }) => seesDimension(DIMENSION_PARAM[kind]));
}

/**
 * One button a picker, each with the number of values selected: in the top
 * bar on a wide screen, in the filters panel on a narrow one. The count is
 * spoken through aria-label, so a button is never announced as "Campaigns 2".
 */
export function PickerButtons({ buttonClassName, openKind = null, onOpen }: PickerButtonsProps) {
  const filters = useAtomValue(filtersAtom);
  return useOfferedPickers().map(({ kind, label }) => {
    const selected = filters[DIMENSION_PARAM[kind]].length;
    return (
      <button
        key={kind}
        type="button"
        className={buttonClassName}
        aria-label={selected > 0 ? `${label}, ${selected} selected` : undefined}
        aria-haspopup="dialog"
        aria-expanded={openKind === kind}
        onClick={() => onOpen(kind)}
      >
        {label}
        <CountBadge count={selected} />
      </button>
    );
  });
}
