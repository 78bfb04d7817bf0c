/**
 * What a signed-in page draws around and for an area: the frame (header, sidebar, top bar) and the
 * boundary that loads an area's remote. One chunk, fetched after /login has painted
 * (dashboard-frame.ts), so the JS every page starts with carries neither.
 */
export { default as DashboardLayout } from '../layout/dashboard-layout';
export { RemoteArea } from '../federation/remote-area';
