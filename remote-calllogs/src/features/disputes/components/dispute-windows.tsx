import { messagesByField, type FieldError } from '@callboard/contract';
import { DEFAULT_DISPUTE_WINDOW_DAYS, DISPUTE_MESSAGES, MAX_DISPUTE_WINDOW_DAYS, MIN_DISPUTE_WINDOW_DAYS, type DisputeWindow } from '@callboard/contract/disputes';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Modal } from '@callboard/shared-ui/modal';
import { TextField } from '@callboard/shared-ui/text-field';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useDisputeWindows } from '../hooks/use-dispute-windows';
import './dispute-windows.css';

const daysText = (days: number) => `${days} day${days === 1 ? '' : 's'}`;
const RANGE = `${MIN_DISPUTE_WINDOW_DAYS} to ${MAX_DISPUTE_WINDOW_DAYS} days`;

/** One row being edited: the days as typed, and the server's (or the form's) word on them. */
interface RowEdit {
  draft: string;
  error: string | null;
  saving: boolean;
}

/**
 * What a refused save says under its field: the server's message for `days` (its range, say), else its
 * message for the request (403 not an admin, 404 a buyer deleted meanwhile), else the failure's own.
 */
export function saveFailureMessage(error: unknown): string {
  const errors = error instanceof Error && 'errors' in error && Array.isArray(error.errors) ? (error.errors as FieldError[]) : [];
  const { fields, other } = messagesByField(errors, (field): field is 'days' => field === 'days');
  return fields.days ?? other[0] ?? (error instanceof Error && error.message ? error.message : 'Failed to save the dispute window');
}

/**
 * The buyers' dispute windows beside the queue (issue 35: "per buyer, default 7 days after the call, set by an
 * admin"): a button in the Disputes tab's header opening a dialog of every buyer with its window, the default
 * marked. An admin edits each buyer's days and saves that row alone (Enter or its Save); the range is the
 * server's to judge, and its message lands under the field. A reviewer reads the same list (a buyer's window is
 * part of deciding, and of telling a buyer why a call can no longer be disputed). Nobody else is offered it.
 */
export function DisputeWindowsButton() {
  const { disputeWindows } = useScreenAccess();
  const [open, setOpen] = useState(false);
  if (disputeWindows === 'none') return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Dispute windows
      </Button>
      {open ? <DisputeWindowsDialog editable={disputeWindows === 'edit'} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function DisputeWindowsDialog({ editable, onClose }: { editable: boolean; onClose: () => void }) {
  const { windows, error, reload, save } = useDisputeWindows(true);
  const [edits, setEdits] = useState<ReadonlyMap<number, RowEdit>>(new Map());

  const setEdit = (buyerId: number, edit: RowEdit | null) =>
    setEdits((current) => {
      const next = new Map(current);
      if (edit) next.set(buyerId, edit);
      else next.delete(buyerId);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>, row: DisputeWindow) => {
    event.preventDefault();
    const edit = edits.get(row.buyerId);
    if (!edit || edit.saving) return;
    const text = edit.draft.trim();
    // Only what cannot be sent as whole days is refused here; the range is the server's to judge.
    if (!/^\d{1,9}$/.test(text)) {
      setEdit(row.buyerId, { ...edit, error: `Enter a whole number of days, ${RANGE}` });
      return;
    }
    const days = Number(text);
    setEdit(row.buyerId, { ...edit, error: null, saving: true });
    try {
      const saved = await save(row.buyerId, days);
      setEdits((current) => {
        // Typed again while saving: keep what was typed.
        if (current.get(row.buyerId)?.draft !== edit.draft) return current;
        const next = new Map(current);
        next.delete(row.buyerId);
        return next;
      });
      toast.success(`${saved.buyerName}: dispute window ${daysText(saved.days)}`);
    } catch (failure) {
      setEdits((current) => new Map(current).set(row.buyerId, { draft: current.get(row.buyerId)?.draft ?? edit.draft, error: saveFailureMessage(failure), saving: false }));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Dispute windows"
      subtitle={
        editable
          ? `How many days after a call its buyer may dispute it: ${RANGE}, ${daysText(DEFAULT_DISPUTE_WINDOW_DAYS)} where none was set.`
          : `How many days after a call its buyer may dispute it (${daysText(DEFAULT_DISPUTE_WINDOW_DAYS)} where none was set). ${DISPUTE_MESSAGES.windowSetters}.`
      }
      size="md"
      closeOnBackdrop={!editable}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {error && !windows ? (
        <LoadError title="Failed to load the dispute windows." error={error} onRetry={() => void reload()} />
      ) : !windows ? (
        <p className="cb-text-sm" role="status">
          Loading the dispute windows...
        </p>
      ) : windows.length === 0 ? (
        <EmptyState title="No buyers" description="A buyer's window can be set once its first call arrives." />
      ) : (
        <table className="dispute-windows" aria-label="Dispute windows">
          <thead>
            <tr>
              <th scope="col">Buyer</th>
              <th scope="col">Window (days after the call)</th>
            </tr>
          </thead>
          <tbody>
            {windows.map((row) => {
              const edit = edits.get(row.buyerId);
              const draft = edit?.draft ?? String(row.days);
              return (
                <tr key={row.buyerId}>
                  <th scope="row" className="dispute-windows__buyer">
                    {row.buyerName}
                    {row.isDefault ? <span className="dispute-windows__default">Default</span> : null}
                  </th>
                  <td>
                    {editable ? (
                      <form className="dispute-windows__form" noValidate aria-label={`${row.buyerName}'s dispute window`} onSubmit={(event) => void submit(event, row)}>
                        <TextField
                          label={`Days ${row.buyerName} may dispute a call`}
                          hideLabel
                          size="sm"
                          inputMode="numeric"
                          value={draft}
                          error={edit?.error}
                          onChange={(event) => setEdit(row.buyerId, { draft: event.target.value, error: null, saving: edit?.saving ?? false })}
                        />
                        <Button type="submit" size="sm" variant="primary" busy={edit?.saving} disabled={edit === undefined || edit.draft.trim() === String(row.days)}>
                          Save
                        </Button>
                      </form>
                    ) : (
                      daysText(row.days)
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
