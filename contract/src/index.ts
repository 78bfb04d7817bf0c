// The contract is tiny and side-effect free, so this entry point costs next to nothing. What needs luxon
// (reading and writing New York times, judging a custom range) has its own entries,
// @callboard/contract/new-york-time and @callboard/contract/date-range: every screen, the login page
// included, loads this one, and luxon must not come with it. The layout of a remote's kept builds, which only
// the build and the API read, is @callboard/contract/remote-builds; the records cursor, which only Call Logs and
// the API read, is @callboard/contract/records-cursor (a shared module is not tree-shaken). Disputes
// (@callboard/contract/disputes), partner API keys (@callboard/contract/partner-keys), the scorecard
// (@callboard/contract/scorecard) and ingest keys (@callboard/contract/ingest-keys) are entries of their own for the
// same reason: the sign-in page's budget (shell/webpack.config.js) has no room for screens it never shows.
export * from './api-envelope';
export * from './auth';
export * from './call-changes';
export * from './calls';
export * from './costs';
export * from './date-presets';
export * from './dimensions';
export * from './dispositions';
export * from './endpoints';
export * from './first-screens';
export * from './id-list';
export * from './limits';
export * from './live-events';
export * from './partners';
export * from './payment-validation';
export * from './permissions';
export * from './query-timeout';
export * from './record-columns';
export * from './recording-links';
export * from './remotes';
export * from './saved-view-rules';
export * from './saved-views';
export * from './series';
export * from './users';
export * from './validation';
