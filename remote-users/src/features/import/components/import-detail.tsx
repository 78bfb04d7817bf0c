import { IMPORT_FIELD_LABELS, IMPORT_MESSAGES, type ImportDetail } from '@callboard/contract/imports';
import { PLATFORM_PRESETS } from '@callboard/contract/platforms';
import { isApiError } from '@callboard/shared-auth/api-error';
import { Link } from '@callboard/shared-router';
import { Alert } from '@callboard/shared-ui/alert';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Button } from '@callboard/shared-ui/button';
import { formatCount, formatCountOf, formatDateTime } from '@callboard/shared-ui/format';
import { ChevronLeftIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { IMPORTS_TEXT, useImport, useImportActions } from '../api/imports';
import { StatusBadge, fileSize } from './import-status';
import { ImportOutcome, ImportProgressBar } from './import-run-status';
import { MappingTable } from './mapping-table';
import { PreviewTable } from './preview-table';
import '../../admin-tools/admin-pages.css';

/**
 * One import at its own address: before it runs, the platform its columns were recognised as, the mapping (each
 * field's column, editable) and the first rows as they will be stored, then Import; while it runs, its progress;
 * after, what it stored and rejected, with the rejected rows to download.
 */
export function ImportDetailView({ id }: { id: string }) {
  const current = useImport(id);
  const actions = useImportActions();
  const base = useAreaBase();
  const back = (
    <Link to={`${base}/import`} className="admin-back">
      <ChevronLeftIcon size={14} /> All imports
    </Link>
  );

  const value = current.data?.data;
  if (!value) {
    const gone = isApiError(current.error) && current.error.status === 404;
    return (
      <section className="cb-page import-page">
        {back}
        {current.error ? (
          <LoadError title={gone ? 'This import does not exist (any more)' : IMPORTS_TEXT.loadOneFailed} error={current.error} onRetry={gone ? undefined : () => void current.mutate()} />
        ) : (
          <p role="status" className="cb-muted">
            <Spinner size="xs" decorative /> Loading the import...
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="cb-page import-page">
      {back}
      <header className="cb-page__header">
        <div className="admin-row">
          <h1 className="cb-page__title">{value.fileName}</h1>
          <StatusBadge status={value.status} />
        </div>
      </header>
      <p className="cb-muted">
        {fileSize(value.byteSize)} · {formatCount(value.totalRows)} rows · uploaded {formatDateTime(value.createdAt)}
      </p>
      {value.status === 'uploaded' ? <BeforeImport detail={value} actions={actions} /> : null}
      {value.status === 'queued' || value.status === 'running' ? <ImportProgressBar detail={value} /> : null}
      {value.status === 'done' || value.status === 'failed' ? (
        <ImportOutcome detail={value} busy={actions.pending} onDownload={() => void actions.downloadRejects(value.id)} />
      ) : null}
    </section>
  );
}

function Recognised({ detail }: { detail: ImportDetail }) {
  const { platform, recognisedColumns, columns } = detail;
  if (!platform) {
    return (
      <Alert tone="warning" title="No platform recognised">
        None of the {formatCount(columns.length)} column titles is a name we know: choose each field’s column below.
      </Alert>
    );
  }
  const label = platform === 'generic' ? 'Callboard’s own column names' : `a ${PLATFORM_PRESETS[platform].label} export`;
  return (
    <Alert tone="info" title={`Recognised as ${label}`}>
      {formatCount(recognisedColumns)} of the {formatCount(columns.length)} column titles are its names. Check the mapping below: change any column that is read
      wrong.
    </Alert>
  );
}

function BeforeImport({ detail, actions }: { detail: ImportDetail; actions: ReturnType<typeof useImportActions> }) {
  const missing = detail.missingFields;
  const unmapped = detail.columns.filter((c) => c.fields.length === 0 && c.header.trim() !== '');
  return (
    <>
      <Recognised detail={detail} />
      <section className="cb-card" aria-labelledby="import-mapping">
        <h2 id="import-mapping" className="cb-card__header cb-card__title">
          Mapping
        </h2>
        <div className="cb-card__body import-section">
          <MappingTable key={JSON.stringify(detail.mapping)} detail={detail} busy={actions.pending} onChange={(mapping) => actions.saveMapping(detail.id, mapping)} />
          {unmapped.length > 0 ? (
            <p className="cb-muted">
              Not imported: {unmapped.map((c) => c.header).join(', ')}.
            </p>
          ) : null}
        </div>
      </section>
      <section className="cb-card" aria-labelledby="import-preview">
        <h2 id="import-preview" className="cb-card__header cb-card__title">
          Preview
        </h2>
        <div className="cb-card__body import-section">
          <PreviewTable detail={detail} />
        </div>
      </section>
      <div className="admin-row">
        {missing.length > 0 ? <Alert tone="warning">{IMPORT_MESSAGES.needsColumns(missing.map((f) => IMPORT_FIELD_LABELS[f]))}</Alert> : null}
        <Button variant="primary" disabled={missing.length > 0} busy={actions.pending} onClick={() => void actions.start(detail.id)}>
          Import {formatCountOf(detail.totalRows, 'row')}
        </Button>
      </div>
    </>
  );
}
