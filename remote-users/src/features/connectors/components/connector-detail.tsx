import { PLATFORM_PRESETS } from '@callboard/contract/platforms';
import { isApiError } from '@callboard/shared-auth/api-error';
import { Link, useLocation, useNavigate } from '@callboard/shared-router';
import { Alert } from '@callboard/shared-ui/alert';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import { formatCount, formatDateTime } from '@callboard/shared-ui/format';
import { ChevronLeftIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useState } from 'react';
import { CONNECTORS_TEXT, useConnector, useConnectorActions } from '../api/connectors';
import { ConnectorEvents } from './connector-events';
import { ConnectorSettings } from './connector-settings';
import { MappingEditor } from './mapping-editor';
import { PasteIntoPlatform } from './paste-into-platform';
import '../../admin-tools/admin-pages.css';

/** Location state of the address a new connector opens at: the page then says what to do next. */
export interface ConnectorPageState {
  created?: boolean;
}

/**
 * One connector: what to paste into its platform (URL and templates, with Copy), its field mapping (editable),
 * its name and time zone, its last received events (what each became), and Enable / Disable, Rotate token and
 * Delete. Its address (`/users/connectors/<id>`) can be shared between admins.
 */
export function ConnectorDetail({ id }: { id: string }) {
  const connector = useConnector(id);
  const actions = useConnectorActions();
  const base = useAreaBase();
  const navigate = useNavigate();
  const created = (useLocation().state as ConnectorPageState | null)?.created === true;
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const listPath = `${base}/connectors`;
  const back = (
    <Link to={listPath} className="admin-back">
      <ChevronLeftIcon size={14} /> All connectors
    </Link>
  );

  const value = connector.data?.data;
  if (!value) {
    const gone = isApiError(connector.error) && connector.error.status === 404;
    return (
      <section className="cb-page connector-page">
        {back}
        {connector.error ? (
          <LoadError title={gone ? 'This connector does not exist (any more)' : CONNECTORS_TEXT.loadFailed} error={connector.error} onRetry={gone ? undefined : () => void connector.mutate()} />
        ) : (
          <p role="status" className="cb-muted">
            <Spinner size="xs" decorative /> Loading the connector...
          </p>
        )}
      </section>
    );
  }

  const preset = PLATFORM_PRESETS[value.platform];
  return (
    <section className="cb-page connector-page">
      {back}
      <header className="cb-page__header">
        <div className="admin-row">
          <h1 className="cb-page__title">{value.name}</h1>
          <Badge tone="info">{preset.label}</Badge>
          <Badge tone={value.enabled ? 'success' : 'neutral'} dot>
            {value.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </div>
        <div className="admin-row">
          <Button busy={actions.pending && confirming === null} onClick={() => void actions.update(value.id, { enabled: !value.enabled })}>
            {value.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button onClick={() => setConfirming('rotate')}>Rotate token</Button>
          <Button variant="danger" onClick={() => setConfirming('delete')}>
            Delete
          </Button>
        </div>
      </header>
      <p className="cb-muted">
        Last event: {value.lastEventAt ? formatDateTime(value.lastEventAt) : 'none yet'} · Calls held for what a call needs: {formatCount(value.heldCalls)} ·
        Token made {formatDateTime(value.tokenRotatedAt)}
      </p>
      {created ? (
        <Alert tone="success" title="Connector created">
          Paste its URL into {preset.label}, one for each moment below, then watch its events arrive at the bottom of this page.
        </Alert>
      ) : null}
      {value.enabled ? null : <Alert tone="warning">This connector is disabled: {preset.label}’s events are refused until it is enabled again.</Alert>}

      <section className="cb-card connector-section" aria-labelledby="connector-paste">
        <h2 id="connector-paste" className="cb-card__header cb-card__title">
          Paste into {preset.label}
        </h2>
        <div className="cb-card__body">
          <PasteIntoPlatform connector={value} />
        </div>
      </section>

      <section className="cb-card connector-section" aria-labelledby="connector-mapping">
        <h2 id="connector-mapping" className="cb-card__header cb-card__title">
          Field mapping
        </h2>
        <div className="cb-card__body">
          <MappingEditor key={JSON.stringify(value.mapping)} connector={value} busy={actions.pending} onSave={(mapping) => actions.update(value.id, { mapping })} />
        </div>
      </section>

      <section className="cb-card connector-section" aria-labelledby="connector-settings">
        <h2 id="connector-settings" className="cb-card__header cb-card__title">
          Name and time zone
        </h2>
        <div className="cb-card__body">
          <ConnectorSettings key={`${value.name} ${value.timeZone}`} connector={value} busy={actions.pending} onSave={(body) => actions.update(value.id, body)} />
        </div>
      </section>

      <section className="cb-card connector-section" aria-labelledby="connector-events">
        <h2 id="connector-events" className="cb-card__header cb-card__title">
          Received events
        </h2>
        <div className="cb-card__body">
          <ConnectorEvents connectorId={value.id} onRefresh={() => connector.mutate()} />
        </div>
      </section>

      {confirming === 'delete' ? (
        <ConfirmDialog
          title="Delete connector"
          onConfirm={async () => {
            const result = await actions.remove(value.id);
            if (result.ok) void navigate(listPath, { replace: true });
          }}
          onClose={() => setConfirming(null)}
        >
          Delete <strong>{value.name}</strong> and its events? Its URL stops working at once; the calls it made stay.
        </ConfirmDialog>
      ) : null}
      {confirming === 'rotate' ? (
        <ConfirmDialog title="Rotate token" confirmLabel="Make a new token" onConfirm={() => actions.rotate(value.id)} onClose={() => setConfirming(null)}>
          Make a new token for <strong>{value.name}</strong>? The URLs pasted into {preset.label} stop working at once: paste the new ones shown here.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
