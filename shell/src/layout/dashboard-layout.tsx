import { Outlet } from '@callboard/shared-router';
import { ShortcutsHelp } from '@callboard/shared-ui/shortcuts-help';
import { DropUnseenFilters } from '../filters/drop-unseen-filters';
import { GlobalPanels } from '../filters/global-panels';
import { PickerNames } from '../filters/use-picker-names';
import { AppHeader } from './app-header';
import { PartnerBanner } from './partner-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import './layout.css';

/** Where the skip link lands; also lets a remote's page move focus to its content. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The signed-in frame: header across the top, the sidebar on the
 * left, the top bar over the main area where the remotes render (the
 * `<Outlet/>`), a partner's scope under the top bar (partner-banner.tsx), and the global overlays; PickerNames names the chosen ids a link brought. The frame fills the viewport and only
 * `<main>` scrolls, so navigation and filters stay in reach on a long table.
 * `?` lists the keyboard shortcuts of the area shown (ShortcutsHelp fetches its dialog on the first press).
 */
export default function DashboardLayout() {
  return (
    <div className="dashboard">
      <a className="dashboard__skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <AppHeader />
      <div className="dashboard__body">
        <Sidebar />
        <div className="dashboard__content">
          <TopBar />
          <PartnerBanner />
          <main id={MAIN_CONTENT_ID} className="dashboard__main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
      <GlobalPanels />
      <PickerNames />
      <DropUnseenFilters />
      <ShortcutsHelp />
    </div>
  );
}
