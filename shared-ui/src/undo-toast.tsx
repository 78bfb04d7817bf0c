import { UNDO_WINDOW_MS } from '@callboard/contract';
import toast from 'react-hot-toast';
import './undo-toast.css';

/**
 * The toast after a change to calls: what was done, and an Undo button for
 * UNDO_WINDOW_MS. Pressing Undo closes it and runs `onUndo`, which says how
 * the undo went in a toast of its own.
 */
export function showUndoToast(message: string, onUndo: () => void): string {
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
    { duration: UNDO_WINDOW_MS },
  );
}
