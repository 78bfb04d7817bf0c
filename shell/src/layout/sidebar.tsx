import { ChartIcon, ChevronLeftIcon, ChevronRightIcon, LogoutIcon, PhoneIcon, UsersIcon, type IconProps } from '@callboard/shared-ui/icons';
import { sidebarOpenAtom } from '@callboard/shared-ui/ui-atoms';
import { useAtom } from 'jotai';
import type { ComponentType } from 'react';
import { NavLink } from '@callboard/shared-router';
import { REMOTES } from '@callboard/contract';
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

/** One item per area of the remote registry. Users is listed for everyone: the area's routes require no role. */
export const NAV_ITEMS: readonly NavItem[] = REMOTES.map((remote) => ({
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
 */
export function Sidebar() {
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const signOut = useSignOut();
  const toggleLabel = open ? 'Collapse sidebar' : 'Expand sidebar';
  const tooltip = (label: string) => (open ? undefined : label);

  return (
    <nav
      aria-label="Main"
      className="sidebar"
      data-collapsed={open ? undefined : ''}
      style={{ width: `${open ? SIDEBAR_WIDTH_PX : SIDEBAR_COLLAPSED_WIDTH_PX}px` }}
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
        {NAV_ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className="sidebar__item sidebar__link" title={tooltip(label)}>
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
  );
}
