/**
 * A minimal host for a remote opened on its own dev server (each remote's port
 * under `npm run dev`): the app's provider stack (store, SWR cache, session
 * keeper), a router, the app's toaster and a bare sign-in form — enough for a feature team to work
 * without the shell. A developer tool: unstyled, class names only. Signing out
 * forgets every cached answer (AppProviders), so the next person starts clean.
 */
import { createStore } from 'jotai/vanilla';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { BrowserRouter } from '@callboard/shared-router';
import { AppProviders } from '@callboard/shared-auth/app-providers';
import { AppToaster } from '@callboard/shared-auth/app-toaster';
import { restoreSession } from '@callboard/shared-auth/session';
import { useAuthActions, useSession } from '@callboard/shared-auth/use-session';

export interface StandaloneHostProps {
  /** Shown in the bar and the page title, e.g. "Users (standalone)". */
  title: string;
  /**
   * The `?` keyboard shortcuts listener, shown beside the app while signed in, as the shell's frame
   * shows it. It is shared-ui's (shortcuts-help.tsx), which depends on this package, so the remote's
   * bootstrap passes it in rather than this module importing it.
   */
  shortcutsHelp?: ReactNode;
  children?: ReactNode;
}

export function StandaloneHost({ title, shortcutsHelp, children }: StandaloneHostProps) {
  // One store for the life of the page, restored before the first render so nothing flashes signed-out.
  const [store] = useState(() => {
    const created = createStore();
    restoreSession(created);
    return created;
  });
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppToaster />
        <StandaloneFrame title={title} shortcutsHelp={shortcutsHelp}>
          {children}
        </StandaloneFrame>
      </BrowserRouter>
    </AppProviders>
  );
}

function StandaloneFrame({ title, shortcutsHelp, children }: StandaloneHostProps) {
  const { user, isAuthenticated } = useSession();
  const { logout } = useAuthActions();

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!isAuthenticated) return <StandaloneSignIn title={title} />;
  return (
    <>
      <header className="standalone-host__bar">
        <strong className="standalone-host__title">{title}</strong>
        <span className="standalone-host__user">{user?.name || user?.email}</span>
        <button type="button" className="standalone-host__sign-out" onClick={() => void logout()}>
          Sign out
        </button>
      </header>
      <main className="standalone-host__main">{children}</main>
      {shortcutsHelp}
    </>
  );
}

function StandaloneSignIn({ title }: { title: string }) {
  const { login } = useAuthActions();
  const { isLoading } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const result = await login({ email, password });
    if (!result.ok) setError(result.message);
  };

  return (
    <form className="standalone-host__sign-in" onSubmit={(event) => void submit(event)}>
      <h1>{title}</h1>
      <label>
        Email
        <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Password
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign in'}
      </button>
      {error && (
        <p role="alert" className="standalone-host__error">
          {error}
        </p>
      )}
    </form>
  );
}
