import './remote-area.css';
import { Component, lazy, Suspense, useCallback, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { RefreshIcon, WarningIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';
import type { RemoteName } from './remote-directory';
import { loadedRemoteApp, loadRemoteApp, type RemoteAppModule } from './load-remote-app';

/**
 * One boundary owns loading, failure and retry for one remote (after
 * scalprum's ScalprumComponent). A remote that is down, times out or throws
 * while rendering replaces only its own area; the header, sidebar, top bar and
 * the other areas keep working, and nobody is signed out.
 *
 * A first load failure gets one quiet retry before the error screen, since a
 * deployment swapping files is the usual cause. Retry builds a fresh `lazy()`:
 * React caches a rejected lazy component for good.
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
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <RemoteApp />
      </Suspense>
    </RemoteErrorBoundary>
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
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for whoever operates the remote; the user sees the fallback.
    console.error(`[${this.props.remote}] failed to load or render`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteFailed onRetry={this.props.onRetry} />;
  }
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
