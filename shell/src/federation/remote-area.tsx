import './remote-area.css';
import { Component, lazy, Suspense, useCallback, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { REMOTES } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { RefreshIcon, WarningIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';
import type { RemoteName } from './remote-directory';
import { loadedRemoteApp, type RemoteAppModule } from './loaded-remote-apps';
import { useRemoteUpdated } from './remote-updates';
import { IncompatibleSharedError } from './incompatible-shared-error';

/**
 * One boundary owns loading, failure and retry for one remote (after
 * scalprum's ScalprumComponent). A remote that is down, times out or throws
 * while rendering replaces only its own area; the header, sidebar, top bar and
 * the other areas keep working, and nobody is signed out.
 *
 * A first load failure gets one quiet retry before the error screen, since a
 * deployment swapping files is the usual cause. Retry builds a fresh `lazy()`:
 * React caches a rejected lazy component for good. A remote that needs another
 * major of a shared package (shared-versions.ts) gets its own message
 * naming the package and the versions, and no Retry: only a newer page helps.
 * When the remote is deployed again while the area is open (remote-updates.ts),
 * a quiet notice above it offers a reload; the running code is left alone.
 */
export interface RemoteAreaProps {
  remote: RemoteName;
  /** Injected by tests; production loads the federated `./App`. */
  load?: (remote: RemoteName) => Promise<RemoteAppModule>;
}

async function loadWithOneRetry(load: NonNullable<RemoteAreaProps['load']>, remote: RemoteName) {
  try {
    return await load(remote);
  } catch {
    return load(remote);
  }
}

/**
 * Reading manifests, checking versions and registering remotes is needed only once an area opens: loaded
 * then, it stays out of the JS that /login downloads (this component is part of the route table).
 */
function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  return import('./load-remote-app').then((loader) => loader.loadRemoteApp(remote));
}

export function RemoteArea({ remote, load = loadRemoteApp }: RemoteAreaProps) {
  // Held in state, not built in render: a lazy component must outlive the renders it suspends.
  // An area's remote is fixed for its life (the routes key each area by its remote).
  // Code fetched ahead (while the person signed in) renders at once: a lazy() would suspend for a turn
  // even on a settled promise, and show the loading status for nothing.
  const [RemoteApp, setRemoteApp] = useState<ComponentType>(() => {
    const loaded = load === loadRemoteApp ? loadedRemoteApp(remote) : undefined;
    return loaded ? loaded.default : lazy(() => loadWithOneRetry(load, remote));
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setRemoteApp(() => lazy(() => loadWithOneRetry(load, remote)));
    setAttempt((n) => n + 1);
  }, [load, remote]);
  const label = areaLabel(remote);
  return (
    <>
      {useRemoteUpdated(remote) ? <NewVersionNotice label={label} /> : null}
      <RemoteErrorBoundary key={attempt} remote={remote} label={label} onRetry={retry}>
        <Suspense fallback={<RemoteLoading />}>
          <RemoteApp />
        </Suspense>
      </RemoteErrorBoundary>
    </>
  );
}

/** The area's name people see (`Users`), from the registry. */
function areaLabel(remote: RemoteName): string {
  return REMOTES.find((candidate) => candidate.federationName === remote)?.label ?? remote;
}

function reloadPage() {
  window.location.reload();
}

export function NewVersionNotice({ label }: { label: string }) {
  return (
    <div className="remote-area__update" role="status">
      <span>A new version of {label} is available —</span>{' '}
      <Button variant="ghost" size="sm" onClick={reloadPage}>
        Reload
      </Button>
    </div>
  );
}

function RemoteLoading() {
  return (
    <div className="remote-area remote-area--loading" role="status" aria-live="polite">
      <Spinner size="md" decorative />
      <span>Loading...</span>
    </div>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for whoever operates the remote; the user sees the fallback.
    if (error instanceof IncompatibleSharedError) console.error(`[${this.props.remote}] not loaded: ${error.message}`);
    else console.error(`[${this.props.remote}] failed to load or render`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    if (error instanceof IncompatibleSharedError) return <RemoteIncompatible label={this.props.label} error={error} />;
    return <RemoteFailed onRetry={this.props.onRetry} />;
  }
}

export function RemoteIncompatible({ label, error }: { label: string; error: IncompatibleSharedError }) {
  const needs = error.conflicts.map((c) => `${c.packageName} ${c.requiredVersion}`).join(', ');
  const provides = error.conflicts.map((c) => `${c.providedVersion}`).join(', ');
  return (
    <div className="remote-area remote-area--failed" role="alert">
      <EmptyState
        icon={<WarningIcon size={28} />}
        title={`${label} cannot run on this page`}
        description={`This version of ${label} needs ${needs}, but this page provides ${provides}, so it was not started. The rest of Callboard keeps working.`}
        action={
          <Button variant="primary" icon={<RefreshIcon />} onClick={reloadPage}>
            Reload
          </Button>
        }
      />
    </div>
  );
}

export function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="remote-area remote-area--failed" role="alert">
      <EmptyState
        icon={<WarningIcon size={28} />}
        title="Loading chunk failed"
        description="This area could not be loaded. The rest of Callboard keeps working."
        action={
          <Button variant="primary" icon={<RefreshIcon />} onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </div>
  );
}
