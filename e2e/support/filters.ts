import type { Page } from 'playwright-core';

/**
 * Opens the top bar's Filters panel, chooses a date preset and applies it, as a person does; resolves once
 * the panel has closed. The suites use the last 30 days so the screens have rows even early in a day.
 */
export async function applyDatePreset(page: Page, preset: string): Promise<void> {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByLabel('Date Preset').selectOption(preset);
  await panel.getByRole('button', { name: 'Apply', exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}
