import type { ImportStatus } from '@callboard/contract/imports';
import { Badge, type BadgeTone } from '@callboard/shared-ui/badge';

const STATUS: Record<ImportStatus, { label: string; tone: BadgeTone }> = {
  uploaded: { label: 'Not imported yet', tone: 'neutral' },
  queued: { label: 'Starting', tone: 'info' },
  running: { label: 'Importing', tone: 'info' },
  done: { label: 'Imported', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** An import's state in words. */
export function StatusBadge({ status }: { status: ImportStatus }) {
  const { label, tone } = STATUS[status];
  return (
    <Badge tone={tone} dot>
      {label}
    </Badge>
  );
}

/** Bytes as KB or MB (1024-based, as the limit is stated). */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, '') : Math.round(mb)} MB`;
}
