import { SCORECARD_DEFAULTS, type ScorecardGroupBy } from '@callboard/contract/scorecard';
import { Button } from '@callboard/shared-ui/button';
import { DownloadIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { GroupedCard, shownGrouping } from '../../costs/components/grouped-card';
import { useScorecard, type ScorecardSort } from '../api/scorecard-api';
import { scorecardPrefsAtom } from '../hooks/scorecard-prefs';
import { useOpenSource } from '../hooks/use-open-source';
import { useScorecardExport } from '../hooks/use-scorecard-export';
import { ColumnSetControl } from './column-set-control';
import { MinCallsField } from './min-calls-field';
import { ScorecardTable } from './scorecard-table';
import './scorecard.css';

const DEFAULT_SORT: ScorecardSort = { sortBy: SCORECARD_DEFAULTS.sortBy, sortDir: SCORECARD_DEFAULTS.sortDir };

/**
 * The scorecard: each publisher (campaign, buyer, target) with its quality
 * and its money side by side, under the shell's filters, the crossed
 * thresholds marked as the stats cards mark them, and an arrow against the
 * previous period; or, in place of the quality columns, the disputes of its
 * calls and the money they moved. A row opens Statistics & Records filtered to it.
 */
export function ScorecardPage() {
  const [groupBy, setGroupBy] = useState<ScorecardGroupBy>(SCORECARD_DEFAULTS.groupBy);
  const [sort, setSort] = useState<ScorecardSort>(DEFAULT_SORT);
  const [prefs, setPrefs] = useAtom(scorecardPrefsAtom);
  const { data, error, isLoading, isValidating, mutate } = useScorecard(groupBy, sort, prefs.minCalls);
  const { shownGroup, rows, loading } = shownGrouping(groupBy, data, isLoading);
  const open = useOpenSource(shownGroup);

  const { exporting, exportCsv } = useScorecardExport(groupBy, sort, prefs.minCalls);

  return (
    <GroupedCard
      block="scorecard"
      title="Scorecard"
      groupBy={groupBy}
      onGroupBy={setGroupBy}
      actionsClassName="cb-row cb-row--wrap"
      actions={
        <>
          <ColumnSetControl value={prefs.columns} onChange={(columns) => setPrefs((p) => ({ ...p, columns }))} />
          <MinCallsField value={prefs.minCalls} onChange={(minCalls) => setPrefs((p) => ({ ...p, minCalls }))} />
          {isValidating && data ? <Spinner size="xs" label="Refreshing scorecard" /> : null}
          <Button
            size="sm"
            icon={exporting ? <Spinner size="xs" decorative /> : <DownloadIcon size={14} />}
            onClick={() => void exportCsv()}
            disabled={exporting || rows.length === 0 || shownGroup !== groupBy}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </>
      }
      error={error}
      errorTitle="Failed to load the scorecard."
      onRetry={() => void mutate()}
    >
      <ScorecardTable
        groupBy={shownGroup}
        columnSet={prefs.columns}
        rows={rows}
        sort={sort}
        onSort={setSort}
        onOpen={open}
        loading={loading}
      />
    </GroupedCard>
  );
}
