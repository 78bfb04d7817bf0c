import { callProfit, type CallRecord, type RecordColumnKey } from '@callboard/contract';
import { cellText, DASH, formatCallTime, formatDuration, formatMoney, truncate } from '@callboard/shared-ui/format';
import { PlayIcon } from '@callboard/shared-ui/icons';
import { RepeatBadge } from '@callboard/shared-ui/repeat-badge';
import { DisputeBadge, StatusBadge } from '@callboard/shared-ui/status-badge';
import type { ReactNode } from 'react';

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A long text cut at 20 characters plus "…", so rows keep one height in fixed-width columns; the whole text in the tooltip. */
export function TruncatedText({ text }: { text: string | null | undefined }) {
  if (isBlank(text)) return <>{DASH}</>;
  const full = text as string;
  const short = truncate(full);
  return <span title={short === full ? undefined : full}>{short}</span>;
}

/** A "Play" link opening the recording in a new tab. */
export function RecordingLink({ url }: { url: string | null | undefined }) {
  if (isBlank(url)) return <>{DASH}</>;
  return (
    <a className="records__play" href={url as string} target="_blank" rel="noopener noreferrer">
      <PlayIcon size={11} />
      Play
    </a>
  );
}

/** How each records column draws its cell; the default is the value as text, or the dash. */
export function renderRecordCell(key: RecordColumnKey, record: CallRecord, truncated: boolean): ReactNode {
  if (truncated && key !== 'profit') return <TruncatedText text={record[key] as string | null} />;
  switch (key) {
    case 'callTimestamp':
      return isBlank(record.callTimestamp) ? DASH : <time dateTime={record.callTimestamp}>{formatCallTime(record.callTimestamp)}</time>;
    case 'status':
      return (
        <>
          <StatusBadge status={record.status} />
          <DisputeBadge call={record} />
        </>
      );
    case 'durationSec':
      return isBlank(record.durationSec) ? DASH : <span title={`${record.durationSec} seconds`}>{formatDuration(record.durationSec)}</span>;
    case 'recordingUrl':
      return <RecordingLink url={record.recordingUrl} />;
    case 'callerId':
      // A repeat caller is marked where the caller id is read.
      return (
        <>
          {isBlank(record.callerId) ? DASH : <span className="cb-mono">{cellText(record.callerId)}</span>}
          <RepeatBadge call={record} />
        </>
      );
    case 'revenue':
    case 'payout':
      return <span className="cb-num">{formatMoney(record[key])}</span>;
    case 'profit':
      return <span className="cb-num">{formatMoney(callProfit(record))}</span>;
    case 'connected':
    case 'repeat':
      return record[key] ? 'Yes' : 'No';
    case 'systemCallId':
    case 'systemBuyerId':
      return isBlank(record[key]) ? DASH : <span className="cb-mono">{cellText(record[key])}</span>;
    default:
      return cellText(record[key]);
  }
}
