import { AppLogo } from './app-logo';
import { NavDrawerButton } from './nav-drawer-button';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

/**
 * The strip across the top of every signed-in page: who we are on the left, who you are on the right,
 * with your notifications' bell.
 * On a narrow screen the menu button before the logo opens the navigation drawer.
 */
export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header__start">
        <NavDrawerButton />
        <AppLogo />
      </div>
      <div className="app-header__actions">
        <NotificationBell />
        <ThemeToggle />
        <span className="app-header__divider" aria-hidden="true" />
        <UserMenu />
      </div>
    </header>
  );
}
