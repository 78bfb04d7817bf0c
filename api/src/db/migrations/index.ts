/**
 * The schema's history, oldest first. A migration is never edited once it has
 * landed: a change to the schema is a new migration. Statements run one by
 * one inside the migration's transaction, on PGlite and PostgreSQL alike.
 */
import { accounts } from './0001-accounts';
import { calls } from './0002-calls';
import { concurrentIngest } from './0003-concurrent-ingest';
import { oneStatementIngest } from './0004-one-statement-ingest';
import { slimDimensionIndexes } from './0005-slim-dimension-indexes';
import { sharedState } from './0006-shared-state';
import { rateLimitCounters } from './0007-rate-limit-counters';
import { sortAndSearchIndexes } from './0008-sort-and-search-indexes';
import { rollupLock } from './0009-rollup-lock';
import { netRollupDeltas } from './0010-net-rollup-deltas';
import { spentRefreshTokens } from './0011-spent-refresh-tokens';
import { ingestKeyScopes } from './0012-ingest-key-scopes';
import { keptAuditAuthors } from './0013-kept-audit-authors';
import { loginThrottleSoftLimit } from './0014-login-throttle-soft-limit';
import { savedViews } from './0015-saved-views';
import { reviewerRole } from './0016-reviewer-role';
import { changeSets } from './0017-change-sets';
import { repeatColumns } from './0018-repeat-columns';
import { repeatDetection } from './0019-repeat-detection';
import { transcriptSearch } from './0020-transcript-search';
import { callWordsTable } from './0021-call-words-table';
import { statusWideAndCombinationRollups } from './0022-status-wide-and-combination-rollups';
import { sheetTextScansOnce } from './0023-sheet-text-scans-once';
import { viewDefaults } from './0024-view-defaults';
import { partnerAccounts } from './0025-partner-accounts';
import { viewAsAudit } from './0026-view-as-audit';
import { partnerApiKeys } from './0027-partner-api-keys';
import { disputes } from './0028-disputes';
import { disputeRollups } from './0029-dispute-rollups';
import { standingDisputeCredits } from './0030-standing-dispute-credits';
import { partnerRoleLeastPrivilege } from './0031-partner-role-least-privilege';
import { jobRunner } from './0032-job-runner';
import { notifications } from './0033-notifications';
import { deliveries } from './0034-deliveries';
import { alertRules } from './0035-alert-rules';
import { reportSchedules } from './0036-report-schedules';
import { callChangeLog } from './0037-call-change-log';
import { connectors } from './0038-connectors';
import { eventSubscriptions } from './0039-event-subscriptions';
import { imports } from './0040-imports';

export interface Migration {
  version: string;
  statements: string[];
}

export const MIGRATIONS: Migration[] = [
  accounts,
  calls,
  concurrentIngest,
  oneStatementIngest,
  slimDimensionIndexes,
  sharedState,
  rateLimitCounters,
  sortAndSearchIndexes,
  rollupLock,
  netRollupDeltas,
  spentRefreshTokens,
  ingestKeyScopes,
  keptAuditAuthors,
  loginThrottleSoftLimit,
  savedViews,
  reviewerRole,
  changeSets,
  repeatColumns,
  repeatDetection,
  transcriptSearch,
  callWordsTable,
  statusWideAndCombinationRollups,
  sheetTextScansOnce,
  viewDefaults,
  partnerAccounts,
  viewAsAudit,
  partnerApiKeys,
  disputes,
  disputeRollups,
  standingDisputeCredits,
  partnerRoleLeastPrivilege,
  jobRunner,
  notifications,
  deliveries,
  alertRules,
  reportSchedules,
  callChangeLog,
  connectors,
  eventSubscriptions,
  imports,
];
