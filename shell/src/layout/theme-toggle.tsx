import { MoonIcon, SunIcon } from '@callboard/shared-ui/icons';
import { themeAtom, toggleThemeAtom } from '@callboard/shared-ui/ui-atoms';
import { useAtomValue, useSetAtom } from 'jotai';

/**
 * Dark/light switch. The button names the theme it leads to (and shows its
 * icon), the convention people know from other apps; ThemeSync applies it.
 */
export function ThemeToggle() {
  const theme = useAtomValue(themeAtom);
  const toggleTheme = useSetAtom(toggleThemeAtom);
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button type="button" className="app-header__icon-button" aria-label={label} title={label} onClick={() => toggleTheme()}>
      {theme === 'dark' ? <SunIcon size={16} /> : <MoonIcon size={16} />}
    </button>
  );
}
