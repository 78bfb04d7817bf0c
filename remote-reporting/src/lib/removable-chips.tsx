import { Button } from '@callboard/shared-ui/button';
import { CloseIcon } from '@callboard/shared-ui/icons';
import './removable-chips.css';

export interface RemovableChip {
  key: string;
  text: string;
  /** A tooltip with more (a person's email). */
  title?: string;
  /** The remove button's accessible name ("Remove Publisher Acme Media"). */
  removeLabel: string;
  onRemove: () => void;
}

/** What a picker has chosen, as a list of chips, each with a button that takes it off (the rule's sources, a report's recipients). */
export function RemovableChips({ label, chips }: { label: string; chips: readonly RemovableChip[] }) {
  return (
    <ul className="removable-chips" aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key} className="removable-chips__chip">
          <span title={chip.title}>{chip.text}</span>
          <Button size="sm" variant="ghost" iconOnly icon={<CloseIcon size={12} />} aria-label={chip.removeLabel} onClick={chip.onRemove} />
        </li>
      ))}
    </ul>
  );
}
