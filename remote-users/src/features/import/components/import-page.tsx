import { IMPORT_MAX_BYTES, type ImportSummary } from '@callboard/contract/imports';
import { PLATFORM_PRESETS } from '@callboard/contract/platforms';
import { useNavigate, useParams } from '@callboard/shared-router';
import { Alert } from '@callboard/shared-ui/alert';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatCount, formatShortDateTime } from '@callboard/shared-ui/format';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useId, useRef, useState, type FormEvent } from 'react';
import { IMPORTS_TEXT, useImportActions, useImports } from '../api/imports';
import { ImportDetailView } from './import-detail';
import { StatusBadge, fileSize } from './import-status';
import './imports.css';
import '../../admin-tools/admin-pages.css';

/**
 * The Import tab (admins; issue 37 item 4): a platform's CSV export uploaded from the browser, and the latest
 * imports; one import at its own address (`import/<id>`), where its mapping is checked, its first rows previewed,
 * and its run followed to the summary.
 */
export default function ImportPage() {
  const { importId } = useParams();
  return importId ? <ImportDetailView key={importId} id={importId} /> : <ImportStart />;
}

function ImportStart() {
  const list = useImports();
  const base = useAreaBase();
  const navigate = useNavigate();
  const open = (id: string) => void navigate(`${base}/import/${encodeURIComponent(id)}`);

  const columns: TableColumn<ImportSummary>[] = [
    { key: 'fileName', label: 'File', width: 240, card: 'title', render: (i) => <span className="admin-strong">{i.fileName}</span> },
    { key: 'platform', label: 'Recognised as', width: 170, card: 'detail', render: (i) => (i.platform ? PLATFORM_PRESETS[i.platform].label : 'Not recognised') },
    { key: 'status', label: 'State', width: 120, card: 'badge', render: (i) => <StatusBadge status={i.status} /> },
    { key: 'rows', label: 'Rows', width: 100, align: 'end', render: (i) => formatCount(i.totalRows) },
    {
      key: 'outcome',
      label: 'Stored / rejected',
      width: 160,
      align: 'end',
      card: 'figure',
      render: (i) => (i.status === 'uploaded' ? '—' : `${formatCount(i.progress.inserted + i.progress.updated)} / ${formatCount(i.progress.rejected)}`),
    },
    { key: 'createdAt', label: 'Uploaded', width: 180, card: 'detail', render: (i) => formatShortDateTime(i.createdAt) },
  ];

  return (
    <section className="cb-page import-page">
      <header className="cb-page__header">
        <h1 className="cb-page__title">Import calls</h1>
      </header>
      <p className="cb-muted">
        Upload a CSV export from Ringba, Retreaver or TrackDrive, or a file in Callboard’s own column names. Its columns are recognised and you check
        them, and the first rows as they will be stored, before anything is imported. Importing a file again updates its calls.
      </p>
      <UploadForm onUploaded={open} />
      <section className="cb-card" aria-labelledby="import-latest">
        <h2 id="import-latest" className="cb-card__header cb-card__title">
          Latest imports
        </h2>
        {list.error && !list.data ? <LoadError title={IMPORTS_TEXT.loadFailed} error={list.error} onRetry={() => void list.mutate()} /> : null}
        <Table
          label="Latest imports"
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(i) => i.id}
          rowLabel={(i) => i.fileName}
          onRowClick={(i) => open(i.id)}
          loading={list.isLoading}
          loadingText="Loading imports..."
          emptyText={<EmptyState title="No imports yet" description="Upload a CSV export to see its columns and rows before importing" />}
        />
      </section>
    </section>
  );
}

/** The file chooser and Upload: the file goes to the server as it is, which reads it (nothing is parsed here). */
function UploadForm({ onUploaded }: { onUploaded: (id: string) => void }) {
  const actions = useImportActions();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem('Choose a CSV file first');
      input.current?.focus();
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(`${file.name} is ${fileSize(file.size)}: a file may be at most ${fileSize(IMPORT_MAX_BYTES)}. Split it, or import it with npm run import.`);
      return;
    }
    setProblem(null);
    const result = await actions.upload(file);
    if (result.ok) onUploaded(result.answer.data.id);
    else setProblem(result.message);
  };

  return (
    <form className="cb-card import-upload" aria-labelledby="import-upload-title" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="import-upload-title" className="cb-card__header cb-card__title">
        Upload a file
      </h2>
      <div className="cb-card__body import-upload__body">
        <div className="import-upload__field">
          <label htmlFor={inputId} className="cb-field__label">
            CSV file
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="import-upload__input"
            aria-describedby={hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
          <p id={hintId} className="cb-muted import-upload__hint">
            Up to {fileSize(IMPORT_MAX_BYTES)}. Export the call log as CSV, with its header row.
          </p>
        </div>
        <Button type="submit" variant="primary" busy={actions.pending}>
          Upload
        </Button>
      </div>
      {problem ? (
        <div className="import-upload__problem">
          <Alert tone="error">{problem}</Alert>
        </div>
      ) : null}
    </form>
  );
}
