/**
 * The pages of Reporting's Alerts and Reports tabs, loaded together the first time either opens. One chunk, not
 * one each: every lazily loaded chunk costs remoteEntry.js an entry in its tables of chunks (the shared modules
 * each consumes, the chunks with a stylesheet), and that file is held to 10 KB gzip (decision 0011).
 */
export { default as AlertsPage } from './features/alerts/components/alerts-page';
export { default as ReportsPage } from './features/report-schedules/components/reports-page';
