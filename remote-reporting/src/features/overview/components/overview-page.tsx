import type { CallRecord } from '@callboard/contract';
import { useLocation, useNavigate, useParams } from '@callboard/shared-router';
import { useCallback, useState } from 'react';
import { CallDetailsModal } from '../../call-detail/components/call-details-modal';
import { RecordsCard } from '../../records/components/records-card';
import { StatsGrid } from '../../stats/components/stats-grid';
import { TimelineCard } from '../../timeline/components/timeline-card';
import './overview.css';

/**
 * The timeline and the statistics cards above the call records, so the totals and the calls
 * behind them read together. Rendered at the area's index and at `calls/:callId`, where the
 * details of that call are open over it: the address of an open call can be
 * shared, and Back closes it.
 */
export function OverviewPage() {
  const { callId } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The row a call was opened from: the modal shows it at once while the full record loads.
  const [openedRow, setOpenedRow] = useState<CallRecord | undefined>(undefined);

  const openCall = useCallback(
    (record: CallRecord) => {
      setOpenedRow(record);
      // Relative to the area's index, so the area works wherever the shell mounts it.
      void navigate({ pathname: `calls/${encodeURIComponent(record.id)}`, search });
    },
    [navigate, search],
  );

  const closeCall = useCallback(() => {
    // Up two path segments (calls/{id}) back to the area's index, keeping the query.
    void navigate({ pathname: '../..', search }, { relative: 'path' });
  }, [navigate, search]);

  return (
    <div className="overview">
      <TimelineCard />
      <StatsGrid />
      <RecordsCard onOpen={openCall} />
      <CallDetailsModal callId={callId} initial={openedRow} onClose={closeCall} />
    </div>
  );
}
