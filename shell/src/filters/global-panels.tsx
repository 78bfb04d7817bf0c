import { useAtom } from 'jotai';
import { useCallback } from 'react';
import { openPanelAtom } from '../app/open-panel-atom';
import { FiltersPanel } from './filters-panel';
import { PickerDialog } from './picker-dialog';

/**
 * The top bar's overlays, rendered by the layout once: whichever picker or the
 * filters panel `openPanelAtom` names. Each is mounted only while open, so a
 * picker loads its list on opening and every opening starts from the applied
 * filters; closing is setting the atom back to null.
 */
export function GlobalPanels() {
  const [openPanel, setOpenPanel] = useAtom(openPanelAtom);
  const close = useCallback(() => setOpenPanel(null), [setOpenPanel]);

  if (openPanel === null) return null;
  if (openPanel === 'filters') return <FiltersPanel onClose={close} />;
  // Keyed by kind: switching from one picker to another starts a fresh dialog.
  return <PickerDialog key={openPanel} kind={openPanel} onClose={close} />;
}
