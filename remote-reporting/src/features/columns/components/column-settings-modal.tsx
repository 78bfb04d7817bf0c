import type { RecordColumn, RecordColumnKey } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { useState } from 'react';
import './columns.css';

export interface ColumnSettingsModalProps {
  open: boolean;
  /** Every column with its saved visibility. */
  columns: readonly RecordColumn[];
  onSave: (visible: RecordColumnKey[]) => void;
  onClose: () => void;
}

/**
 * Column Settings: a checkbox per column. Ticks are a draft until
 * Save; Cancel, Escape or the backdrop leave the table as it was. Mounted per
 * opening, so the draft starts from the saved choice every time.
 */
export function ColumnSettingsModal({ open, ...rest }: ColumnSettingsModalProps) {
  return open ? <ColumnSettingsDialog {...rest} /> : null;
}

function ColumnSettingsDialog({ columns, onSave, onClose }: Omit<ColumnSettingsModalProps, 'open'>) {
  const [draft, setDraft] = useState<ReadonlySet<RecordColumnKey>>(() => new Set(columns.filter((c) => c.visible).map((c) => c.key)));

  const toggle = (key: RecordColumnKey) => {
    setDraft((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  const save = () => {
    onSave(columns.filter((c) => draft.has(c.key)).map((c) => c.key));
    onClose();
  };

  const footer = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      <Button variant="primary" onClick={save}>
        Save
      </Button>
    </>
  );

  return (
    <Modal open onClose={onClose} title="Column Settings" subtitle="Choose the columns the records table shows." size="sm" footer={footer}>
      <div className="column-settings">
        <div className="column-settings__bar">
          <span className="cb-muted cb-text-sm cb-num">
            {draft.size} of {columns.length} shown
          </span>
          <button
            type="button"
            className="cb-link cb-text-sm"
            onClick={() => setDraft(new Set(columns.map((c) => c.key)))}
            disabled={draft.size === columns.length}
          >
            Show all
          </button>
        </div>
        <ul className="column-settings__list" aria-label="Columns">
          {columns.map((column) => (
            <li key={column.key}>
              <label className="column-settings__item">
                <input type="checkbox" checked={draft.has(column.key)} onChange={() => toggle(column.key)} />
                <span>{column.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
