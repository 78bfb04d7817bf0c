import { Checklist } from '@callboard/shared-ui/checklist';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { CALL_LOG_COLUMN_CHOICES, useCallLogColumns } from '../hooks/use-call-log-columns';

const OPTIONS = CALL_LOG_COLUMN_CHOICES.map(({ key, label }) => ({ value: key, label, count: 0 }));

/** Columns, in the log's header: a tick per column, applied at once (the log scrolls, so nothing waits for a Save). */
export function ColumnsMenu() {
  const { shown, show } = useCallLogColumns();
  return (
    <Dropdown size="sm" variant="ghost" align="end" width={220} label="Columns" menuLabel="Columns">
      <Checklist label="Columns shown" options={OPTIONS} selected={shown} onChange={show} showCounts={false} />
    </Dropdown>
  );
}
