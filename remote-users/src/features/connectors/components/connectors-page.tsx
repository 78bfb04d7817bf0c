import type { Connector, ConnectorBody } from '@callboard/contract/connectors';
import { PLATFORM_PRESETS } from '@callboard/contract/platforms';
import { useNavigate, useParams } from '@callboard/shared-router';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatCount, formatDateTime } from '@callboard/shared-ui/format';
import { PlusIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useState } from 'react';
import { CONNECTORS_TEXT, useConnectorActions, useConnectors } from '../api/connectors';
import { ConnectorDetail, type ConnectorPageState } from './connector-detail';
import { CreateConnectorDialog } from './create-connector-dialog';
import './connectors.css';
import '../../admin-tools/admin-pages.css';

/**
 * The Connectors tab (admins; issue 37 item 3): the list, and one connector at its own address
 * (`connectors/<id>`), where a new connector opens to show what to paste into its platform.
 */
export default function ConnectorsPage() {
  const { connectorId } = useParams();
  return connectorId ? <ConnectorDetail key={connectorId} id={connectorId} /> : <ConnectorList />;
}

function ConnectorList() {
  const list = useConnectors();
  const actions = useConnectorActions();
  const base = useAreaBase();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const open = (id: string, state?: ConnectorPageState) => void navigate(`${base}/connectors/${encodeURIComponent(id)}`, { state });

  const create = async (body: ConnectorBody) => {
    const result = await actions.create(body);
    if (result.ok) open(result.answer.data.id, { created: true });
    return result;
  };

  const columns: TableColumn<Connector>[] = [
    { key: 'name', label: 'Name', width: 220, card: 'title', render: (connector) => <span className="admin-strong">{connector.name}</span> },
    { key: 'platform', label: 'Platform', width: 150, card: 'detail', render: (connector) => PLATFORM_PRESETS[connector.platform].label },
    {
      key: 'enabled',
      label: 'State',
      width: 110,
      card: 'badge',
      render: (connector) => (
        <Badge tone={connector.enabled ? 'success' : 'neutral'} dot>
          {connector.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
    { key: 'lastEventAt', label: 'Last event', width: 180, card: 'detail', render: (connector) => (connector.lastEventAt ? formatDateTime(connector.lastEventAt) : 'None yet') },
    { key: 'heldCalls', label: 'Held calls', width: 100, align: 'end', render: (connector) => formatCount(connector.heldCalls) },
  ];

  return (
    <section className="cb-page connector-page">
      <header className="cb-page__header">
        <h1 className="cb-page__title">Connectors</h1>
        <Button variant="primary" icon={<PlusIcon size={14} />} onClick={() => setCreating(true)}>
          New connector
        </Button>
      </header>
      <p className="cb-muted">Ringba, Retreaver, TrackDrive or any other system sends its calls here as it already sends them: pixels, webhooks or postbacks, in its own names.</p>
      {list.error && !list.data ? <LoadError title={CONNECTORS_TEXT.loadFailed} error={list.error} onRetry={() => void list.mutate()} /> : null}
      <div className="cb-card connector-card">
        <Table
          label="Connectors"
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(connector) => connector.id}
          rowLabel={(connector) => connector.name}
          onRowClick={(connector) => open(connector.id)}
          loading={list.isLoading}
          loadingText="Loading connectors..."
          emptyText={<EmptyState title="No connectors yet" description="Create one for your tracking platform and paste its URL there" />}
        />
      </div>
      {creating ? <CreateConnectorDialog onCreate={create} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
