import { type DeliveryEndpoint, type EndpointWithSecret } from '@callboard/contract/delivery';
import { useLocation, useNavigate } from '@callboard/shared-router';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatDateTime } from '@callboard/shared-ui/format';
import { PlayIcon, PlusIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useState } from 'react';
import { ENDPOINTS_TEXT, useEndpointActions, useEndpoints } from '../api/endpoints';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { KIND_LABELS } from './endpoint-labels';
import { SecretDialog } from './secret-dialog';
import './deliveries.css';
import '../../admin-tools/admin-pages.css';

type Dialog =
  | { kind: 'form'; endpoint: DeliveryEndpoint | null }
  | { kind: 'secret'; endpoint: EndpointWithSecret & { secret: string }; rotated: boolean }
  | { kind: 'delete' | 'rotate'; endpoint: DeliveryEndpoint };

const withSecret = (endpoint: EndpointWithSecret): (EndpointWithSecret & { secret: string }) | null => (endpoint.secret ? { ...endpoint, secret: endpoint.secret } : null);

/**
 * The Delivery endpoints tab (admins): where webhooks and Slack messages go. Each endpoint with its owner,
 * whether it is paused (why, since when) and its failures in a row; add, edit, delete, a new signing secret
 * (shown once), resume, and a test message whose toast says whether it arrived. `?endpoint=<id>` (a pause
 * notice's link) marks that endpoint.
 */
