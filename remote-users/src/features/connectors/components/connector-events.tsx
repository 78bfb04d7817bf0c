import { CONNECTOR_EVENTS_KEPT, CONNECTOR_OUTCOME_LABELS, type ConnectorEvent, type ConnectorOutcome } from '@callboard/contract/connectors';
import { useOnCallsChanged } from '@callboard/shared-auth/use-live-events';
import { Badge, type BadgeTone } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatDateTime } from '@callboard/shared-ui/format';
import { RefreshIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { CONNECTORS_TEXT, useConnectorEvents } from '../api/connectors';

const OUTCOME_TONES: Record<ConnectorOutcome, BadgeTone> = {
  created: 'success',
  updated: 'success',
  applied: 'success',
  held: 'info',
  ignored_stale: 'neutral',
  rejected: 'danger',
};

/** A burst of calls refreshes the list at most this often. */
const LIVE_GAP_MS = 2_000;

export interface ConnectorEventsProps {
  connectorId: string;
  /** Reads the connector again too (its last event time, its held calls) when the events are read again. */
  onRefresh: () => unknown;
}

/**
 * The last events the connector received, newest first, each with what it became (created, updated, held,
 * applied, nothing newer, rejected and why) and what was sent (the token taken out). Read again when the live
 * connection says calls changed (an event that made or changed a call), and with Refresh for the rest (a
 * rejected or held event changes no call).
 */
export function ConnectorEvents({ connectorId, onRefresh }: ConnectorEventsProps) {
  const events = useConnectorEvents(connectorId);
  const refresh = () => {
    void events.mutate();
    void onRefresh();
  };
  useOnCallsChanged(refresh, true, LIVE_GAP_MS);
  const rows = events.data?.data ?? [];

  const columns: TableColumn<ConnectorEvent>[] = [
    { key: 'receivedAt', label: 'Received', width: 170, card: 'title', render: (event) => formatDateTime(event.receivedAt) },
    { key: 'method', label: 'Method', width: 80, render: (event) => event.method },
    {
      key: 'outcome',
      label: 'Became',
      width: 170,
      card: 'badge',
      render: (event) => (
        <Badge tone={OUTCOME_TONES[event.outcome]} dot>
          {CONNECTOR_OUTCOME_LABELS[event.outcome]}
        </Badge>
      ),
    },
    { key: 'reason', label: 'Reason', width: 240, card: 'detail', render: (event) => event.reason ?? '—' },
    { key: 'platformCallId', label: 'Platform call id', width: 170, nowrap: true, render: (event) => <span className="connector-code">{event.platformCallId ?? '—'}</span> },
    {
      key: 'payload',
      label: 'Sent',
      width: 220,
      render: (event) => (
        <details className="connector-payload">
          <summary>Show what was sent</summary>
          <pre className="connector-pre">{JSON.stringify(event.payload, null, 2)}</pre>
        </details>
      ),
    },
  ];

  return (
    <div className="connector-events">
      <div className="connector-events__bar">
        <p className="cb-muted">The last {CONNECTOR_EVENTS_KEPT} kept, newest first; the list follows new calls as they arrive.</p>
        <Button size="sm" icon={<RefreshIcon size={14} />} busy={events.isValidating} onClick={refresh}>
          Refresh
        </Button>
      </div>
      {events.error && !events.data ? <LoadError title={CONNECTORS_TEXT.eventsFailed} error={events.error} onRetry={refresh} /> : null}
      <Table
        label="Received events"
        columns={columns}
        rows={rows}
        rowKey={(event) => event.id}
        rowClassName={(event) => (event.outcome === 'rejected' ? 'connector-events__row--rejected' : undefined)}
        loading={events.isLoading}
        loadingText="Loading events..."
        emptyText={<EmptyState compact title="Nothing received yet" description="Paste a URL above into the platform; its events appear here as they arrive" />}
      />
    </div>
  );
}
