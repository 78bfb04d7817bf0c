import { useLocation } from '@callboard/shared-router';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * The router's error screen: a screen of the shell that throws while
 * rendering shows "Unexpected Application Error!" instead of a blank page.
 * Remote areas have their own boundary, so this is only for the shell itself.
 * Moving to another address clears the error.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

interface BoundaryState {
  error: Error | null;
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.pathname === state.pathname) return null;
    return { pathname: props.pathname, error: null };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected Application Error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <RouteError message={this.state.error.message} />;
  }
}

export function RouteError({ message }: { message?: string }) {
  return (
    <main className="route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      {message ? <p className="route-error__detail">{message}</p> : null}
      <a href="/">Back to Callboard</a>
    </main>
  );
}
