import type { ImportDetail } from '@callboard/contract/imports';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { formatCount, formatDateTime } from '@callboard/shared-ui/format';
import '../../admin-tools/admin-pages.css';

/** The share of the file read, in whole percent (0 while it waits for the runner). */
function shareRead(detail: ImportDetail): number {
  if (detail.totalRows === 0) return detail.status === 'running' ? 100 : 0;
  return Math.min(100, Math.floor((detail.progress.rowsRead / detail.totalRows) * 100));
}

/** While it runs: a bar of the rows read, and what became of them so far (read again every second). */
export function ImportProgressBar({ detail }: { detail: ImportDetail }) {
  const { rowsRead, inserted, updated, rejected } = detail.progress;
  const share = shareRead(detail);
  const words =
    detail.status === 'queued'
      ? 'Waiting for the server to start the import…'
      : `Read ${formatCount(rowsRead)} of ${formatCount(detail.totalRows)} rows: ${formatCount(inserted + updated)} stored, ${formatCount(rejected)} rejected.`;
  return (
    <section className="cb-card" aria-labelledby="import-progress">
      <h2 id="import-progress" className="cb-card__header cb-card__title">
        Importing
      </h2>
      <div className="cb-card__body import-section">
        <div
          className="import-progress"
          role="progressbar"
          aria-labelledby="import-progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          aria-valuetext={`${share}%: ${formatCount(rowsRead)} of ${formatCount(detail.totalRows)} rows`}
        >
          <span className="import-progress__fill" style={{ width: `${share}%` }} />
        </div>
        <p className="cb-num" aria-live="polite">
          {words}
        </p>
        <p className="cb-muted">It runs on the server: you may leave this page, and you are told when it ends.</p>
      </div>
    </section>
  );
}

/** After the run: stored, updated and rejected, why it failed if it did, and the rejected rows to download. */
export function ImportOutcome({ detail, busy, onDownload }: { detail: ImportDetail; busy: boolean; onDownload: () => void }) {
  const { rowsRead, inserted, updated, rejected } = detail.progress;
  return (
    <section className="cb-card" aria-labelledby="import-outcome">
      <h2 id="import-outcome" className="cb-card__header cb-card__title">
        {detail.status === 'done' ? 'Import finished' : 'Import failed'}
      </h2>
      <div className="cb-card__body import-section">
        {detail.status === 'failed' ? (
          <Alert tone="error" title="The import stopped">
            {detail.error ?? 'It stopped on an error.'} The rows stored before it stopped stay stored; importing the file again updates them.
          </Alert>
        ) : (
          <Alert tone="success">
            Every row was read{detail.finishedAt ? ` (finished ${formatDateTime(detail.finishedAt)})` : ''}.
          </Alert>
        )}
        <dl className="import-outcome">
          <div>
            <dt>Rows read</dt>
            <dd className="cb-num">{formatCount(rowsRead)}</dd>
          </div>
          <div>
            <dt>New calls stored</dt>
            <dd className="cb-num">{formatCount(inserted)}</dd>
          </div>
          <div>
            <dt>Calls updated</dt>
            <dd className="cb-num">{formatCount(updated)}</dd>
          </div>
          <div>
            <dt>Rows rejected</dt>
            <dd className="cb-num">{formatCount(rejected)}</dd>
          </div>
        </dl>
        {rejected > 0 ? (
          <div className="admin-row">
            <Button onClick={onDownload} busy={busy}>
              Download rejected rows
            </Button>
            <p className="cb-muted">Each with its line and the reason, then the row as the file had it: fix them and upload that file.</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
