/**
 * An area's tabs link from where the area is mounted, whether under the shell's splat route or on its own at /,
 * and mark the current one (by the address, or as the area says).
 */
import { Outlet, Route, Routes } from '@callboard/shared-router';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { screen } from '@testing-library/react';
import { AreaTabs, type AreaTabLink } from './area-tabs';

const TABS: AreaTabLink[] = [
  { path: '', label: 'Home', end: true },
  { path: '/logs', label: 'Logs' },
];

/** The area as a host mounts it: a layout route drawing the tabs above each page. */
function Area({ tabs = TABS }: { tabs?: AreaTabLink[] }) {
  return (
    <Routes>
      <Route
        element={
          <>
            <AreaTabs label="Area views" tabs={tabs} />
            <Outlet />
          </>
        }
      >
        <Route index element={<p>Home page</p>} />
        <Route path="logs" element={<p>Logs page</p>} />
        <Route path="logs/:id" element={<p>One log</p>} />
      </Route>
    </Routes>
  );
}

const current = () => screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);

test.each([
  ['under the shell', '/area/logs/7', '/area/*', '/area'],
  ['on its own', '/logs/7', undefined, ''],
])('%s, the tabs link from where the area is mounted; a sub-path keeps its tab current', async (_where, path, route, base) => {
  const { user, location } = renderInHost(<Area />, { path, route });
  const nav = screen.getByRole('navigation', { name: 'Area views' });
  expect(nav).toBeInTheDocument();
  expect(current()).toEqual(['Logs']);
  expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', base || '/');
  await user.click(screen.getByRole('link', { name: 'Home' }));
  expect(location.pathname).toBe(base || '/');
  expect(current()).toEqual(['Home']);
});

test('a tab carries its query; an area may say which tab is current', () => {
  renderInHost(
    <Area
      tabs={[
        { path: '', label: 'Home', search: '?from=1', current: true },
        { path: '/logs', label: 'Logs', current: false },
      ]}
    />,
    { path: '/area/logs', route: '/area/*' },
  );
  expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/area?from=1');
  expect(current()).toEqual(['Home']);
});
