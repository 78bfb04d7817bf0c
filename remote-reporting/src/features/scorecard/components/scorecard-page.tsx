import { SCORECARD_DEFAULTS, type ScorecardGroupBy } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { DownloadIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useAtom } from 'jotai';
import { useId, useState } from 'react';
import { GroupByControl } from '../../costs/components/group-by-control';
import { useScorecard, type ScorecardSort } from '../api/scorecard-api';
import { scorecardPrefsAtom } from '../hooks/scorecard-prefs';
import { useOpenSource } from '../hooks/use-open-source';
import { useScorecardExport } from '../hooks/use-scorecard-export';
import { MinCallsField } from './min-calls-field';
import { ScorecardTable } from './scorecard-table';
import './scorecard.css';

const DEFAULT_SORT: ScorecardSort = { sortBy: SCORECARD_DEFAULTS.sortBy, sortDir: SCORECARD_DEFAULTS.sortDir };

/**
 * The scorecard: each publisher (campaign, buyer, target) with its quality
 * and its money side by side, under the shell's filters, the crossed
 * thresholds marked as the stats cards mark them, and an arrow against the
 * previous period. A row opens Statistics & Records filtered to it.
 */
export function ScorecardPage() {
  const [groupBy, setGroupBy] = useState<ScorecardGroupBy>(SCORECARD_DEFAULTS.groupBy);
  const [sort, setSort] = useState<ScorecardSort>(DEFAULT_SORT);
  const [prefs, setPrefs] = useAtom(scorecardPrefsAtom);
  const { data, error, isLoading, isValidating, mutate } = useScorecard(groupBy, sort, prefs.minCalls);
  const open = useOpenSource(data?.data.groupBy ?? groupBy);
  const titleId = useId();
  // With keepPreviousData (the shell's SWR setting) the old answer stays on screen until the new one arrives.
  const shownGroup = data?.data.groupBy ?? groupBy;
  const rows = data?.data.rows ?? [];

  const { exporting, exportCsv } = useScorecardExport(groupBy, sort, prefs.minCalls);

  return (
    <section className="cb-card scorecard" aria-labelledby={titleId}>
      <header className="cb-card__header">
        <div className="cb-row cb-row--lg cb-row--wrap">
          <h2 id={titleId} className="cb-card__title">
            Scorecard
          </h2>
          <GroupByControl value={groupBy} onChange={setGroupBy} />
        </div>
        <div className="cb-row cb-row--wrap">
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
        </div>
      </header>
      {error ? (
        <div className="scorecard__error">
          <LoadError title="Failed to load the scorecard." error={error} onRetry={() => void mutate()} />
        </div>
      ) : (
        <ScorecardTable
          groupBy={shownGroup}
          rows={rows}
          sort={sort}
          onSort={setSort}
          onOpen={open}
          loading={isLoading || (data !== undefined && shownGroup !== groupBy)}
        />
      )}
    </section>
  );
}
