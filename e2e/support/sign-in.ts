import type { Page } from 'playwright-core';

/** Fills the Login screen and presses "Login Now" (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login Now' }).click();
}
