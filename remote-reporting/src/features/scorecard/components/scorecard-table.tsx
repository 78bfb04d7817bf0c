import { GROUP_LABELS } from '@callboard/contract';
import {
  SCORECARD_COLUMNS,
  SCORECARD_FLAG_COLUMNS,
  scorecardColumnHeader,
  type ScorecardColumnKind,
  type ScorecardColumnSet,
  type ScorecardFlag,
  type ScorecardGroupBy,
  type ScorecardRow,
  type ScorecardSortColumn,
} from '@callboard/contract/scorecard';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatCount, formatFixedPercent, formatMoney } from '@callboard/shared-ui/format';
import { ArrowDownIcon, ArrowUpIcon, WarningIcon } from '@callboard/shared-ui/icons';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { FLAG_REASONS } from '../../stats/components/stats-card';
import type { ScorecardSort } from '../api/scorecard-api';
import { trendOf, type TrendColumn } from './scorecard-columns';
import { ScorecardPhoneList } from './scorecard-phone-list';

interface Props {
  groupBy: ScorecardGroupBy;
  /** Which columns show beside the name and the calls. */
  columnSet: ScorecardColumnSet;
  rows: readonly ScorecardRow[];
  sort: ScorecardSort;
  onSort: (next: ScorecardSort) => void;
  onOpen: (row: ScorecardRow) => void;
  loading: boolean;
}

const FLAG_OF_COLUMN = new Map(Object.entries(SCORECARD_FLAG_COLUMNS).map(([flag, column]) => [column, flag as ScorecardFlag]));

/**
 * The compact widths that put all fourteen quality columns (or the ten of the disputes) in a 1440 px window beside the open sidebar
 * (e2e/tests/scorecard.test.ts holds it): each fits its figures at their widest usual size, an arrow
 * or a warning mark included; a longer name is cut with its whole text as a tooltip, and any column
 * can be widened from its header's edge.
 */
const WIDTHS: Record<ScorecardColumnKind, number> = { label: 124, count: 66, percent: 74, money: 100 };
const WIDER: Partial<Record<ScorecardSortColumn, number>> = { calls: 76, salesRate: 80, profit: 112 };

/**
 * One format per column, whatever the row: money with cents, percentages with one decimal, so the points line up.
 * A share of nothing (no decided dispute for the acceptance rate or the AI agreement) is a dash, not 0 %.
 */
function figure(row: ScorecardRow, key: ScorecardSortColumn, kind: ScorecardColumnKind): string {
  const value = row[key];
  if (value === null) return '—';
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return formatFixedPercent(value);
  return kind === 'count' ? formatCount(value) : String(value);
}

function previousText(row: ScorecardRow, column: TrendColumn): string {
  if (column === 'calls') return formatCount(row.previous.calls);
  return column === 'salesRate' ? formatFixedPercent(row.previous.salesRate) : formatMoney(row.previous.profit);
}

/** The arrow against the previous period, with its words for a screen reader and a tooltip with the previous figure. */
function TrendMark({ row, column }: { row: ScorecardRow; column: TrendColumn }) {
  const trend = trendOf(row, column);
  const words = `${trend === 'flat' ? 'unchanged from' : `${trend} from`} ${previousText(row, column)} in the previous period`;
  return (
    <span className={`scorecard__trend scorecard__trend--${trend}`} title={words}>
      {trend === 'up' ? <ArrowUpIcon size={12} /> : trend === 'down' ? <ArrowDownIcon size={12} /> : <span aria-hidden="true">–</span>}
      <span className="cb-sr-only">{words}</span>
    </span>
  );
}

/** A share whose threshold the row crosses: the stats cards' warning style and their reason. */
function FlaggedShare({ flag, children }: { flag: ScorecardFlag; children: ReactNode }) {
  return (
    <span className="scorecard__flagged" title={FLAG_REASONS[flag]} data-card-flag>
      <WarningIcon size={12} />
      {children}
      <span className="cb-sr-only">, {FLAG_REASONS[flag].toLowerCase()}</span>
    </span>
  );
}

/** The figures a source's card shows on a phone (scorecard-phone-list.tsx); the other shares only while flagged. */
const CARD_FIGURES: ReadonlySet<ScorecardSortColumn> = new Set(['calls', 'salesRate', 'profit']);

function columns(groupBy: ScorecardGroupBy, columnSet: ScorecardColumnSet): TableColumn<ScorecardRow>[] {
  return SCORECARD_COLUMNS.filter(({ sets }) => sets.includes(columnSet)).map(({ key, kind }) => ({
    key,
    label: scorecardColumnHeader(key, groupBy),
    sortable: true,
    width: WIDER[key] ?? WIDTHS[kind],
    align: kind === 'label' ? 'start' : 'end',
    nowrap: kind === 'label',
    card: kind === 'label' ? 'title' : CARD_FIGURES.has(key) ? 'figure' : FLAG_OF_COLUMN.has(key) ? 'flag' : undefined,
    cardLabel: scorecardColumnHeader(key, groupBy),
    render: (row: ScorecardRow) => {
      if (kind === 'label') return <span title={row.label}>{row.label}</span>;
      const flag = FLAG_OF_COLUMN.get(key);
      const text = figure(row, key, kind);
      // An unflagged share sits in the same box as a flagged one, so the column's figures stay aligned.
      const shown = !flag ? text : row.flags.includes(flag) ? <FlaggedShare flag={flag}>{text}</FlaggedShare> : <span className="scorecard__share">{text}</span>;
      if (key !== 'calls' && key !== 'salesRate' && key !== 'profit') return shown;
      return (
        <span className="scorecard__with-trend">
          {shown}
          <TrendMark row={row} column={key} />
        </span>
      );
    },
  }));
}

/**
 * The scorecard rows as the server ordered them: a header click asks for the
 * other order (aria-sort says which), a row click or Enter on a focused row
 * opens Reporting filtered to that source.
 */
export function ScorecardTable({ groupBy, columnSet, rows, sort, onSort, onOpen, loading }: Props) {
  const cols = useMemo(() => columns(groupBy, columnSet), [groupBy, columnSet]);
  return (
    <ScorecardPhoneList count={rows.length} noun={`${GROUP_LABELS[groupBy].toLowerCase()}s`}>
      <Table
        label={`Scorecard by ${GROUP_LABELS[groupBy].toLowerCase()}`}
        columns={cols}
        rows={rows}
        rowKey={(row) => row.key}
        sort={sort}
        onSort={(next) => onSort(next as ScorecardSort)}
        onRowClick={(row) => onOpen(row)}
        loading={loading}
        loadingText="Loading scorecard..."
        rowClassName={(row) => (row.flags.length > 0 ? 'scorecard__row--flagged' : undefined)}
        emptyText={<EmptyState compact title="No calls for these filters" description="Widen the date range or clear a selection to see the scorecard." />}
        className="scorecard__table"
        widthsKey="scorecard"
        stickyFirstColumn
      />
    </ScorecardPhoneList>
  );
}
