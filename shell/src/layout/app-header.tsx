import { AppLogo } from './app-logo';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

/** The strip across the top of every signed-in page: who we are on the left, who you are on the right. */
export function AppHeader() {
  return (
    <header className="app-header">
      <AppLogo />
      <div className="app-header__actions">
        <ThemeToggle />
        <span className="app-header__divider" aria-hidden="true" />
        <UserMenu />
      </div>
    </header>
  );
}
