import { Button } from '@callboard/shared-ui/button';
import { formatCount } from '@callboard/shared-ui/format';
import { CloseIcon, ErrorIcon, SuccessIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useId } from 'react';
import type { DownloadProgress } from '../api/export-download';
import type { ExportState } from '../hooks/use-export';
import './export.css';

export interface ExportPopupProps {
  state: ExportState;
  onClose: () => void;
}

/** 1536 → "1.5 KB": how much of the file has arrived. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "1.2 MB received · 400 of 3,000 rows" (CSV) or "1.2 MB received · 3,000 rows" (XLSX, rows unknown until the end). */
export function receivedText({ bytes, rows, totalRows }: DownloadProgress): string {
  // Nothing back yet: the server counts the rows before it sends the first byte.
  if (bytes === 0 && totalRows === null) return 'Waiting for the server…';
  const parts = [`${formatBytes(bytes)} received`];
  if (rows !== null && totalRows !== null) parts.push(`${formatCount(Math.min(rows, totalRows))} of ${formatCount(totalRows)} rows`);
  else if (rows !== null) parts.push(`${formatCount(rows)} rows`);
  else if (totalRows !== null) parts.push(`${formatCount(totalRows)} rows`);
  return parts.join(' · ');
}

const TITLES = { processing: 'Exporting Records', completed: 'Export Complete', error: 'Export Failed' } as const;

/**
 * The export progress popup, docked at the bottom right so the
 * records stay usable while a large export streams. Not modal: it takes no
 * focus and announces its changes politely. Closing it while exporting
 * cancels the export.
 */
export function ExportPopup({ state, onClose }: ExportPopupProps) {
  const titleId = useId();
  if (state.status === 'idle') return null;
  const { status } = state;
  const share =
    status === 'processing' && state.received.rows !== null && state.received.totalRows
      ? Math.min(100, Math.round((state.received.rows / state.received.totalRows) * 100))
      : null;

  return (
    <section className={`export-popup export-popup--${status}`} role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <header className="export-popup__header">
        <span className="export-popup__icon" aria-hidden="true">
          {status === 'processing' ? <Spinner size="sm" decorative /> : status === 'completed' ? <SuccessIcon size={16} /> : <ErrorIcon size={16} />}
        </span>
        <h2 id={titleId} className="export-popup__title">
          {TITLES[status]}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={status === 'processing' ? 'Cancel export' : 'Close'}
          title={status === 'processing' ? 'Cancel export' : 'Close'}
          onClick={onClose}
        >
          <CloseIcon size={14} />
        </Button>
      </header>
      <div className="export-popup__body" aria-live="polite">
        {status === 'processing' ? (
          <>
            <p className="export-popup__text">Preparing your {state.format.toUpperCase()} file…</p>
            <div
              className={['export-popup__bar', share === null && 'export-popup__bar--indeterminate'].filter(Boolean).join(' ')}
              role="progressbar"
              aria-label="Export progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share ?? undefined}
            >
              <span className="export-popup__fill" style={share === null ? undefined : { width: `${share}%` }} />
            </div>
            <p className="export-popup__meta cb-num">{receivedText(state.received)}</p>
          </>
        ) : null}
        {status === 'completed' ? (
          <>
            <p className="export-popup__text">Export completed successfully!</p>
            <p className="export-popup__meta">Download should start automatically.</p>
          </>
        ) : null}
        {status === 'error' ? <p className="export-popup__text export-popup__text--error">Export failed: {state.message}</p> : null}
      </div>
    </section>
  );
}
