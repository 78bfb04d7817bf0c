import { DELIVERY_CHANNELS, DELIVERY_STATUSES, type Delivery } from '@callboard/contract/delivery';
import { useLocation, useNavigate } from '@callboard/shared-router';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatDateTime } from '@callboard/shared-ui/format';
import { RefreshIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { PageSummary, Pagination } from '@callboard/shared-ui/pagination';
import { SelectField } from '@callboard/shared-ui/select-field';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useMemo } from 'react';
import { DELIVERIES_PAGE_SIZE, deliveryFiltersSearch, readDeliveryFilters, useDeliveries, useReplay, type DeliveryFilters } from '../api/deliveries';
import { useEndpoints } from '../api/endpoints';
import { DeliveryDialog, recipientOf } from './delivery-dialog';
import { CHANNEL_LABELS, SOURCE_LABELS, STATUS_LABELS, STATUS_TONES } from './endpoint-labels';
import './deliveries.css';

/**
 * The Deliveries tab (admins): every outbound message, newest first (time, channel, where it went, what
 * produced it, subject, status, attempts, the last response code), filtered by status, channel and endpoint,
 * a page at a time. The filters, the page and the open delivery live in the address. A row (click or Enter)
 * opens its attempts, with Replay.
 */
export default function DeliveriesPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => readDeliveryFilters(new URLSearchParams(search)), [search]);
  const setFilters = (next: Partial<DeliveryFilters>) => void navigate({ pathname, search: deliveryFiltersSearch({ ...filters, ...next }) });
  // A new filter starts at page 1 and closes the open delivery.
  const filterBy = (next: Partial<DeliveryFilters>) => setFilters({ ...next, page: 1, open: null });

  const list = useDeliveries(filters);
  const endpoints = useEndpoints();
  const { replay, pending: replaying } = useReplay();
  const rows = list.data?.data ?? [];

  const columns: TableColumn<Delivery>[] = [
    { key: 'createdAt', label: 'Time', width: 170, card: 'title', render: (row) => formatDateTime(row.createdAt) },
    { key: 'channel', label: 'Channel', width: 90, render: (row) => CHANNEL_LABELS[row.channel] },
    { key: 'to', label: 'Endpoint or recipient', width: 200, nowrap: true, card: 'detail', render: (row) => <span title={recipientOf(row)}>{recipientOf(row)}</span> },
    { key: 'source', label: 'Source', width: 130, render: (row) => SOURCE_LABELS[row.source.kind] },
    { key: 'subject', label: 'Subject', width: 260, nowrap: true, card: 'detail', render: (row) => <span title={row.subject}>{row.subject}</span> },
    {
      key: 'status',
      label: 'Status',
      width: 110,
      card: 'badge',
      render: (row) => (
        <Badge tone={STATUS_TONES[row.status]} dot>
          {STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
    { key: 'attempts', label: 'Attempts', width: 90, align: 'end', render: (row) => String(row.attempts) },
    { key: 'lastStatusCode', label: 'Last code', width: 90, align: 'end', render: (row) => (row.lastStatusCode === null ? '—' : String(row.lastStatusCode)) },
  ];

  const anyFilter = filters.status !== null || filters.channel !== null || filters.endpoint !== null;
  const meta = list.data?.meta;

  return (
    <section className="cb-page deliveries-page">
      <header className="cb-page__header">
        <h1 className="cb-page__title">Deliveries</h1>
        <Button icon={<RefreshIcon size={14} />} busy={list.isValidating} onClick={() => void list.mutate()}>
          Refresh
        </Button>
      </header>
      <div className="deliveries-filters" role="group" aria-label="Filter deliveries">
        <SelectField
          className="deliveries-filters__field"
          label="Status"
          size="sm"
          placeholder="Any status"
          options={DELIVERY_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          value={filters.status ?? ''}
          onChange={(event) => filterBy({ status: (event.target.value || null) as DeliveryFilters['status'] })}
        />
        <SelectField
          className="deliveries-filters__field"
          label="Channel"
          size="sm"
          placeholder="Any channel"
          options={DELIVERY_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] }))}
          value={filters.channel ?? ''}
          onChange={(event) => filterBy({ channel: (event.target.value || null) as DeliveryFilters['channel'] })}
        />
        <SelectField
          className="deliveries-filters__field"
          label="Endpoint"
          size="sm"
          placeholder="Any endpoint"
          options={[
            ...(endpoints.data?.data ?? []).map((endpoint) => ({ value: endpoint.id, label: endpoint.name })),
            // An endpoint named by the address but not (or no longer) listed still shows as chosen.
            ...(filters.endpoint && !endpoints.data?.data.some((endpoint) => endpoint.id === filters.endpoint) ? [{ value: filters.endpoint, label: 'Another endpoint' }] : []),
          ]}
          value={filters.endpoint ?? ''}
          onChange={(event) => filterBy({ endpoint: event.target.value || null })}
        />
        {anyFilter ? (
          <Button size="sm" variant="ghost" onClick={() => filterBy({ status: null, channel: null, endpoint: null })}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {list.error && !list.data ? <LoadError title="Failed to load deliveries" error={list.error} onRetry={() => void list.mutate()} /> : null}
      <div className="cb-card deliveries-card">
        <Table
          label="Deliveries"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.subject}
          onRowClick={(row) => setFilters({ open: row.id })}
          loading={list.isLoading || (list.isValidating && !list.data)}
          loadingText="Loading deliveries..."
          emptyText={
            <EmptyState
              title={anyFilter ? 'No deliveries match these filters' : 'Nothing sent yet'}
              description={anyFilter ? 'Try another status, channel or endpoint' : 'Alerts, scheduled reports, events and test messages are listed here as they are sent'}
            />
          }
        />
        {meta && meta.total > 0 ? (
          <div className="deliveries-footer">
            <PageSummary page={meta.page} limit={DELIVERIES_PAGE_SIZE} total={meta.total} />
            <Pagination label="Deliveries pages" page={filters.page} totalPages={meta.pages} loading={list.isValidating} onPageChange={(page) => setFilters({ page, open: null })} />
          </div>
        ) : null}
      </div>
      {filters.open ? (
        <DeliveryDialog
          key={filters.open}
          id={filters.open}
          row={rows.find((row) => row.id === filters.open) ?? null}
          replaying={replaying}
          onReplay={(delivery) => replay(delivery)}
          onClose={() => setFilters({ open: null })}
        />
      ) : null}
    </section>
  );
}
