import { Checklist } from '@callboard/shared-ui/checklist';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { useMemo } from 'react';
import { useCallLogColumns } from '../hooks/use-call-log-columns';

/** Columns, in the log's header: a tick per column the person may see, applied at once (the log scrolls, so nothing waits for a Save). */
export function ColumnsMenu() {
  const { offered, shown, show } = useCallLogColumns();
  const options = useMemo(() => offered.map(({ key, label }) => ({ value: key, label, count: 0 })), [offered]);
  return (
    <Dropdown size="sm" variant="ghost" align="end" width={220} label="Columns" menuLabel="Columns">
      <Checklist label="Columns shown" options={options} selected={shown} onChange={show} showCounts={false} />
    </Dropdown>
  );
}
