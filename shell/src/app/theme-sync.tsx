import { useApplyTheme } from '@callboard/shared-ui/apply-theme';

/** Keeps `<html data-theme>` in step with the persisted theme (dark by default). */
export function ThemeSync() {
  useApplyTheme();
  return null;
}
