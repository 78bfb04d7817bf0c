import { ChartIcon, ChevronLeftIcon, ChevronRightIcon, LogoutIcon, PhoneIcon, UsersIcon, type IconProps } from '@callboard/shared-ui/icons';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { sidebarOpenAtom } from '@callboard/shared-ui/ui-atoms';
import { useAtom } from 'jotai';
import { useRef, type ComponentType } from 'react';
import { NavLink } from '@callboard/shared-router';
import { REMOTES } from '@callboard/contract';
import { MAIN_NAV_ID, useNavDrawer } from './nav-drawer';
import { useSignOut } from './use-sign-out';

/** The sidebar's width open and collapsed. */
export const SIDEBAR_WIDTH_PX = 220;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 80;

interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<IconProps>;
}

const AREA_ICONS: Record<string, ComponentType<IconProps>> = { reporting: ChartIcon, calllogs: PhoneIcon, users: UsersIcon };

/** One item per area of the remote registry; Users only for the network's own people (areaAllows). */
export const NAV_ITEMS: readonly (NavItem & { area: string })[] = REMOTES.map((remote) => ({
  area: remote.name,
  to: remote.route,
  label: remote.label,
  Icon: AREA_ICONS[remote.name] ?? ChartIcon,
}));

/**
 * The main navigation. Its width comes from the persisted sidebarOpen atom,
 * set inline so the 220/80 px widths hold whatever the stylesheet does;
 * CSS only animates it. Collapsed, the labels fade out but stay in the
 * accessibility tree, so every item keeps its name, and `title` gives sighted
 * mouse users the same name as a tooltip.
 *
 * On a narrow screen the same element is a drawer over the page, opened by the
 * header's menu button (nav-drawer.ts); layout.css gives it its drawer width
 * and always shows the labels there, whatever the collapsed state.
 */
export function Sidebar() {
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const signOut = useSignOut();
  const toggleLabel = open ? 'Collapse sidebar' : 'Expand sidebar';
  const tooltip = (label: string) => (open ? undefined : label);
  const navRef = useRef<HTMLElement>(null);
  const drawer = useNavDrawer(navRef);
  const access = useScreenAccess();
  const items = NAV_ITEMS.filter((item) => item.area !== 'users' || access.seesUsers);

  return (
    <>
      {/* Dims the page behind the open drawer on a narrow screen; a click on it closes the drawer (nav-drawer.ts). */}
      <div className="sidebar-backdrop" data-open={drawer.open ? '' : undefined} aria-hidden="true" />
      <nav
        ref={navRef}
        id={MAIN_NAV_ID}
        aria-label="Main"
        className="sidebar"
        data-collapsed={open ? undefined : ''}
        data-drawer-open={drawer.open ? '' : undefined}
        style={{ width: `${open ? SIDEBAR_WIDTH_PX : SIDEBAR_COLLAPSED_WIDTH_PX}px` }}
        onBlur={drawer.onBlur}
      >
        <button
          type="button"
          className="sidebar__item sidebar__toggle"
          aria-expanded={open}
          aria-label={toggleLabel}
          title={toggleLabel}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <ChevronLeftIcon className="sidebar__icon" size={18} /> : <ChevronRightIcon className="sidebar__icon" size={18} />}
          <span className="sidebar__label" aria-hidden="true">
            Collapse
          </span>
        </button>

        <ul className="sidebar__list">
          {items.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} className="sidebar__item sidebar__link" title={tooltip(label)} onClick={drawer.closeAfterChoice}>
                <Icon className="sidebar__icon" size={18} />
                <span className="sidebar__label">{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="sidebar__footer">
          <button type="button" className="sidebar__item sidebar__logout" title={tooltip('Logout')} onClick={signOut}>
            <LogoutIcon className="sidebar__icon" size={18} />
            <span className="sidebar__label">Logout</span>
          </button>
        </div>
      </nav>
    </>
  );
}
