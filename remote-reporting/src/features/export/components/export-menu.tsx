import type { ExportFormat } from '@callboard/contract';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { DownloadIcon } from '@callboard/shared-ui/icons';

export interface ExportMenuProps {
  onExport: (format: ExportFormat) => void;
  /** While an export is processing, so a second one cannot start beside it. */
  disabled: boolean;
}

/** The Export dropdown of the records card: CSV or XLSX of everything the current filters match. */
export function ExportMenu({ onExport, disabled }: ExportMenuProps) {
  return (
    <Dropdown
      label="Export"
      icon={<DownloadIcon size={14} />}
      size="sm"
      align="end"
      disabled={disabled}
      menuLabel="Export format"
      items={[
        { key: 'csv', label: 'CSV', onSelect: () => onExport('csv') },
        { key: 'xlsx', label: 'XLSX', onSelect: () => onExport('xlsx') },
      ]}
    />
  );
}
