import { OUTBOUND_EVENT_LABELS, type EventSubscription, type EventSubscriptionBody } from '@callboard/contract/event-subscriptions';
import { useNavigate } from '@callboard/shared-router';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { PlusIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useState } from 'react';
import { SUBSCRIPTIONS_TEXT, useSubscriptionActions, useSubscriptions } from '../api/subscriptions';
import { SubscriptionFormDialog } from './subscription-form-dialog';
import '../../deliveries/components/deliveries.css';
import '../../admin-tools/admin-pages.css';

type Dialog = { kind: 'form'; subscription: EventSubscription | null } | { kind: 'delete'; subscription: EventSubscription };

/** A subscription's body as it stands, to send back with one thing changed. */
export const bodyOf = (s: EventSubscription): EventSubscriptionBody => ({
  name: s.name,
  endpointId: s.endpoint.id,
  eventTypes: s.eventTypes,
  campaignIds: s.campaignIds,
  publisherIds: s.publisherIds,
  buyerIds: s.buyerIds,
  dispositionBecomes: s.dispositionBecomes,
  enabled: s.enabled,
});

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "2 buyers, 1 campaign; becomes Sales", or "Every call". */
function narrowingText(s: EventSubscription): string {
  const sources = [
    s.campaignIds.length > 0 ? plural(s.campaignIds.length, 'campaign') : null,
    s.publisherIds.length > 0 ? plural(s.publisherIds.length, 'publisher') : null,
    s.buyerIds.length > 0 ? plural(s.buyerIds.length, 'buyer') : null,
  ].filter(Boolean);
  const parts = [sources.length > 0 ? `Calls of ${sources.join(', ')}` : 'Every call'];
  if (s.dispositionBecomes) parts.push(`when the disposition becomes ${s.dispositionBecomes}`);
  return parts.join(', ');
}

/**
 * The Event subscriptions tab (admins): which webhook endpoints are told of which events (issue 37's outbound
 * events; docs/integrations.md). Each with its endpoint, its types, what it is narrowed to and whether it is
 * on; add, edit, turn on or off, see its endpoint's deliveries, delete.
 */
export default function SubscriptionsPage() {
  const list = useSubscriptions();
  const actions = useSubscriptionActions();
  const base = useAreaBase();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const subscriptions = list.data?.data ?? [];

  const columns: TableColumn<EventSubscription>[] = [
    { key: 'name', label: 'Name', width: 190, card: 'title', render: (s) => <span className="admin-strong">{s.name}</span> },
    {
      key: 'endpoint',
      label: 'Endpoint',
      width: 170,
      card: 'detail',
      render: (s) => (
        <span>
          {s.endpoint.name}
          {s.endpoint.paused ? (
            <>
              {' '}
              <Badge tone="warning">Paused</Badge>
            </>
          ) : null}
        </span>
      ),
    },
    { key: 'eventTypes', label: 'Events', width: 220, card: 'detail', render: (s) => <span title={s.eventTypes.map((t) => OUTBOUND_EVENT_LABELS[t]).join('; ')}>{s.eventTypes.join(', ')}</span> },
    { key: 'narrowing', label: 'Only', width: 220, render: (s) => narrowingText(s) },
    {
      key: 'enabled',
      label: 'State',
      width: 100,
      card: 'badge',
      render: (s) => (
        <Badge tone={s.enabled ? 'success' : 'neutral'} dot>
          {s.enabled ? 'On' : 'Off'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      width: 110,
      align: 'end',
      card: 'menu',
      render: (s) => (
        <Dropdown
          label="Actions"
          triggerAriaLabel={`Actions for ${s.name}`}
          menuLabel={`Actions for ${s.name}`}
          size="sm"
          variant="ghost"
          align="end"
          disabled={actions.pending}
          items={[
            { key: 'edit', label: 'Edit', onSelect: () => setDialog({ kind: 'form', subscription: s }) },
            { key: 'toggle', label: s.enabled ? 'Turn off' : 'Turn on', onSelect: () => void actions.save(s.id, { ...bodyOf(s), enabled: !s.enabled }) },
            { key: 'deliveries', label: 'Its endpoint’s deliveries', onSelect: () => void navigate({ pathname: `${base}/deliveries`, search: `?endpoint=${encodeURIComponent(s.endpoint.id)}` }) },
            { key: 'delete', label: 'Delete', danger: true, separatorBefore: true, onSelect: () => setDialog({ kind: 'delete', subscription: s }) },
          ]}
        />
      ),
    },
  ];

  return (
    <section className="cb-page deliveries-page">
      <header className="cb-page__header">
        <h1 className="cb-page__title">Event subscriptions</h1>
        <Button variant="primary" icon={<PlusIcon size={14} />} onClick={() => setDialog({ kind: 'form', subscription: null })}>
          Add subscription
        </Button>
      </header>
      {list.error && !list.data ? <LoadError title={SUBSCRIPTIONS_TEXT.loadFailed} error={list.error} onRetry={() => void list.mutate()} /> : null}
      <div className="cb-card deliveries-card">
        <Table
          label="Event subscriptions"
          columns={columns}
          rows={subscriptions}
          rowKey={(s) => s.id}
          loading={list.isLoading}
          loadingText="Loading subscriptions..."
          emptyText={<EmptyState title="No subscriptions yet" description="Send calls' changes and alerts to a webhook endpoint as they happen, signed." />}
        />
      </div>

      {dialog?.kind === 'form' ? (
        <SubscriptionFormDialog subscription={dialog.subscription} onSave={(body) => actions.save(dialog.subscription?.id ?? null, body)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog title="Delete subscription" onConfirm={() => actions.remove(dialog.subscription.id)} onClose={() => setDialog(null)}>
          Delete <strong>{dialog.subscription.name}</strong>? Its endpoint is told of nothing more from it; the log keeps what was sent.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