export default function EndpointsPage() {
  const list = useEndpoints();
  const actions = useEndpointActions();
  const base = useAreaBase();
  const navigate = useNavigate();
  const marked = new URLSearchParams(useLocation().search).get('endpoint');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const endpoints = list.data?.data ?? [];

  const save = async (endpoint: DeliveryEndpoint | null, body: Parameters<typeof actions.create>[0]) => {
    if (endpoint) return actions.update(endpoint.id, { name: body.name, url: body.url });
    const result = await actions.create(body);
    const created = result.ok ? withSecret(result.answer.data) : null;
    // The secret's dialog takes the form's place (the form's own close then leaves it open: closeOnly).
    if (created) setDialog({ kind: 'secret', endpoint: created, rotated: false });
    return result;
  };

  const rotate = async (endpoint: DeliveryEndpoint) => {
    const result = await actions.rotate(endpoint.id);
    const rotated = result.ok ? withSecret(result.answer.data) : null;
    if (rotated) setDialog({ kind: 'secret', endpoint: rotated, rotated: true });
  };

  /** Closes the dialog of this kind only: a form or a confirmation that handed over to the secret's dialog leaves that open. */
  const closeOnly = (kind: Dialog['kind']) => () => setDialog((current) => (current?.kind === kind ? null : current));

  const columns: TableColumn<DeliveryEndpoint>[] = [
    { key: 'name', label: 'Name', width: 180, card: 'title', render: (endpoint) => <span className="admin-strong">{endpoint.name}</span> },
    { key: 'kind', label: 'Kind', width: 100, card: 'badge', render: (endpoint) => <Badge tone={endpoint.kind === 'slack' ? 'accent' : 'info'}>{KIND_LABELS[endpoint.kind]}</Badge> },
    { key: 'url', label: 'URL', width: 260, nowrap: true, card: 'detail', render: (endpoint) => <span title={endpoint.url}>{endpoint.url}</span> },
    { key: 'owner', label: 'Owner', width: 140, render: (endpoint) => endpoint.owner?.name ?? <span className="cb-muted">No owner (admins are told)</span> },
    {
      key: 'state',
      label: 'State',
      width: 240,
      card: 'detail',
      render: (endpoint) =>
        endpoint.pausedAt ? (
          <span className="deliveries-state">
            <span className="deliveries-state__line">
              <Badge tone="warning" dot>
                Paused
              </Badge>
              <span className="cb-muted">since {formatDateTime(endpoint.pausedAt)}</span>
            </span>
            {endpoint.pauseReason ? <span className="deliveries-state__reason">{endpoint.pauseReason}</span> : null}
            <Button size="sm" variant="secondary" icon={<PlayIcon size={12} />} disabled={actions.pending} aria-label={`Resume ${endpoint.name}`} onClick={() => void actions.resume(endpoint.id)}>
              Resume
            </Button>
          </span>
        ) : (
          <Badge tone="success" dot>
            Active
          </Badge>
        ),
    },
    { key: 'consecutiveFailures', label: 'Failures in a row', width: 110, align: 'end', render: (endpoint) => String(endpoint.consecutiveFailures) },
    {
      key: 'actions',
      label: 'Actions',
      width: 190,
      align: 'end',
      card: 'menu',
      render: (endpoint) => (
        <span className="deliveries-actions">
          <Button size="sm" variant="ghost" disabled={actions.pending} aria-label={`Send a test message to ${endpoint.name}`} onClick={() => void actions.sendTest(endpoint)}>
            Test
          </Button>
          <Dropdown
            label="More"
            triggerAriaLabel={`More actions for ${endpoint.name}`}
            menuLabel={`Actions for ${endpoint.name}`}
            size="sm"
            variant="ghost"
            align="end"
            disabled={actions.pending}
            items={[
              { key: 'edit', label: 'Edit', onSelect: () => setDialog({ kind: 'form', endpoint }) },
              ...(endpoint.kind === 'webhook' ? [{ key: 'rotate', label: 'Rotate secret', onSelect: () => setDialog({ kind: 'rotate', endpoint }) }] : []),
              { key: 'deliveries', label: 'Its deliveries', onSelect: () => void navigate({ pathname: `${base}/deliveries`, search: `?endpoint=${encodeURIComponent(endpoint.id)}` }) },
              { key: 'delete', label: 'Delete', danger: true, separatorBefore: true, onSelect: () => setDialog({ kind: 'delete', endpoint }) },
            ]}
          />
        </span>
      ),
    },
  ];

  return (
    <section className="cb-page deliveries-page">
      <header className="cb-page__header">
        <h1 className="cb-page__title">Delivery endpoints</h1>
        <Button variant="primary" icon={<PlusIcon size={14} />} onClick={() => setDialog({ kind: 'form', endpoint: null })}>
          Add endpoint
        </Button>
      </header>
      {list.error && !list.data ? <LoadError title={ENDPOINTS_TEXT.loadFailed} error={list.error} onRetry={() => void list.mutate()} /> : null}
      <div className="cb-card deliveries-card">
        <Table
          label="Delivery endpoints"
          columns={columns}
          rows={endpoints}
          rowKey={(endpoint) => endpoint.id}
          rowClassName={(endpoint) => (endpoint.id === marked ? 'deliveries-row--marked' : undefined)}
          loading={list.isLoading}
          loadingText="Loading endpoints..."
          emptyText={<EmptyState title="No endpoints yet" description="Add a webhook or a Slack channel to send alerts, reports and events to." />}
        />
      </div>

      {dialog?.kind === 'form' ? <EndpointFormDialog endpoint={dialog.endpoint} onSave={(body) => save(dialog.endpoint, body)} onClose={closeOnly('form')} /> : null}
      {dialog?.kind === 'secret' ? <SecretDialog endpoint={dialog.endpoint} rotated={dialog.rotated} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog title="Delete endpoint" onConfirm={() => actions.remove(dialog.endpoint.id)} onClose={() => setDialog(null)}>
          Delete <strong>{dialog.endpoint.name}</strong>? What it still had to send fails; the log keeps its deliveries.
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'rotate' ? (
        <ConfirmDialog title="Rotate secret" confirmLabel="Make a new secret" onConfirm={() => rotate(dialog.endpoint)} onClose={closeOnly('rotate')}>
          Make a new signing secret for <strong>{dialog.endpoint.name}</strong>? The old one stops verifying at once: give the new one to the receiver.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
