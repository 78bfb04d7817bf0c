import { UNDO_WINDOW_MS } from '@callboard/contract';
import toast from 'react-hot-toast';
import './undo-toast.css';

/**
 * The toast after a change to calls: what was done, and an Undo button for
 * UNDO_WINDOW_MS. Pressing Undo closes it and runs `onUndo`, which says how
 * the undo went in a toast of its own. One toast per change set (its id), so
 * a repeated render never stacks two.
 */
export function showUndoToast(message: string, changeId: string, onUndo: () => void): string {
  return toast.success(
    (t) => (
      <span className="cb-undo-toast">
        <span className="cb-undo-toast__message">{message}</span>
        <button
          type="button"
          className="cb-undo-toast__button"
          onClick={() => {
            toast.dismiss(t.id);
            onUndo();
          }}
        >
          Undo
        </button>
      </span>
    ),
    { id: `change-${changeId}`, duration: UNDO_WINDOW_MS },
  );
}
