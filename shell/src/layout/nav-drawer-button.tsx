import { CloseIcon, MenuIcon } from '@callboard/shared-ui/icons';
import { useAtom } from 'jotai';
import { MAIN_NAV_ID, NAV_DRAWER_BUTTON_ID, navDrawerOpenAtom } from './nav-drawer';

/**
 * The header's menu button: it opens and closes the sidebar as a drawer.
 * Shown only on narrow screens (layout.css); on a wide screen the sidebar is
 * always there and collapses with its own button.
 */
export function NavDrawerButton() {
  const [open, setOpen] = useAtom(navDrawerOpenAtom);
  const label = open ? 'Close navigation' : 'Open navigation';
  return (
    <button
      type="button"
      id={NAV_DRAWER_BUTTON_ID}
      className="app-header__icon-button app-header__menu-button"
      aria-label={label}
      aria-expanded={open}
      aria-controls={MAIN_NAV_ID}
      onClick={() => setOpen((value) => !value)}
    >
      {open ? <CloseIcon size={18} /> : <MenuIcon size={18} />}
    </button>
  );
}
